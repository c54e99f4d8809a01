import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { hasRight } from '../../http/rbac.js';
import { formatDate } from '../../../src/core/format/format.js';
import { defineOp } from '../../ops/registry.js';
import { availability } from './availability.js';

export const RESERVATION = 'frontoffice.reservation';
/** the reservation's copy of its guest's name, telephone and e-mail, kept by triggers for the list search (0040) */
export const GUEST_COPY = 'guest_search';
/** A stay: at least one night, at most a year (schemas/frontoffice/reservation.json declares the same). */
export const STAY_RANGE = { from: 'arrival', to: 'departure', minDays: 1, maxDays: 365 };
export const LIVE = new Set(['tentative', 'confirmed', 'in_house']);

export interface Stay {
  id?: number;
  arrival: string;
  departure: string;
  room_type_id: number;
  room_id: number | null;
  adults: number;
  children: number;
  status: string;
}

/**
 * The checks a live booking must pass, in the transaction that stores it:
 * the room is of the booked type and not out of order during the stay; no other live booking holds the
 * room on any of its nights (409 naming it — the exclusion constraint is the guarantee, the lock and
 * this query give the clear answer); and the room type still has a room each night.
 */
export async function checkStay(c: HookContext, stay: Stay, previous?: Stay) {
  const { trx, auth } = c;
  const branch = auth.branchId;
  if (!dayjs(stay.departure).isAfter(dayjs(stay.arrival)))
    throw invalid([{ field: 'departure', key: 'reservation.departureAfterArrival', params: {} }]);
  const type = (
    await sql<{ code: string; name: string; max_adults: number; max_children: number }>`
    SELECT code, name, max_adults, max_children FROM room_type WHERE branch_id = ${branch} AND id = ${stay.room_type_id}`.execute(trx)
  ).rows[0];
  if (!type) throw notFound('room type');
  if (stay.adults > type.max_adults)
    throw invalid([{ field: 'adults', key: 'reservation.tooManyAdults', params: { max: type.max_adults, type: type.name } }]);
  if (stay.children > type.max_children)
    throw invalid([{ field: 'children', key: 'reservation.tooManyChildren', params: { max: type.max_children, type: type.name } }]);
  if (!LIVE.has(stay.status)) return;

  if (stay.room_id) {
    // one booking of a room at a time decides; the others wait here, then see it
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`room:${branch}:${stay.room_id}`}))`.execute(trx);
    const room = (
      await sql<{ code: string; room_type_id: number; ooo_from: string | null; ooo_to: string | null; active: boolean }>`
      SELECT code, room_type_id, ooo_from::text AS ooo_from, ooo_to::text AS ooo_to, active FROM room WHERE branch_id = ${branch} AND id = ${stay.room_id}`.execute(
        trx,
      )
    ).rows[0];
    if (!room || !room.active) throw invalid([{ field: 'room_id', key: 'reservation.roomUnknown', params: {} }]);
    if (Number(room.room_type_id) !== Number(stay.room_type_id))
      throw invalid([{ field: 'room_id', key: 'reservation.roomOtherType', params: { room: room.code, type: type.name } }]);
    if (room.ooo_from && room.ooo_from < stay.departure && (!room.ooo_to || room.ooo_to > stay.arrival)) {
      throw conflict('reservation.roomOutOfOrder', {
        room: room.code,
        from: formatDate(room.ooo_from),
        to: room.ooo_to ? formatDate(room.ooo_to) : '…',
      });
    }
    const other = (
      await sql<{ code: string; guest: string; arrival: string; departure: string }>`
      SELECT v.code, g.name AS guest, v.arrival::text AS arrival, v.departure::text AS departure
        FROM reservation v JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
       WHERE v.branch_id = ${branch} AND v.room_id = ${stay.room_id} AND v.status IN ('tentative', 'confirmed', 'in_house')
         AND v.arrival < ${stay.departure}::date AND ${stay.arrival}::date < v.departure AND v.id <> ${stay.id ?? 0}
       LIMIT 1`.execute(trx)
    ).rows[0];
    if (other) {
      throw conflict('reservation.roomTaken', {
        room: room.code,
        code: other.code,
        guest: other.guest,
        from: formatDate(other.arrival),
        to: formatDate(other.departure),
      });
    }
  }

  // Inventory of the type: nights this change adds must each still have a free room.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`type:${branch}:${stay.room_type_id}`}))`.execute(trx);
  const rows = await availability(trx, branch, stay.arrival, stay.departure, stay.room_type_id);
  const alreadyMine = (date: string) =>
    previous &&
    LIVE.has(previous.status) &&
    Number(previous.room_type_id) === Number(stay.room_type_id) &&
    previous.arrival <= date &&
    date < previous.departure;
  // a night this booking already holds counts as free for it
  const full = rows.find((r) => r.available + (alreadyMine(r.date) ? 1 : 0) < 1);
  if (full && !hasRight(auth, RESERVATION, 'overbook')) {
    throw conflict('reservation.typeFull', { type: type.name, date: formatDate(full.date) });
  }
}

export async function nextCode(c: HookContext) {
  const { rows } = await sql<{ n: string }>`SELECT nextval('reservation_number_seq')::text AS n`.execute(c.trx);
  return `R${rows[0].n}`;
}

export const stayOf = (v: Record<string, unknown>): Stay => ({
  id: v.id as number | undefined,
  arrival: String(v.arrival),
  departure: String(v.departure),
  room_type_id: Number(v.room_type_id),
  room_id: v.room_id == null ? null : Number(v.room_id),
  adults: Number(v.adults ?? 1),
  children: Number(v.children ?? 0),
  status: String(v.status ?? 'confirmed'),
});

