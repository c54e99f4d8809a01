import { CompiledQuery, sql } from 'kysely';
import { DEFAULT_ROW_CAP, reportStatement, runReport } from '../server/reports/runner.js';
import { addToBill } from '../server/domain/pointofsales/addItems.js';
import { serveFromTerminals } from './posTerminals.js';
import { FROM } from './support/benchHotel.js';
import { alternate, Findings, WARM_UP_MS, historyLoaded, warmUp, type SuiteContext } from './support/suite.js';

const BILLS = 10_000;
const DAYS = 30;
const ADDS = 20;
const BRANCH = 1;

/**
 * The point of sales: a waiter adding one dish to an open bill over HTTP (session, CSRF, JSON Schema, the bill
 * locked, server pricing from the menu, the totals worked out again, the audit row) against the same statements
 * sent directly; and the outlet daily sales over 10,000 paid bills of a month through the report runner against
 * its statement sent directly; then ten terminals serving tables at once for a minute.
 */
export async function benchPointOfSales(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, point of sales`);
  const db = ctx.database.db;
  const l0 = performance.now();
  await loadBills(ctx);
  f.note(`${BILLS.toLocaleString('en')} paid bills loaded`, `${((performance.now() - l0) / 1000).toFixed(1)} s`);
  await historyLoaded(db);

  const { rows: ids } = await sql<{ outlet: number; menus: number[] }>`
    SELECT o.id AS outlet, array_agg(m.id ORDER BY m.code) AS menus FROM outlet o JOIN pos_menu m ON m.branch_id = o.branch_id AND m.outlet_id = o.id
     WHERE o.branch_id = ${BRANCH} AND o.code = 'RESTO' GROUP BY o.id`.execute(db);
  const outlet = Number(ids[0].outlet);
  const menus = ids[0].menus.map(Number);
  const openBill = async () => {
    const create = await ctx.admin.post('/api/data/pointofsales/check', {
      outlet_id: outlet,
      covers: 4,
      items: menus.slice(0, 3).map((menu_id) => ({ menu_id, quantity: 1 })),
    });
    if (create.status !== 201) throw new Error(`open a bill: ${create.status} ${JSON.stringify(create.body).slice(0, 300)}`);
    return (create.body as { id: number }).id;
  };
  let k = 0;
  const openRawBill = async () =>
    Number(
      (
        await sql<{ id: number }>`
        INSERT INTO pos_check (branch_id, number, outlet_id, covers, business_date) VALUES (${BRANCH}, ${`BENCH-RAW-${++k}`}, ${outlet}, 4, ${FROM}) RETURNING id`.execute(
          db,
        )
      ).rows[0].id,
    );
  let bill = await openBill();
  let rawBill = await openRawBill();
  // a table's bill, not one of hundreds of lines (a bill holds at most 500): each side warms up on a new bill every
  // 40 dishes, and the timed dishes go on new bills
  const freshBills = async () => {
    bill = await openBill();
    rawBill = await openRawBill();
  };
  let n = 0;
  let m = 0;
  const viaApi = async () => {
    const res = await ctx.admin.post('/api/ops/pointofsales.addItems', {
      id: bill,
      items: [{ menu_id: menus[++n % menus.length], quantity: 2, modifiers: 'No chilli' }],
    });
    if (res.status !== 200) throw new Error(`add an item: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res;
  };
  // the statements the op sends, through its own code (addToBill): the bill locked with its outlet's tax code, the
  // dish's price, the line, the items to total, the totals; the API adds the session, the idempotency key and the audit
  const viaSql = () =>
    db
      .transaction()
      .execute((trx) => addToBill(trx, BRANCH, rawBill, [{ menu_id: menus[++m % menus.length], quantity: 2, modifiers: 'No chilli' }]));
  let warmed = 0;
  await warmUp(
    async () => {
      if (++warmed % 40 === 0) await freshBills();
      return viaApi();
    },
    viaSql,
    WARM_UP_MS,
  );
  await freshBills();
  const [api, raw] = await alternate(ADDS, viaApi, viaSql);
  f.compare('add a dish to an open bill', api, raw, { p95Ms: ctx.kind === 'pglite' ? 100 : 50, ratio: 2 });

  const def = ctx.meta.reports.get('daily-sales-report')!;
  const params = { date_from: dayBefore(DAYS - 1), date_to: FROM };
  const statement = reportStatement(def, { ...params, outlet_id: null, branch_id: BRANCH }, def.rowCap ?? DEFAULT_ROW_CAP);
  const viaRunner = () => runReport(db, def, params, BRANCH);
  const direct = () => db.executeQuery(CompiledQuery.raw(statement.text, statement.values));
  const [runner, same] = await alternate(12, viaRunner, direct, WARM_UP_MS);
  f.compare(`daily sales over ${BILLS.toLocaleString('en')} bills`, runner, same, {
    p95Ms: ctx.kind === 'pglite' ? 10_000 : 3_000,
    ratio: 1.3,
  });
  await serveFromTerminals(ctx, f);
  return f;
}

