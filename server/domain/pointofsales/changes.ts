import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { ChangeLog } from '../../feeds/changeFeed.js';
import { feedRoute } from '../../feeds/feedRoute.js';
import { needsAnyRight } from '../../http/rbac.js';
import { ORDER } from './bill.js';
import { AMENITY_BOARD, BOARD } from './kitchen.js';
import { TABLE_PLAN } from './tablePlan.js';

export interface PosChange {
  id: number;
  /** checks, items or table-bookings: a screen reads again what it shows of them */
  what: string;
}

/** The point of sales' change signals (pos_change, kept by triggers on checks, their items and table bookings). */
const posChanges: ChangeLog<PosChange> = {
  async latest(db, branch) {
    const { rows } = await sql<{ id: number }>`SELECT coalesce(max(id), 0)::int AS id FROM pos_change WHERE branch_id = ${branch}`.execute(
      db,
    );
    return rows[0].id;
  },
  async after(db, branch, after) {
    const { rows } = await sql<PosChange>`
      SELECT id::int AS id, what FROM pos_change WHERE branch_id = ${branch} AND id > ${after} ORDER BY id LIMIT 500`.execute(db);
    return rows;
  },
  async prune(db, branch) {
    await sql`DELETE FROM pos_change WHERE branch_id = ${branch} AND at < now() - interval '1 day'`.execute(db);
  },
};

/**
 * `GET /api/pointofsales/changes`: what the waiting-orders boards (kitchen, bar, amenities), the table plan and the
 * order terminals follow, so an order sent at a table shows in the kitchen, and a table paid shows on the plan,
 * within a second and without asking every few seconds.
 */
export async function changeRoutes(app: FastifyInstance, ctx: AppContext) {
  feedRoute(app, ctx, {
    url: '/api/pointofsales/changes',
    tag: 'pointofsales',
    what: 'Point-of-sales changes (signals to read a board or the table plan again)',
    preValidation: needsAnyRight(ctx, [
      { resource: BOARD, action: 'view' },
      { resource: AMENITY_BOARD, action: 'view' },
      { resource: TABLE_PLAN, action: 'view' },
      { resource: ORDER, action: 'view' },
    ]),
    log: posChanges,
  });
}
