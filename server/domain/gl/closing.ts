import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { HookContext } from '../../data/hooks.js';
import { defineOp } from '../../ops/registry.js';
import { conflict } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { formatDate } from '../../../src/core/format/format.js';
import { openBusinessDay, postJournal, reverseJournal } from './post.js';

const RESOURCE = 'gl.glclosing';
const PERIOD = { type: 'string', pattern: '^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$' };
const YEAR = { type: 'integer', minimum: 1900, maximum: 2100 };
const REASON = { type: 'string', minLength: 3, maxLength: 300 };

/** The journals that close a year carry this source type; the profit and loss leaves them out. */
export const YEAR_CLOSE = 'year_close';

const monthStart = (period: string) => `${period}-01`;
const label = (period: string) => formatDate(monthStart(period)).slice(3);

/**
 * Closes a month that has ended: every posting dated in it is refused from then on (the posting function
 * reads gl_period_close). A month with journals still in draft stays open, so nothing is left behind.
 */
export const closeMonth = defineOp<{ period: string }>({
  name: 'gl.closeMonth',
  summary: 'Close an accounting month (YYYY-MM): postings dated in it are refused',
  resource: RESOURCE,
  action: 'close',
  input: { type: 'object', required: ['period'], additionalProperties: false, properties: { period: PERIOD } },
  async handler(c, { period }) {
    const branch = c.auth.branchId;
    const business = await openBusinessDay(c.trx, branch);
    const end = dayjs(monthStart(period)).endOf('month').format('YYYY-MM-DD');
    if (end >= business) throw conflict('glclosing.notEnded', { period: label(period), date: formatDate(business) });
    const drafts = await one<number>(
      c,
      sql`SELECT count(*)::int AS v FROM gl_entry WHERE branch_id = ${branch} AND status = 'draft'
             AND date >= ${monthStart(period)}::date AND date <= ${end}::date`,
    );
    if (drafts) throw conflict('glclosing.drafts', { period: label(period), count: drafts });
    await refuseHeldJournals(c, monthStart(period), end, label(period));
    const { rows } = await sql`
      INSERT INTO gl_period_close (branch_id, period, closed, closed_by) VALUES (${branch}, ${monthStart(period)}, true, ${c.auth.user.id})
      ON CONFLICT (branch_id, period) DO UPDATE SET closed = true, closed_at = now(), closed_by = EXCLUDED.closed_by
       WHERE NOT gl_period_close.closed
      RETURNING period`.execute(c.trx);
    if (!rows.length) throw conflict('glclosing.alreadyClosed', { period: label(period) });
    return { period, closed: true };
  },
});

/** Reopens a closed month, with the reason written to the audit log; never inside a closed year. */
export const reopenMonth = defineOp<{ period: string; reason: string }>({
  name: 'gl.reopenMonth',
  summary: 'Reopen a closed accounting month, giving the reason (audited)',
  resource: RESOURCE,
  action: 'reopen',
  input: { type: 'object', required: ['period', 'reason'], additionalProperties: false, properties: { period: PERIOD, reason: REASON } },
  async handler(c, { period, reason }) {
    const branch = c.auth.branchId;
    const year = Number(period.slice(0, 4));
    if (await yearClosed(c, year)) throw conflict('glclosing.yearClosed', { year });
    const { rows } = await sql`
      UPDATE gl_period_close SET closed = false, reopened_at = now(), reopened_by = ${c.auth.user.id}, reopen_reason = ${reason}
       WHERE branch_id = ${branch} AND period = ${monthStart(period)}::date AND closed RETURNING period`.execute(c.trx);
    if (!rows.length) throw conflict('glclosing.notClosed', { period: label(period) });
    return { period, closed: false };
  },
});

/**
 * Closes a year: one generated journal dated 31 December moves every revenue and expense account's balance
 * for the year to retained earnings. December must still be open to take it; reopening the year reverses it.
 */
export const closeYear = defineOp<{ year: number }>({
  name: 'gl.closeYear',
  summary: 'Close a year: post its profit to retained earnings (a generated journal dated 31 December)',
  resource: RESOURCE,
  action: 'closeYear',
  input: { type: 'object', required: ['year'], additionalProperties: false, properties: { year: YEAR } },
  async handler(c, { year }) {
    const branch = c.auth.branchId;
    const business = await openBusinessDay(c.trx, branch);
    if (`${year}-12-31` >= business) throw conflict('glclosing.yearNotEnded', { year, date: formatDate(business) });
    if (await yearClosed(c, year)) throw conflict('glclosing.yearAlreadyClosed', { year });
    await refuseHeldJournals(c, `${year}-01-01`, `${year}-12-31`, String(year));
    const { rows } = await sql<{ code: string; balance: string }>`
      SELECT a.code, sum(l.debit - l.credit)::text AS balance
        FROM gl_journal j
        JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
        JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE j.branch_id = ${branch} AND j.date BETWEEN ${`${year}-01-01`}::date AND ${`${year}-12-31`}::date
         AND a.type IN ('revenue', 'expense') AND j.source_type <> ALL(${[YEAR_CLOSE, `${YEAR_CLOSE}_reversal`]}::text[])
       GROUP BY a.code HAVING sum(l.debit - l.credit) <> 0 ORDER BY a.code`.execute(c.trx);
    if (!rows.length) throw conflict('glclosing.nothingToClose', { year });
    const profit = rows.reduce((s, r) => s.minus(r.balance), new Decimal(0));
    const attempt = await one<number>(
      c,
      sql`SELECT count(*)::int AS v FROM gl_journal WHERE branch_id = ${branch} AND source_type = ${YEAR_CLOSE} AND source_id = ${year}`,
    );
    const posted = await postJournal(c.trx, branch, c.auth.user.id, {
      date: `${year}-12-31`,
      source: 'gl',
      sourceType: YEAR_CLOSE,
      sourceId: year,
      key: `gl:year-close:${year}:${attempt + 1}`,
      description: `Year closing ${year}: profit to retained earnings`,
      dating: 'open-period',
      lines: [
        ...rows.map((r) => ({ account: r.code, amount: new Decimal(r.balance).neg() })),
        { role: 'retained_earnings' as const, amount: profit.neg() },
      ],
    });
    await sql`INSERT INTO gl_year_close (branch_id, year, journal_id, closed_by) VALUES (${branch}, ${year}, ${posted.id}, ${c.auth.user.id})`.execute(
      c.trx,
    );
    return { year, journal_id: posted.id, profit: profit.toFixed(2) };
  },
});

