import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../server/db/connect.js';
import { DEFAULT_ROW_CAP, checkParameters, reportStatement, runReport } from '../server/reports/runner.js';
import { FROM } from './support/benchHotel.js';
import { ms } from './stats.js';
import { alternate, Findings, historyLoaded, type SuiteContext } from './support/suite.js';

const ITEMS = 2_000;
const STORES = 10;
/** a movement every fortnight per store and item over the year before the business day: in, out, in, out … */
const MOVES_PER_PAIR = 26;
const BRANCH = 1;
const MONTH_BACK = '2026-10-23';

/**
 * Stock on hand (report-soh) over 2,000 items in 10 stores with a year of movements (520,000 ledger rows): at
 * the end of the business day (the balances) and a month back (no month closed, so eleven months of movements
 * are summed — the worst case), the report runner (sandbox transaction, report role, bound parameters, cap,
 * exact totals) against its own statement sent directly; and the report over HTTP as JSON. The volume is
 * this suite's own, loaded with plain SQL.
 */
export async function benchStockOnHand(ctx: SuiteContext): Promise<Findings> {
  const db = ctx.database.db;
  const t0 = performance.now();
  const moves = await loadStock(db);
  const f = new Findings(`${ctx.label}, stock on hand of ${ITEMS.toLocaleString('en')} items × ${STORES} stores`);
  f.note('stock ledger loaded', `${moves.toLocaleString('en')} movements in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await historyLoaded(db);

  const def = ctx.meta.reports.get('report-soh');
  if (!def) throw new Error('report-soh is not in the project');
  const statementFor = (given: Record<string, unknown>) => {
    const all: Record<string, unknown> = { ...checkParameters(def, given, FROM), branch_id: BRANCH };
    for (const name of Object.keys(def.parameters?.properties ?? {})) if (!(name in all)) all[name] = null;
    return reportStatement(def, all, def.rowCap ?? DEFAULT_ROW_CAP);
  };
  // the business day reads the balances; a day a month back sums the year's movements (no month closed)
  for (const [name, asOf, p95Ms] of [
    ['at the end of the business day', FROM, 2000],
    ['a month back, from the ledger', MONTH_BACK, 12_000],
  ] as const) {
    const given = { as_of: asOf };
    const statement = statementFor(given);
    const raw = () => db.executeQuery(CompiledQuery.raw(statement.text, statement.values));
    let rows = 0;
    const viaRunner = async () => (rows = (await runReport(db, def, given, BRANCH)).rows.length);
    // each once before timing (the first run compiles the parameters' validator); twelve alternated runs, as a run
    // of 20,000 rows varies by ±15 % on this machine
    await raw();
    await viaRunner();
    const [runner, direct] = await alternate(12, viaRunner, raw);
    f.compare(`report runner, ${name}`, runner, direct, { p95Ms, ratio: 1.3 }, `${rows.toLocaleString('en')} rows`);
  }

  const statement = statementFor({ as_of: FROM });
  const [http, raw] = await alternate(
    6,
    () => ctx.admin.ok(`/api/reports/report-soh?as_of=${FROM}`),
    () => db.executeQuery(CompiledQuery.raw(statement.text, statement.values)),
  );
  const json = await ctx.admin.ok(`/api/reports/report-soh?as_of=${FROM}`);
  f.note(
    'the report over HTTP as JSON, at the end of the business day',
    f.goal(
      'report JSON',
      http.p95 <= 4000,
      `p50 ${ms(http.p50)} / p95 ${ms(http.p95)} (goal p95 ≤ 4000 ms), same SQL p50 ${ms(raw.p50)}, ${(json.bytes / 1024 / 1024).toFixed(1)} MB as sent (${json.encoding})`,
    ),
  );
  return f;
}

/**
 * 10 stores, 2,000 items and, for every store and item, an opening receipt a year back then a movement every
 * fortnight (in 12, out 7 alternately, at the item's cost), with the on-hand after each and the balance row it
 * ends on. Plain bulk SQL without the app's statement limit; the app's own statistics pass does not see it,
 * as a property's ledger grows between two of them.
 */
async function loadStock(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    await sql`
      INSERT INTO inv_store (branch_id, code, name, kind)
      SELECT ${BRANCH}, 'BS' || lpad(g::text, 2, '0'), 'Bench store ' || g, 'other' FROM generate_series(1, ${STORES}) g`.execute(trx);
    await sql`
      INSERT INTO inv_item (branch_id, code, name, name_id, group_id, stock_unit_id, purchase_unit_id, last_price)
      SELECT ${BRANCH}, 'BI-' || lpad(g::text, 4, '0'), 'Bench item ' || g, 'Barang bench ' || g, i.group_id, i.stock_unit_id, i.stock_unit_id, 1000 + g
        FROM generate_series(1, ${ITEMS}) g
        CROSS JOIN (SELECT group_id, stock_unit_id FROM inv_item WHERE branch_id = ${BRANCH} ORDER BY code LIMIT 1) i`.execute(trx);
    // movement k of a pair: k even brings 12 in, k odd takes 7 out; on hand after k = 12·(⌊k/2⌋+1) − 7·⌈k/2⌉
    const { numAffectedRows } = await sql`
      INSERT INTO inv_movement (branch_id, date, store_id, item_id, kind, document_id, document_number, quantity, unit_cost, value,
                                on_hand_quantity, on_hand_value)
      SELECT ${BRANCH}, ${FROM}::date - 364 + k * 14, s.id, i.id, CASE WHEN k = 0 THEN 'opening' WHEN k % 2 = 0 THEN 'transfer' ELSE 'issue' END,
             k, 'BENCH-' || k, q, i.last_price, q * i.last_price, oh, oh * i.last_price
        FROM inv_store s
        CROSS JOIN inv_item i
        CROSS JOIN generate_series(0, ${MOVES_PER_PAIR - 1}) k
        CROSS JOIN LATERAL (SELECT CASE WHEN k % 2 = 0 THEN 12 ELSE -7 END AS q, 12 * (k / 2 + 1) - 7 * ((k + 1) / 2) AS oh) x
       WHERE s.branch_id = ${BRANCH} AND s.code LIKE 'BS%' AND i.branch_id = ${BRANCH} AND i.code LIKE 'BI-%'`.execute(trx);
    await sql`
      INSERT INTO inv_balance (branch_id, store_id, item_id, quantity, value, last_unit_cost)
      SELECT ${BRANCH}, store_id, item_id, sum(quantity), sum(value), max(unit_cost) FROM inv_movement
       WHERE branch_id = ${BRANCH} AND document_number LIKE 'BENCH-%' GROUP BY store_id, item_id`.execute(trx);
    return Number(numAffectedRows);
  });
}
