import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EntityHook } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { badRequest, conflict, invalid, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { openBusinessDay } from '../gl/post.js';
import { checkCredit } from './raise.js';
import { proposeJournal, refuseClosedPeriod } from './toLedger.js';

const MAX_ID = 9_007_199_254_740_991;

/** An account's payment terms give an invoice its due date. */
async function dueDate(trx: Db, branchId: number, accountId: number, date: string) {
  const { rows } = await sql<{ days: number }>`
    SELECT payment_term_days AS days FROM business_account WHERE branch_id = ${branchId} AND id = ${accountId}`.execute(trx);
  if (!rows[0]) throw invalid([{ field: 'account_id', key: 'ar.accountUnknown', params: {} }]);
  return dayjs(date).add(rows[0].days, 'day').format('YYYY-MM-DD');
}

/**
 * A manual receivable (other income billed to an account: a rental, a commission, a function room): numbered
 * AR-YYYYMM-nnnn, dated the business day unless given, due after the account's terms. Only manual invoices are
 * written here: city-ledger invoices arrive from the front office, the point of sale and banquet, credit notes
 * from their command. Posting checks the account's credit and proposes the journal Dr city ledger (the account's
 * sub-ledger), Cr each line's revenue account.
 */
export const invoiceHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    const b = c.auth.branchId;
    if (mode === 'create') {
      if (values.kind !== undefined && values.kind !== 'manual') throw badRequest('ar-invoice.onlyManual');
      values.kind = 'manual';
      values.source = 'manual';
      if (!values.date) values.date = await openBusinessDay(c.trx, b);
      values.number = await nextNumber(c.trx, b, 'ar_invoice', `AR-${dayjs(String(values.date)).format('YYYYMM')}-`);
    } else if (before?.kind !== 'manual') throw conflict('ar-invoice.notManual');
    const account = Number(values.account_id ?? before?.account_id);
    const date = String(values.date ?? before?.date);
    values.due_date = await dueDate(c.trx, b, account, date);
  },
  async beforeDelete(_c, row) {
    if (row.kind !== 'manual') throw conflict('ar-invoice.notManual');
  },
  async onStatus(c, action, row) {
    if (action !== 'post') return;
    const b = c.auth.branchId;
    const id = Number(row.id);
    const date = String(row.date);
    await refuseClosedPeriod(c.trx, b, date);
    const total = new Decimal(String(row.total));
    const account = Number(row.account_id);
    await checkCredit(c.trx, b, account, total);
    await sql`UPDATE ar_invoice SET posted_at = now(), posted_by = ${c.auth.user.id} WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
    const lines =
      (row.lines as { revenue_account_id: number; department_id: number | null; description: string | null; amount: string }[]) ?? [];
    const number = String(row.number);
    await proposeJournal(
      c.trx,
      b,
      c.auth.user.id,
      { kind: 'invoice', id, number, date, description: String(row.description ?? '') || number },
      [
        { role: 'city_ledger', amount: total, businessAccountId: account, description: String(row.description ?? '') || number },
        ...lines.map((l) => ({
          accountId: Number(l.revenue_account_id),
          amount: new Decimal(l.amount).neg(),
          departmentId: l.department_id == null ? null : Number(l.department_id),
          description: l.description ?? number,
        })),
      ],
    );
  },
};

/**
 * A credit note: part or all of a posted invoice taken back (a rate corrected, an allowance agreed), never more
 * than it still owes. It is a posted document of its own (CN-YYYYMM-nnnn) applied to the invoice at once; its
 * journal, proposed for review, debits the account the accountant names (the revenue or an allowance) and
 * credits the city ledger on the account's sub-ledger. The invoice itself is never changed.
 */
export const creditNote = defineOp<{ id: number; amount: string; revenue_account_id: number; reason: string }>({
  name: 'accountreceivable.creditNote',
  summary: 'Credit part or all of a posted receivable invoice (a credit note applied to it)',
  resource: 'accountreceivable.invoice',
  action: 'credit',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['id', 'amount', 'revenue_account_id', 'reason'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-ref': 'accountreceivable/ar-invoice' },
      amount: { type: 'string', format: 'money' },
      revenue_account_id: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-ref': 'gl/coa' },
      reason: { type: 'string', minLength: 3, maxLength: 200 },
    },
  },
  async handler(c, input) {
    const b = c.auth.branchId;
    const { rows } = await sql<{ number: string; account_id: number; status: string; kind: string; open: string }>`
      SELECT number, account_id, status, kind, (total - settled)::text AS open FROM ar_invoice
       WHERE branch_id = ${b} AND id = ${input.id} FOR UPDATE`.execute(c.trx);
    const inv = rows[0];
    if (!inv) throw notFound('ar-invoice.title');
    if (inv.status !== 'posted' || inv.kind === 'credit_note') throw conflict('ar-invoice.creditNotPosted', { number: inv.number });
    const amount = new Decimal(input.amount);
    if (!amount.gt(0)) throw invalid([{ field: 'amount', key: 'ar.amountPositive', params: {} }]);
    if (amount.gt(inv.open))
      throw invalid([{ field: 'amount', key: 'ar-invoice.creditOverOpen', params: { number: inv.number, open: formatMoney(inv.open) } }]);
    const { rows: acc } = await sql`
      SELECT 1 FROM gl_account WHERE branch_id = ${b} AND id = ${input.revenue_account_id} AND posting AND active`.execute(c.trx);
    if (!acc.length) throw invalid([{ field: 'revenue_account_id', key: 'ar-invoice.creditAccount.invalid', params: {} }]);
    const date = await openBusinessDay(c.trx, b);
    await refuseClosedPeriod(c.trx, b, date);
    const { id, number } = await issueCreditNote(c.trx, b, c.auth.user.id, {
      invoice: { id: input.id, number: inv.number, accountId: Number(inv.account_id) },
      amount,
      date,
      reason: input.reason,
      revenueAccountId: input.revenue_account_id,
    });
    return { id, number, amount: amount.toFixed(2), shown_amount: formatMoney(amount.toFixed(2)) };
  },
});

/**
 * Writes a posted credit note against an invoice and applies it. With a revenue account its journal is proposed
 * for review (Dr that account, Cr city ledger); without one the caller has already reversed the charge in the
 * ledger (journalId).
 */
async function issueCreditNote(
  trx: Db,
  b: number,
  userId: number,
  n: {
    invoice: { id: number; number: string; accountId: number };
    amount: Decimal;
    date: string;
    reason: string;
    revenueAccountId?: number;
    journalId?: number;
  },
) {
  const number = await nextNumber(trx, b, 'ar_invoice', `CN-${dayjs(n.date).format('YYYYMM')}-`);
  const description = `${n.invoice.number}: ${n.reason}`;
  const { rows: made } = await sql<{ id: number }>`
    INSERT INTO ar_invoice (branch_id, number, kind, account_id, date, due_date, source, source_id, reference, description, credit_of, status,
                            total, settled, journal_id, posted_at, posted_by, created_by, updated_by)
    VALUES (${b}, ${number}, 'credit_note', ${n.invoice.accountId}, ${n.date}, ${n.date}, 'credit_note', ${n.invoice.id}, ${n.invoice.number},
            ${description}, ${n.invoice.id}, 'posted', ${n.amount.toFixed(2)}, ${n.amount.toFixed(2)}, ${n.journalId ?? null}, now(), ${userId},
            ${userId}, ${userId})
    RETURNING id`.execute(trx);
  const id = Number(made[0].id);
  await sql`
    INSERT INTO ar_invoice_line (branch_id, invoice_id, line_no, description, revenue_account_id, amount)
    VALUES (${b}, ${id}, 1, ${n.reason}, ${n.revenueAccountId ?? null}, ${n.amount.toFixed(2)})`.execute(trx);
  await applyToInvoices(trx, b, userId, n.date, { creditNoteId: id }, [{ invoiceId: n.invoice.id, amount: n.amount }]);
  if (n.revenueAccountId)
    await proposeJournal(trx, b, userId, { kind: 'credit_note', id, number, date: n.date, description }, [
      { accountId: n.revenueAccountId, amount: n.amount, description },
      { role: 'city_ledger', amount: n.amount.neg(), businessAccountId: n.invoice.accountId, description },
    ]);
  return { id, number };
}

/**
 * A city-ledger charge taken back by the module that raised it (a paid bill reopened), in its transaction: the
 * invoice raised under `key` is credited in full by a credit note carrying the caller's reversing journal. An
 * invoice already paid in part is refused — the receipt would otherwise apply to nothing.
 */
export async function withdrawReceivable(
  trx: Db,
  branchId: number,
  userId: number,
  w: { key: string; date: string; reason: string; journalId: number },
) {
  const { rows } = await sql<{ id: number; number: string; account_id: number; total: string; settled: string }>`
    SELECT id, number, account_id, total::text, settled::text FROM ar_invoice WHERE branch_id = ${branchId} AND key = ${w.key} FOR UPDATE`.execute(
    trx,
  );
  const inv = rows[0];
  if (!inv) return;
  if (!new Decimal(inv.settled).isZero()) throw conflict('ar-invoice.alreadyPaid', { number: inv.number });
  await issueCreditNote(trx, branchId, userId, {
    invoice: { id: Number(inv.id), number: inv.number, accountId: Number(inv.account_id) },
    amount: new Decimal(inv.total),
    date: w.date,
    reason: w.reason,
    journalId: w.journalId,
  });
}

/**
 * Applies money to invoices: one allocation row each (append-only) and the invoices' settled amounts, in two
 * statements. The database refuses an invoice settled beyond its total.
 */
export async function applyToInvoices(
  trx: Db,
  branchId: number,
  userId: number,
  date: string,
  from: { receiptId?: number; creditNoteId?: number; creditUseId?: number },
  parts: { invoiceId: number; amount: Decimal }[],
) {
  if (!parts.length) return;
  const json = JSON.stringify(parts.map((p) => ({ invoice_id: p.invoiceId, amount: p.amount.toFixed(2) })));
  await sql`
    INSERT INTO ar_allocation (branch_id, invoice_id, receipt_id, credit_note_id, credit_use_id, date, amount, created_by)
    SELECT ${branchId}, x.invoice_id, ${from.receiptId ?? null}, ${from.creditNoteId ?? null}, ${from.creditUseId ?? null}, ${date}, x.amount, ${userId}
      FROM jsonb_to_recordset(${json}::jsonb) AS x(invoice_id bigint, amount numeric)`.execute(trx);
  await addToSettled(trx, branchId, userId, json);
}

/**
 * Adds allocations (a JSON array of { invoice_id, amount }, negative when taken back) to their invoices' settled
 * amounts in one statement.
 */
export async function addToSettled(trx: Db, branchId: number, userId: number, json: string) {
  await sql`
    UPDATE ar_invoice i SET settled = i.settled + x.amount, version = i.version + 1, updated_at = now(), updated_by = ${userId}
      FROM (SELECT invoice_id, sum(amount) AS amount FROM jsonb_to_recordset(${json}::jsonb) AS y(invoice_id bigint, amount numeric) GROUP BY invoice_id) x
     WHERE i.branch_id = ${branchId} AND i.id = x.invoice_id`.execute(trx);
}
