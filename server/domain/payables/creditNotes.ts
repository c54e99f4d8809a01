import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { conflict, invalid } from '../../http/errors.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { lineAmount } from '../inventory/receiving/prices.js';
import { itemCostAccounts, numberDocument, supplierName } from './invoices.js';
import { checkPayablesDate, lockedInvoices, recordPosting, type ProposedLine } from './ledger.js';

interface CreditLine {
  id?: number;
  invoice_line_id?: number | null;
  item_id?: number | null;
  account_id?: number | null;
  department_id?: number | null;
  description?: string | null;
  quantity: string;
  price: string;
}

interface InvoiceLineLeft {
  id: number;
  item_id: number | null;
  account_id: number | null;
  department_id: number | null;
  description: string | null;
  quantity: string;
  price: string;
  /** what posted credit notes (other than this one) already took back from the line */
  credited: string;
}

/** The posted invoice a credit note corrects: of the note's supplier, posted (not cancelled, not a draft). */
async function invoiceOf(c: HookContext, invoiceId: number, supplierId: number) {
  const { rows } = await sql<{ number: string; supplier_id: number; status: string; kind: string; tax: string; withholding: string }>`
    SELECT number, supplier_id::int AS supplier_id, status, kind, tax_percent::text AS tax, withholding_percent::text AS withholding
      FROM ap_invoice WHERE branch_id = ${c.auth.branchId} AND id = ${invoiceId}`.execute(c.trx);
  const inv = rows[0];
  if (!inv || Number(inv.supplier_id) !== supplierId)
    throw invalid([{ field: 'invoice_id', key: 'ap-credit-note.invoiceOfAnother', params: {} }]);
  if (inv.status !== 'posted')
    throw invalid([{ field: 'invoice_id', key: 'ap-credit-note.invoiceNotPosted', params: { number: inv.number } }]);
  return inv;
}

async function invoiceLines(c: HookContext, invoiceId: number, creditNoteId: number | null): Promise<InvoiceLineLeft[]> {
  const { rows } = await sql<InvoiceLineLeft>`
    SELECT l.id::int AS id, l.item_id::int AS item_id, l.account_id::int AS account_id, l.department_id::int AS department_id, l.description,
           l.quantity::text AS quantity, l.price::text AS price,
           coalesce((SELECT sum(round(cl.quantity * cl.price, 2)) FROM ap_credit_note_line cl
                       JOIN ap_credit_note n ON n.branch_id = cl.branch_id AND n.id = cl.credit_note_id
                      WHERE cl.branch_id = l.branch_id AND cl.invoice_line_id = l.id AND n.status = 'posted'
                        AND n.id IS DISTINCT FROM ${creditNoteId}::bigint), 0)::text AS credited
      FROM ap_invoice_line l WHERE l.branch_id = ${c.auth.branchId} AND l.invoice_id = ${invoiceId} ORDER BY l.line_no`.execute(c.trx);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Each credit line takes back part of one line of the invoice (found by the line it was read with): its item,
 * account and department are the invoice line's, never the client's, and it never takes back more than the line
 * is worth less what posted credit notes already took from it.
 */
function judgedLines(sent: CreditLine[], held: CreditLine[], invoice: InvoiceLineLeft[]): CreditLine[] {
  const heldById = new Map(held.map((l) => [Number(l.id), l]));
  const byId = new Map(invoice.map((l) => [l.id, l]));
  return sent.map((l, i) => {
    const ref = l.invoice_line_id ?? (l.id != null ? heldById.get(Number(l.id))?.invoice_line_id : null);
    const of = ref == null ? undefined : byId.get(Number(ref));
    if (!of) throw invalid([{ field: `lines/${i}/quantity`, key: 'ap-credit-note.lineNotOfInvoice', params: { line: i + 1 } }]);
    const left = lineAmount(of).minus(of.credited);
    if (lineAmount(l).gt(left))
      throw invalid([
        { field: `lines/${i}/quantity`, key: 'ap-credit-note.moreThanLine', params: { line: i + 1, left: formatMoney(left.toFixed(2)) } },
      ]);
    return {
      ...l,
      invoice_line_id: of.id,
      item_id: of.item_id,
      account_id: of.account_id,
      department_id: of.department_id,
      description: l.description ?? of.description,
    };
  });
}

/**
 * A supplier's credit note (NK-YYYYMM-nnnn, nota kredit) against one posted invoice: goods returned or spoiled,
 * or an overcharge. Chosen the invoice, its lines come in to be cut down to what is credited; its PPN and PPh 23
 * rates are the invoice's, so both are taken back in proportion. A supplier's credit note number is booked once.
 */
export const creditNoteHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    if (mode === 'create') await numberDocument(c, 'ap_credit_note', 'NK', values);
    const v = { ...before, ...values };
    const b = c.auth.branchId;
    const supplier = Number(v.supplier_id);
    const invoiceId = Number(v.invoice_id);
    const noteId = (before?.id as number | undefined) ?? null;
    const inv = await invoiceOf(c, invoiceId, supplier);
    const { rows: dup } = await sql<{ number: string }>`
      SELECT number FROM ap_credit_note WHERE branch_id = ${b} AND supplier_id = ${supplier}
         AND lower(credit_number) = lower(${String(v.credit_number)}) AND id IS DISTINCT FROM ${noteId}::bigint`.execute(c.trx);
    if (dup[0]) throw invalid([{ field: 'credit_number', key: 'ap-credit-note.creditTwice', params: { number: dup[0].number } }]);
    values.tax_percent = inv.tax;
    values.withholding_percent = inv.withholding;
    const invoiceChanged = values.invoice_id !== undefined && values.invoice_id !== before?.invoice_id;
    const lines = await invoiceLines(c, invoiceId, noteId);
    let sent = virtual.lines as CreditLine[] | undefined;
    if (invoiceChanged && !sent?.length)
      sent = lines.map((l) => ({
        invoice_line_id: l.id,
        quantity: l.quantity,
        price: l.price,
        description: l.description,
      }));
    if (sent) virtual.lines = judgedLines(sent, invoiceChanged ? [] : ((before?.lines as CreditLine[] | undefined) ?? []), lines);
  },
  async onStatus(c, action, row) {
    if (action === 'post') await postCreditNote(c, row);
  },
};

