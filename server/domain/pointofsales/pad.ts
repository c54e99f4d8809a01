import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { ORDER } from './bill.js';

/**
 * `GET /api/pointofsales/pad/:outlet` — what the touch terminal of an outlet shows in one answer: its tables by
 * area with their place on the plan and state (free; seated, nothing sent; ordered, the kitchen at work; served,
 * all out; printed, the bill is on the table; paid, being cleared for a quarter of an hour) and open
 * bill, the bills open without a table (room service, take-away), and the menu by group with modifiers.
 */
export async function padRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/pointofsales/pad/:outlet',
    {
      preValidation: needsRight(ctx, ORDER, 'view'),
      schema: {
        tags: ['pointofsales'],
        summary: "An outlet's tables with their state and open bill, and its menu by group, for the touch terminal",
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
      const outlet = (req.params as { outlet: number }).outlet;
      const branch = auth.branchId;
      const [tables, loose, groups, dishes] = await Promise.all([
        sql<Record<string, unknown>>`
          SELECT t.id::int AS id, t.code, coalesce(t.area, '') AS area, t.seats, t.plan_x, t.plan_y, c.id::int AS check_id, c.number, c.covers,
                 c.total::text AS total, floor(extract(epoch FROM now() - coalesce(c.created_at, p.closed_at)) / 60)::int AS minutes,
                 CASE WHEN c.id IS NULL AND p.closed_at IS NOT NULL THEN 'paid'
                      WHEN c.id IS NULL THEN 'free'
                      WHEN EXISTS (SELECT 1 FROM pos_ticket k WHERE k.branch_id = c.branch_id AND k.check_id = c.id AND k.kind = 'bill') THEN 'printed'
                      WHEN NOT EXISTS (SELECT 1 FROM pos_check_item i WHERE i.branch_id = c.branch_id AND i.check_id = c.id AND i.status IN ('sent', 'ready')) THEN 'seated'
                      WHEN EXISTS (SELECT 1 FROM pos_check_item i WHERE i.branch_id = c.branch_id AND i.check_id = c.id AND i.status = 'sent') THEN 'ordered'
                      ELSE 'served' END AS state
            FROM pos_table t
            LEFT JOIN pos_check c ON c.branch_id = t.branch_id AND c.table_id = t.id AND c.status = 'open' AND c.split_of IS NULL
            -- a table whose bill was paid in the last quarter of an hour is being cleared: not yet free for the next guests
            LEFT JOIN LATERAL (
              SELECT max(d.closed_at) AS closed_at FROM pos_check d
               WHERE d.branch_id = t.branch_id AND d.table_id = t.id AND d.status = 'paid' AND d.closed_at > now() - interval '15 minutes'
            ) p ON true
           WHERE t.branch_id = ${branch} AND t.outlet_id = ${outlet} AND t.active
           ORDER BY t.area, t.code`.execute(ctx.db),
        sql<Record<string, unknown>>`
          SELECT c.id::int AS id, c.number, c.guest_name, t.code AS table_code, c.total::text AS total
            FROM pos_check c LEFT JOIN pos_table t ON t.branch_id = c.branch_id AND t.id = c.table_id
           WHERE c.branch_id = ${branch} AND c.outlet_id = ${outlet} AND c.status = 'open' AND (c.table_id IS NULL OR c.split_of IS NOT NULL)
           ORDER BY c.id`.execute(ctx.db),
        sql<Record<string, unknown>>`
          SELECT DISTINCT g.id::int AS id, g.code, g.name, g.name_id, g.sort_no
            FROM pos_group g JOIN pos_menu m ON m.branch_id = g.branch_id AND m.group_id = g.id
           WHERE g.branch_id = ${branch} AND m.outlet_id = ${outlet} AND m.active AND g.active
           ORDER BY g.sort_no, g.code`.execute(ctx.db),
        sql<Record<string, unknown>>`
          SELECT m.id::int AS id, m.code, m.name, m.name_id, m.group_id::int AS group_id, m.price::text AS price, m.available,
                 coalesce((SELECT json_agg(json_build_object('name', mm.name, 'price', mm.price::text) ORDER BY mm.line_no) FROM pos_menu_modifier mm
                            WHERE mm.branch_id = m.branch_id AND mm.menu_id = m.id), '[]') AS modifiers
            FROM pos_menu m
           WHERE m.branch_id = ${branch} AND m.outlet_id = ${outlet} AND m.active
           ORDER BY m.code`.execute(ctx.db),
      ]);
      return { tables: tables.rows, open: loose.rows, groups: groups.rows, dishes: dishes.rows };
    },
  );
}