const dayBefore = (days: number) => {
  const d = new Date(`${FROM}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/**
 * A month of the restaurant's paid bills in plain SQL: four dishes each and one payment (cash, card or QRIS)
 * from one closed till. Their journals are not loaded: the reports timed here read the bills and payments.
 */
async function loadBills(ctx: SuiteContext) {
  await ctx.database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO gc_shift (branch_id, user_id, box, outlet_id, business_date, cash_account_id, opening_float, status, expected, counted, difference)
      SELECT ${BRANCH}, u.id, 'pos', o.id, ${FROM}, a.id, 0, 'closed', 0, 0, 0
        FROM app_user u, outlet o, gl_account a
       WHERE u.username = 'cashier' AND o.branch_id = ${BRANCH} AND o.code = 'RESTO' AND a.branch_id = ${BRANCH} AND a.code = '1101.01'
      RETURNING id`.execute(trx);
    const shift = rows[0].id;
    await sql`
      INSERT INTO pos_check (branch_id, number, outlet_id, covers, business_date, status, subtotal, service, tax, total, paid, closed_at)
      SELECT ${BRANCH}, 'BX-' || lpad(g::text, 6, '0'), o.id, 1 + g % 4, ${FROM}::date - (g % ${DAYS}), 'paid', 200000, 20000, 22000, 242000, 242000, now()
        FROM generate_series(1, ${BILLS}) g, outlet o WHERE o.branch_id = ${BRANCH} AND o.code = 'RESTO'`.execute(trx);
    await sql`
      WITH m AS (SELECT array_agg(id ORDER BY code) AS a FROM pos_menu WHERE branch_id = ${BRANCH} AND outlet_id = (SELECT id FROM outlet WHERE branch_id = ${BRANCH} AND code = 'RESTO'))
      INSERT INTO pos_check_item (branch_id, check_id, line_no, menu_id, quantity, unit_price, amount, status, sent_at, ready_at)
      SELECT ${BRANCH}, c.id, n, m.a[1 + (c.id * 7 + n) % array_length(m.a, 1)], 1, 50000, 50000, 'ready', now(), now()
        FROM pos_check c CROSS JOIN m CROSS JOIN generate_series(1, 4) n WHERE c.branch_id = ${BRANCH} AND c.number LIKE 'BX-%'`.execute(
      trx,
    );
    await sql`
      INSERT INTO pos_payment (branch_id, check_id, shift_id, kind, pay_article_id, amount, card_last4, journal_id, posting_key)
      SELECT ${BRANCH}, c.id, ${shift}, (ARRAY['cash', 'card', 'transfer'])[1 + c.id % 3],
             CASE c.id % 3 WHEN 1 THEN (SELECT id FROM pay_article WHERE branch_id = ${BRANCH} AND code = 'VISA')
                           WHEN 2 THEN (SELECT id FROM pay_article WHERE branch_id = ${BRANCH} AND code = 'QRIS') END,
             242000, CASE WHEN c.id % 3 = 1 THEN '4242' END, 0, 'bench-pay:' || c.id
        FROM pos_check c WHERE c.branch_id = ${BRANCH} AND c.number LIKE 'BX-%'`.execute(trx);
  });
}
