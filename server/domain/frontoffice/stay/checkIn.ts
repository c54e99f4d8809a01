import { sql } from 'kysely';
import type { HookContext } from '../../../data/hooks.js';
import { badRequest, conflict, forbidden, invalid } from '../../../http/errors.js';
import { hasRight } from '../../../http/rbac.js';
import { defineOp } from '../../../ops/registry.js';
import { formatDate } from '../../../../src/core/format/format.js';
import { openBusinessDay } from '../../gl/post.js';
import { refuseLikelyDuplicates } from '../booking.js';
import { recordDeposit } from '../deposits.js';
import { checkStay, nextCode, RESERVATION } from '../reservations.js';
import { ensureGuestFolios } from '../folio/folios.js';
import { id, reasonInput } from '../folio/inputs.js';
import { postFolioEvents } from '../folio/postings.js';
import { depositAvailable } from '../folio/paymentOps.js';
import { cityLedgerAccount } from '../../receivables/accounts.js';
import { checkCredit } from '../../receivables/raise.js';
import { checkRoomReady, lockStay, requireStatus, setRoomStatus, type StayRow } from './stayRow.js';

export interface Guarantee {
  pay_article_id: number;
  card_last4?: string;
}

export const guaranteeInput = {
  type: 'object',
  required: ['pay_article_id'],
  additionalProperties: false,
  description: 'what guarantees the stay when no deposit was paid: a card (last four digits only) or the city ledger',
  properties: {
    pay_article_id: { ...id, 'x-ref': 'system/pay-article' },
    card_last4: { type: 'string', pattern: '^[0-9]{4}$' },
  },
} as const;

/** What the registration needs of the guest (UU PDP: only what the stay requires): nationality and an identity document. */
async function checkRegistration(c: HookContext, guestId: number) {
  const g = (
    await sql<{ name: string; nationality: string | null; id_type_id: number | null; id_number: string | null }>`
    SELECT name, nationality, id_type_id, id_number FROM guest WHERE branch_id = ${c.auth.branchId} AND id = ${guestId}`.execute(c.trx)
  ).rows[0];
  const missing = [!g?.nationality && 'guest.nationality', !g?.id_type_id && 'guest.id_type_id', !g?.id_number && 'guest.id_number'].filter(
    Boolean,
  ) as string[];
  if (missing.length) throw badRequest('stay.registrationIncomplete', { guest: g?.name ?? '', missing: missing.join(', ') });
}

/** A stay is guaranteed by a deposit still held, a guaranteed booking type, or a card or company given at the desk. */
async function checkGuarantee(c: HookContext, stay: StayRow, guarantee: Guarantee | undefined) {
  if (guarantee) {
    const a = (
      await sql<{ payment_type: string; active: boolean }>`
      SELECT payment_type, active FROM pay_article WHERE branch_id = ${c.auth.branchId} AND id = ${guarantee.pay_article_id}`.execute(c.trx)
    ).rows[0];
    if (!a?.active || !['card', 'city_ledger'].includes(a.payment_type))
      throw invalid([{ field: 'guarantee/pay_article_id', key: 'stay.guaranteeKind', params: {} }]);
    if (a.payment_type === 'card' && !guarantee.card_last4)
      throw invalid([{ field: 'guarantee/card_last4', key: 'folio.last4Required', params: {} }]);
    if (a.payment_type === 'city_ledger' && !stay.company)
      throw invalid([{ field: 'guarantee/pay_article_id', key: 'stay.guaranteeCompany', params: {} }]);
    // the company guaranteeing the stay must be an account allowed the city ledger and not already at its credit limit
    if (a.payment_type === 'city_ledger') {
      const account = await cityLedgerAccount(c.trx, c.auth.branchId, { company: stay.company }, 'guarantee/pay_article_id');
      await checkCredit(c.trx, c.auth.branchId, account.id, 0);
    }
    await sql`UPDATE reservation SET guarantee_pay_article_id = ${guarantee.pay_article_id}, guarantee_card_last4 = ${guarantee.card_last4 ?? null}
               WHERE branch_id = ${c.auth.branchId} AND id = ${stay.id}`.execute(c.trx);
    return;
  }
  if ((await depositAvailable(c.trx, c.auth.branchId, stay.id)).gt(0)) return;
  if (stay.reserve_type_id) {
    const t = (
      await sql<{
        guaranteed: boolean;
      }>`SELECT guaranteed FROM reserve_type WHERE branch_id = ${c.auth.branchId} AND id = ${stay.reserve_type_id}`.execute(c.trx)
    ).rows[0];
    if (t?.guaranteed) return;
  }
  throw conflict('stay.noGuarantee', { code: stay.code });
}

