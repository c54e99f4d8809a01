import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { conflict, invalid } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { defineOp } from '../../ops/registry.js';
import { openBusinessDay } from '../gl/post.js';

export const COUPON = 'pointofsales.breakfast-coupon';

interface Entitled {
  reservation_id: number;
  code: string;
  room: string | null;
  guest: string;
  pax: number;
  redeemed: number | null;
  redeemed_at: string | null;
}

/**
 * The stays entitled to the outlet's breakfast on a day: in house after at least one night (a guest leaving that
 * morning still has theirs), on a rate whose arrangement includes the outlet's breakfast article; each with its
 * guests and the covers already redeemed.
 */
function entitled(db: Db, branchId: number, outletId: number, day: string, reservationId?: number) {
  return sql<Entitled>`
    SELECT v.id::int AS reservation_id, v.code, r.code AS room, g.name AS guest, v.adults + v.children AS pax,
           k.covers AS redeemed, k.created_at AS redeemed_at
      FROM outlet o
      JOIN arrangement_line l ON l.branch_id = o.branch_id AND l.fo_article_id = o.breakfast_article_id
      JOIN rate_code rc ON rc.branch_id = l.branch_id AND rc.arrangement_id = l.arrangement_id
      JOIN reservation v ON v.branch_id = rc.branch_id AND v.rate_code_id = rc.id
      JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
      LEFT JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
      LEFT JOIN pos_coupon k ON k.branch_id = v.branch_id AND k.reservation_id = v.id AND k.date = ${day}::date
     WHERE o.branch_id = ${branchId} AND o.id = ${outletId} AND v.status = 'in_house' AND v.arrival < ${day}::date
       ${reservationId ? sql`AND v.id = ${reservationId}` : sql``}
     ORDER BY r.code, v.code`.execute(db);
}

/** Redeems a stay's breakfast coupon at the outlet for the covers that came: once a day, never more than its guests. */
export const redeemBreakfast = defineOp<{ outlet_id: number; reservation_id: number; covers: number }>({
  name: 'pointofsales.redeemBreakfast',
  summary: "Redeem an in-house stay's breakfast coupon at an outlet for the covers served (once per stay and day)",
  resource: COUPON,
  action: 'redeem',
  input: {
    type: 'object',
    required: ['outlet_id', 'reservation_id', 'covers'],
    additionalProperties: false,
    properties: {
      outlet_id: { type: 'integer', minimum: 1, 'x-ref': 'system/outlet' },
      reservation_id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/reservation' },
      covers: { type: 'integer', minimum: 1, maximum: 40 },
    },
  },
  async handler(c, input) {
    const day = await openBusinessDay(c.trx, c.auth.branchId);
    const [stay] = (await entitled(c.trx, c.auth.branchId, input.outlet_id, day, input.reservation_id)).rows;
    if (!stay) throw invalid([{ field: 'reservation_id', key: 'pos-coupon.notEntitled', params: {} }]);
    if (stay.redeemed) throw conflict('pos-coupon.twice', { code: stay.code, covers: stay.redeemed });
    if (input.covers > stay.pax) throw invalid([{ field: 'covers', key: 'pos-coupon.tooMany', params: { pax: stay.pax } }]);
    await sql`
      INSERT INTO pos_coupon (branch_id, outlet_id, reservation_id, date, covers, created_by)
      VALUES (${c.auth.branchId}, ${input.outlet_id}, ${input.reservation_id}, ${day}, ${input.covers}, ${c.auth.user.id})`.execute(c.trx);
    return { code: stay.code, room: stay.room, covers: input.covers };
  },
});

/** `GET /api/pointofsales/breakfast/:outlet` — the day's entitled stays with what each redeemed, and the day's covers. */
export async function breakfastRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/pointofsales/breakfast/:outlet',
    {
      preValidation: needsRight(ctx, COUPON, 'view'),
      schema: {
        tags: ['pointofsales'],
        summary: "The day's breakfast coupons of an outlet: the stays entitled, their guests and what each redeemed",
        params: {
          type: 'object',
          required: ['outlet'],
          additionalProperties: false,
          properties: { outlet: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const day = await openBusinessDay(ctx.db, auth.branchId);
      const { rows } = await entitled(ctx.db, auth.branchId, (req.params as { outlet: number }).outlet, day);
      return {
        date: day,
        rows,
        entitled: rows.reduce((n, r) => n + r.pax, 0),
        redeemed: rows.reduce((n, r) => n + (r.redeemed ?? 0), 0),
      };
    },
  );
}