/**
 * The posted credit note, on its date: what the invoice owes falls by its total (the sub-ledger), and its journal
 * takes back what the invoice booked in proportion — each line off the expense account it was booked to, or for
 * goods off their group's cost account (the goods stay in the stock ledger at their received value and leave it
 * as waste or a count difference; goods received not invoiced was already cleared by the invoice), PPN off VAT
 * input, PPh 23 back from the tax payable: Dr accounts payable (the supplier) / Cr expense, Cr VAT input,
 * Dr PPh 23. Never more than the invoice's total less what credit notes already took back. Credited beyond what
 * is still owed (the invoice paid), the invoice's balance turns negative: the supplier's credit, netted by a
 * later payment voucher.
 */
async function postCreditNote(c: HookContext, row: Record<string, unknown>) {
  const b = c.auth.branchId;
  const id = Number(row.id);
  const invoiceId = Number(row.invoice_id);
  await checkPayablesDate(c.trx, b, String(row.date));
  const invoice = (await lockedInvoices(c.trx, b, [invoiceId])).get(invoiceId)!;
  if (invoice.status !== 'posted') throw conflict('ap-invoice.notPosted', { number: invoice.number });
  const { rows } = await sql<{ kind: string; total: string; credited: string }>`
    SELECT kind, total::text AS total, credited_amount::text AS credited FROM ap_invoice WHERE branch_id = ${b} AND id = ${invoiceId}`.execute(
    c.trx,
  );
  const left = new Decimal(rows[0].total).minus(rows[0].credited);
  const total = new Decimal(String(row.total));
  if (total.gt(left)) throw conflict('ap-credit-note.moreThanInvoice', { number: invoice.number, left: formatMoney(left.toFixed(2)) });
  const lines = judgedLines((row.lines as CreditLine[]) ?? [], [], await invoiceLines(c, invoiceId, id));
  const cost =
    rows[0].kind === 'receipt'
      ? await itemCostAccounts(
          c.trx,
          b,
          lines.map((l) => Number(l.item_id)),
        )
      : new Map<number, number | null>();
  const journal: ProposedLine[] = lines.map((l, i) => {
    const account = rows[0].kind === 'receipt' ? cost.get(Number(l.item_id)) : l.account_id;
    if (account == null) throw conflict('ap-invoice.noVarianceAccount', { line: i + 1 });
    return { accountId: Number(account), departmentId: l.department_id ?? null, amount: lineAmount(l).neg() };
  });
  const supplierId = invoice.supplier_id;
  journal.push({ role: 'vat_input', amount: new Decimal(String(row.tax_amount ?? 0)).neg() });
  journal.push({ role: 'withholding_payable', amount: new Decimal(String(row.withholding_amount ?? 0)) });
  journal.push({ role: 'accounts_payable', amount: total, supplierId });
  await sql`UPDATE ap_invoice SET credited_amount = credited_amount + ${total.toFixed(2)} WHERE branch_id = ${b} AND id = ${invoiceId}`.execute(
    c.trx,
  );
  await recordPosting(
    c.trx,
    b,
    c.auth.user.id,
    {
      kind: 'credit_note',
      id,
      number: String(row.number),
      date: String(row.date),
      description: `${await supplierName(c.trx, b, supplierId)} ${String(row.credit_number)} → ${invoice.number}`,
    },
    journal,
    [{ supplierId, invoiceId, amount: total.neg() }],
  );
}
