import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { needsRight } from '../../../http/rbac.js';
import { requireAuth } from '../../../http/session.js';
import { propertyContext } from '../../../reports/runner.js';
import { auditChecks } from './checks.js';
import { NIGHT_AUDIT } from './nightAuditFlow.js';

/** What the night auditor reads beside the run: the checks of the open day as they stand now. */
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
}
