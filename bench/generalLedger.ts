import { CompiledQuery, sql } from 'kysely';
import { DEFAULT_ROW_CAP, reportStatement, runReport } from '../server/reports/runner.js';
import { FROM } from './support/benchHotel.js';
import { ms } from './stats.js';
import { alternate, Findings, historyLoaded, type SuiteContext } from './support/suite.js';

const JOURNALS = 250_000;
const LINES = JOURNALS * 4;
const BRANCH = 1;

/**
 * The statements over a ledger of 1,000,000 journal lines (250,000 journals of four lines over 23 months):
 * the trial balance and the USALI profit and loss through the report runner (sandbox transaction, report
 * role, row-level security, bound parameters, cap, exact totals) against the same statement sent directly.
 */
export async function benchGeneralLedger(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, ledger of ${LINES.toLocaleString('en')} lines`);
  const db = ctx.database.db;
  const l0 = performance.now();
  await loadLedger(ctx);
  f.note('ledger loaded', `${((performance.now() - l0) / 1000).toFixed(1)} s`);
  await historyLoaded(db);

  const params = { date_from: '2026-01-01', date_to: FROM };
  for (const [code, name] of [
    ['trial-balance', 'Trial_Balance'],
    ['profit-loss', 'profit and loss (period, YTD, last year)'],
  ]) {
    const def = ctx.meta.reports.get(code)!;
    const statement = reportStatement(def, { ...params, branch_id: BRANCH }, def.rowCap ?? DEFAULT_ROW_CAP);
    const [runner, raw] = await alternate(
      5,
      () => runReport(db, def, params, BRANCH),
      () => db.executeQuery(CompiledQuery.raw(statement.text, statement.values)),
    );
    f.compare(`${name} runner`, runner, raw, { p95Ms: ctx.kind === 'pglite' ? 20_000 : 5_000, ratio: 1.3 });
  }
  const t0 = performance.now();
  await ctx.admin.ok(`/api/reports/trial-balance?date_from=2026-01-01&date_to=${FROM}`);
  f.note('Trial_Balance over HTTP as JSON', ms(performance.now() - t0));
  return f;
}

/**
 * Balanced journals written in two statements. The balance trigger is switched off for the load only (it
 * would check each of the million lines at commit); the ledger is checked once afterwards instead.
 */
async function loadLedger(ctx: SuiteContext) {
  await ctx.database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`
      INSERT INTO gl_journal (branch_id, date, source, source_type, key, content_hash, description, total)
      SELECT ${BRANCH}, ${'2025-01-01'}::date + (g % 690), 'bench', 'bench', 'bench:' || g, 'bench', 'Bench journal ' || g,
             1000 + (g::bigint * 7919) % 5000000
        FROM generate_series(1, ${JOURNALS}) g`.execute(trx);
    await sql`
      WITH acc AS (SELECT array_agg(id ORDER BY code) AS a FROM gl_account WHERE branch_id = ${BRANCH} AND posting)
      INSERT INTO gl_journal_line (branch_id, journal_id, line_no, account_id, debit, credit)
      SELECT ${BRANCH}, j.id, n, acc.a[1 + ((j.id * 31 + n * 17) % array_length(acc.a, 1))],
             CASE WHEN n <= 2 THEN x.amount ELSE 0 END, CASE WHEN n > 2 THEN x.amount ELSE 0 END
        FROM gl_journal j CROSS JOIN acc CROSS JOIN generate_series(1, 4) n
             CROSS JOIN LATERAL (SELECT CASE WHEN n IN (1, 3) THEN floor(j.total / 2) ELSE j.total - floor(j.total / 2) END AS amount) x
       WHERE j.branch_id = ${BRANCH} AND j.source = 'bench'`.execute(trx);
  });
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT journal_id FROM gl_journal_line WHERE branch_id = ${BRANCH}
      GROUP BY journal_id HAVING sum(debit) <> sum(credit)) x`.execute(ctx.database.db);
  if (rows[0].n) throw new Error(`${rows[0].n} bench journals do not balance`);
}
