import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { HookContext } from '../data/hooks.js';
import { postJournal } from '../domain/gl/post.js';
import { applyAdvanceOp, postAdvanceOp } from '../domain/payables/advances.js';
import { creditNoteHook } from '../domain/payables/creditNotes.js';
import { invoiceHook } from '../domain/payables/invoices.js';
import { paymentHook } from '../domain/payables/payments.js';
import { postApJournalOp } from '../domain/payables/transfer.js';

/** How the trade payables brought forward split over a property's first suppliers, and how far past due each is. */
const OPENING: { share: string; invoiceDaysBefore: number; dueInDays: number }[] = [
  { share: '0.35', invoiceDaysBefore: 75, dueInDays: -45 },
  { share: '0.25', invoiceDaysBefore: 40, dueInDays: -10 },
  { share: '0.20', invoiceDaysBefore: 20, dueInDays: 10 },
  { share: '0.12', invoiceDaysBefore: 110, dueInDays: -95 },
];

/**
 * Accounts payable at the demo hotel: the trade payables the ledger brought forward become open invoices of the
 * property's suppliers (the opening journal carried them without a supplier; a reclassification names each one,
 * so the sub-ledger equals the control account from the first day), then, at the Grand Nusantara, the month's
 * work through the same code the screens run: the beverage receipt's invoice matched and posted, a laundry
 * service invoice with PPh 23 withheld, an advance to the meat supplier applied in part, a payment voucher paid
 * in part and one awaiting approval, a supplier's credit note in draft, and the journals to the ledger, most posted. The vegetable receipt of the
 * 12th is left for the accountant to match.
 */
export async function seedPayables(db: Db, branchIds: number[], demoBranch: number, businessDate: string) {
  const { rows: admin } = await sql<{ id: number }>`SELECT id FROM app_user WHERE username = 'admin'`.execute(db);
  const adminId = Number(admin[0].id);
  for (const branchId of branchIds) await openingPayables(db, branchId, adminId);
  await monthsWork(db, demoBranch, adminId, businessDate);
}

async function openingPayables(db: Db, branchId: number, userId: number) {
  const { rows } = await sql<{ balance: string; date: string }>`
    SELECT coalesce(sum(l.credit - l.debit), 0)::text AS balance, min(j.date)::text AS date
      FROM gl_journal j JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
      JOIN gl_account_role r ON r.branch_id = l.branch_id AND r.role = 'accounts_payable' AND r.account_id = l.account_id
     WHERE j.branch_id = ${branchId} AND l.subledger IS NULL`.execute(db);
  const total = new Decimal(rows[0].balance);
  if (total.lte(0)) return;
  const date = rows[0].date;
  const { rows: suppliers } = await sql<{ id: number; name: string }>`
    SELECT id::int AS id, name FROM pur_supplier WHERE branch_id = ${branchId} ORDER BY code LIMIT ${OPENING.length}`.execute(db);
  let left = total;
  const invoices = suppliers.map((s, i) => {
    const amount = i === suppliers.length - 1 ? left : total.times(OPENING[i].share).toDecimalPlaces(0);
    left = left.minus(amount);
    return { supplier: s, amount, ...OPENING[i] };
  });
  const journal = await postJournal(db, branchId, userId, {
    date,
    source: 'payables',
    sourceType: 'opening',
    key: 'payables:opening',
    description: 'Trade payables brought forward, by supplier',
    dating: 'open-period',
    lines: [
      { role: 'accounts_payable', amount: total },
      ...invoices.map((v) => ({
        role: 'accounts_payable' as const,
        amount: v.amount.neg(),
        subledger: { type: 'supplier', id: v.supplier.id },
      })),
    ],
  });
  const { rows: t } = await sql<{ id: number }>`
    INSERT INTO ap_gl_transfer (branch_id, number, source_kind, source_id, date, description, total, status, journal_id, created_by, updated_by)
    VALUES (${branchId}, 'OPENING', 'opening', ${branchId}, ${date}, 'Trade payables brought forward, by supplier', ${total.toFixed(2)}, 'posted',
            ${journal.id}, ${userId}, ${userId}) RETURNING id`.execute(db);
  await sql`
    INSERT INTO ap_gl_transfer_line (branch_id, transfer_id, line_no, account_id, supplier_id, description, debit, credit)
    SELECT ${branchId}, ${t[0].id}, l.line_no, l.account_id, l.subledger_id, 'OPENING', l.debit, l.credit
      FROM gl_journal_line l WHERE l.branch_id = ${branchId} AND l.journal_id = ${journal.id}`.execute(db);
  for (const [i, v] of invoices.entries()) {
    const invoiceDate = dayjs(date).subtract(v.invoiceDaysBefore, 'day').format('YYYY-MM-DD');
    const due = dayjs(date).add(v.dueInDays, 'day').format('YYYY-MM-DD');
    const { rows: inv } = await sql<{ id: number }>`
      INSERT INTO ap_invoice (branch_id, number, kind, date, supplier_id, invoice_number, invoice_date, due_date, description, status,
                              subtotal, tax_amount, withholding_amount, total, balance, created_by, updated_by)
      VALUES (${branchId}, ${`AP-OPEN-${String(i + 1).padStart(3, '0')}`}, 'expense', ${date}, ${v.supplier.id},
              ${`SALDO-${dayjs(invoiceDate).format('YYMMDD')}-${i + 1}`}, ${invoiceDate}, ${due}, 'Saldo awal utang usaha', 'posted',
              ${v.amount.toFixed(2)}, 0, 0, ${v.amount.toFixed(2)}, ${v.amount.toFixed(2)}, ${userId}, ${userId}) RETURNING id`.execute(db);
    await sql`
      INSERT INTO ap_ledger (branch_id, supplier_id, invoice_id, date, source_kind, source_id, amount, transfer_id, created_by)
      VALUES (${branchId}, ${v.supplier.id}, ${inv[0].id}, ${date}, 'opening', ${branchId}, ${v.amount.toFixed(2)}, ${t[0].id}, ${userId})`.execute(
      db,
    );
  }
}