/** Reopens a closed year by reversing its closing journal (dated 31 December, so December must be open). */
export const reopenYear = defineOp<{ year: number; reason: string }>({
  name: 'gl.reopenYear',
  summary: 'Reopen a closed year: its closing journal is reversed (audited, with the reason)',
  resource: RESOURCE,
  action: 'reopen',
  input: { type: 'object', required: ['year', 'reason'], additionalProperties: false, properties: { year: YEAR, reason: REASON } },
  async handler(c, { year }) {
    const branch = c.auth.branchId;
    const { rows } = await sql<{ journal_id: number }>`
      DELETE FROM gl_year_close WHERE branch_id = ${branch} AND year = ${year} RETURNING journal_id`.execute(c.trx);
    if (!rows.length) throw conflict('glclosing.yearNotClosed', { year });
    const journal = Number(rows[0].journal_id);
    const reversal = await reverseJournal(c.trx, branch, c.auth.user.id, journal, {
      date: `${year}-12-31`,
      key: `gl:year-close:${year}:reversal:${journal}`,
      description: `Year closing ${year} reopened`,
      sourceType: `${YEAR_CLOSE}_reversal`,
      sourceId: year,
      dating: 'open-period',
    });
    return { year, reversal_id: reversal.id };
  },
});

/** A day the income auditor has not closed would change a month or a year after its close: the close waits for it. */
async function refuseHeldJournals(c: HookContext, from: string, to: string, period: string) {
  const held = await one<number>(
    c,
    sql`SELECT count(*)::int AS v FROM gl_journal WHERE branch_id = ${c.auth.branchId} AND date >= ${from}::date AND date <= ${to}::date
           AND NOT gl_journal_released(branch_id, audit_date)`,
  );
  if (held) throw conflict('glclosing.auditDaysOpen', { period, count: held });
}

async function yearClosed(c: HookContext, year: number) {
  return (
    (await one<number>(c, sql`SELECT count(*)::int AS v FROM gl_year_close WHERE branch_id = ${c.auth.branchId} AND year = ${year}`)) > 0
  );
}

async function one<T>(c: HookContext, q: ReturnType<typeof sql<{ v: T }>>): Promise<T> {
  return (await q.execute(c.trx)).rows[0].v;
}

/** `GET /api/gl/periods?year=` — the twelve months of a year with their state, and whether the year is closed. */
export async function closingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/gl/periods',
    {
      preValidation: needsRight(ctx, RESOURCE, 'view'),
      schema: {
        tags: ['gl'],
        summary: 'The months of a year: closed or open, who closed or reopened them, journals and totals',
        querystring: { type: 'object', required: ['year'], additionalProperties: false, properties: { year: YEAR } },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { year } = req.query as { year: number };
      const { rows } = await sql<Record<string, unknown>>`
        WITH m AS (SELECT generate_series(${`${year}-01-01`}::date, ${`${year}-12-01`}::date, interval '1 month')::date AS period)
        SELECT to_char(m.period, 'YYYY-MM') AS period, coalesce(p.closed, false) AS closed, p.closed_at, cu.full_name AS closed_by,
               p.reopened_at, ru.full_name AS reopened_by, p.reopen_reason,
               (SELECT count(*)::int FROM gl_journal j WHERE j.branch_id = ${auth.branchId}
                   AND j.date >= m.period AND j.date < (m.period + interval '1 month')::date) AS journals,
               (SELECT coalesce(sum(j.total), 0)::text FROM gl_journal j WHERE j.branch_id = ${auth.branchId}
                   AND j.date >= m.period AND j.date < (m.period + interval '1 month')::date) AS total,
               (SELECT count(*)::int FROM gl_entry e WHERE e.branch_id = ${auth.branchId} AND e.status = 'draft'
                   AND e.date >= m.period AND e.date < (m.period + interval '1 month')::date) AS drafts
          FROM m
          LEFT JOIN gl_period_close p ON p.branch_id = ${auth.branchId} AND p.period = m.period
          LEFT JOIN app_user cu ON cu.id = p.closed_by
          LEFT JOIN app_user ru ON ru.id = p.reopened_by
         ORDER BY m.period`.execute(ctx.db);
      const closing = await sql<{ journal_id: number; closed_at: string }>`
        SELECT journal_id, closed_at FROM gl_year_close WHERE branch_id = ${auth.branchId} AND year = ${year}`.execute(ctx.db);
      const business = (
        await sql<{ d: string }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${auth.branchId}`.execute(ctx.db)
      ).rows[0]?.d;
      return { year, businessDate: business ?? null, yearClosed: closing.rows[0] ?? null, months: rows };
    },
  );
}
