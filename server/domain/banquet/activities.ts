import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { badRequest, conflict, invalid } from '../../http/errors.js';
import { refuseSittingClash, type Sitting } from './clashes.js';

/**
 * A sitting of an event's agenda. Refused for a cancelled event; the room must offer the set-up for the pax
 * (the sitting's, else the event's guaranteed, else expected); a held event's sitting may not overlap another
 * in any room it occupies, set-up and tear-down included.
 */
export const activityHook: EntityHook = {
  async beforeWrite(c, _mode, values, _virtual, before) {
    const s = { ...before, ...values } as unknown as Sitting & { pax?: number | null };
    await checkSitting(c, s);
  },
};

export async function checkSitting(c: HookContext, s: Sitting & { pax?: number | null }) {
  const b = c.auth.branchId;
  const { rows } = await sql<{ status: string; number: string; pax: number }>`
    SELECT status, number, coalesce(pax_guaranteed, pax_expected) AS pax FROM bq_event WHERE branch_id = ${b} AND id = ${s.event_id}`.execute(
    c.trx,
  );
  const event = rows[0];
  if (!event) throw invalid([{ field: 'event_id', key: 'error.refMissing', params: {} }]);
  if (event.status === 'cancelled') throw conflict('bq-activity.eventCancelled', { number: event.number });
  if (s.start_time === s.end_time) throw invalid([{ field: 'end_time', key: 'bq-activity.sameTimes', params: {} }]);
  const pax = Number(s.pax ?? event.pax);
  const { rows: cap } = await sql<{ venue: string; setup: string; capacity: number | null }>`
    SELECT v.name AS venue, st.name AS setup, c.capacity
      FROM bq_venue v CROSS JOIN bq_setup st
      LEFT JOIN bq_venue_capacity c ON c.branch_id = v.branch_id AND c.venue_id = v.id AND c.setup_id = st.id
     WHERE v.branch_id = ${b} AND v.id = ${s.venue_id} AND st.branch_id = ${b} AND st.id = ${s.setup_id}`.execute(c.trx);
  if (!cap[0]) throw invalid([{ field: 'venue_id', key: 'error.refMissing', params: {} }]);
  if (cap[0].capacity == null) throw invalid([{ field: 'setup_id', key: 'bq-activity.setupNotOffered', params: cap[0] }]);
  if (pax > cap[0].capacity) throw invalid([{ field: 'pax', key: 'bq-activity.overCapacity', params: { ...cap[0], pax } }]);
  await refuseSittingClash(c.trx, b, s);
}

/** Where and when a sitting is moved on the calendar: its length is kept. */
export interface Move {
  id: number;
  venue_id: number;
  activity_date: string;
  start_time: string;
  version?: number;
}

const minutes = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Moves a sitting to another room, day or time, keeping its length; checked as any change of the sitting is. */
export async function moveSitting(c: HookContext, m: Move) {
  const b = c.auth.branchId;
  const { rows } = await sql<Sitting & { version: number; pax: number | null }>`
    SELECT id, event_id, venue_id, setup_id, activity_date::text AS activity_date, start_time, end_time, version, pax
      FROM bq_event_activity WHERE branch_id = ${b} AND id = ${m.id} FOR UPDATE`.execute(c.trx);
  const was = rows[0];
  if (!was) throw badRequest('error.refMissing', { field: 'id' });
  if (m.version != null && m.version !== was.version) throw conflict('bq-activity.changedMeanwhile');
  const length = (minutes(was.end_time) - minutes(was.start_time) + 1440) % 1440 || 1440;
  const moved = {
    ...was,
    venue_id: m.venue_id,
    activity_date: m.activity_date,
    start_time: m.start_time,
    end_time: hhmm(minutes(m.start_time) + length),
  };
  await checkSitting(c, moved);
  await sql`UPDATE bq_event_activity SET venue_id = ${moved.venue_id}, activity_date = ${moved.activity_date}, start_time = ${moved.start_time},
                   end_time = ${moved.end_time}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
             WHERE branch_id = ${b} AND id = ${m.id}`.execute(c.trx);
  return { id: m.id, venue_id: moved.venue_id, activity_date: moved.activity_date, start_time: moved.start_time, end_time: moved.end_time };
}
