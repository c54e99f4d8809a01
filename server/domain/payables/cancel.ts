import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { conflict, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { businessDate, checkPayablesDate, lockedInvoices, recordPosting, type ProposedLine } from './ledger.js';

/**
 * A posted invoice is never edited: booked wrongly and not yet settled, it is cancelled on the business day by
 * the reverse of its journal (every line swapped) and a sub-ledger entry taking back what it owed; its receipt is
 * again waiting for an invoice. One paid or settled in part is corrected by the supplier's credit note instead.
 */
export const cancelInvoiceOp = defineOp<{ id: number; reason: string }>({
  name: 'payables.cancelInvoice',
  summary: 'Cancel a posted, unsettled supplier invoice by reversing its journal',
  resource: 'accountpayable.ap-voucher',
  action: 'cancel',
  labelsFrom: 'payables/ap-invoice',
  input: {
    type: 'object',
    required: ['id', 'reason'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': 'payables/ap-invoice' },
      reason: { type: 'string', minLength: 3, maxLength: 200, pattern: '\\S' },
    },
  },
  async handler(c, { id, reason }) {
    const b = c.auth.branchId;
    const invoice = (await lockedInvoices(c.trx, b, [id])).get(id);
    if (!invoice) throw notFound('ap-invoice.title');
    if (invoice.status !== 'posted') throw conflict('ap-invoice.notPosted', { number: invoice.number });
    const { rows: head } = await sql<{ total: string; receipt_id: number | null; transfer: number }>`
      SELECT i.total::text AS total, i.receipt_id::int AS receipt_id, t.id::int AS transfer
        FROM ap_invoice i JOIN ap_gl_transfer t ON t.branch_id = i.branch_id AND t.source_kind = 'invoice' AND t.source_id = i.id
       WHERE i.branch_id = ${b} AND i.id = ${id}`.execute(c.trx);
    if (!invoice.balance.eq(head[0].total)) throw conflict('ap-invoice.settledInPart', { number: invoice.number });
    const date = await businessDate(c.trx, b);
    await checkPayablesDate(c.trx, b, date);
    const { rows: lines } = await sql<{
      account_id: number;
      department_id: number | null;
      supplier_id: number | null;
      debit: string;
      credit: string;
    }>`
      SELECT account_id::int AS account_id, department_id::int AS department_id, supplier_id::int AS supplier_id, debit::text AS debit, credit::text AS credit
        FROM ap_gl_transfer_line WHERE branch_id = ${b} AND transfer_id = ${head[0].transfer} ORDER BY line_no`.execute(c.trx);
    const reversed: ProposedLine[] = lines.map((l) => ({
      accountId: Number(l.account_id),
      departmentId: l.department_id,
      supplierId: l.supplier_id ?? undefined,
      amount: new Decimal(l.credit).minus(l.debit),
    }));
    await recordPosting(
      c.trx,
      b,
      c.auth.user.id,
      { kind: 'invoice_cancel', id, number: invoice.number, date, description: reason },
      reversed,
      [{ supplierId: invoice.supplier_id, invoiceId: id, amount: new Decimal(head[0].total).neg() }],
    );
    await sql`
      UPDATE ap_invoice SET status = 'cancelled', cancelled_date = ${date}, cancel_reason = ${reason}, closed_date = NULL,
             version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
    if (head[0].receipt_id != null)
      await sql`UPDATE inv_receipt SET invoice_status = 'not_invoiced' WHERE branch_id = ${b} AND id = ${head[0].receipt_id}`.execute(
        c.trx,
      );
    return { id, cancelled: date };
  },
});
