import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { parseAmount } from '../../../src/core/format/amount.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { openBusinessDay, postJournal, reverseJournal } from '../gl/post.js';
import { addToSettled, applyToInvoices } from './invoices.js';
import { cityLedgerLine } from './raise.js';
import { documentJournal } from './toLedger.js';

const MAX_ID = 9_007_199_254_740_991;
const RECEIPT = 'accountreceivable/ar-receipt';

interface ReceiptRow {
  number: string;
  account_id: number;
  status: string;
  credit: string;
  credit_used: string;
}

async function lockedReceipt(trx: Db, b: number, id: number): Promise<ReceiptRow> {
  const { rows } = await sql<ReceiptRow>`
    SELECT number, account_id, status, coalesce(credit, 0)::text AS credit, credit_used::text FROM ar_receipt
     WHERE branch_id = ${b} AND id = ${id} FOR UPDATE`.execute(trx);
  if (!rows[0]) throw notFound('ar-receipt.title');
  return rows[0];
}

/** An amount as the accountant types it (100.000 or 100000), positive, to the sen; or a 400 on the field. */
function typedAmount(text: string): Decimal {
  const parsed = parseAmount(text);
  if (!parsed || !/^\d+(\.\d{1,2})?$/.test(parsed) || !new Decimal(parsed).gt(0))
    throw invalid([{ field: 'amount', key: 'ar.amountPositive', params: {} }]);
  return new Decimal(parsed);
}

/**
 * A receipt's over-payment, kept as the account's credit, applied to an open invoice of the same account on the
 * business day: the invoice owes that much less and the receipt's credit left falls with it. Without an amount,
 * as much as both allow; never more than the credit left or what the invoice owes. Posted at once through the
 * one posting function: Dr customer credit / Cr city ledger, both on the account's sub-ledger.
 */
export const applyCredit = defineOp<{ id: number; invoice_id: number; amount?: string }>({
  name: 'accountreceivable.applyCredit',
  summary: "Apply a receipt's credit (an over-payment) to an open invoice of the same account",
  resource: 'accountreceivable.receipt',
  action: 'apply',
  labelsFrom: RECEIPT,
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['id', 'invoice_id'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-ref': RECEIPT },
      invoice_id: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-ref': 'accountreceivable/ar-invoice' },
      amount: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9][0-9., ]*$' },
    },
  },
  async handler(c, input) {
    const b = c.auth.branchId;
    const receipt = await lockedReceipt(c.trx, b, input.id);
    if (receipt.status !== 'posted') throw conflict('ar-receipt.creditNotPosted', { number: receipt.number });
    const left = new Decimal(receipt.credit).minus(receipt.credit_used);
    if (!left.gt(0)) throw conflict('ar-receipt.noCreditLeft', { number: receipt.number });
    const { rows } = await sql<{ number: string; account_id: number; status: string; kind: string; open: string }>`
      SELECT number, account_id, status, kind, (total - settled)::text AS open FROM ar_invoice
       WHERE branch_id = ${b} AND id = ${input.invoice_id} FOR UPDATE`.execute(c.trx);
    const invoice = rows[0];
    if (!invoice) throw notFound('ar-invoice.title');
    if (Number(invoice.account_id) !== Number(receipt.account_id) || invoice.status !== 'posted' || invoice.kind === 'credit_note')
      throw invalid([{ field: 'invoice_id', key: 'ar-receipt.creditInvoice', params: { number: invoice.number } }]);
    const open = new Decimal(invoice.open);
    if (!open.gt(0)) throw invalid([{ field: 'invoice_id', key: 'ar-receipt.creditInvoicePaid', params: { number: invoice.number } }]);
    const amount = input.amount ? typedAmount(input.amount) : Decimal.min(left, open);
    if (amount.gt(left))
      throw invalid([
        { field: 'amount', key: 'ar-receipt.creditOverLeft', params: { number: receipt.number, left: formatMoney(left.toFixed(2)) } },
      ]);
    if (amount.gt(open))
      throw invalid([
        { field: 'amount', key: 'ar-receipt.creditOverOpen', params: { number: invoice.number, open: formatMoney(open.toFixed(2)) } },
      ]);
    const date = await openBusinessDay(c.trx, b);
    const user = c.auth.user.id;
    const { rows: made } = await sql<{ id: number }>`
      INSERT INTO ar_credit_use (branch_id, receipt_id, invoice_id, date, amount, created_by)
      VALUES (${b}, ${input.id}, ${input.invoice_id}, ${date}, ${amount.toFixed(2)}, ${user}) RETURNING id`.execute(c.trx);
    const useId = Number(made[0].id);
    const account = Number(receipt.account_id);
    const description = `${receipt.number} → ${invoice.number}`;
    const journal = await postJournal(c.trx, b, user, {
      date,
      source: 'receivables',
      sourceType: 'credit_use',
      sourceId: useId,
      key: `receivables:credit_use:${useId}`,
      description,
      dating: 'open-period',
      lines: [
        { role: 'customer_credit', amount, description, subledger: { type: 'account', id: account } },
        cityLedgerLine(account, amount.neg(), description),
      ],
    });
    await sql`UPDATE ar_credit_use SET journal_id = ${journal.id} WHERE branch_id = ${b} AND id = ${useId}`.execute(c.trx);
    await applyToInvoices(c.trx, b, user, date, { creditUseId: useId }, [{ invoiceId: input.invoice_id, amount }]);
    await sql`UPDATE ar_receipt SET credit_used = credit_used + ${amount.toFixed(2)}, version = version + 1, updated_at = now(), updated_by = ${user}
               WHERE branch_id = ${b} AND id = ${input.id}`.execute(c.trx);
    const after = left.minus(amount).toFixed(2);
    return {
      id: input.id,
      invoice: invoice.number,
      applied: amount.toFixed(2),
      credit_left: after,
      shown_applied: formatMoney(amount.toFixed(2)),
      shown_left: formatMoney(after),
    };
  },
});