const STAY_FIELDS = ['arrival', 'departure', 'room_id', 'room_type_id', 'rate_code_id', 'rate_override'];

export const reservationHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    if (mode === 'create') {
      values.code = await nextCode(c);
      if (values.status && !['waitlisted', 'tentative', 'confirmed'].includes(String(values.status)))
        throw badRequest('reservation.newStatus');
    } else if (values.status !== undefined && values.status !== before?.status) {
      // a waitlisted booking may be confirmed when a room frees up; everything else (cancel, reinstate, no-show,
      // check-in, check-out) is a command with its own checks and reasons, not a field edit
      const promote = before?.status === 'waitlisted' && ['tentative', 'confirmed'].includes(String(values.status));
      if (!promote) throw badRequest('reservation.statusByCommand');
    }
    if (mode === 'update' && ['in_house', 'checked_out'].includes(String(before?.status))) {
      // a stay under way changes room, dates or rate only through its actions (room move, change of departure),
      // which price the nights left and free what is no longer used
      const fixed = STAY_FIELDS.find((f) => f in values && String(values[f] ?? '') !== String(before?.[f] ?? ''));
      if (fixed)
        throw badRequest('reservation.stayByAction', { field: `reservation.${fixed}` }, [
          { field: fixed, key: 'reservation.stayByAction', params: {} },
        ]);
    }
    if (values.rate_override != null && !hasRight(c.auth, RESERVATION, 'override-rate')) {
      if (mode === 'create' || String(values.rate_override) !== String(before?.rate_override ?? ''))
        throw forbidden('reservation.overrideRight');
    }
    const merged = { ...(before ?? {}), ...values };
    await checkStay(c, stayOf(merged), before ? stayOf(before) : undefined);
  },
  async beforeDelete() {
    throw badRequest('reservation.noDelete');
  },
};

const idVersion = {
  id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/reservation' },
  version: { type: 'integer', minimum: 1 },
} as const;

async function load(c: HookContext, id: number, version: number) {
  const row = (
    await sql<Record<string, any>>`
    SELECT id, code, status, version, arrival::text AS arrival, departure::text AS departure, room_type_id, room_id, adults, children
      FROM reservation WHERE branch_id = ${c.auth.branchId} AND id = ${id} FOR UPDATE`.execute(c.trx)
  ).rows[0];
  if (!row) throw notFound('reservation');
  if (row.version !== version) throw conflict('reservation.stale');
  return row;
}

async function setStatus(c: HookContext, id: number, status: string, extra: Record<string, unknown> = {}) {
  const sets = Object.entries(extra).map(([k, v]) => sql`${sql.ref(k)} = ${v}`);
  await sql`UPDATE reservation SET status = ${status}, ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${c.auth.user.id}`])}
            WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
  return (
    await sql<
      Record<string, unknown>
    >`SELECT id, code, status, version FROM reservation WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx)
  ).rows[0];
}

export const cancelReservation = defineOp<{ id: number; version: number; reason_id: number; note?: string }>({
  name: 'frontoffice.reservationCancel',
  summary: 'Cancel a reservation with a reason (nothing is deleted; it can be reinstated)',
  resource: RESERVATION,
  action: 'cancel',
  input: {
    type: 'object',
    required: ['id', 'version', 'reason_id'],
    additionalProperties: false,
    properties: {
      ...idVersion,
      reason_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/rsv-reason-cancel' },
      note: { type: 'string', maxLength: 300 },
    },
  },
  async handler(c, input) {
    const r = await load(c, input.id, input.version);
    if (!['tentative', 'confirmed'].includes(r.status)) throw badRequest('reservation.cannotCancel', { status: r.status });
    const reason = (
      await sql`SELECT 1 FROM rsv_reason_cancel WHERE branch_id = ${c.auth.branchId} AND id = ${input.reason_id} AND active`.execute(c.trx)
    ).rows[0];
    if (!reason) throw invalid([{ field: 'reason_id', key: 'reservation.reasonUnknown', params: {} }]);
    return setStatus(c, r.id, 'cancelled', {
      cancel_reason_id: input.reason_id,
      cancel_note: input.note ?? null,
      cancelled_at: new Date(),
    });
  },
});

export const reinstateReservation = defineOp<{ id: number; version: number }>({
  name: 'frontoffice.reservationReinstate',
  summary: 'Bring a cancelled or no-show reservation back, if its room and room type are still free',
  resource: RESERVATION,
  action: 'cancel',
  input: { type: 'object', required: ['id', 'version'], additionalProperties: false, properties: idVersion },
  async handler(c, input) {
    const r = await load(c, input.id, input.version);
    if (!['cancelled', 'no_show'].includes(r.status)) throw badRequest('reservation.notCancelled');
    await checkStay(c, { ...stayOf(r), status: 'confirmed' });
    return setStatus(c, r.id, 'confirmed', { cancel_reason_id: null, cancel_note: null, cancelled_at: null });
  },
});

export const noShowReservation = defineOp<{ id: number; version: number }>({
  name: 'frontoffice.reservationNoShow',
  summary: 'Mark an arrival that did not come as a no-show (from its arrival date on)',
  resource: RESERVATION,
  action: 'cancel',
  input: { type: 'object', required: ['id', 'version'], additionalProperties: false, properties: idVersion },
  async handler(c, input) {
    const r = await load(c, input.id, input.version);
    const bd = (
      await sql<{ d: string }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${c.auth.branchId}`.execute(c.trx)
    ).rows[0].d;
    if (!['tentative', 'confirmed'].includes(r.status) || r.arrival > bd)
      throw badRequest('reservation.cannotNoShow', { date: formatDate(r.arrival) });
    return setStatus(c, r.id, 'no_show');
  },
});
