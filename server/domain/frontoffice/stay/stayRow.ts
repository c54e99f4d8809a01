import { sql } from 'kysely';
import type { HookContext } from '../../../data/hooks.js';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../../http/errors.js';
import { hasRight } from '../../../http/rbac.js';
import { RESERVATION } from '../reservations.js';
import { changeRoomStatus, type StatusSource } from '../../housekeeping/roomStatus.js';
import type { HkStatus } from '../../housekeeping/roomStatusRules.js';

export interface StayRow {
  id: number;
  code: string;
  status: string;
  version: number;
  guest_id: number;
  arrival: string;
  departure: string;
  booked_departure: string | null;
  room_type_id: number;
  room_id: number | null;
  rate_code_id: number | null;
  rate_override: string | null;
  adults: number;
  children: number;
  company: string | null;
  reserve_type_id: number | null;
}

/** A stay of this property, locked for the action about to change it, at the version the user read. */
export async function lockStay(c: HookContext, id: number, version?: number): Promise<StayRow> {
  const { rows } = await sql<StayRow>`
    SELECT id, code, status, version, guest_id, arrival::text AS arrival, departure::text AS departure, booked_departure::text AS booked_departure,
           room_type_id, room_id, rate_code_id, rate_override, adults, children, company, reserve_type_id
      FROM reservation WHERE branch_id = ${c.auth.branchId} AND id = ${id} FOR UPDATE`.execute(c.trx);
  const r = rows[0];
  if (!r) throw notFound('reservation');
  if (version !== undefined && r.version !== version) throw conflict('reservation.stale');
  return {
    ...r,
    id: Number(r.id),
    guest_id: Number(r.guest_id),
    room_type_id: Number(r.room_type_id),
    room_id: r.room_id == null ? null : Number(r.room_id),
    rate_code_id: r.rate_code_id == null ? null : Number(r.rate_code_id),
    reserve_type_id: r.reserve_type_id == null ? null : Number(r.reserve_type_id),
  };
}

const READY = new Set(['vacant_clean', 'vacant_inspected']);

/**
 * A guest gets a room that is vacant and clean or inspected. Anything else (dirty, out of service, shown as
 * occupied) is given only by someone with the override right, with a reason, which the stay keeps.
 */
export async function checkRoomReady(c: HookContext, roomId: number, overrideReason: string | undefined) {
  const room = (
    await sql<{
      code: string;
      hk_status: string;
    }>`SELECT code, hk_status FROM room WHERE branch_id = ${c.auth.branchId} AND id = ${roomId} FOR UPDATE`.execute(c.trx)
  ).rows[0];
  if (!room) throw invalid([{ field: 'room_id', key: 'reservation.roomUnknown', params: {} }]);
  if (READY.has(room.hk_status)) return { code: room.code, overridden: false };
  if (room.hk_status === 'out_of_order') throw conflict('stay.roomOutOfOrder', { room: room.code });
  const status = `room.hk_status.${room.hk_status}`;
  if (!overrideReason) throw conflict('stay.roomNotReady', { room: room.code, status });
  if (!hasRight(c.auth, RESERVATION, 'room-override')) throw forbidden('stay.overrideRight', { room: room.code, status });
  return { code: room.code, overridden: true };
}

/** A stay changes its room's status (check-in occupies it, check-out leaves it dirty), logged like any change. */
export async function setRoomStatus(c: HookContext, roomId: number, status: HkStatus, source: StatusSource) {
  await changeRoomStatus(c, roomId, status, source);
}

export function requireStatus(stay: StayRow, allowed: string[], key: string) {
  if (!allowed.includes(stay.status)) throw badRequest(key, { code: stay.code, status: `reservation.status.${stay.status}` });
}
