import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * The housekeeping status of the demo rooms on the business date, from the demo stays: a room with a
 * guest in house is occupied (every third one already serviced), a room whose guest left today is
 * vacant dirty. Room 512 stays out of order; every other room is vacant clean.
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
}
