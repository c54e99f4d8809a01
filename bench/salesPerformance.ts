import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../server/db/connect.js';
import { DEFAULT_ROW_CAP, checkParameters, reportStatement, runReport } from '../server/reports/runner.js';
import { FROM } from './support/benchHotel.js';
import { alternate, Findings, historyLoaded, type SuiteContext } from './support/suite.js';

const BRANCH = 1;
const ACCOUNTS = 40;
const STAYS_PER_DAY = 100;
const DAYS = 1096;
const PERIOD = { date_from: '2023-11-24', date_to: FROM };

/**
 * Sales performance (actual against budget per sales person and segment) over three years of stays: 100 account
 * bookings arriving every day for 1,096 days (about 110,000 stays, 220,000 nights) on 40 accounts of the three sales
 * people, beside the bench hotel's own 200,000 stays, with 36 months of budgets. The report runner (sandbox, report
 * role, bound parameters, cap, exact totals and the achievement ratio) and the report over HTTP, each against its
 * own statement sent directly. The volume is this suite's own, loaded with plain SQL.
 */
export async function benchSalesPerformance(ctx: SuiteContext): Promise<Findings> {
  const db = ctx.database.db;
  const t0 = performance.now();
  const stays = await loadProduction(db);
  const f = new Findings(`${ctx.label}, sales performance over 3 years`);
  f.note('account production loaded', `${stays.toLocaleString('en')} stays in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await historyLoaded(db);

  const def = ctx.meta.reports.get('sales-performance');
  if (!def) throw new Error('sales-performance is not in the project');
  const all: Record<string, unknown> = { ...checkParameters(def, PERIOD, FROM), branch_id: BRANCH };
  const statement = reportStatement(def, all, def.rowCap ?? DEFAULT_ROW_CAP);
  const raw = () => db.executeQuery(CompiledQuery.raw(statement.text, statement.values));
  await raw();
  let rows = 0;
  const [runner, direct] = await alternate(8, async () => (rows = (await runReport(db, def, PERIOD, BRANCH)).rows.length), raw);
  f.compare('report runner', runner, direct, { p95Ms: 15_000, ratio: 1.3 }, `${rows} rows`);
  const query = new URLSearchParams(PERIOD).toString();
  const [http, direct2] = await alternate(6, () => ctx.admin.ok(`/api/reports/sales-performance?${query}`), raw);
  f.compare('the report over HTTP as JSON', http, direct2, { p95Ms: 15_000, ratio: 1.3 });
  return f;
}

/** Accounts for the three sales people, three years of their bookings (checked out) and their monthly budgets. */
async function loadProduction(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    await sql`
      INSERT INTO business_account (branch_id, code, kind, name, sales_person_id)
      SELECT ${BRANCH}, 'BENCH' || g, 'company', 'PT Bench Account ' || g,
             (SELECT id FROM sls_person WHERE branch_id = ${BRANCH} AND code = (ARRAY['RINA', 'ANDI', 'MAYA'])[1 + g % 3])
        FROM generate_series(1, ${ACCOUNTS}) g`.execute(trx);
    const { rows } = await sql<{ n: number }>`
      WITH a AS MATERIALIZED (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM business_account WHERE branch_id = ${BRANCH} AND code LIKE 'BENCH%'),
      s AS MATERIALIZED (SELECT id FROM segment WHERE branch_id = ${BRANCH} AND code IN ('COR', 'GOV') ORDER BY code),
      -- the property's guests by id (another property's sit between the demo's and the bench hotel's), read once: as a
      -- subquery of each row (the form of the CTEs the planner inlines) three years of stays took more than ten minutes
      g AS (SELECT array_agg(id ORDER BY id) AS ids FROM guest WHERE branch_id = ${BRANCH}),
      ins AS (
        INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, rate_override, rate_override_reason, status, segment_id, account_id)
        SELECT ${BRANCH}, 'SP' || d || '-' || j, g.ids[1 + (d * ${STAYS_PER_DAY} + j) % 40000],
               ${PERIOD.date_from}::date + d, ${PERIOD.date_from}::date + d + 1 + j % 3,
               (SELECT id FROM room_type WHERE branch_id = ${BRANCH} AND code = 'DLX'), 900000 + (j % 7) * 50000, 'Bench contract', 'checked_out',
               (SELECT id FROM s OFFSET j % 2 LIMIT 1), (SELECT id FROM a WHERE a.k = j % ${ACCOUNTS})
          FROM generate_series(0, ${DAYS - 1}) d CROSS JOIN generate_series(1, ${STAYS_PER_DAY}) j CROSS JOIN g
        RETURNING 1)
      SELECT count(*)::int AS n FROM ins`.execute(trx);
    await sql`
      INSERT INTO sls_budget (branch_id, person_id, segment_id, month, room_nights, revenue)
      SELECT ${BRANCH}, p.id, s.id, m::date, 1100, 1100000000
        FROM sls_person p CROSS JOIN segment s
       CROSS JOIN generate_series(date_trunc('month', ${PERIOD.date_from}::date), ${FROM}::date, interval '1 month') m
       WHERE p.branch_id = ${BRANCH} AND s.branch_id = ${BRANCH} AND s.code IN ('COR', 'GOV')
      ON CONFLICT (branch_id, person_id, segment_id, month) DO NOTHING`.execute(trx);
    return rows[0].n;
  });
}