/**
 * Checks a guest in, in the transaction of the command: the stay arrives today, its room is free, ready (or
 * overridden with the right and a reason), the registration is complete and the stay guaranteed. The stay
 * becomes in house, the room occupied, window 1 of the folio opens and any deposit held is applied to it.
 */
async function admit(c: HookContext, stay: StayRow, input: { room_id?: number; override_reason?: string; guarantee?: Guarantee }) {
  const branch = c.auth.branchId;
  requireStatus(stay, ['tentative', 'confirmed'], 'stay.cannotCheckIn');
  const day = await openBusinessDay(c.trx, branch);
  if (stay.arrival !== day)
    throw badRequest('stay.notArrivingToday', { code: stay.code, arrival: formatDate(stay.arrival), today: formatDate(day) });
  const roomId = input.room_id ?? stay.room_id;
  if (!roomId) throw invalid([{ field: 'room_id', key: 'stay.roomRequired', params: {} }]);
  await checkStay(c, { ...stay, room_id: roomId, status: 'in_house' }, stay);
  const room = await checkRoomReady(c, roomId, input.override_reason);
  await checkRegistration(c, stay.guest_id);
  await checkGuarantee(c, stay, input.guarantee);
  await sql`
    UPDATE reservation SET status = 'in_house', room_id = ${roomId}, checked_in_at = now(), checked_in_by = ${c.auth.user.id},
           room_override_reason = ${room.overridden ? input.override_reason! : null},
           version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
     WHERE branch_id = ${branch} AND id = ${stay.id}`.execute(c.trx);
  await setRoomStatus(c, roomId, 'occupied_clean', 'check_in');
  const folioId = (await ensureGuestFolios(c.trx, branch, c.auth.user.id, [stay.id])).get(stay.id)!;
  const held = await depositAvailable(c.trx, branch, stay.id);
  if (held.gt(0)) {
    const deposit = (
      await sql<{ id: number; name: string }>`
      SELECT id, name FROM pay_article WHERE branch_id = ${branch} AND payment_type = 'deposit' AND active ORDER BY id LIMIT 1`.execute(
        c.trx,
      )
    ).rows[0];
    if (!deposit) throw conflict('stay.noDepositArticle');
    await postFolioEvents(c.trx, branch, c.auth.user.id, day, [
      [
        {
          folioId,
          reservationId: stay.id,
          kind: 'payment',
          payArticleId: Number(deposit.id),
          description: deposit.name,
          amount: held.neg().toFixed(2),
          postingKey: `deposit-applied:${stay.id}:check-in`,
        },
      ],
    ]);
  }
  const after = (
    await sql<{ version: number }>`SELECT version FROM reservation WHERE branch_id = ${branch} AND id = ${stay.id}`.execute(c.trx)
  ).rows[0];
  return {
    id: stay.id,
    code: stay.code,
    status: 'in_house',
    version: after.version,
    room: room.code,
    folio_id: folioId,
    deposit_applied: held.toFixed(2),
  };
}

export const checkIn = defineOp<{ id: number; version: number; room_id?: number; override_reason?: string; guarantee?: Guarantee }>({
  name: 'frontoffice.checkIn',
  summary: 'Check a reservation arriving today in: room ready (or overridden with a reason), registration complete, stay guaranteed',
  resource: RESERVATION,
  action: 'checkin',
  // applies the deposits held to the folio: money moves
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['id', 'version'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/reservation' },
      version: { type: 'integer', minimum: 1 },
      room_id: { ...id, 'x-ref': 'frontoffice/room', description: "default: the reservation's room" },
      override_reason: { ...reasonInput, description: 'why a room that is not clean is given anyway (needs the override right)' },
      guarantee: guaranteeInput,
    },
  },
  async handler(c, input) {
    return admit(c, await lockStay(c, input.id, input.version), input);
  },
});