/** Runs a hook's status action as the screens would, and records the new status. */
async function act(c: HookContext, table: string, id: number, action: string, to: string) {
  const { rows } = await sql`SELECT * FROM ${sql.table(table)} WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
  const lineTable = `${table}_line`;
  const parent = table === 'ap_invoice' ? 'invoice_id' : 'payment_id';
  const { rows: lines } = await sql`
    SELECT * FROM ${sql.table(lineTable)} WHERE branch_id = ${c.auth.branchId} AND ${sql.ref(parent)} = ${id} ORDER BY line_no`.execute(
    c.trx,
  );
  const row = {
    ...(rows[0] as Record<string, unknown>),
    lines: lines.map((l) => Object.fromEntries(Object.entries(l as object).map(([k, v]) => [k, v === null ? null : String(v)]))),
  };
  const hook = table === 'ap_invoice' ? invoiceHook : paymentHook;
  await hook.onStatus!(c, action, row);
  await sql`UPDATE ${sql.table(table)} SET status = ${to} WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
}

async function monthsWork(db: Db, branchId: number, adminId: number, businessDate: string) {
  const c = {
    trx: db,
    auth: { user: { id: adminId, isAdmin: true }, branchId, branchIds: [branchId], rights: new Set<string>() },
  } as unknown as HookContext;
  const month = dayjs(businessDate).startOf('month');
  const day = (d: number) => month.date(d).format('YYYY-MM-DD');
  const supplier = async (code: string) =>
    Number(
      (await sql<{ id: number }>`SELECT id FROM pur_supplier WHERE branch_id = ${branchId} AND code = ${code}`.execute(db)).rows[0].id,
    );
  const account = async (code: string) =>
    Number((await sql<{ id: number }>`SELECT id FROM gl_account WHERE branch_id = ${branchId} AND code = ${code}`.execute(db)).rows[0].id);
  if (businessDate < day(20)) return;

  // the beverages received on the 5th, invoiced as delivered: matched three ways and posted on the 8th
  const { rows: beverages } = await sql<{ id: number; invoice_number: string; supplier_id: number }>`
    SELECT id::int AS id, invoice_number, supplier_id::int AS supplier_id FROM inv_receipt
     WHERE branch_id = ${branchId} AND status = 'posted' AND invoice_number = 'INV/NMD/2611/0412'`.execute(db);
  if (!beverages[0]) return;
  const matched = await writeInvoice(c, {
    date: day(8),
    supplier_id: beverages[0].supplier_id,
    receipt_id: beverages[0].id,
    invoice_number: beverages[0].invoice_number,
    invoice_date: day(5),
    withholding_percent: '0',
  });
  await act(c, 'ap_invoice', matched, 'post', 'posted');

  // the service of the laundry's washing machines, a service: PPh 23 withheld at 2 %
  const amenity = await supplier('SUP-006');
  const laundry = await writeInvoice(c, {
    date: day(15),
    supplier_id: amenity,
    invoice_number: 'AJA/SRV/1125/031',
    invoice_date: day(14),
    tax_percent: '11',
    withholding_percent: '2',
    description: 'Servis mesin cuci laundry November',
    lines: [
      { account_id: await account('5401.01'), quantity: '1', price: '4500000', description: 'Servis dan dosis bahan kimia mesin cuci' },
    ],
  });
  await act(c, 'ap_invoice', laundry, 'post', 'posted');

  // an advance to the meat supplier for the year-end order, half of it applied to its opening invoice
  const meat = await supplier('SUP-002');
  const bca = await account('1102.01');
  const { rows: adv } = await sql<{ id: number }>`
    INSERT INTO ap_advance (branch_id, number, date, supplier_id, bank_account_id, amount, description, created_by, updated_by)
    VALUES (${branchId}, ${`UM-${month.format('YYYYMM')}-0001`}, ${day(10)}, ${meat}, ${bca}, 20000000, 'Uang muka pesanan daging akhir tahun', ${adminId}, ${adminId})
    RETURNING id`.execute(db);
  await postAdvanceOp.handler(c, { id: Number(adv[0].id) });
  const { rows: meatOpening } = await sql<{ id: number }>`
    SELECT id FROM ap_invoice WHERE branch_id = ${branchId} AND supplier_id = ${meat} AND number LIKE 'AP-OPEN-%'`.execute(db);
  await applyAdvanceOp.handler(c, { id: Number(adv[0].id), invoice_id: Number(meatOpening[0].id), amount: '10000000' });

  // the beverage invoice paid in part from BCA on the 20th; the machine service awaiting approval
  const paid = await writePayment(c, day(20), beverages[0].supplier_id, bca, 'TRF-BCA-201126-07', [
    { invoice_id: matched, amount: '800000' },
  ]);
  await act(c, 'ap_payment', paid, 'approve', 'approved');
  await act(c, 'ap_payment', paid, 'post', 'posted');
  await writePayment(c, businessDate, amenity, bca, null, [{ invoice_id: laundry, amount: '4905000' }]);

  // the distributor's credit note for one damaged unit of the beverages, waiting in draft to be checked and posted
  await draftCreditNote(
    c,
    {
      date: businessDate,
      supplier_id: beverages[0].supplier_id,
      invoice_id: matched,
      credit_number: 'CN/NMD/2611/0057',
      credit_date: day(21),
      reason: 'Satu kemasan rusak saat pengiriman',
    },
    '1',
  );

  // the journals reviewed and posted, but for today's
  const { rows: pending } = await sql<{ id: number }>`
    SELECT id::int AS id FROM ap_gl_transfer WHERE branch_id = ${branchId} AND status = 'pending' AND date < ${day(20)} ORDER BY id`.execute(
    db,
  );
  for (const p of pending) await postApJournalOp.handler(c, { id: p.id });
}

