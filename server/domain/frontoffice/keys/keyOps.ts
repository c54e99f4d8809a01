import { sql } from 'kysely';
import type { HookContext } from '../../../data/hooks.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { RESERVATION } from '../reservations.js';
import { id, reasonInput } from '../folio/inputs.js';
import { keyEncoder, type KeyPayload } from './encoder.js';

export const KEYS = 'frontoffice.keys';

interface CardRow {
  id: number;
  card_no: string;
  kind: KeyPayload['kind'];
  valid_from: string;
  valid_to: string;
  branch_code: string;
  room: string;
  guest: string;
  reservation: string;
}

const payload = (r: CardRow): KeyPayload => ({
  cardNo: r.card_no,
  branchCode: r.branch_code,
  room: r.room,
  guest: r.guest,
  reservation: r.reservation,
  kind: r.kind,
  validFrom: r.valid_from,
  validTo: r.valid_to,
});

const cardsOf = (c: HookContext, where: ReturnType<typeof sql>) =>
  sql<CardRow>`
    SELECT k.id, k.card_no, k.kind, to_char(k.valid_from, 'YYYY-MM-DD"T"HH24:MI') AS valid_from, to_char(k.valid_to, 'YYYY-MM-DD"T"HH24:MI') AS valid_to,
           b.code AS branch_code, r.code AS room, coalesce(g.name, 'TEST') AS guest, coalesce(v.code, '') AS reservation
      FROM key_card k JOIN branch b ON b.id = k.branch_id JOIN room r ON r.branch_id = k.branch_id AND r.id = k.room_id
      LEFT JOIN reservation v ON v.branch_id = k.branch_id AND v.id = k.reservation_id LEFT JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
     WHERE k.branch_id = ${c.auth.branchId} AND ${where} ORDER BY k.id`.execute(c.trx);

async function cancelCards(c: HookContext, rows: CardRow[], reason: string) {
  if (!rows.length) return;
  await sql`UPDATE key_card SET status = 'cancelled', cancelled_at = now(), cancelled_by = ${c.auth.user.id}, cancel_reason = ${reason},
                   version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
             WHERE branch_id = ${c.auth.branchId} AND id = ANY(${rows.map((r) => Number(r.id))}::bigint[])`.execute(c.trx);
  const encoder = keyEncoder(c.ctx.config.dataDir);
  for (const r of rows) await encoder.cancel(payload(r));
}

/** Keeps `count` cards in the key log and has the lock system encode each, its answer kept beside the card. */
async function encodeCards(
  c: HookContext,
  card: { reservationId: number | null; roomId: number; kind: KeyPayload['kind']; validTo: ReturnType<typeof sql>; count: number },
): Promise<CardRow[]> {
  const branch = c.auth.branchId;
  const encoder = keyEncoder(c.ctx.config.dataDir);
  const { rows: created } = await sql<{ id: number }>`
    INSERT INTO key_card (branch_id, card_no, reservation_id, room_id, kind, valid_from, valid_to, encoder, encoder_ref, created_by, updated_by)
    SELECT ${branch}, 'K' || nextval('key_card_number_seq'), ${card.reservationId}, ${card.roomId}, ${card.kind}, localtimestamp(0), ${card.validTo},
           ${encoder.name}, '', ${c.auth.user.id}, ${c.auth.user.id}
      FROM generate_series(1, ${card.count})
    RETURNING id`.execute(c.trx);
  const cards = (await cardsOf(c, sql`k.id = ANY(${created.map((r) => Number(r.id))}::bigint[])`)).rows;
  for (const k of cards) {
    const ref = await encoder.encode(payload(k));
    await sql`UPDATE key_card SET encoder_ref = ${ref} WHERE branch_id = ${branch} AND id = ${k.id}`.execute(c.trx);
  }
  return cards;
}

/**
 * Encodes key cards for an in-house stay (or one arriving today), valid from now until the check-out time of
 * its departure day. A new set cancels the stay's cards still active (a lost key stops opening the door); a
 * duplicate adds cards to the set. Every card is kept in the key log with what the lock system answered.
 */