interface Registration {
  nationality: string;
  id_type_id: number;
  id_number: string;
}

interface WalkInInput {
  guest_id?: number;
  guest?: Registration & { name: string; phone?: string; email?: string; title_id?: number };
  /** the desk has seen the likely duplicates of a new guest and still wants a new profile */
  new_guest_confirmed?: boolean;
  /** the identity document seen at the desk, completing or correcting a profile found */
  registration?: Partial<Registration>;
  /** money taken at the desk before the guest goes up: recorded as a deposit, applied to the folio at once */
  deposit?: { pay_article_id: number; amount: string; receipt_no?: string };
  room_id: number;
  departure: string;
  adults: number;
  children?: number;
  rate_code_id: number;
  rate_override?: string;
  rate_override_reason?: string;
  company?: string;
  override_reason?: string;
  guarantee?: Guarantee;
}

/**
 * A guest at the desk without a booking: the profile (found, completed with the document seen, or created once
 * its likely duplicates were shown), a reservation from today in the room chosen, the money taken at the desk,
 * and the check-in, all in one transaction — a refusal leaves no orphan profile, booking or deposit.
 */
export const walkIn = defineOp<WalkInInput>({
  name: 'frontoffice.walkIn',
  summary: 'Walk-in: create (or pick) the guest, book the room from today and check in, all or nothing',
  resource: RESERVATION,
  action: 'checkin',
  // applies the deposits held to the folio: money moves
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['room_id', 'departure', 'adults', 'rate_code_id'],
    additionalProperties: false,
    properties: {
      guest_id: { ...id, 'x-ref': 'frontoffice/guest' },
      new_guest_confirmed: { type: 'boolean' },
      registration: {
        type: 'object',
        additionalProperties: false,
        description: 'with guest_id: the nationality and identity document seen at the desk, written to the profile',
        properties: {
          nationality: { type: 'string', pattern: '^[A-Z]{2}$' },
          id_type_id: { ...id, 'x-ref': 'frontoffice/guest-identity' },
          id_number: { type: 'string', minLength: 3, maxLength: 40, pattern: '^[A-Za-z0-9 -]+$' },
        },
      },
      deposit: {
        type: 'object',
        required: ['pay_article_id', 'amount'],
        additionalProperties: false,
        description: 'money taken at the desk (cash, card, transfer): recorded as a deposit and applied to the new folio',
        properties: {
          pay_article_id: { ...id, 'x-ref': 'system/pay-article' },
          amount: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9.]+(,[0-9]{1,2})?$' },
          receipt_no: {
            type: 'string',
            minLength: 1,
            maxLength: 30,
            pattern: '^[A-Za-z0-9/_-]+$',
            description: "default: the reservation's number",
          },
        },
      },
      guest: {
        type: 'object',
        required: ['name', 'nationality', 'id_type_id', 'id_number'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 2, maxLength: 120 },
          nationality: { type: 'string', pattern: '^[A-Z]{2}$' },
          id_type_id: { ...id, 'x-ref': 'frontoffice/guest-identity' },
          id_number: { type: 'string', minLength: 3, maxLength: 40, pattern: '^[A-Za-z0-9 -]+$' },
          phone: { type: 'string', maxLength: 30, pattern: '^[0-9+() -]*$' },
          email: { type: 'string', maxLength: 120, format: 'email' },
          title_id: { ...id, 'x-ref': 'frontoffice/title' },
        },
      },
      room_id: { ...id, 'x-ref': 'frontoffice/room' },
      departure: { type: 'string', format: 'date' },
      adults: { type: 'integer', minimum: 1, maximum: 20 },
      children: { type: 'integer', minimum: 0, maximum: 20, default: 0 },
      rate_code_id: { ...id, 'x-ref': 'frontoffice/rate-code' },
      rate_override: { type: 'string', format: 'money' },
      rate_override_reason: { type: 'string', minLength: 3, maxLength: 200 },
      company: { type: 'string', maxLength: 120 },
      override_reason: reasonInput,
      guarantee: guaranteeInput,
    },
  },
  labelsFrom: 'frontoffice/reservation',
  async handler(c, input) {
    const branch = c.auth.branchId;
    if (!input.guest_id === !input.guest) throw invalid([{ field: 'guest_id', key: 'stay.guestOneWay', params: {} }]);
    if (input.rate_override != null && !input.rate_override_reason)
      throw invalid([{ field: 'rate_override_reason', key: 'error.required', params: {} }]);
    if (input.rate_override != null && !hasRight(c.auth, RESERVATION, 'override-rate')) throw forbidden('reservation.overrideRight');
    const day = await openBusinessDay(c.trx, branch);
    if (input.departure <= day) throw invalid([{ field: 'departure', key: 'reservation.departureAfterArrival', params: {} }]);
    const room = (
      await sql<{
        room_type_id: number;
      }>`SELECT room_type_id FROM room WHERE branch_id = ${branch} AND id = ${input.room_id} AND active`.execute(c.trx)
    ).rows[0];
    if (!room) throw invalid([{ field: 'room_id', key: 'reservation.roomUnknown', params: {} }]);
    const rate = (
      await sql<{ room_type_id: number; valid_from: string; valid_to: string; code: string }>`
      SELECT room_type_id, valid_from::text AS valid_from, valid_to::text AS valid_to, code FROM rate_code WHERE branch_id = ${branch} AND id = ${input.rate_code_id} AND active`.execute(
        c.trx,
      )
    ).rows[0];
    if (!rate || Number(rate.room_type_id) !== Number(room.room_type_id))
      throw invalid([{ field: 'rate_code_id', key: 'stay.rateOtherType', params: {} }]);
    if (input.registration && !input.guest_id) throw invalid([{ field: 'registration', key: 'stay.registrationWithProfile', params: {} }]);
    let guestId = input.guest_id;
    if (input.guest_id && input.registration && Object.keys(input.registration).length) {
      const r = input.registration;
      await sql`UPDATE guest SET nationality = coalesce(${r.nationality ?? null}, nationality), id_type_id = coalesce(${r.id_type_id ?? null}::bigint, id_type_id),
                       id_number = coalesce(${r.id_number?.trim() ?? null}, id_number), version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
                 WHERE branch_id = ${branch} AND id = ${input.guest_id}`.execute(c.trx);
    }
    if (input.guest) {
      const g = input.guest;
      await refuseLikelyDuplicates(c, g, input.new_guest_confirmed);
      guestId = (
        await sql<{ id: number }>`
        INSERT INTO guest (branch_id, name, nationality, id_type_id, id_number, phone, email, title_id, company, created_by, updated_by)
        VALUES (${branch}, ${g.name.trim()}, ${g.nationality}, ${g.id_type_id}, ${g.id_number.trim()}, ${g.phone ?? null}, ${g.email ?? null}, ${g.title_id ?? null},
                ${input.company ?? null}, ${c.auth.user.id}, ${c.auth.user.id})
        RETURNING id`.execute(c.trx)
      ).rows[0].id;
    }
    const source = (await sql<{ id: number }>`SELECT id FROM reserve_source WHERE branch_id = ${branch} AND code = 'WALK'`.execute(c.trx))
      .rows[0];
    const stay = {
      arrival: day,
      departure: input.departure,
      room_type_id: Number(room.room_type_id),
      room_id: input.room_id,
      adults: input.adults,
      children: input.children ?? 0,
      status: 'confirmed',
    };
    await checkStay(c, stay);
    const code = await nextCode(c);
    const created = (
      await sql<{ id: number }>`
      INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, rate_code_id, rate_override, rate_override_reason,
                               adults, children, status, reserve_source_id, company, walk_in, created_by, updated_by)
      VALUES (${branch}, ${code}, ${guestId!}, ${day}, ${input.departure}, ${stay.room_type_id}, ${input.room_id}, ${input.rate_code_id},
              ${input.rate_override ?? null}, ${input.rate_override_reason ?? null}, ${stay.adults}, ${stay.children}, 'confirmed', ${source?.id ?? null},
              ${input.company ?? null}, true, ${c.auth.user.id}, ${c.auth.user.id})
      RETURNING id`.execute(c.trx)
    ).rows[0];
    if (input.deposit) await recordDeposit(c, Number(created.id), { ...input.deposit, receipt_no: input.deposit.receipt_no ?? code });
    const row = await lockStay(c, Number(created.id));
    return { guest_id: guestId, ...(await admit(c, row, input)) };
  },
});