async function writeInvoice(c: HookContext, values: Record<string, unknown>): Promise<number> {
  const { lines, ...head } = values as { lines?: Record<string, unknown>[] } & Record<string, unknown>;
  const virtual: Record<string, unknown> = lines ? { lines } : {};
  const v: Record<string, unknown> = { ...head };
  await invoiceHook.beforeWrite!(c, 'create', v, virtual);
  const sent = (virtual.lines as Record<string, unknown>[]) ?? [];
  const { subtotal, tax, withheld } = totals(sent, v);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ap_invoice (branch_id, number, kind, date, supplier_id, receipt_id, po_id, invoice_number, invoice_date, due_date, tax_percent,
                            withholding_percent, description, match_status, mismatch_lines, subtotal, tax_amount, withholding_amount, total,
                            created_by, updated_by)
    VALUES (${c.auth.branchId}, ${String(v.number)}, ${String(v.kind)}, ${String(v.date)}, ${Number(v.supplier_id)}, ${(v.receipt_id as number) ?? null},
            ${(v.po_id as number) ?? null}, ${String(v.invoice_number)}, ${String(v.invoice_date)}, ${String(v.due_date)}, ${String(v.tax_percent ?? 0)},
            ${String(v.withholding_percent ?? 0)}, ${(v.description as string) ?? null}, ${String(v.match_status)}, ${Number(v.mismatch_lines)},
            ${subtotal.toFixed(2)}, ${tax.toFixed(2)}, ${withheld.toFixed(2)}, ${subtotal.plus(tax).minus(withheld).toFixed(2)}, ${c.auth.user.id}, ${c.auth.user.id})
    RETURNING id`.execute(c.trx);
  const id = Number(rows[0].id);
  const json = JSON.stringify(sent.map((l, i) => ({ line_no: i + 1, ...l })));
  await sql`
    INSERT INTO ap_invoice_line (branch_id, invoice_id, line_no, receipt_line_id, item_id, account_id, description, quantity, price, received_quantity,
                                 received_price, ordered_price, quantity_variance_percent, price_variance_percent, order_variance_percent, match)
    SELECT ${c.auth.branchId}, ${id}, x.line_no, x.receipt_line_id, x.item_id, x.account_id, x.description, x.quantity, x.price, x.received_quantity,
           x.received_price, x.ordered_price, x.quantity_variance_percent, x.price_variance_percent, x.order_variance_percent, x.match
      FROM jsonb_to_recordset(${json}::jsonb) AS x(line_no int, receipt_line_id bigint, item_id bigint, account_id bigint, description text, quantity numeric,
           price numeric, received_quantity numeric, received_price numeric, ordered_price numeric, quantity_variance_percent numeric,
           price_variance_percent numeric, order_variance_percent numeric, match text)`.execute(c.trx);
  return id;
}

/** A supplier document's subtotal, PPN and PPh 23 as its screen works them out (whole rupiah for the taxes). */
function totals(lines: Record<string, unknown>[], v: Record<string, unknown>) {
  const subtotal = lines.reduce(
    (s, l) => s.plus(new Decimal(String(l.quantity)).times(String(l.price)).toDecimalPlaces(2)),
    new Decimal(0),
  );
  const share = (percent: unknown) =>
    subtotal
      .times(String(percent ?? 0))
      .div(100)
      .toDecimalPlaces(0);
  return { subtotal, tax: share(v.tax_percent), withheld: share(v.withholding_percent) };
}

/**
 * A supplier's credit note left in draft for the accountant: chosen the invoice, its lines come in through the
 * screen's own hook and only the first is kept, cut to the quantity credited.
 */
async function draftCreditNote(c: HookContext, values: Record<string, unknown>, quantity: string): Promise<number> {
  const v: Record<string, unknown> = { ...values };
  const virtual: Record<string, unknown> = {};
  await creditNoteHook.beforeWrite!(c, 'create', v, virtual);
  const line = { ...(virtual.lines as Record<string, unknown>[])[0], quantity, line_no: 1 };
  const { subtotal, tax, withheld } = totals([line], v);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ap_credit_note (branch_id, number, date, supplier_id, invoice_id, credit_number, credit_date, reason, tax_percent, withholding_percent,
                                subtotal, tax_amount, withholding_amount, total, created_by, updated_by)
    VALUES (${c.auth.branchId}, ${String(v.number)}, ${String(v.date)}, ${Number(v.supplier_id)}, ${Number(v.invoice_id)}, ${String(v.credit_number)},
            ${String(v.credit_date)}, ${String(v.reason)}, ${String(v.tax_percent)}, ${String(v.withholding_percent)}, ${subtotal.toFixed(2)},
            ${tax.toFixed(2)}, ${withheld.toFixed(2)}, ${subtotal.plus(tax).minus(withheld).toFixed(2)}, ${c.auth.user.id}, ${c.auth.user.id})
    RETURNING id`.execute(c.trx);
  const id = Number(rows[0].id);
  await sql`
    INSERT INTO ap_credit_note_line (branch_id, credit_note_id, line_no, invoice_line_id, item_id, account_id, department_id, description, quantity, price)
    SELECT ${c.auth.branchId}, ${id}, x.line_no, x.invoice_line_id, x.item_id, x.account_id, x.department_id, x.description, x.quantity, x.price
      FROM jsonb_to_recordset(${JSON.stringify([line])}::jsonb) AS x(line_no int, invoice_line_id bigint, item_id bigint, account_id bigint,
           department_id bigint, description text, quantity numeric, price numeric)`.execute(c.trx);
  return id;
}

