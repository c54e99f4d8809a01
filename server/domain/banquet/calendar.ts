import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';

/** The longest stretch the function calendar shows at once. */
export const CALENDAR_MAX_DAYS = 14;

/**
 * The function calendar's rows and blocks: every active venue (with the rooms a combined one is made of) and
 * every sitting of a live event that touches the days asked, with the stretch its set-up and tear-down hold.
 */
export async function calendarRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/banquet/calendar',
    {
      preValidation: needsRight(ctx, 'banquet.calendar', 'view'),
      schema: {
        tags: ['banquet'],
        summary: `Venues and the sittings of inquiries, tentative and definite events over up to ${CALENDAR_MAX_DAYS} days from a date (the business day when none is given)`,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            from: { type: 'string', format: 'date' },
            days: { type: 'integer', minimum: 1, maximum: CALENDAR_MAX_DAYS, default: 7 },
          },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const q = req.query as { from?: string; days: number };
      const { rows: setup } = await sql<{
        d: string;
      }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${auth.branchId}`.execute(ctx.db);
      const businessDate = setup[0]?.d ?? dayjs().format('YYYY-MM-DD');
      // the first day asked for; the business day when none is
      const from = q.from ?? businessDate;
      const days = q.days;
      const to = dayjs(from).add(days, 'day').format('YYYY-MM-DD');
      const { rows: venues } = await sql`
        SELECT v.id, v.code, v.name, coalesce(v.name_id, v.name) AS name_id, v.color,
               coalesce((SELECT array_agg(p.part_id::int ORDER BY p.line_no) FROM bq_venue_part p WHERE p.branch_id = v.branch_id AND p.venue_id = v.id), '{}') AS parts
          FROM bq_venue v WHERE v.branch_id = ${auth.branchId} AND v.active ORDER BY v.code`.execute(ctx.db);
      const { rows: sittings } = await sql`
        SELECT a.id, a.version, a.event_id, e.number, e.name AS event, e.status, a.venue_id, a.activity_date::text AS activity_date,
               a.start_time, a.end_time, to_char(a.starts_at, 'YYYY-MM-DD"T"HH24:MI') AS starts_at, to_char(a.ends_at, 'YYYY-MM-DD"T"HH24:MI') AS ends_at,
               a.title, s.name AS setup, coalesce(s.name_id, s.name) AS setup_id, s.setup_minutes, s.teardown_minutes,
               coalesce(a.pax, e.pax_guaranteed, e.pax_expected) AS pax
          FROM bq_event_activity a
          JOIN bq_event e ON e.branch_id = a.branch_id AND e.id = a.event_id AND e.status <> 'cancelled'
          JOIN bq_setup s ON s.branch_id = a.branch_id AND s.id = a.setup_id
         WHERE a.branch_id = ${auth.branchId} AND a.ends_at > ${from}::timestamp AND a.starts_at < ${to}::timestamp
         ORDER BY a.starts_at`.execute(ctx.db);
      return { from, days, businessDate, venues, sittings };
    },
  );
}
