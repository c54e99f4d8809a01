import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import type { AppContext } from '../../../context.js';
import { needsRight } from '../../../http/rbac.js';
import { requireAuth } from '../../../http/session.js';
import { propertyContext } from '../../../reports/runner.js';
import { auditChecks } from './checks.js';
import { keptReport, keptReports } from './reportSet.js';
import { NIGHT_AUDIT } from './nightAuditFlow.js';

const date = { type: 'string', format: 'date' } as const;
/** a year of closed days at most in one list */
const KEPT_RANGE = [{ from: 'from', to: 'to', maxDays: 366 }];

/**
 * What the night auditor reads beside the run: the checks of the open day as they stand now, and the report
 * sets the audits kept for the closed days (each as it was printed that night).
 */
export async function nightAuditRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/frontoffice/night-audit/checks',
    {
      preValidation: needsRight(ctx, NIGHT_AUDIT, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: 'The night-audit checks of the open business day: departures not out, in-house stays without a rate, arrivals not arrived',
      },
    },
    async (req) => {
      const { branchId } = requireAuth(req);
      const day = (await propertyContext(ctx.db, branchId)).businessDate;
      return { business_date: day, problems: await auditChecks(ctx.db, branchId, day) };
    },
  );

  app.get(
    '/api/frontoffice/night-audit/reports',
    {
      preValidation: needsRight(ctx, NIGHT_AUDIT, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: 'The report sets the night audit kept, per closed business day in [from, to] (default: the last 31 days), newest first',
        querystring: { type: 'object', additionalProperties: false, 'x-dateRanges': KEPT_RANGE, properties: { from: date, to: date } },
      },
    },
    async (req) => {
      const { branchId } = requireAuth(req);
      const q = req.query as { from?: string; to?: string };
      const to = q.to ?? (await propertyContext(ctx.db, branchId)).businessDate;
      const from = q.from ?? dayjs(to).subtract(31, 'day').format('YYYY-MM-DD');
      return { from, to, rows: await keptReports(ctx.db, branchId, from, to) };
    },
  );

  app.get(
    '/api/frontoffice/night-audit/reports/:date/:code',
    {
      preValidation: needsRight(ctx, NIGHT_AUDIT, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: 'One report of a closed day exactly as the night audit kept it (rows, totals, parameters, when it ran)',
        params: {
          type: 'object',
          required: ['date', 'code'],
          additionalProperties: false,
          properties: { date, code: { type: 'string', pattern: '^[a-z0-9-]{1,60}$' } },
        },
      },
    },
    async (req) => {
      const p = req.params as { date: string; code: string };
      return keptReport(ctx.db, requireAuth(req).branchId, p.date, p.code);
    },
  );
}