async function writePayment(
  c: HookContext,
  date: string,
  supplierId: number,
  bank: number,
  reference: string | null,
  lines: { invoice_id: number; amount: string }[],
): Promise<number> {
  const v: Record<string, unknown> = { date, supplier_id: supplierId };
  await paymentHook.beforeWrite!(c, 'create', v, { lines }, undefined);
  const total = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ap_payment (branch_id, number, date, supplier_id, bank_account_id, reference, description, total, created_by, updated_by)
    VALUES (${c.auth.branchId}, ${String(v.number)}, ${date}, ${supplierId}, ${bank}, ${reference}, 'Pembayaran faktur pemasok', ${total.toFixed(2)},
            ${c.auth.user.id}, ${c.auth.user.id}) RETURNING id`.execute(c.trx);
  const id = Number(rows[0].id);
  await sql`
    INSERT INTO ap_payment_line (branch_id, payment_id, line_no, invoice_id, amount)
    SELECT ${c.auth.branchId}, ${id}, x.n, x.invoice_id, x.amount
      FROM jsonb_to_recordset(${JSON.stringify(lines.map((l, i) => ({ n: i + 1, ...l })))}::jsonb) AS x(n int, invoice_id bigint, amount numeric)`.execute(
    c.trx,
  );
  return id;
}
