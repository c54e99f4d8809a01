import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { HookContext } from '../data/hooks.js';
import { nextNumber } from '../data/numbering.js';
import { cancelReceiptOp } from '../domain/inventory/receiving/cancel.js';
import { receivingHook } from '../domain/inventory/receiving/hook.js';
import { lineAmount, priceVariances } from '../domain/inventory/receiving/prices.js';

interface DemoReceipt {
  day: number;
  supplier: string;
  store: string;
  invoice: string;
  tax: string;
  /** [item, unit, quantity, price per unit, reason for the price] */
  lines: [string, string, string, string, string?][];
  cancel?: string;
}

/** What the Grand Nusantara received in its business month: beverages, the market's vegetables, one cancelled. */
const RECEIPTS: DemoReceipt[] = [
  {
    day: 5,
    supplier: 'SUP-003',
    store: 'MAIN',
    invoice: 'INV/NMD/2611/0412',
    tax: '11',
    lines: [
      ['B-004', 'CS24', '6', '129600'],
      ['B-002', 'CS24', '5', '74400'],
    ],
  },
  {
    day: 12,
    supplier: 'SUP-001',
    store: 'KIT',
    invoice: 'SSL-1126-088',
    tax: '0',
    lines: [
      ['F-008', 'KG', '20', '42000', 'Harga bawang merah naik di pasar induk Caringin'],
      ['F-012', 'KG', '15', '13500'],
    ],
  },
  {
    day: 19,
    supplier: 'SUP-003',
    store: 'MAIN',
    invoice: 'INV/NMD/2611/0597',
    tax: '11',
    lines: [['B-005', 'CS24', '4', '132000']],
    cancel: 'Merek yang dikirim salah, barang dikembalikan ke pemasok',
  },
];

/**
 * Goods receiving at the demo hotel: the property's goods-received-not-invoiced account (2102.01, beside trade
 * payables) and its price tolerance, then the month's receipts, posted (and one cancelled) by the same code
 * the receiving screen runs, so the stock, the journals and the masters' stamps are what a storekeeper's
 * receipts would leave; and an order sent to the vegetable supplier, still to be received.
 */
export async function seedReceiving(db: Db, branchIds: number[], demoBranch: number, businessDate: string) {
  for (const branchId of branchIds) {
    await sql`
      INSERT INTO gl_account (branch_id, code, name, name_id, type, normal_balance, posting, parent_id, usali_schedule)
      SELECT branch_id, '2102.01', 'Goods received not invoiced', 'Barang diterima belum ditagih', type, normal_balance, true, parent_id, usali_schedule
        FROM gl_account WHERE branch_id = ${branchId} AND code = '2101.01'`.execute(db);
    await sql`
      UPDATE hotel_setup SET inventory_grni_account_id = (SELECT id FROM gl_account WHERE branch_id = ${branchId} AND code = '2102.01')
       WHERE branch_id = ${branchId}`.execute(db);
  }
  const { rows: admin } = await sql<{ id: number }>`SELECT id FROM app_user WHERE username = 'admin'`.execute(db);
  const c = {
    trx: db,
    auth: { user: { id: Number(admin[0].id), isAdmin: true }, branchId: demoBranch, branchIds: [demoBranch], rights: new Set<string>() },
  } as unknown as HookContext;
  const month = dayjs(businessDate).startOf('month');
  for (const r of RECEIPTS) {
    const date = month.date(r.day).format('YYYY-MM-DD');
    if (date > businessDate) continue;
    const id = await insertReceipt(db, demoBranch, r, date);
    const { rows } = await sql`SELECT * FROM inv_receipt WHERE branch_id = ${demoBranch} AND id = ${id}`.execute(db);
    const { rows: lines } = await sql`
      SELECT * FROM inv_receipt_line WHERE branch_id = ${demoBranch} AND receipt_id = ${id} ORDER BY line_no`.execute(db);
    await receivingHook.onStatus!(c, 'post', { ...(rows[0] as object), lines });
    await sql`UPDATE inv_receipt SET status = 'posted' WHERE branch_id = ${demoBranch} AND id = ${id}`.execute(db);
    if (r.cancel) await cancelReceiptOp.handler(c, { id, reason: r.cancel });
  }
  await sentOrder(db, demoBranch, Number(admin[0].id), businessDate);
}

