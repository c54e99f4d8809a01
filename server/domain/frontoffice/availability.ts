import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** Statuses that hold a room (or a room type's inventory) for their nights. */
export const LIVE_STATUSES = ['tentative', 'confirmed', 'in_house'] as const;

export interface AvailabilityRow {
  date: string;
  room_type_id: number;
  room_type: string;
  total: number;
  out_of_order: number;
  booked: number;
  /** rooms still held for allotments before their cut-off (not yet picked up) */
  held: number;
  available: number;
}

/**
 * Rooms free per room type and night in [from, to): the active rooms, less those out of order that night,
 * less live reservations, less what allotments still hold. An allotment night is released on its own
 * once the business date reaches its cut-off (night − cut-off days), so releasing needs no job.
 * One set-based query: 300 room types × 365 nights is still one round trip.
 */
export async function availability(db: Db, branchId: number, from: string, to: string, roomTypeId?: number): Promise<AvailabilityRow[]> {
  const { rows } = await sql<AvailabilityRow>`
    WITH nights AS (SELECT d::date AS date FROM generate_series(${from}::date, ${to}::date - 1, interval '1 day') d),
    types AS (SELECT id, code, name FROM room_type WHERE branch_id = ${branchId} AND active AND (${roomTypeId ?? null}::bigint IS NULL OR id = ${roomTypeId ?? null}::bigint)),
    bd AS (SELECT business_date FROM hotel_setup WHERE branch_id = ${branchId}),
    rooms AS (
      SELECT n.date, r.room_type_id, count(*)::int AS total,
             count(*) FILTER (WHERE r.ooo_from IS NOT NULL AND r.ooo_from <= n.date AND (r.ooo_to IS NULL OR n.date < r.ooo_to))::int AS ooo
        FROM nights n JOIN room r ON r.branch_id = ${branchId} AND r.active
       GROUP BY 1, 2),
    booked AS (
      SELECT n.date, v.room_type_id, count(*)::int AS booked,
             count(*) FILTER (WHERE v.allotment_id IS NOT NULL) AS picked, v.allotment_id
        FROM nights n JOIN reservation v ON v.branch_id = ${branchId} AND v.arrival <= n.date AND n.date < v.departure
         AND v.status IN ('tentative', 'confirmed', 'in_house')
       GROUP BY 1, 2, 5),
    held AS (
      SELECT n.date, a.room_type_id,
             sum(greatest(a.rooms - coalesce((SELECT sum(b.booked) FROM booked b WHERE b.allotment_id = a.id AND b.date = n.date), 0), 0))::int AS held
        FROM nights n JOIN allotment a ON a.branch_id = ${branchId} AND a.active AND a.from_date <= n.date AND n.date < a.to_date
        CROSS JOIN bd
       WHERE n.date - a.cutoff_days > bd.business_date
       GROUP BY 1, 2)
    SELECT to_char(n.date, 'YYYY-MM-DD') AS date, t.id::int AS room_type_id, t.code AS room_type,
           coalesce(r.total, 0) AS total, coalesce(r.ooo, 0) AS out_of_order,
           coalesce((SELECT sum(b.booked) FROM booked b WHERE b.date = n.date AND b.room_type_id = t.id), 0)::int AS booked,
           coalesce(h.held, 0) AS held,
           (coalesce(r.total, 0) - coalesce(r.ooo, 0) - coalesce((SELECT sum(b.booked) FROM booked b WHERE b.date = n.date AND b.room_type_id = t.id), 0) - coalesce(h.held, 0))::int AS available
      FROM nights n CROSS JOIN types t
      LEFT JOIN rooms r ON r.date = n.date AND r.room_type_id = t.id
      LEFT JOIN held h ON h.date = n.date AND h.room_type_id = t.id
     ORDER BY n.date, t.id`.execute(db);
  return rows;
}
