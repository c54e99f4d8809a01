import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/** [category, request, quantity, asked minutes ago, minutes to take, minutes to deliver] — null: not yet */
const REQUESTS: [string, string, number, number, number | null, number | null][] = [
  ['amenity', 'Extra towels', 2, 180, 6, 14],
  ['maintenance', 'Air conditioner not cooling', 1, 120, 10, 35],
  ['amenity', 'Baby pillow', 1, 12, 4, null],
  ['laundry', 'Laundry pick-up', 1, 5, null, null],
];

/**
 * The day's guest requests of the demo hotel, on the first in-house stays: two delivered (one later than the
 * 20-minute target), one on its way, one waiting — so the housekeeping list and its response times have a day.
 */
export async function seedGuestRequests(db: Db, branchId: number, businessDate: string) {
  const { rows: stays } = await sql<{ id: number; room_id: number }>`
    SELECT v.id::int AS id, v.room_id::int AS room_id FROM reservation v JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
     WHERE v.branch_id = ${branchId} AND v.status = 'in_house' ORDER BY r.code LIMIT ${REQUESTS.length}`.execute(db);
  const attendant =
    (await sql<{ id: number }>`SELECT id::int AS id FROM app_user WHERE username = 'housekeeping'`.execute(db)).rows[0]?.id ?? null;
  const stem = `GR-${dayjs(businessDate).format('YYYYMMDD')}-`;
  for (const [i, stay] of stays.entries()) {
    const [category, request, quantity, ago, take, done] = REQUESTS[i];
    const at = (minutes: number | null) => (minutes === null ? null : dayjs().subtract(ago, 'minute').add(minutes, 'minute').toISOString());
    await sql`
      INSERT INTO guest_request (branch_id, number, business_date, reservation_id, room_id, category, request, quantity, status,
                                 requested_at, taken_at, taken_by, done_at, done_by)
      VALUES (${branchId}, ${`${stem}${String(i + 1).padStart(4, '0')}`}, ${businessDate}::date, ${stay.id}, ${stay.room_id}, ${category},
              ${request}, ${quantity}, ${done !== null ? 'done' : take !== null ? 'taken' : 'open'}, ${at(0)}::timestamptz,
              ${at(take)}::timestamptz, ${take === null ? null : attendant}, ${at(done)}::timestamptz, ${done === null ? null : attendant})`.execute(
      db,
    );
  }
}