/** The kitchen's vegetables ordered from Sumber Segar Lembang, sent and due today: the storekeeper's next receipt. */
async function sentOrder(db: Db, branchId: number, adminId: number, businessDate: string) {
  const number = await nextNumber(db, branchId, 'purchase_order', `PO-${businessDate.slice(0, 7).replace('-', '')}-`);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO purchase_order (branch_id, number, date, supplier_id, delivery_date, store_id, payment_term_id, tax_rate, subtotal, tax, total,
                                note, status, approved_by, approved_at, sent_at, created_by, updated_by)
    SELECT ${branchId}, ${number}, ${businessDate}::date - 2, s.id, ${businessDate}, st.id, s.payment_term_id, 0, 1167500, 0, 1167500,
           'Sayur untuk dapur utama', 'sent', ${adminId}, now(), now(), ${adminId}, ${adminId}
      FROM pur_supplier s, inv_store st
     WHERE s.branch_id = ${branchId} AND s.code = 'SUP-001' AND st.branch_id = ${branchId} AND st.code = 'KIT'
    RETURNING id`.execute(db);
  await sql`
    INSERT INTO purchase_order_line (branch_id, purchase_order_id, line_no, item_id, unit_id, quantity, unit_price, amount, price_source)
    SELECT ${branchId}, ${rows[0].id}, x.line_no, i.id, i.purchase_unit_id, x.quantity, x.price, x.quantity * x.price, 'contract'
      FROM (VALUES (1, 'F-008', 20, 40000), (2, 'F-012', 15, 13500), (3, 'F-013', 10, 16500)) AS x(line_no, code, quantity, price)
      JOIN inv_item i ON i.branch_id = ${branchId} AND i.code = x.code`.execute(db);
}

async function insertReceipt(db: Db, branchId: number, r: DemoReceipt, date: string): Promise<number> {
  const number = await nextNumber(db, branchId, 'inv_receipt', `RC-${date.slice(0, 7).replace('-', '')}-`);
  const { rows } = await sql<{ id: number; supplier_id: number }>`
    INSERT INTO inv_receipt (branch_id, number, date, supplier_id, store_id, delivery_note, invoice_number, invoice_date, due_date, tax_percent)
    SELECT ${branchId}, ${number}, ${date}, s.id, st.id, ${`SJ-${r.invoice.slice(-4)}`}, ${r.invoice}, ${date}, ${date}::date + coalesce(t.days, 0), ${r.tax}
      FROM pur_supplier s LEFT JOIN pur_payment_term t ON t.branch_id = s.branch_id AND t.id = s.payment_term_id, inv_store st
     WHERE s.branch_id = ${branchId} AND s.code = ${r.supplier} AND st.branch_id = ${branchId} AND st.code = ${r.store}
    RETURNING id, supplier_id`.execute(db);
  const id = Number(rows[0].id);
  const { rows: items } = await sql<{ code: string; id: number; unit: number }>`
    SELECT i.code, i.id::int AS id, u.id::int AS unit FROM inv_item i, inv_unit u
     WHERE i.branch_id = ${branchId} AND u.branch_id = ${branchId}
       AND (i.code, u.code) IN (SELECT x->>0, x->>1 FROM jsonb_array_elements(${JSON.stringify(r.lines)}::jsonb) x)`.execute(db);
  const lines = r.lines.map(([item, unit, quantity, price, reason]) => {
    const found = items.find((i) => i.code === item)!;
    return { item_id: found.id, unit_id: found.unit, quantity, price, reason: reason ?? null, unitCode: unit };
  });
  const variances = await priceVariances(db, branchId, Number(rows[0].supplier_id), date, lines);
  const json = JSON.stringify(lines.map((l, n) => ({ line_no: n + 1, ...l, ...variances[n] })));
  await sql`
    INSERT INTO inv_receipt_line (branch_id, receipt_id, line_no, item_id, unit_id, quantity, price, reference_price, variance_amount, variance_percent, variance_reason)
    SELECT ${branchId}, ${id}, x.line_no, x.item_id, x.unit_id, x.quantity, x.price, x.reference_price, x.variance_amount, x.variance_percent, x.reason
      FROM jsonb_to_recordset(${json}::jsonb)
        AS x(line_no int, item_id bigint, unit_id bigint, quantity numeric, price numeric, reference_price numeric, variance_amount numeric, variance_percent numeric, reason text)`.execute(
    db,
  );
  const subtotal = lines.reduce((s, l) => s.plus(lineAmount(l)), lineAmount({ quantity: 0, price: 0 }));
  const tax = subtotal.times(r.tax).div(100).toDecimalPlaces(0);
  await sql`
    UPDATE inv_receipt SET total = ${subtotal.toFixed(2)}, tax_amount = ${tax.toFixed(2)}, total_after_tax = ${subtotal.plus(tax).toFixed(2)},
           variance_lines = ${variances.filter((v) => v.variance_amount != null && !new Decimal(v.variance_amount).isZero()).length}
     WHERE branch_id = ${branchId} AND id = ${id}`.execute(db);
  return id;
}
