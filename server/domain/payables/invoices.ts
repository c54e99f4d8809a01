import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { badRequest, conflict, invalid } from '../../http/errors.js';
import { lineAmount } from '../inventory/receiving/prices.js';
import { matchLine, type MatchTolerance } from './match.js';
import { businessDate, checkPayablesDate, recordPosting, type ProposedLine } from './ledger.js';

interface InvoiceLine {
  id?: number;
  receipt_line_id?: number | null;
  item_id?: number | null;
  account_id?: number | null;
  department_id?: number | null;
  description?: string | null;
  quantity: string;
  price: string;
  received_quantity?: string | null;
  received_price?: string | null;
  ordered_price?: string | null;
  quantity_variance_percent?: string | null;
  price_variance_percent?: string | null;
  order_variance_percent?: string | null;
  match?: 'matched' | 'mismatch' | null;
}

interface ReceiptLine {
  id: number;
  item_id: number;
  quantity: string;
  price: string;
  reference_price: string | null;
}

/** Numbers a new payables document `<prefix>-YYYYMM-nnnn` and dates it the business day unless dated. */
export async function numberDocument(c: HookContext, table: string, prefix: string, values: Record<string, unknown>) {
  if (!values.date) values.date = await businessDate(c.trx, c.auth.branchId);
  if (!values.number)
    values.number = await nextNumber(c.trx, c.auth.branchId, table, `${prefix}-${dayjs(String(values.date)).format('YYYYMM')}-`);
}

async function tolerance(trx: Db, branchId: number): Promise<MatchTolerance> {
  const { rows } = await sql<{ q: string; p: string }>`
    SELECT ap_quantity_tolerance::text AS q, ap_price_tolerance::text AS p FROM hotel_setup WHERE branch_id = ${branchId}`.execute(trx);
  return { quantity: new Decimal(rows[0]?.q ?? 0), price: new Decimal(rows[0]?.p ?? 0) };
}

async function receiptOf(c: HookContext, receiptId: number, supplierId: number, invoiceId: number | undefined) {
  const b = c.auth.branchId;
  const { rows } = await sql<{
    number: string;
    supplier_id: number;
    status: string;
    po_id: number | null;
    tax_percent: string;
    taken: string | null;
  }>`
    SELECT r.number, r.supplier_id::int AS supplier_id, r.status, r.po_id::int AS po_id, r.tax_percent::text AS tax_percent,
           (SELECT i.number FROM ap_invoice i WHERE i.branch_id = r.branch_id AND i.receipt_id = r.id AND i.status <> 'cancelled'
               AND i.id IS DISTINCT FROM ${invoiceId ?? null}::bigint LIMIT 1) AS taken
      FROM inv_receipt r WHERE r.branch_id = ${b} AND r.id = ${receiptId}`.execute(c.trx);
  const r = rows[0];
  if (!r) throw invalid([{ field: 'receipt_id', key: 'ap-invoice.receiptUnknown', params: {} }]);
  if (r.status !== 'posted') throw invalid([{ field: 'receipt_id', key: 'ap-invoice.receiptNotPosted', params: { number: r.number } }]);
  if (Number(r.supplier_id) !== supplierId)
    throw invalid([{ field: 'receipt_id', key: 'ap-invoice.receiptOfAnother', params: { number: r.number } }]);
  if (r.taken) throw invalid([{ field: 'receipt_id', key: 'ap-invoice.receiptInvoiced', params: { number: r.number, invoice: r.taken } }]);
  const { rows: lines } = await sql<ReceiptLine>`
    SELECT id::int AS id, item_id::int AS item_id, quantity::text AS quantity, price::text AS price, reference_price::text AS reference_price
      FROM inv_receipt_line WHERE branch_id = ${b} AND receipt_id = ${receiptId} ORDER BY line_no`.execute(c.trx);
  return { ...r, lines };
}

/**
 * Each invoice line against its receipt line: found by the line it was read with, else by its item among the
 * receipt's lines not yet taken; what was received and ordered is read from the receipt, never taken from
 * the client, and the line matched within the tolerance.
 */
