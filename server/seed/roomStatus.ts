import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * The housekeeping status of the demo rooms on the business date, from the demo stays: a room with a
 * guest in house is occupied (every third one already serviced), a room whose guest left today is
 * vacant dirty, and one free garden room is out of service for a carpet shampoo tonight. Room 512 stays out of order.
 */
export async function seedRoomStatus(db: Db, branchId: number, businessDate: string) {
  await sql`
    UPDATE room r SET hk_status = CASE WHEN r.id % 3 = 0 THEN 'occupied_clean' ELSE 'occupied_dirty' END
      FROM reservation v
     WHERE v.branch_id = r.branch_id AND v.room_id = r.id AND v.status = 'in_house'
       AND r.branch_id = ${branchId} AND r.hk_status = 'vacant_clean'`.execute(db);
  await sql`
    UPDATE room r SET hk_status = 'vacant_dirty'
      FROM reservation v
     WHERE v.branch_id = r.branch_id AND v.room_id = r.id AND v.status = 'checked_out' AND v.departure = ${businessDate}::date
       AND r.branch_id = ${branchId} AND r.hk_status = 'vacant_clean'`.execute(db);
  const b = dayjs(businessDate);
  // a garden room with no guest booked tonight
  await sql`
    UPDATE room SET hk_status = 'out_of_service', ooo_from = ${b.format('YYYY-MM-DD')}, ooo_to = ${b.add(1, 'day').format('YYYY-MM-DD')}, ooo_reason = 'Carpet shampoo and touch-up painting'
     WHERE branch_id = ${branchId} AND id = (
       SELECT r.id FROM room r
        WHERE r.branch_id = ${branchId} AND r.code LIKE 'G1%' AND r.hk_status IN ('vacant_clean', 'vacant_dirty')
          AND NOT EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id AND v.status IN ('tentative', 'confirmed', 'in_house')
                             AND v.arrival <= ${businessDate}::date AND ${businessDate}::date < v.departure)
        ORDER BY r.code LIMIT 1)`.execute(db);
}
