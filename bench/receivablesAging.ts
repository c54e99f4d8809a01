import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../server/db/connect.js';
import { DEFAULT_ROW_CAP, checkParameters, reportStatement, runReport } from '../server/reports/runner.js';
import { FROM } from './support/benchHotel.js';
import { ms } from './stats.js';
import { alternate, Findings, historyLoaded, type SuiteContext } from './support/suite.js';

const ACCOUNTS = 500;
const INVOICES = 100_000;
const BRANCH = 1;

/**
 * Receivables aging by account (customer-ar-aging-list) over 100,000 open city-ledger invoices of 500 business
 * accounts, dated over the last 180 days (every bucket filled) and one in five paid in part: the report runner
 * (sandbox transaction, report role, bound parameters, cap, exact totals) against its own statement sent
 * directly, and the report over HTTP as JSON. The volume is this suite's own, loaded with plain SQL.
 */
export async function benchReceivablesAging(ctx: SuiteContext): Promise<Findings> {
  const db = ctx.database.db;
  const t0 = performance.now();
  await loadReceivables(db);
  const f = new Findings(`${ctx.label}, receivables aging over ${INVOICES.toLocaleString('en')} open invoices`);
  f.note(
    'receivables loaded',
    `${INVOICES.toLocaleString('en')} invoices of ${ACCOUNTS} accounts in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  await historyLoaded(db);
  const def = ctx.meta.reports.get('customer-ar-aging-list');
  if (!def) throw new Error('customer-ar-aging-list is not in the project');
  const given = { as_of: FROM };
  const all: Record<string, unknown> = { ...checkParameters(def, given, FROM), branch_id: BRANCH };
  for (const name of Object.keys(def.parameters?.properties ?? {})) if (!(name in all)) all[name] = null;
  const statement = reportStatement(def, all, def.rowCap ?? DEFAULT_ROW_CAP);
  const raw = () => db.executeQuery(CompiledQuery.raw(statement.text, statement.values));
  await raw();
  let rows = 0;
  const [runner, direct] = await alternate(8, async () => (rows = (await runReport(db, def, given, BRANCH)).rows.length), raw);
  f.compare(
    'report runner, aging at the business day',
    runner,
    direct,
    { p95Ms: 3000, ratio: 1.3 },
    `${rows.toLocaleString('en')} accounts`,
  );

  const [http, sqlOnly] = await alternate(6, () => ctx.admin.ok(`/api/reports/customer-ar-aging-list?as_of=${FROM}`), raw);
  f.compare('the aging over HTTP as JSON', http, sqlOnly, { p95Ms: 4000, ratio: 1.3 });
  f.note('same SQL directly', `p50 ${ms(sqlOnly.p50)}`);
  return f;
}

/** 500 accounts allowed the city ledger, 200 invoices each over the last 180 days, one in five paid in part. */
async function loadReceivables(db: Db) {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    await sql`
      INSERT INTO business_account (branch_id, code, kind, name, city_ledger, credit_limit, payment_term_days)
      SELECT ${BRANCH}, 'BA' || lpad(g::text, 4, '0'), 'company', 'PT Bench ' || g, true, 1000000000, 30 FROM generate_series(1, ${ACCOUNTS}) g`.execute(
      trx,
    );
    await sql`
      INSERT INTO ar_invoice (branch_id, number, kind, account_id, date, due_date, source, status, total, settled, posted_at)
      SELECT ${BRANCH}, 'CL-BENCH-' || g, 'city_ledger', a.id, ${FROM}::date - (g % 180), ${FROM}::date - (g % 180) + 30, 'folio', 'posted',
             1000000 + (g % 97) * 12500, 0, now()
        FROM generate_series(1, ${INVOICES}) g
        JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM business_account WHERE branch_id = ${BRANCH} AND code LIKE 'BA%') a
          ON a.n = g % ${ACCOUNTS}`.execute(trx);
    // the transfers that paid them, one receipt standing for them all
    const { rows } = await sql<{ id: number }>`
      INSERT INTO ar_receipt (branch_id, number, account_id, date, bank_account_id, amount, status, applied, credit)
      SELECT ${BRANCH}, 'RC-BENCH', a.id, ${FROM}, g.id, 5000000000, 'posted', 5000000000, 0
        FROM business_account a, gl_account g WHERE a.branch_id = ${BRANCH} AND a.code = 'BA0001' AND g.branch_id = ${BRANCH} AND g.code = '1102.01'
      RETURNING id`.execute(trx);
    await sql`
      INSERT INTO ar_allocation (branch_id, invoice_id, receipt_id, date, amount)
      SELECT branch_id, id, ${rows[0].id}, date, 250000 FROM ar_invoice WHERE branch_id = ${BRANCH} AND number LIKE 'CL-BENCH-%' AND id % 5 = 0`.execute(
      trx,
    );
    await sql`
      UPDATE ar_invoice SET settled = 250000 WHERE branch_id = ${BRANCH} AND number LIKE 'CL-BENCH-%' AND id % 5 = 0`.execute(trx);
  });
}
