import { sql } from 'kysely';
import dayjs from 'dayjs';
import type { Db } from '../../db/connect.js';

/** The room plan's reads (GET /api/frontoffice/roomplan), one function per statement so the benchmark sends the same SQL. */

export async function businessDateOf(db: Db, branchId: number): Promise<string> {
  const { rows } = await sql<{ business_date: string }>`SELECT business_date FROM hotel_setup WHERE branch_id = ${branchId}`.execute(db);
  return rows[0]?.business_date ?? dayjs().format('YYYY-MM-DD');
}

/** Which rooms the plan shows: one room type, one floor (either or both). */
export interface PlanFilter {
  roomType?: number;
  floor?: number;
}

/** A block of the property's active rooms in plan order (of the type and floor asked), each with the number of rooms in all. */
export async function planRooms(db: Db, branchId: number, offset: number, limit: number, filter: PlanFilter = {}) {
  const { rows } = await sql<{
    id: number;
    code: string;
    room_type_id: number;
    room_type: string;
    hk_status: string;
    floor: string | null;
    ooo_from: string | null;
    ooo_to: string | null;
    total: number;
  }>`
    SELECT r.id::int AS id, r.code, r.room_type_id::int AS room_type_id, t.code AS room_type, r.hk_status, f.code AS floor,
           r.ooo_from::text AS ooo_from, r.ooo_to::text AS ooo_to, count(*) OVER ()::int AS total
      FROM room r JOIN room_type t ON t.branch_id = r.branch_id AND t.id = r.room_type_id
      LEFT JOIN floor f ON f.branch_id = r.branch_id AND f.id = r.floor_id
     WHERE r.branch_id = ${branchId} AND r.active
       AND (${filter.roomType ?? null}::bigint IS NULL OR r.room_type_id = ${filter.roomType ?? null}::bigint)
       AND (${filter.floor ?? null}::bigint IS NULL OR r.floor_id = ${filter.floor ?? null}::bigint)
     ORDER BY t.sort_order, r.code, r.id LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows;
}

/** The live bookings of those rooms that overlap the nights [from, to) (through the no-overlap index). */
export async function planBookings(db: Db, branchId: number, roomIds: number[], from: string, to: string) {
  const { rows } = await sql`
    SELECT v.id::int AS id, v.code, v.version, g.name AS guest, v.arrival::text AS arrival, v.departure::text AS departure,
           v.room_id::int AS room_id, v.room_type_id::int AS room_type_id, v.status
      FROM reservation v JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
     WHERE v.branch_id = ${branchId} AND v.room_id = ANY(${roomIds}::bigint[])
       AND v.status IN ('tentative', 'confirmed', 'in_house') AND v.arrival < ${to}::date AND ${from}::date < v.departure
     ORDER BY v.arrival, v.code`.execute(db);
  return rows;
}

/** The first 24 live bookings without a room in the window, each with how many there are in all. */
export async function unassignedStays(db: Db, branchId: number, from: string, to: string) {
  const { rows } = await sql<{
    id: number;
    code: string;
    version: number;
    guest: string;
    arrival: string;
    departure: string;
    room_type_id: number;
    room_type: string;
    status: string;
    count: number;
  }>`
    SELECT v.id::int AS id, v.code, v.version, g.name AS guest, v.arrival::text AS arrival, v.departure::text AS departure,
           v.room_type_id::int AS room_type_id, t.code AS room_type, v.status, count(*) OVER ()::int AS count
      FROM reservation v JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
      JOIN room_type t ON t.branch_id = v.branch_id AND t.id = v.room_type_id
     WHERE v.branch_id = ${branchId} AND v.room_id IS NULL AND v.status IN ('tentative', 'confirmed', 'in_house')
       AND daterange(v.arrival, v.departure) && daterange(${from}::date, ${to}::date)
     ORDER BY v.arrival, v.code LIMIT 24`.execute(db);
  return rows;
}