function matchedLines(sent: InvoiceLine[], held: InvoiceLine[], receipt: ReceiptLine[], tol: MatchTolerance): InvoiceLine[] {
  const heldById = new Map(held.map((l) => [Number(l.id), l]));
  const byId = new Map(receipt.map((l) => [l.id, l]));
  const used = new Set<number>();
  const lines = sent.map((l, i) => {
    let ref = l.receipt_line_id ?? (l.id != null ? heldById.get(Number(l.id))?.receipt_line_id : null);
    if (ref == null) ref = receipt.find((r) => !used.has(r.id) && r.item_id === Number(l.item_id))?.id;
    const r = ref == null ? undefined : byId.get(Number(ref));
    if (!r || used.has(r.id))
      throw invalid([{ field: `lines/${i}/quantity`, key: 'ap-invoice.lineNotOfReceipt', params: { line: i + 1 } }]);
    used.add(r.id);
    const m = matchLine(
      { quantity: l.quantity, price: l.price, receivedQuantity: r.quantity, receivedPrice: r.price, orderedPrice: r.reference_price },
      tol,
    );
    return {
      ...l,
      receipt_line_id: r.id,
      item_id: r.item_id,
      account_id: null,
      received_quantity: r.quantity,
      received_price: r.price,
      ordered_price: r.reference_price,
      ...m,
    };
  });
  // the invoice clears the whole receipt from goods received not invoiced: every receipt line is on it
  const missing = receipt.findIndex((r) => !used.has(r.id));
  if (missing >= 0) throw invalid([{ field: 'lines', key: 'ap-invoice.receiptLineMissing', params: { line: missing + 1 } }]);
  return lines;
}

/**
 * A supplier's invoice being written (pre-AP or AP voucher): numbered AP-YYYYMM-nnnn; of a goods receipt, its
 * lines come from the receipt (at what was received, to be typed over with what the supplier invoices) and are
 * matched three ways; of expenses, each line names a posting account. The due date follows the supplier's terms
 * from the invoice date. A supplier's invoice number is booked once.
 */
export const invoiceHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    if (mode === 'create') await numberDocument(c, 'ap_invoice', 'AP', values);
    const v = { ...before, ...values };
    const b = c.auth.branchId;
    const supplier = Number(v.supplier_id);
    values.kind = v.receipt_id == null ? 'expense' : 'receipt';
    const { rows: dup } = await sql<{ number: string }>`
      SELECT number FROM ap_invoice WHERE branch_id = ${b} AND supplier_id = ${supplier} AND lower(invoice_number) = lower(${String(v.invoice_number)})
         AND status <> 'cancelled' AND id IS DISTINCT FROM ${(before?.id as number | undefined) ?? null}::bigint`.execute(c.trx);
    if (dup[0]) throw invalid([{ field: 'invoice_number', key: 'ap-invoice.invoiceTwice', params: { number: dup[0].number } }]);
    values.due_date = await dueDate(c.trx, b, supplier, String(v.invoice_date));
    const sent = virtual.lines as InvoiceLine[] | undefined;
    const held = (before?.lines as InvoiceLine[] | undefined) ?? [];
    if (v.receipt_id != null) {
      const receipt = await receiptOf(c, Number(v.receipt_id), supplier, before?.id as number | undefined);
      const receiptChanged = values.receipt_id !== undefined && values.receipt_id !== before?.receipt_id;
      if (receiptChanged) {
        values.po_id = receipt.po_id;
        if (values.tax_percent === undefined) values.tax_percent = receipt.tax_percent;
      }
      let lines = sent;
      if (receiptChanged && !sent?.length)
        lines = receipt.lines.map((r) => ({ receipt_line_id: r.id, item_id: r.item_id, quantity: r.quantity, price: r.price }));
      if (lines) {
        const matched = matchedLines(lines, receiptChanged ? [] : held, receipt.lines, await tolerance(c.trx, b));
        virtual.lines = matched;
        const mismatches = matched.filter((l) => l.match === 'mismatch').length;
        values.mismatch_lines = mismatches;
        values.match_status = mismatches ? 'mismatch' : 'matched';
      }
    } else {
      values.po_id = null;
      values.match_status = 'none';
      values.mismatch_lines = 0;
      if (sent) {
        sent.forEach((l, i) => {
          if (l.account_id == null)
            throw invalid([{ field: `lines/${i}/account_id`, key: 'ap-invoice.accountNeeded', params: { line: i + 1 } }]);
          Object.assign(l, {
            receipt_line_id: null,
            item_id: null,
            received_quantity: null,
            received_price: null,
            ordered_price: null,
            quantity_variance_percent: null,
            price_variance_percent: null,
            order_variance_percent: null,
            match: null,
          });
        });
      }
    }
  },
  async onStatus(c, action, row) {
    const b = c.auth.branchId;
    if (action === 'approve') {
      await sql`UPDATE ap_invoice SET approved_by = ${c.auth.user.id} WHERE branch_id = ${b} AND id = ${Number(row.id)}`.execute(c.trx);
      return;
    }
    if (action !== 'post') return;
    if (row.match_status === 'mismatch' && row.status !== 'approved')
      throw conflict('ap-invoice.mismatchNeedsApproval', { lines: row.mismatch_lines });
    await checkPayablesDate(c.trx, b, String(row.date));
    await postInvoice(c, row);
  },
};

