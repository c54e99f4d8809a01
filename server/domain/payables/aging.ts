import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { AGING_BUCKETS } from '../finance/aging.js';

/**
 * What is owed to suppliers on a day, by bucket of days past due — the same database rule (aging_bucket) the
 * aging report uses, so the two always agree; each bucket says the days it covers.
 */
export async function payablesAgingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/payables/aging',
    {
      preValidation: needsRight(ctx, 'accountpayable.report', 'view'),
      schema: {
        tags: ['payables'],
        summary: 'Payables owed on a day by days past due: current, 1-30, 31-60, 61-90, over 90 (a boundary day in the lower bucket)',
        querystring: {
          type: 'object',
          required: ['as_of'],
          additionalProperties: false,
          properties: {
            as_of: { type: 'string', format: 'date' },
            supplier_id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 },
          },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { as_of, supplier_id } = req.query as { as_of: string; supplier_id?: number };
      const { rows } = await sql<{ bucket: string; amount: string; invoices: number }>`
        SELECT aging_bucket(${as_of}::date - o.due_date) AS bucket, sum(o.balance)::text AS amount, count(*)::int AS invoices
          FROM (SELECT coalesce(i.due_date, i.invoice_date) AS due_date, sum(l.amount) AS balance
                  FROM ap_invoice i JOIN ap_ledger l ON l.branch_id = i.branch_id AND l.invoice_id = i.id AND l.date <= ${as_of}::date
                 WHERE i.branch_id = ${auth.branchId} AND (${supplier_id ?? null}::bigint IS NULL OR i.supplier_id = ${supplier_id ?? null}::bigint)
                 GROUP BY i.id, i.due_date, i.invoice_date HAVING sum(l.amount) <> 0) o
         GROUP BY 1`.execute(ctx.db);
      const found = new Map(rows.map((r) => [r.bucket, r]));
      const buckets = AGING_BUCKETS.map((b) => ({
        ...b,
        amount: new Decimal(found.get(b.code)?.amount ?? 0).toFixed(2),
        invoices: found.get(b.code)?.invoices ?? 0,
      }));
      return { as_of, buckets, total: buckets.reduce((s, b) => s.plus(b.amount), new Decimal(0)).toFixed(2) };
    },
  );
}
