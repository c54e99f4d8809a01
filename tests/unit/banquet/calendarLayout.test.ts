import { describe, expect, it } from 'vitest';
import { droppedAt, firstHour, rowBlocks, type CalendarSitting, type CalendarVenue } from '../../../src/custom/banquet/calendarLayout.js';

const venue = (id: number, code: string, parts: number[] = []): CalendarVenue => ({
  id,
  code,
  name: code,
  name_id: code,
  color: null,
  parts,
});
const ballroom = [venue(1, 'BNA'), venue(2, 'BNB'), venue(3, 'BNC'), venue(4, 'BN', [1, 2, 3]), venue(5, 'BRAGA')];
const sitting = (id: number, venueId: number, starts: string, ends: string): CalendarSitting => ({
  id,
  version: 1,
  event_id: id,
  number: `BEO-202612-000${id}`,
  event: 'Pernikahan Pratama & Sari',
  status: 'definite',
  venue_id: venueId,
  activity_date: starts.slice(0, 10),
  start_time: starts.slice(11),
  end_time: ends.slice(11),
  starts_at: starts,
  ends_at: ends,
  title: 'Wedding reception',
  setup: 'Banquet round tables',
  setup_id: 'Meja bundar banquet',
  setup_minutes: 180,
  teardown_minutes: 120,
  pax: 300,
});

describe('the function calendar layout', () => {
  it("draws the whole ballroom's reception on its own row and, greyed, on each of its three parts", () => {
    const reception = sitting(1, 4, '2026-11-28T11:00', '2026-11-28T14:00');
    const own = rowBlocks(ballroom[3], ballroom, [reception], '2026-11-28', 3);
    // three days shown: 24 px an hour; 11:00 is 264 px in, three hours 72 px, set-up 72 px before, tear-down 48 after
    expect(own).toEqual([{ sitting: reception, left: 264, width: 72, before: 72, after: 48, ghost: false }]);
    for (const part of ballroom.slice(0, 3)) expect(rowBlocks(part, ballroom, [reception], '2026-11-28', 3)[0].ghost).toBe(true);
    expect(rowBlocks(ballroom[4], ballroom, [reception], '2026-11-28', 3)).toEqual([]);
  });

  it('greys the whole ballroom while one of its parts is taken, and leaves the other parts free', () => {
    const meeting = sitting(2, 2, '2026-11-28T09:00', '2026-11-28T12:00');
    expect(rowBlocks(ballroom[3], ballroom, [meeting], '2026-11-28', 1)[0]).toMatchObject({ ghost: true, left: 9 * 56 });
    expect(rowBlocks(ballroom[0], ballroom, [meeting], '2026-11-28', 1)).toEqual([]);
  });

  it('drops a dragged sitting on the quarter hour, across midnight into the next day', () => {
    const gala = sitting(3, 4, '2026-12-12T18:30', '2026-12-12T23:00');
    // 48 px at 24 px an hour: two hours later
    expect(droppedAt(gala, '2026-12-12', 3, 48)).toEqual({ activity_date: '2026-12-12', start_time: '20:30' });
    // 7 px is 17.5 minutes: the nearest quarter is 18:45
    expect(droppedAt(gala, '2026-12-12', 3, 7)).toEqual({ activity_date: '2026-12-12', start_time: '18:45' });
    expect(droppedAt(gala, '2026-12-12', 3, 6 * 24)).toEqual({ activity_date: '2026-12-13', start_time: '00:30' });
  });

  it("opens an hour before the window's first sitting, or at 07:00 on an empty one", () => {
    expect(firstHour([sitting(1, 1, '2026-12-19T18:00', '2026-12-19T22:00')], '2026-12-19')).toBe(17);
    expect(firstHour([], '2026-12-19')).toBe(7);
  });
});
