import { sql } from 'kysely';
import { statementsOfSave } from './support/statements.js';
import { alternate, Findings, WARM_UP_MS, type SuiteContext } from './support/suite.js';

const LINES = 200;
const RUNS = 16;
const BRANCH = 1;
/** a 200-line delivery keyed in at the receiving desk is saved within a blink, on either database */
const P95_MS = 150;

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
 * lookups checked, the supplier's terms for the due date, every line's price against the contract, totals and
 * VAT, one transaction, the audit row with every line, the document sent back) against the statements that save
 * sent inside its transaction, sent again directly with the same bound parameters (a new number, the new
 * receipt's id): the price of the engine and the receiving rules' code over their SQL. Beside it, without a
 * goal, the same rows written by hand: the header and lines with the values the API stored (purchase unit,
 * contract price, variance, totals) and the same audit row, which is what the save's reads cost on top.
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
  const nextNumber = () => `RB-${run}-${++n}`;
  const post = async (number: string) => {
    const res = await ctx.admin.request('POST', '/api/data/inventory/receiving', {
      number,
      supplier_id: supplier,
      store_id: store,
      delivery_note: 'SJ-0192',
      invoice_number: 'INV/NMD/0192',
      tax_percent: '11',
      lines,
    });
    if (res.status !== 201) throw new Error(`receiving: ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`);
    return res;
  };
  const save = async (number: string) => Number((await post(number)).body.id);
  const viaApi = () => post(nextNumber());
  const { first, count, again: viaStatements } = await statementsOfSave(db, 'inv_receipt', nextNumber, save);

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
  const byHand = () =>
    db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO inv_receipt (branch_id, number, ${sql.join(HEADER.map((c) => sql.ref(c)))})
        VALUES (${BRANCH}, ${nextNumber()}, ${sql.join(HEADER.map((c) => sql`${stored[0][c]}`))}) RETURNING id`.execute(trx);
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

  await byHand();
  const [api, raw] = await alternate(RUNS, viaApi, viaStatements, WARM_UP_MS);
  const name = `save a receipt of ${LINES} lines`;
  f.compare(`${name} (its ${count} statements sent again)`, api, raw, { p95Ms: P95_MS, ratio: 1.5 });
  const [api2, hand] = await alternate(RUNS, viaApi, byHand);
  f.compare(`${name} (header, lines and audit row written by hand)`, api2, hand, { p95Ms: P95_MS });
  return f;
}
