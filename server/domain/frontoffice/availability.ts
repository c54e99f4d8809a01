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
 *
 * One set-based query: the booked rooms per night, room type and allotment come from the counts the
 * bookings keep (booked_night, migration 0124), read through one index, and everything else joins
 * them. The nights are counted from integers so the planner knows how many there are; out-of-order rooms
 * and allotments are few and read directly.
 */
export async function availability(db: Db, branchId: number, from: string, to: string, roomTypeId?: number): Promise<AvailabilityRow[]> {
  return (await availabilityQuery(branchId, from, to, roomTypeId).execute(db)).rows;
}

/** Rooms free per room type over a run of nights, a night's figures at the same place in each list. */
export interface AvailabilityByType {
  room_type_id: number;
  room_type: string;
  total: number;
  out_of_order: number[];
  booked: number[];
  held: number[];
  available: number[];
}

/**
 * availability()'s rows as the desk's API answers them: the nights once, and each room type's figures as lists in
 * the nights' order. A room type's code and total are said once, not on each night: a year of six room types is
 * 25 kB of JSON instead of 213 (2,190 objects of eight keys), which the server wrote and compressed on every call.
 */
export function byRoomType(rows: AvailabilityRow[]): { nights: string[]; room_types: AvailabilityByType[] } {
  const nights: string[] = [];
  const types = new Map<number, AvailabilityByType>();
  for (const r of rows) {
    if (nights[nights.length - 1] !== r.date) nights.push(r.date);
    let t = types.get(r.room_type_id);
    if (!t) {
      t = { room_type_id: r.room_type_id, room_type: r.room_type, total: r.total, out_of_order: [], booked: [], held: [], available: [] };
      types.set(r.room_type_id, t);
    }
    t.out_of_order.push(r.out_of_order);
    t.booked.push(r.booked);
    t.held.push(r.held);
    t.available.push(r.available);
  }
  return { nights, room_types: [...types.values()] };
}

/** The query itself, for availability() and for the test that reads its plan. */
export function availabilityQuery(branchId: number, from: string, to: string, roomTypeId?: number) {
  const type = roomTypeId ?? null;
  return sql<AvailabilityRow>`
    WITH nights AS (SELECT ${from}::date + i AS date FROM generate_series(0, ${to}::date - ${from}::date - 1) i),
    types AS (SELECT id, code FROM room_type WHERE branch_id = ${branchId} AND active AND (${type}::bigint IS NULL OR id = ${type}::bigint)),
    totals AS (SELECT room_type_id, count(*)::int AS total FROM room WHERE branch_id = ${branchId} AND active GROUP BY 1),
    ooo AS (
      SELECT n.date, r.room_type_id, count(*)::int AS ooo
        FROM room r JOIN nights n ON r.ooo_from <= n.date AND (r.ooo_to IS NULL OR n.date < r.ooo_to)
       WHERE r.branch_id = ${branchId} AND r.active AND r.ooo_from IS NOT NULL
       GROUP BY 1, 2),
    booked AS (
      SELECT date, room_type_id, allotment_id, booked FROM booked_night
       WHERE branch_id = ${branchId} AND date >= ${from}::date AND date < ${to}::date AND booked <> 0),
    booked_per_type AS (SELECT date, room_type_id, sum(booked)::int AS booked FROM booked GROUP BY 1, 2),
    held AS (
      SELECT n.date, a.room_type_id, sum(greatest(a.rooms - coalesce(b.booked, 0), 0))::int AS held
        FROM allotment a JOIN nights n ON a.from_date <= n.date AND n.date < a.to_date
        LEFT JOIN booked b ON b.allotment_id = a.id AND b.date = n.date
       WHERE a.branch_id = ${branchId} AND a.active
         AND n.date - a.cutoff_days > (SELECT business_date FROM hotel_setup WHERE branch_id = ${branchId})
       GROUP BY 1, 2)
    SELECT to_char(n.date, 'YYYY-MM-DD') AS date, t.id::int AS room_type_id, t.code AS room_type,
           coalesce(tt.total, 0) AS total, coalesce(o.ooo, 0) AS out_of_order, coalesce(b.booked, 0) AS booked, coalesce(h.held, 0) AS held,
           (coalesce(tt.total, 0) - coalesce(o.ooo, 0) - coalesce(b.booked, 0) - coalesce(h.held, 0))::int AS available
      FROM nights n CROSS JOIN types t
      LEFT JOIN totals tt ON tt.room_type_id = t.id
      LEFT JOIN ooo o ON o.date = n.date AND o.room_type_id = t.id
      LEFT JOIN booked_per_type b ON b.date = n.date AND b.room_type_id = t.id
      LEFT JOIN held h ON h.date = n.date AND h.room_type_id = t.id
     ORDER BY n.date, t.id`;
}
