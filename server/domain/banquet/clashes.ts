import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import { conflict } from '../../http/errors.js';

/** A sitting as it would be held: its room, set-up and times (HH:MM; an end at or before the start is after midnight). */
export interface Sitting {
  id?: number | null;
  event_id: number;
  venue_id: number;
  setup_id: number;
  activity_date: string;
  start_time: string;
  end_time: string;
}

interface Clash {
  venue: string;
  number: string;
  event: string;
  title: string;
  from: string;
  to: string;
}

/**
 * Names the first held sitting of another event (or another sitting) that the candidates would overlap in any
 * physical room, set-up and tear-down included, and refuses with it — the message a coordinator can act on. The
 * exclusion constraint on bq_venue_booking refuses the same write anyway (two saves at once); this only words it.
 */
async function refuseFirstClash(trx: Db, branchId: number, candidates: RawBuilder<unknown>) {
  const { rows } = await sql<Clash>`
    WITH cand AS (${candidates})
    SELECT v.code || ' ' || v.name AS venue, e.number, e.name AS event, a.title,
           to_char(lower(b.during), 'DD/MM/YYYY HH24:MI') AS "from", to_char(upper(b.during), 'HH24:MI') AS "to"
      FROM cand
     CROSS JOIN LATERAL bq_activity_blocks(${branchId}, cand.venue_id, cand.setup_id, cand.starts_at, cand.ends_at) blk
      JOIN bq_venue_booking b ON b.branch_id = ${branchId} AND b.venue_id = blk.venue_id AND b.during && blk.during
                             AND b.activity_id IS DISTINCT FROM cand.id AND (cand.whole_event IS NULL OR b.event_id <> cand.whole_event)
      JOIN bq_event e ON e.branch_id = b.branch_id AND e.id = b.event_id
      JOIN bq_event_activity a ON a.branch_id = b.branch_id AND a.id = b.activity_id
      JOIN bq_venue v ON v.branch_id = b.branch_id AND v.id = b.venue_id
     ORDER BY lower(b.during)
     LIMIT 1`.execute(trx);
  const c = rows[0];
  if (c) throw conflict('bq.clash', { ...c });
}

/** Refuses a sitting of a held (tentative or definite) event that would overlap another in one of its rooms. */
export async function refuseSittingClash(trx: Db, branchId: number, s: Sitting) {
  await refuseFirstClash(
    trx,
    branchId,
    sql`SELECT ${s.id ?? null}::bigint AS id, NULL::bigint AS whole_event, ${s.venue_id}::bigint AS venue_id, ${s.setup_id}::bigint AS setup_id,
               bq_sitting_start(${s.activity_date}::date, ${s.start_time}) AS starts_at,
               bq_sitting_end(${s.activity_date}::date, ${s.start_time}, ${s.end_time}) AS ends_at
          FROM bq_event WHERE branch_id = ${branchId} AND id = ${s.event_id} AND status IN ('tentative', 'definite')`,
  );
}

/** Refuses holding an event (inquiry → tentative or definite) while one of its sittings overlaps another event's. */
export async function refuseEventClash(trx: Db, branchId: number, eventId: number) {
  await refuseFirstClash(
    trx,
    branchId,
    sql`SELECT id, event_id AS whole_event, venue_id, setup_id, starts_at, ends_at
          FROM bq_event_activity WHERE branch_id = ${branchId} AND event_id = ${eventId}`,
  );
}
