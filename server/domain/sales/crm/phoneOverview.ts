import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connect.js';
import { needsRight } from '../../../http/rbac.js';
import { requireAuth } from '../../../http/session.js';
import { businessDateOf } from '../../frontoffice/roomPlan.js';
import { personOf } from './team.js';
import { weightedValue } from './leads.js';

export const APP = 'sales.app';

/** A sales person's day on the phone: today's diary, their open pipeline, and the month's production against budget. */
export async function phoneOverview(db: Db, branch: number, person: number) {
  const day = await businessDateOf(db, branch);
  const month = dayjs(day).startOf('month').format('YYYY-MM-DD');
  const { rows: today } = await sql<Record<string, unknown>>`
    SELECT a.id::int AS id, a.subject, coalesce(b.name, a.company) AS company, t.kind, t.name AS type, t.name_id AS type_id_name,
           a.status, a.outcome, a.version, a.lead_id::int AS lead_id
      FROM sls_activity a JOIN sls_plan_type t ON t.branch_id = a.branch_id AND t.id = a.plan_type_id
      LEFT JOIN business_account b ON b.branch_id = a.branch_id AND b.id = a.account_id
     WHERE a.branch_id = ${branch} AND a.person_id = ${person} AND a.activity_date = ${day}::date AND a.status <> 'cancelled'
     ORDER BY a.status DESC, a.id`.execute(db);
  const { rows: leads } = await sql<{
    id: number;
    number: string;
    name: string;
    stage: string;
    stage_id_name: string | null;
    value: string;
    probability: string;
    expected_close: string;
  }>`
    SELECT l.id::int AS id, l.number, l.name, s.name AS stage, s.name_id AS stage_id_name, l.value::text AS value,
           s.probability::text AS probability, l.expected_close::text AS expected_close
      FROM sls_lead l JOIN sls_stage s ON s.branch_id = l.branch_id AND s.id = l.stage_id
     WHERE l.branch_id = ${branch} AND l.owner_id = ${person} AND s.outcome = 'open' AND l.active
     ORDER BY l.expected_close, l.id`.execute(db);
  const pipeline = leads.reduce(
    (sum, l) => ({ value: sum.value.add(l.value), weighted: sum.weighted.add(weightedValue(l.value, l.probability)) }),
    { value: new Decimal(0), weighted: new Decimal(0) },
  );
  const { rows: production } = await sql<{ room_nights: number; revenue: string; budget_nights: number; budget_revenue: string }>`
    SELECT (SELECT count(*)::int FROM sls_account_night n WHERE n.branch_id = ${branch} AND n.person_id = ${person}
               AND n.status IN ('in_house', 'checked_out') AND n.night >= ${month}::date AND n.night <= ${day}::date) AS room_nights,
           (SELECT coalesce(sum(n.room_revenue), 0)::text FROM sls_account_night n WHERE n.branch_id = ${branch} AND n.person_id = ${person}
               AND n.status IN ('in_house', 'checked_out') AND n.night >= ${month}::date AND n.night <= ${day}::date) AS revenue,
           (SELECT coalesce(sum(b.room_nights), 0)::int FROM sls_budget b WHERE b.branch_id = ${branch} AND b.person_id = ${person} AND b.month = ${month}::date) AS budget_nights,
           (SELECT coalesce(sum(b.revenue), 0)::text FROM sls_budget b WHERE b.branch_id = ${branch} AND b.person_id = ${person} AND b.month = ${month}::date) AS budget_revenue`.execute(
    db,
  );
  return {
    businessDate: day,
    today,
    leads: leads.map((l) => ({ ...l, weighted: weightedValue(l.value, l.probability) })),
    pipeline: { count: leads.length, value: pipeline.value.toFixed(2), weighted: pipeline.weighted.toFixed(2) },
    production: { month, ...production[0] },
  };
}

export async function phoneRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/sales/app/overview',
    {
      preValidation: needsRight(ctx, APP, 'view'),
      schema: { tags: ['sales'], summary: "The signed-in sales person's day: diary, pipeline, production against budget" },
    },
    async (req) => {
      const auth = requireAuth(req);
      const me = await personOf(ctx.db, auth);
      if (!me) return { person: null };
      const { rows: types } = await sql<{ id: number; code: string; name: string; name_id: string | null; kind: string }>`
        SELECT id::int AS id, code, name, name_id, kind FROM sls_plan_type WHERE branch_id = ${auth.branchId} AND active ORDER BY code`.execute(
        ctx.db,
      );
      return { person: me, types, ...(await phoneOverview(ctx.db, auth.branchId, me.id)) };
    },
  );
}