/**
 * The journal of a posted invoice: a receipt's lines clear goods received not invoiced at the value received
 * (what the receipt credited), an invoiced price different from the received one goes to the item group's
 * expense account; expense lines go to their accounts and departments; VAT to VAT input, PPh 23 withheld to
 * the tax payable, and the rest is owed to the supplier (the payable, on the supplier's sub-ledger).
 */
async function postInvoice(c: HookContext, row: Record<string, unknown>) {
  const b = c.auth.branchId;
  const id = Number(row.id);
  const supplierId = Number(row.supplier_id);
  const lines = (row.lines as InvoiceLine[]) ?? [];
  const journal: ProposedLine[] = [];
  if (row.kind === 'receipt') {
    const { rows: setup } = await sql<{ grni: number | null }>`
      SELECT inventory_grni_account_id::int AS grni FROM hotel_setup WHERE branch_id = ${b}`.execute(c.trx);
    const grni = setup[0]?.grni;
    if (grni == null) throw conflict('inventory.noGrniAccount');
    const expense = await itemCostAccounts(
      c.trx,
      b,
      lines.map((l) => Number(l.item_id)),
    );
    for (const l of lines) {
      const received = lineAmount({ quantity: l.received_quantity!, price: l.received_price! });
      const invoiced = lineAmount(l);
      journal.push({ accountId: Number(grni), amount: received });
      const difference = invoiced.minus(received);
      if (!difference.isZero()) {
        const account = expense.get(Number(l.item_id));
        if (account == null) throw conflict('ap-invoice.noVarianceAccount', { line: lines.indexOf(l) + 1 });
        journal.push({ accountId: Number(account), amount: difference });
      }
    }
    await sql`UPDATE inv_receipt SET invoice_status = 'invoiced' WHERE branch_id = ${b} AND id = ${Number(row.receipt_id)}`.execute(c.trx);
  } else {
    for (const l of lines)
      journal.push({
        accountId: Number(l.account_id),
        departmentId: l.department_id ?? null,
        amount: lineAmount(l),
        description: l.description ?? undefined,
      });
  }
  const total = new Decimal(String(row.total));
  journal.push({ role: 'vat_input', amount: new Decimal(String(row.tax_amount ?? 0)) });
  journal.push({ role: 'withholding_payable', amount: new Decimal(String(row.withholding_amount ?? 0)).neg() });
  journal.push({ role: 'accounts_payable', amount: total.neg(), supplierId });
  const supplier = await supplierName(c.trx, b, supplierId);
  await recordPosting(
    c.trx,
    b,
    c.auth.user.id,
    { kind: 'invoice', id, number: String(row.number), date: String(row.date), description: `${supplier} ${String(row.invoice_number)}` },
    journal,
    [{ supplierId, invoiceId: id, amount: total }],
  );
}

/** The cost account of each item's group: where an invoiced price off the received one, or a supplier's credit for the goods, lands. */
export async function itemCostAccounts(trx: Db, branchId: number, itemIds: number[]): Promise<Map<number, number | null>> {
  const { rows } = await sql<{ item_id: number; expense: number | null }>`
    SELECT i.id::int AS item_id, g.expense_account_id::int AS expense
      FROM inv_item i JOIN inv_item_group g ON g.branch_id = i.branch_id AND g.id = i.group_id
     WHERE i.branch_id = ${branchId} AND i.id = ANY(${itemIds}::bigint[])`.execute(trx);
  return new Map(rows.map((a) => [Number(a.item_id), a.expense == null ? null : Number(a.expense)]));
}

export async function supplierName(trx: Db, branchId: number, supplierId: number): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pur_supplier WHERE branch_id = ${branchId} AND id = ${supplierId}`.execute(
    trx,
  );
  return rows[0]?.name ?? '';
}

/** The supplier's terms of payment counted from the invoice date; no terms: due that day. */
async function dueDate(trx: Db, branchId: number, supplierId: number, from: string): Promise<string> {
  const { rows } = await sql<{ days: number | null }>`
    SELECT t.days FROM pur_supplier s LEFT JOIN pur_payment_term t ON t.branch_id = s.branch_id AND t.id = s.payment_term_id
     WHERE s.branch_id = ${branchId} AND s.id = ${supplierId}`.execute(trx);
  if (!rows[0]) throw badRequest('ap-invoice.supplierUnknown');
  return dayjs(from)
    .add(Number(rows[0].days ?? 0), 'day')
    .format('YYYY-MM-DD');
}
