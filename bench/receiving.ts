import { sql } from 'kysely';
import { alternate, Findings, type SuiteContext } from './support/suite.js';

const LINES = 200;
const RUNS = 16;
const BRANCH = 1;

/** The header columns and line columns a receipt's save stores (the rest are left to their defaults by both sides). */
const HEADER = [
  'date',
  'supplier_id',
  'store_id',
  'delivery_note',
  'invoice_number',
  'due_date',
  'tax_percent',
  'status',
  'invoice_status',
  'total',
  'tax_amount',
  'total_after_tax',
  'variance_lines',
  'created_by',
  'updated_by',
] as const;
const LINE = ['line_no', 'item_id', 'unit_id', 'quantity', 'price', 'reference_price', 'variance_amount', 'variance_percent'] as const;

/**
 * A goods receipt of 200 lines saved over HTTP (session, CSRF, JSON Schema of every line, the item and unit
 * lookups checked, numbering, the supplier's terms for the due date, every line's price against the contract,
 * totals and VAT, one transaction, the audit row with every line, the document sent back) against SQL that
 * stores the same: the header and lines with the values the API stored for the first receipt (the purchase
 * unit, the contract price, the variance, the totals) and the same audit row, in one transaction, every value
 * a bound parameter. The price of the receiving screen's save over writing its rows by hand.
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
    if (res.status !== 201) throw new Error(`receiving: ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`);
    return Number(res.body.id);
  };
  const first = await viaApi();
  const { rows: stored } = await sql<Record<string, unknown>>`
    SELECT ${sql.join(HEADER.map((c) => sql`${sql.ref(c)}::text AS ${sql.ref(c)}`))} FROM inv_receipt
     WHERE branch_id = ${BRANCH} AND id = ${first}`.execute(db);
  const { rows: storedLines } = await sql<Record<string, unknown>>`
    SELECT ${sql.join(LINE.map((c) => sql`${sql.ref(c)}::text AS ${sql.ref(c)}`))} FROM inv_receipt_line
     WHERE branch_id = ${BRANCH} AND receipt_id = ${first} ORDER BY line_no`.execute(db);
  const { rows: trail } = await sql<{ user_id: number; username: string; after: string }>`
    SELECT user_id, username, after::text AS after FROM audit_log
     WHERE entity = 'inventory/receiving' AND entity_id = ${String(first)} AND action = 'create'`.execute(db);
  if (storedLines.length !== LINES || !trail[0]) throw new Error('receiving: the first receipt was not stored as sent');
  const header = stored[0];
  const viaSql = () =>
    db.transaction().execute(async (trx) => {
      const number = `RB-${run}-S${++n}`;
      const { rows } = await sql<{ id: number }>`
        INSERT INTO inv_receipt (branch_id, number, ${sql.join(HEADER.map((c) => sql.ref(c)))})
        VALUES (${BRANCH}, ${number}, ${sql.join(HEADER.map((c) => sql`${header[c]}`))}) RETURNING id`.execute(trx);
      const id = rows[0].id;
      const values = storedLines.map((l) => sql`(${BRANCH}, ${id}, ${sql.join(LINE.map((c) => sql`${l[c]}`))})`);
      await sql`INSERT INTO inv_receipt_line (branch_id, receipt_id, ${sql.join(LINE.map((c) => sql.ref(c)))}) VALUES ${sql.join(values)}`.execute(
        trx,
      );
      await sql`
        INSERT INTO audit_log (user_id, username, branch_id, entity, entity_id, action, after, ip)
        VALUES (${trail[0].user_id}, ${trail[0].username}, ${BRANCH}, 'inventory/receiving', ${String(id)}, 'create', ${trail[0].after}::jsonb, '127.0.0.1')`.execute(
        trx,
      );
    });
  await viaSql();
  const [api, raw] = await alternate(RUNS, viaApi, viaSql);
  f.compare(`save a receipt of ${LINES} lines (header, lines and audit row in one transaction)`, api, raw, { p95Ms: 1000, ratio: 1.5 });
  return f;
}
