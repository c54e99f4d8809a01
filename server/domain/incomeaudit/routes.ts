import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { AUDIT_DAY, auditDays, auditSetting, dateInput } from './auditDays.js';
import { reconcile } from './reconciliations.js';

export const DASHBOARD = 'incomeaudit.dashboard';
const dateQuery = { type: 'object', required: ['date'], additionalProperties: false, properties: { date: dateInput } };

/** The auditor's reads: the days and their state, a day's journal summarised by account, the reconciliations. */
export async function incomeAuditRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/incomeaudit/days',
    {
      preValidation: needsRight(ctx, AUDIT_DAY, 'view'),
      schema: { tags: ['incomeaudit'], summary: 'The dates to audit (oldest first) and the last ones closed, with their journal totals' },
    },
    async (req) => {
      const auth = requireAuth(req);
      const s = await auditSetting(ctx.db, auth.branchId);
      return {
        businessDate: s.businessDate,
        openDays: s.days,
        closedThrough: s.closedThrough,
        days: await auditDays(ctx.db, auth.branchId),
      };
    },
  );

  app.get(
    '/api/incomeaudit/journal',
    {
      preValidation: needsRight(ctx, AUDIT_DAY, 'view'),
      schema: {
        tags: ['incomeaudit'],
        summary: "An audit day's journal summarised by account (debit, credit), balanced",
        querystring: dateQuery,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { date } = req.query as { date: string };
      const { rows } = await sql<{ code: string; name: string; debit: string; credit: string }>`
        SELECT a.code, a.name, sum(l.debit)::text AS debit, sum(l.credit)::text AS credit
          FROM gl_journal j JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
          JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
         WHERE j.branch_id = ${auth.branchId} AND j.audit_date = ${date}::date
         GROUP BY a.code, a.name ORDER BY a.code`.execute(ctx.db);
      return { date, accounts: rows };
    },
  );

  app.get(
    '/api/incomeaudit/line',
    {
      preValidation: needsRight(ctx, AUDIT_DAY, 'view'),
      schema: {
        tags: ['incomeaudit'],
        summary: 'A folio line the auditor is about to correct: its day, folio, guest and amount, and whether it was reversed',
        querystring: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { id } = req.query as { id: number };
      const { rows } = await sql<Record<string, unknown>>`
        SELECT l.id, l.business_date::text AS business_date, l.description, l.amount::text AS amount, l.kind, f.code AS folio, l.folio_id,
               g.name AS guest, r.code AS room, l.reverses_id,
               (SELECT x.id FROM folio_line x WHERE x.branch_id = l.branch_id AND x.reverses_id = l.id) AS reversed_by
          FROM folio_line l JOIN folio f ON f.branch_id = l.branch_id AND f.id = l.folio_id
          JOIN reservation v ON v.branch_id = l.branch_id AND v.id = l.reservation_id JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
          LEFT JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
         WHERE l.branch_id = ${auth.branchId} AND l.id = ${id}`.execute(ctx.db);
      if (!rows[0]) throw notFound('folio-line.title');
      return rows[0];
    },
  );

  app.get(
    '/api/incomeaudit/reconciliations',
    {
      preValidation: needsRight(ctx, DASHBOARD, 'view'),
      schema: {
        tags: ['incomeaudit'],
        summary: 'What must tie for an audit day, each with both sums and the difference',
        querystring: dateQuery,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { date } = req.query as { date: string };
      return { date, ties: await reconcile(ctx.db, auth.branchId, date) };
    },
  );
}