async function issue(c: HookContext, reservationId: number, kind: 'new' | 'duplicate', count: number) {
  const branch = c.auth.branchId;
  const stay = (
    await sql<{
      code: string;
      status: string;
      room_id: number | null;
      arrival: string;
      departure: string;
      business_date: string;
      check_out_time: string;
    }>`
      SELECT v.code, v.status, v.room_id, v.arrival::text AS arrival, v.departure::text AS departure, s.business_date::text AS business_date, s.check_out_time
        FROM reservation v JOIN hotel_setup s ON s.branch_id = v.branch_id WHERE v.branch_id = ${branch} AND v.id = ${reservationId} FOR UPDATE OF v`.execute(
      c.trx,
    )
  ).rows[0];
  if (!stay) throw notFound('reservation');
  const arriving = ['tentative', 'confirmed'].includes(stay.status) && stay.arrival === stay.business_date;
  if (stay.status !== 'in_house' && !arriving) throw badRequest('keys.stayNotHere', { code: stay.code });
  if (!stay.room_id) throw badRequest('keys.noRoom', { code: stay.code });
  const validTo = `${stay.departure}T${stay.check_out_time}`;
  const open = (await sql<{ ok: boolean }>`SELECT ${validTo}::timestamp > localtimestamp(0) AS ok`.execute(c.trx)).rows[0].ok;
  if (!open) throw badRequest('keys.expired', { code: stay.code });
  const active = (await cardsOf(c, sql`k.reservation_id = ${reservationId} AND k.status = 'active'`)).rows;
  if (kind === 'duplicate' && !active.length) throw conflict('keys.noSetToDuplicate', { code: stay.code });
  if (kind === 'new') await cancelCards(c, active, 'new set');
  const cards = await encodeCards(c, { reservationId, roomId: stay.room_id, kind, validTo: sql`${validTo}::timestamp`, count });
  return {
    cards: cards.map((k) => ({ id: Number(k.id), card_no: k.card_no, valid_to: k.valid_to })),
    count: cards.length,
    cancelled: kind === 'new' ? active.length : 0,
  };
}

const issueInput = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: {
    id: { ...id, 'x-ref': 'frontoffice/reservation', description: 'the stay' },
    count: { type: 'integer', minimum: 1, maximum: 4, default: 1 },
  },
} as const;

export const issueKeys = defineOp<{ id: number; count?: number }>({
  name: 'frontoffice.keyIssue',
  summary: "Encode a new set of key cards for a stay (its earlier cards stop opening the door), valid until the departure's check-out time",
  resource: RESERVATION,
  action: 'keys',
  input: issueInput,
  handler: (c, input) => issue(c, input.id, 'new', input.count ?? 1),
});

export const duplicateKeys = defineOp<{ id: number; count?: number }>({
  name: 'frontoffice.keyDuplicate',
  summary: 'Encode more cards of the stay’s current set',
  resource: RESERVATION,
  action: 'keys',
  input: issueInput,
  handler: (c, input) => issue(c, input.id, 'duplicate', input.count ?? 1),
});

export const cancelKey = defineOp<{ id: number; reason: string }>({
  name: 'frontoffice.keyCancel',
  summary: 'Cancel one key card (lost, not returned): the lock system stops accepting it',
  resource: KEYS,
  action: 'cancel',
  input: {
    type: 'object',
    required: ['id', 'reason'],
    additionalProperties: false,
    properties: { id: { ...id, 'x-ref': 'frontoffice/key-card' }, reason: reasonInput },
  },
  async handler(c, input) {
    const rows = (await cardsOf(c, sql`k.id = ${input.id}`)).rows;
    if (!rows.length) throw notFound('key-card.title');
    const status = (
      await sql<{ status: string }>`SELECT status FROM key_card WHERE branch_id = ${c.auth.branchId} AND id = ${input.id}`.execute(c.trx)
    ).rows[0].status;
    if (status !== 'active') throw conflict('keys.alreadyCancelled', { card: rows[0].card_no });
    await cancelCards(c, rows, input.reason);
    return { id: input.id, card_no: rows[0].card_no, status: 'cancelled' };
  },
});

/** how long a test card opens its door: enough to walk to the room and try it */
export const TEST_CARD_MINUTES = 15;

export const testLock = defineOp<{ id: number }>({
  name: 'frontoffice.keyTest',
  summary: `Encode a test card for a room, with no stay, opening its door for ${TEST_CARD_MINUTES} minutes: the lock and the encoder tried end to end`,
  resource: KEYS,
  action: 'test',
  input: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { ...id, 'x-ref': 'frontoffice/room', description: 'the room whose lock is tried' } },
  },
  async handler(c, input) {
    const { rows } = await sql<{ id: number; code: string }>`
      SELECT id, code FROM room WHERE branch_id = ${c.auth.branchId} AND id = ${input.id} AND active`.execute(c.trx);
    if (!rows.length) throw notFound('room.title');
    const [card] = await encodeCards(c, {
      reservationId: null,
      roomId: input.id,
      kind: 'test',
      validTo: sql`localtimestamp(0) + make_interval(mins => ${TEST_CARD_MINUTES})`,
      count: 1,
    });
    return {
      card_no: card.card_no,
      room: rows[0].code,
      valid_to: card.valid_to,
      minutes: TEST_CARD_MINUTES,
      encoder: keyEncoder(c.ctx.config.dataDir).name,
    };
  },
});
