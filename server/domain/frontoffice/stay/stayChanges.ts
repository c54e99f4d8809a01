import { sql } from 'kysely';
import { badRequest, invalid } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { formatDate } from '../../../../src/core/format/format.js';
import { openBusinessDay } from '../../gl/post.js';
import { checkStay, RESERVATION } from '../reservations.js';
import { id, reasonInput } from '../folio/inputs.js';
import { checkRoomReady, lockStay, requireStatus, setRoomStatus } from './stayRow.js';

/**
 * Moves an in-house guest to another room from tonight: the new room must be free for the nights left and
 * ready (or overridden); a room of another type needs a rate of that type (unless the stay has an agreed
 * price). The nights left are charged at the new rate when the night audit posts them; the old room is freed
 * and left to housekeeping as vacant dirty. Every move is logged for the room-change report.
 */
export const roomMove = defineOp<{
  id: number;
  version: number;
  room_id: number;
  rate_code_id?: number;
  reason: string;
  override_reason?: string;
}>({
  name: 'frontoffice.roomMove',
  summary: 'Move an in-house stay to another room from tonight (another type takes a rate of that type)',
  resource: RESERVATION,
  action: 'stay-change',
  input: {
    type: 'object',
    required: ['id', 'version', 'room_id', 'reason'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/reservation' },
      version: { type: 'integer', minimum: 1 },
      room_id: { ...id, 'x-ref': 'frontoffice/room' },
      rate_code_id: { ...id, 'x-ref': 'frontoffice/rate-code' },
      reason: reasonInput,
      override_reason: reasonInput,
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const stay = await lockStay(c, input.id, input.version);
    requireStatus(stay, ['in_house'], 'stay.notInHouse');
    if (stay.room_id === input.room_id) throw invalid([{ field: 'room_id', key: 'stay.sameRoom', params: {} }]);
    const day = await openBusinessDay(c.trx, branch);
    const room = (
      await sql<{
        room_type_id: number;
      }>`SELECT room_type_id FROM room WHERE branch_id = ${branch} AND id = ${input.room_id} AND active`.execute(c.trx)
    ).rows[0];
    if (!room) throw invalid([{ field: 'room_id', key: 'reservation.roomUnknown', params: {} }]);
    const typeId = Number(room.room_type_id);
    let rateCodeId = stay.rate_code_id;
    if (input.rate_code_id) {
      const rate = (
        await sql<{
          room_type_id: number;
        }>`SELECT room_type_id FROM rate_code WHERE branch_id = ${branch} AND id = ${input.rate_code_id} AND active`.execute(c.trx)
      ).rows[0];
      if (!rate || Number(rate.room_type_id) !== typeId) throw invalid([{ field: 'rate_code_id', key: 'stay.rateOtherType', params: {} }]);
      rateCodeId = input.rate_code_id;
    } else if (typeId !== stay.room_type_id && stay.rate_override == null) {
      throw invalid([{ field: 'rate_code_id', key: 'stay.rateForNewType', params: {} }]);
    }
    // only the nights left are checked: the nights already slept stay where they were
    const remaining = { ...stay, arrival: day };
    await checkStay(c, { ...remaining, room_id: input.room_id, room_type_id: typeId }, remaining);
    const ready = await checkRoomReady(c, input.room_id, input.override_reason);
    await sql`
      INSERT INTO room_move (branch_id, reservation_id, business_date, from_room_id, to_room_id, from_rate_code_id, to_rate_code_id, reason, created_by)
      VALUES (${branch}, ${stay.id}, ${day}, ${stay.room_id}, ${input.room_id}, ${stay.rate_code_id}, ${rateCodeId}, ${input.reason}, ${c.auth.user.id})`.execute(
      c.trx,
    );
    await sql`
      UPDATE reservation SET room_id = ${input.room_id}, room_type_id = ${typeId}, rate_code_id = ${rateCodeId},
             room_override_reason = coalesce(${ready.overridden ? input.override_reason! : null}, room_override_reason),
             version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${branch} AND id = ${stay.id}`.execute(c.trx);
    await setRoomStatus(c, stay.room_id!, 'vacant_dirty', 'room_move');
    await setRoomStatus(c, input.room_id, 'occupied_clean', 'room_move');
    return { id: stay.id, room: ready.code, version: stay.version + 1 };
  },
});

/**
 * Extends a stay or shortens it (an early departure): the new departure is at least today. Added nights must
 * be free in the room and the room type; nights given up go back to the house at once. Charges follow the
 * stay as the night audit posts them; the departure first booked is kept for the early and late reports.
 */
export const changeDeparture = defineOp<{ id: number; version: number; departure: string }>({
  name: 'frontoffice.changeDeparture',
  summary: 'Extend an in-house stay or shorten it (early departure): nights added must be free, nights given up are released',
  resource: RESERVATION,
  action: 'stay-change',
  input: {
    type: 'object',
    required: ['id', 'version', 'departure'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/reservation' },
      version: { type: 'integer', minimum: 1 },
      departure: { type: 'string', format: 'date' },
    },
  },
  labelsFrom: 'frontoffice/reservation',
  async handler(c, input) {
    const branch = c.auth.branchId;
    const stay = await lockStay(c, input.id, input.version);
    requireStatus(stay, ['in_house'], 'stay.notInHouse');
    const day = await openBusinessDay(c.trx, branch);
    if (input.departure < day)
      throw invalid([{ field: 'departure', key: 'stay.departureBeforeToday', params: { today: formatDate(day) } }]);
    if (input.departure === stay.departure) throw badRequest('stay.sameDeparture', { date: formatDate(stay.departure) });
    if (input.departure <= stay.arrival) throw invalid([{ field: 'departure', key: 'reservation.departureAfterArrival', params: {} }]);
    await checkStay(c, { ...stay, departure: input.departure }, stay);
    await sql`
      UPDATE reservation SET departure = ${input.departure}, booked_departure = coalesce(booked_departure, departure),
             version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${branch} AND id = ${stay.id}`.execute(c.trx);
    return { id: stay.id, departure: input.departure, version: stay.version + 1 };
  },
});
