import dayjs from 'dayjs';

/** A room on the function calendar; a combined room names the rooms it is made of. */
export interface CalendarVenue {
  id: number;
  code: string;
  name: string;
  name_id: string;
  color: string | null;
  parts: number[];
}

/** A sitting of a live event, with the set-up and tear-down its room is held for. */
export interface CalendarSitting {
  id: number;
  version: number;
  event_id: number;
  number: string;
  event: string;
  status: 'inquiry' | 'tentative' | 'definite';
  venue_id: number;
  activity_date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  title: string;
  setup: string;
  setup_id: string;
  setup_minutes: number;
  teardown_minutes: number;
  pax: number;
}

/** Pixels per hour: a day is read hour by hour, a week at a glance. */
export const hourWidth = (days: number) => (days <= 1 ? 56 : days <= 3 ? 24 : 12);

/** Minutes from the window's first midnight to a local time `YYYY-MM-DDTHH:mm`. */
export const minutesFrom = (from: string, at: string) => dayjs(at).diff(dayjs(from), 'minute');

export interface Block {
  sitting: CalendarSitting;
  /** the sitting itself, in pixels from the window's start */
  left: number;
  width: number;
  /** the set-up before and the tear-down after it, in pixels */
  before: number;
  after: number;
  /** drawn on a room it does not name: the whole of a combined room, or one of its parts */
  ghost: boolean;
}

/**
 * What each room's row shows: its own sittings, and, greyed, those that hold it through a combined room or
 * one of its parts — the ballroom's parts are taken while the whole ballroom is, and the other way round.
 */
export function rowBlocks(venue: CalendarVenue, venues: CalendarVenue[], sittings: CalendarSitting[], from: string, days: number): Block[] {
  const hw = hourWidth(days);
  const px = (m: number) => (m * hw) / 60;
  const wholesOf = venues.filter((v) => v.parts.includes(venue.id)).map((v) => v.id);
  return sittings
    .filter((s) => s.venue_id === venue.id || venue.parts.includes(s.venue_id) || wholesOf.includes(s.venue_id))
    .map((s) => {
      const start = minutesFrom(from, s.starts_at);
      return {
        sitting: s,
        left: px(start),
        width: Math.max(px(minutesFrom(s.starts_at, s.ends_at)), 4),
        before: px(s.setup_minutes),
        after: px(s.teardown_minutes),
        ghost: s.venue_id !== venue.id,
      };
    });
}

/** Where a sitting dragged by `dx` pixels starts: the day and the time, to the quarter hour. */
export function droppedAt(sitting: CalendarSitting, from: string, days: number, dx: number): { activity_date: string; start_time: string } {
  const moved = minutesFrom(from, sitting.starts_at) + (dx * 60) / hourWidth(days);
  const start = dayjs(from).add(Math.round(moved / 15) * 15, 'minute');
  return { activity_date: start.format('YYYY-MM-DD'), start_time: start.format('HH:mm') };
}

/** The hour the calendar opens on: an hour before the window's first sitting, 07:00 on a window without one. */
export function firstHour(sittings: CalendarSitting[], from: string): number {
  const starts = sittings.map((s) => minutesFrom(from, s.starts_at)).filter((m) => m >= 0);
  return starts.length ? Math.max(Math.floor(Math.min(...starts) / 60) - 1, 0) : 7;
}
