import { sql } from 'kysely';
import { defineOp } from '../../ops/registry.js';
import { auditMany } from '../../http/audit.js';
import { RESERVATION } from './reservations.js';

interface AssignInput {
  from: string;
  to: string;
  room_type_id?: number;
}

/**
 * "Assign all" on the room plan: every live booking without a room that arrives in [from, to) gets a room
 * of its own type that is active, not out of order and free on all its nights — earliest arrival first,
 * each room taken in plan order. Bookings no room fits stay unassigned and are counted in the answer.
 * The type locks taken first make two desks assigning at once wait for each other; the exclusion
 * constraint stays the guarantee.
 */
export const assignRooms = defineOp<AssignInput>({
  name: 'frontoffice.assignRooms',
  summary: 'Give every booking without a room arriving in [from, to) a free room of its type',
  resource: RESERVATION,
  action: 'edit',
  labelsFrom: 'frontoffice/reservation',
  input: {
    type: 'object',
    required: ['from', 'to'],
    additionalProperties: false,
    'x-dateRanges': [{ from: 'from', to: 'to', minDays: 1, maxDays: 62 }],
    properties: {
      from: { type: 'string', format: 'date' },
      to: { type: 'string', format: 'date' },
      room_type_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/room-type' },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const type = input.room_type_id ?? null;
    const { rows: waiting } = await sql<{ id: number; code: string; arrival: string; departure: string; room_type_id: number }>`
      SELECT id::int AS id, code, arrival::text AS arrival, departure::text AS departure, room_type_id::int AS room_type_id
        FROM reservation
       WHERE branch_id = ${branch} AND room_id IS NULL AND status IN ('tentative', 'confirmed', 'in_house')
         AND arrival >= ${input.from}::date AND arrival < ${input.to}::date
         AND (${type}::bigint IS NULL OR room_type_id = ${type}::bigint)
       ORDER BY arrival, code
       FOR UPDATE`.execute(c.trx);
    for (const t of [...new Set(waiting.map((w) => w.room_type_id))].sort((a, b) => a - b))
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`type:${branch}:${t}`}))`.execute(c.trx);
    const assigned: { id: number; code: string; room: string }[] = [];
    for (const w of waiting) {
      const { rows } = await sql<{ id: number; code: string }>`
        UPDATE reservation v SET room_id = pick.id, version = v.version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
          FROM (SELECT room.id, room.code FROM room
                 WHERE room.branch_id = ${branch} AND room.room_type_id = ${w.room_type_id} AND room.active
                   AND NOT (room.ooo_from IS NOT NULL AND room.ooo_from < ${w.departure}::date AND (room.ooo_to IS NULL OR room.ooo_to > ${w.arrival}::date))
                   AND NOT EXISTS (
                     SELECT 1 FROM reservation o
                      WHERE o.branch_id = room.branch_id AND o.room_id = room.id AND o.status IN ('tentative', 'confirmed', 'in_house')
                        AND o.arrival < ${w.departure}::date AND ${w.arrival}::date < o.departure)
                 ORDER BY room.code, room.id LIMIT 1) pick
         WHERE v.branch_id = ${branch} AND v.id = ${w.id}
        RETURNING pick.id::int AS id, pick.code`.execute(c.trx);
      if (rows[0]) assigned.push({ id: w.id, code: w.code, room: rows[0].code });
    }
    await auditMany(
      c.trx,
      c.req,
      assigned.map((a) => ({ entity: 'frontoffice/reservation', entityId: a.id, action: 'assignRoom', after: { room: a.room } })),
    );
    return { assigned: assigned.length, left: waiting.length - assigned.length, rooms: assigned };
  },
});
