import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { defineOp } from '../../ops/registry.js';
import { openBusinessDay } from '../gl/post.js';
import { routeCharges } from '../frontoffice/folio/routing.js';
import { moveFolioLines } from '../frontoffice/folio/transferOps.js';

export const TRANSFER = 'pointofsales.transfer-payment';

/** Where a room charge stands now: the line of its newest move, else the line the payment posted. */
/** The folio line a room charge stands on now: its last move's copy, else the line the payment posted. */
export const currentLine = sql`coalesce((SELECT x.to_line_id FROM pos_room_transfer x WHERE x.branch_id = p.branch_id AND x.payment_id = p.id
                                   ORDER BY x.id DESC LIMIT 1), p.folio_line_id)`;
/** A reversing payment, or one a reopened bill has reversed: no longer a charge to move. */
const reversed = sql`(p.reverses_id IS NOT NULL OR EXISTS (SELECT 1 FROM pos_payment r WHERE r.branch_id = p.branch_id AND r.reverses_id = p.id))`;

/**
 * Moves an outlet bill charged to the wrong room onto the right guest's folio (as the stay's routing places an
 * outlet charge), with the reason: out of the first folio and into the other as a pair of lines, the amount
 * unchanged, the revenue where it was posted. A charge can move again; each move is kept.
 */
export const transferRoomCharge = defineOp<{ payment_id: number; reservation_id: number; reason: string }>({
  name: 'pointofsales.transferRoomCharge',
  summary: "Move an outlet bill charged to the wrong room onto another in-house guest's folio, with the reason",
  resource: TRANSFER,
  action: 'transfer',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['payment_id', 'reservation_id', 'reason'],
    additionalProperties: false,
    properties: {
      payment_id: { type: 'integer', minimum: 1, 'x-ref': 'pointofsales/payment' },
      reservation_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/reservation' },
      reason: { type: 'string', minLength: 3, maxLength: 200 },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const { rows } = await sql<{
      id: number;
      kind: string;
      line_id: number;
      fo_article_id: number | null;
      number: string;
      reversed: boolean;
    }>`
      SELECT p.id, p.kind, ${currentLine} AS line_id, o.fo_article_id, k.number, ${reversed} AS reversed
        FROM pos_payment p JOIN pos_check k ON k.branch_id = p.branch_id AND k.id = p.check_id
        JOIN outlet o ON o.branch_id = k.branch_id AND o.id = k.outlet_id
       WHERE p.branch_id = ${branch} AND p.id = ${input.payment_id}`.execute(c.trx);
    const payment = rows[0];
    if (!payment) throw notFound('pos-transfer.payment');
    if (payment.kind !== 'room') throw invalid([{ field: 'payment_id', key: 'pos-transfer.notRoom', params: {} }]);
    if (payment.reversed) throw conflict('pos-transfer.reversed', { number: payment.number });
    const { rows: stays } = await sql<{ status: string; code: string }>`
      SELECT status, code FROM reservation WHERE branch_id = ${branch} AND id = ${input.reservation_id}`.execute(c.trx);
    if (stays[0]?.status !== 'in_house') throw invalid([{ field: 'reservation_id', key: 'pos-check.stayNotInHouse', params: {} }]);
    const day = await openBusinessDay(c.trx, branch);
    const [folioId] = await routeCharges(c.trx, branch, c.auth.user.id, [
      { reservationId: input.reservation_id, articleId: Number(payment.fo_article_id), date: day },
    ]);
    const { rows: same } =
      await sql`SELECT 1 FROM folio_line WHERE branch_id = ${branch} AND id = ${payment.line_id} AND folio_id = ${folioId}`.execute(c.trx);
    if (same.length) throw conflict('pos-transfer.sameRoom', { code: stays[0].code });
    const { posted } = await moveFolioLines(c, [Number(payment.line_id)], folioId);
    const toLine = posted[0].lineIds[1];
    await sql`
      INSERT INTO pos_room_transfer (branch_id, payment_id, from_line_id, to_line_id, to_reservation_id, reason, created_by)
      VALUES (${branch}, ${payment.id}, ${payment.line_id}, ${toLine}, ${input.reservation_id}, ${input.reason.trim()}, ${c.auth.user.id})`.execute(
      c.trx,
    );
    return { number: payment.number, code: stays[0].code, folio_id: folioId, folio_line_id: toLine };
  },
});

/** `GET /api/pointofsales/room-charges` — the business day's outlet bills charged to rooms, each where it stands now. */
export async function roomChargeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/pointofsales/room-charges',
    {
      preValidation: needsRight(ctx, TRANSFER, 'view'),
      schema: {
        tags: ['pointofsales'],
        summary: "The business day's outlet bills charged to rooms, with the room and guest each stands on now and its moves",
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const day = await openBusinessDay(ctx.db, auth.branchId);
      const { rows } = await sql<Record<string, unknown>>`
        SELECT p.id::int AS payment_id, k.number, o.name AS outlet, p.amount::text AS amount, p.created_at,
               r.code AS room, g.name AS guest, v.code AS stay,
               (SELECT count(*)::int FROM pos_room_transfer x WHERE x.branch_id = p.branch_id AND x.payment_id = p.id) AS moves,
               (SELECT x.reason FROM pos_room_transfer x WHERE x.branch_id = p.branch_id AND x.payment_id = p.id ORDER BY x.id DESC LIMIT 1) AS reason
          FROM pos_payment p
          JOIN pos_check k ON k.branch_id = p.branch_id AND k.id = p.check_id
          JOIN outlet o ON o.branch_id = k.branch_id AND o.id = k.outlet_id
          JOIN folio_line l ON l.branch_id = p.branch_id AND l.id = ${currentLine}
          JOIN reservation v ON v.branch_id = l.branch_id AND v.id = l.reservation_id
          JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
          LEFT JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
         WHERE p.branch_id = ${auth.branchId} AND p.kind = 'room' AND k.business_date = ${day} AND NOT ${reversed}
         ORDER BY p.id DESC
         LIMIT 500`.execute(ctx.db);
      return { date: day, rows };
    },
  );
}
