import { sql } from 'kysely';
import { defineOp } from '../../ops/registry.js';
import { badRequest, invalid } from '../../http/errors.js';
import { insertRow } from '../../data/crud.js';
import { RESERVATION, STAY_RANGE, reservationHook } from './reservations.js';

interface GroupInput {
  group_name: string;
  guest_id: number;
  arrival: string;
  departure: string;
  company?: string;
  rate_code_id?: number;
  segment_id?: number;
  rooms: { room_type_id: number; count: number; adults?: number }[];
}

/**
 * A group booking: a master reservation carrying the group's name and contact, and one member
 * reservation per room, each checked like any booking, all in one transaction (all rooms or none).
 */
export const bookGroup = defineOp<GroupInput>({
  name: 'frontoffice.groupBook',
  summary: 'Book a group: a master reservation and its member rooms, all or none',
  resource: RESERVATION,
  action: 'create',
  labelsFrom: 'frontoffice/reservation',
  input: {
    type: 'object',
    required: ['group_name', 'guest_id', 'arrival', 'departure', 'rooms'],
    additionalProperties: false,
    'x-dateRanges': [STAY_RANGE],
    properties: {
      group_name: { type: 'string', minLength: 1, maxLength: 120 },
      guest_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/guest' },
      arrival: { type: 'string', format: 'date' },
      departure: { type: 'string', format: 'date' },
      company: { type: 'string', maxLength: 120 },
      rate_code_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/rate-code' },
      segment_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/segment' },
      rooms: {
        type: 'array',
        minItems: 1,
        maxItems: 20,
        items: {
          type: 'object',
          required: ['room_type_id', 'count'],
          additionalProperties: false,
          properties: {
            room_type_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/room-type' },
            count: { type: 'integer', minimum: 1, maximum: 200 },
            adults: { type: 'integer', minimum: 1, maximum: 20 },
          },
        },
      },
    },
  },
  async handler(c, input) {
    const total = input.rooms.reduce((n, r) => n + r.count, 0);
    if (total > 300) throw invalid([{ field: 'rooms', key: 'error.max', params: { max: 300 } }]);
    const model = c.ctx.models.get('frontoffice/reservation')!;
    const base = {
      guest_id: input.guest_id,
      arrival: input.arrival,
      departure: input.departure,
      group_name: input.group_name,
      company: input.company ?? null,
      rate_code_id: input.rate_code_id ?? null,
      segment_id: input.segment_id ?? null,
      status: 'confirmed',
      children: 0,
    };
    const make = async (values: Record<string, unknown>) => {
      await reservationHook.beforeWrite!(c, 'create', values, {});
      return { id: await insertRow(c.trx, model, c.auth.branchId, c.auth.user.id, values), code: String(values.code) };
    };
    const [first, ...rest] = input.rooms.flatMap((r) => Array.from({ length: r.count }, () => r));
    if (!first) throw badRequest('reservation.groupEmpty');
    const master = await make({ ...base, room_type_id: first.room_type_id, adults: first.adults ?? 2 });
    await sql`UPDATE reservation SET group_master_id = ${master.id} WHERE branch_id = ${c.auth.branchId} AND id = ${master.id}`.execute(
      c.trx,
    );
    const members: string[] = [];
    for (const r of rest) {
      const m = await make({ ...base, room_type_id: r.room_type_id, adults: r.adults ?? 2, group_master_id: master.id });
      members.push(m.code);
    }
    return { id: master.id, master: master.code, members, rooms: total };
  },
});
