import { sql } from 'kysely';
import { alternate, Findings, type SuiteContext } from './support/suite.js';

const LINES = 200;
const RUNS = 16;
const BRANCH = 1;

/**
 * A goods receipt of 200 lines saved over HTTP (session, CSRF, JSON Schema of every line, the item and unit
 * lookups checked, numbering, the supplier's terms for the due date, every line's price against the contract,
 * totals and VAT, one transaction, the audit row with every line, the document sent back) against the same
 * header and lines inserted directly as SQL with bound parameters: the price of the receiving screen's save.
 * The demo hotel's beverage distributor delivers its 44 items over and over into the main store.
 */
export async function benchReceiving(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, goods receipt`);
  const db = ctx.database.db;
  const one = async (query: string) => (await sql<{ id: number }>`${sql.raw(query)}`.execute(db)).rows[0].id;
  const supplier = await one(`SELECT id FROM pur_supplier WHERE branch_id = ${BRANCH} AND code = 'SUP-003'`);
  const store = await one(`SELECT id FROM inv_store WHERE branch_id = ${BRANCH} AND code = 'MAIN'`);
  const { rows: items } = await sql<{ id: number; price: string }>`
    SELECT id::int AS id, last_price::text AS price FROM inv_item
     WHERE branch_id = ${BRANCH} AND active AND last_price IS NOT NULL AND code !~ '^BI-' ORDER BY code`.execute(db);
  const lines = Array.from({ length: LINES }, (_, i) => ({
    item_id: items[i % items.length].id,
    quantity: String(1 + (i % 12)),
    price: items[i % items.length].price,
  }));
  const run = Date.now().toString(36);
  let n = 0;
  const viaApi = async () => {
    const res = await ctx.admin.request('POST', '/api/data/inventory/receiving', {
      number: `RB-${run}-A${++n}`,
      supplier_id: supplier,
      store_id: store,
      delivery_note: `SJ-${n}`,
      invoice_number: `INV/NMD/${n}`,
      tax_percent: '11',
      lines,
    });
    if (res.status !== 201) throw new Error(`receiving: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  };
  const viaSql = () =>
    db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO inv_receipt (branch_id, number, date, supplier_id, store_id, delivery_note, invoice_number, due_date, tax_percent,
                                 status, total, tax_amount, total_after_tax, created_by, updated_by)
        VALUES (${BRANCH}, ${`RB-${run}-S${++n}`}, ${'2026-11-23'}, ${supplier}, ${store}, ${`SJ-${n}`}, ${`INV/NMD/${n}`}, ${'2026-12-23'}, ${'11'},
                'draft', ${'1000000'}, ${'110000'}, ${'1110000'}, 1, 1) RETURNING id`.execute(trx);
      const values = lines.map(
        (l, i) => sql`(${BRANCH}, ${rows[0].id}, ${i + 1}, ${l.item_id}, ${l.quantity}, ${l.price}, ${null}, ${null}, ${null})`,
      );
      await sql`INSERT INTO inv_receipt_line (branch_id, receipt_id, line_no, item_id, quantity, price, reference_price, variance_amount, variance_percent)
                VALUES ${sql.join(values)}`.execute(trx);
    });
  await viaApi();
  await viaSql();
  const [api, raw] = await alternate(RUNS, viaApi, viaSql);
  f.compare(`save a receipt of ${LINES} lines (header + lines in one transaction)`, api, raw, { p95Ms: 1000, ratio: 1.5 });
  return f;
}
