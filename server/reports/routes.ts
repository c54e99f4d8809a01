import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { requireRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';
import { runReport } from './runner.js';

export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/reports/:code', {
    schema: {
      tags: ['reports'],
      summary: 'Run a report by code; parameters as query string',
      params: { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 80 } } },
      querystring: { type: 'object', maxProperties: 30, additionalProperties: { type: 'string', maxLength: 200 } },
    },
  }, async (req) => {
    const { code } = req.params as { code: string };
    const def = ctx.meta.reports.get(code);
    if (!def) throw notFound(`report ${code}`);
    const auth = def.permission ? requireRight(ctx, req, def.permission, 'view') : requireAuth(req);
    return runReport(ctx.db, def, req.query as Record<string, unknown>, auth.branchId);
  });
}