/**
 * A posted receipt taken back (a transfer that bounced, a cheque refused) on the business day, with its reason:
 * the exact counter-posting of its journal (bank, bank charges, city ledger and credit, on the account's
 * sub-ledger) through the one posting function, the amounts it applied taken back so its invoices owe them
 * again, and the receipt marked reversed — never edited or deleted. Refused while any of the credit it created
 * has been applied to an invoice: that invoice would stay paid with money the hotel never had.
 */
export const reverseReceipt = defineOp<{ id: number; reason: string }>({
  name: 'accountreceivable.reverseReceipt',
  summary: 'Reverse a posted receipt (a bounced transfer): its journal counter-posted, the invoices it paid reopened',
  resource: 'accountreceivable.receipt',
  action: 'reverse',
  labelsFrom: RECEIPT,
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['id', 'reason'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-ref': RECEIPT },
      reason: { type: 'string', minLength: 3, maxLength: 200 },
    },
  },
  async handler(c, { id, reason }) {
    const b = c.auth.branchId;
    const user = c.auth.user.id;
    const receipt = await lockedReceipt(c.trx, b, id);
    if (receipt.status === 'reversed') throw conflict('ar-receipt.alreadyReversed', { number: receipt.number });
    if (receipt.status !== 'posted') throw conflict('ar-receipt.reverseNotPosted', { number: receipt.number });
    if (new Decimal(receipt.credit_used).gt(0)) {
      const { rows } = await sql<{ numbers: string }>`
        SELECT string_agg(DISTINCT i.number, ', ') AS numbers FROM ar_credit_use u JOIN ar_invoice i ON i.branch_id = u.branch_id AND i.id = u.invoice_id
         WHERE u.branch_id = ${b} AND u.receipt_id = ${id}`.execute(c.trx);
      throw conflict('ar-receipt.creditApplied', {
        number: receipt.number,
        used: formatMoney(receipt.credit_used),
        invoices: rows[0].numbers,
      });
    }
    const date = await openBusinessDay(c.trx, b);
    const original = await documentJournal(c.trx, b, user, 'receipt', id, receipt.number);
    const reversal = await reverseJournal(c.trx, b, user, original, {
      date,
      key: `receivables:receipt_reversal:${id}`,
      description: `${receipt.number} reversed: ${reason}`,
      sourceType: 'receipt_reversal',
      sourceId: id,
      dating: 'open-period',
    });
    const { rows: reopened } = await sql<{ invoice_id: number; amount: string }>`
      INSERT INTO ar_allocation (branch_id, invoice_id, receipt_id, date, amount, reversal_of, created_by)
      SELECT branch_id, invoice_id, receipt_id, ${date}, -amount, id, ${user} FROM ar_allocation
       WHERE branch_id = ${b} AND receipt_id = ${id} AND reversal_of IS NULL
      RETURNING invoice_id, amount::text`.execute(c.trx);
    await addToSettled(c.trx, b, user, JSON.stringify(reopened));
    await sql`
      UPDATE ar_receipt SET status = 'reversed', reversal_date = ${date}, reversal_reason = ${reason}, reversal_journal_id = ${reversal.id},
             reversed_by = ${user}, version = version + 1, updated_at = now(), updated_by = ${user}
       WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
    const reopenedTotal = reopened.reduce((s, r) => s.minus(r.amount), new Decimal(0)).toFixed(2);
    return { id, number: receipt.number, journal: reversal.id, reopened: reopenedTotal, shown_reopened: formatMoney(reopenedTotal) };
  },
});
