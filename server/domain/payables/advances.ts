import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { numberDocument, supplierName } from './invoices.js';
import { businessDate, checkPayablesDate, lockedInvoices, recordPosting } from './ledger.js';

export const ADVANCE = 'accountpayable.ap-advance';

/** Money paid to a supplier before the invoice, numbered UM-YYYYMM-nnnn (uang muka); once paid out it is never changed. */
export const advanceHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    if (before?.status === 'posted') throw conflict('ap-advance.posted', { number: before.number });
    if (mode === 'create') await numberDocument(c, 'ap_advance', 'UM', values);
  },
  async beforeDelete(_c, row) {
    if (row.status === 'posted') throw conflict('ap-advance.posted', { number: row.number });
  },
};

/**
 * An advance paid out, on its date: the bank pays it and it waits on the supplier-advance account, on the
 * supplier's sub-ledger, until applied to invoices (Dr supplier advance / Cr bank).
 */
export const postAdvanceOp = defineOp<{ id: number }>({
  name: 'payables.postAdvance',
  summary: 'Pay out a supplier advance from its bank account',
  resource: ADVANCE,
  action: 'post',
  labelsFrom: 'payables/ap-advance',
  input: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': 'payables/ap-advance' } },
  },
  async handler(c, { id }) {
    const b = c.auth.branchId;
    const { rows } = await sql<{
      number: string;
      date: string;
      supplier_id: number;
      bank_account_id: number;
      amount: string;
      status: string;
    }>`
      SELECT number, date::text AS date, supplier_id::int AS supplier_id, bank_account_id::int AS bank_account_id, amount::text AS amount, status
        FROM ap_advance WHERE branch_id = ${b} AND id = ${id} FOR UPDATE`.execute(c.trx);
    const a = rows[0];
    if (!a) throw notFound('ap-advance.title');
    if (a.status !== 'draft') throw conflict('ap-advance.posted', { number: a.number });
    await checkPayablesDate(c.trx, b, a.date);
    const amount = new Decimal(a.amount);
    await recordPosting(
      c.trx,
      b,
      c.auth.user.id,
      { kind: 'advance', id, number: a.number, date: a.date, description: await supplierName(c.trx, b, Number(a.supplier_id)) },
      [
        { role: 'supplier_advance', amount, supplierId: Number(a.supplier_id) },
        { accountId: Number(a.bank_account_id), amount: amount.neg() },
      ],
      [],
    );
    await sql`UPDATE ap_advance SET status = 'posted', version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
    return { id, posted: a.number };
  },
});

/**
 * An advance applied to an invoice of the same supplier, on the business day: what is owed on the invoice falls
 * by the amount and the advance's remainder with it (Dr payable / Cr supplier advance). Without an amount, as
 * much as both allow. Never more than the advance has left or the invoice still owes.
 */
export const applyAdvanceOp = defineOp<{ id: number; invoice_id: number; amount?: string }>({
  name: 'payables.applyAdvance',
  summary: 'Apply a posted supplier advance to an invoice of the same supplier',
  resource: ADVANCE,
  action: 'apply',
  labelsFrom: 'payables/ap-advance',
  input: {
    type: 'object',
    required: ['id', 'invoice_id'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': 'payables/ap-advance' },
      invoice_id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': 'payables/ap-invoice' },
      amount: { type: 'string', pattern: '^[0-9]{1,15}$', maxLength: 15 },
    },
  },
  async handler(c, { id, invoice_id, amount }) {
    const b = c.auth.branchId;
    const { rows } = await sql<{ number: string; supplier_id: number; status: string; left: string }>`
      SELECT number, supplier_id::int AS supplier_id, status, (amount - applied_amount)::text AS left
        FROM ap_advance WHERE branch_id = ${b} AND id = ${id} FOR UPDATE`.execute(c.trx);
    const advance = rows[0];
    if (!advance) throw notFound('ap-advance.title');
    if (advance.status !== 'posted') throw conflict('ap-advance.notPosted', { number: advance.number });
    const invoice = (await lockedInvoices(c.trx, b, [invoice_id])).get(invoice_id);
    if (!invoice) throw notFound('ap-invoice.title');
    if (invoice.status !== 'posted') throw conflict('ap-invoice.notPosted', { number: invoice.number });
    if (invoice.supplier_id !== Number(advance.supplier_id))
      throw invalid([{ field: 'invoice_id', key: 'ap-advance.otherSupplier', params: { number: invoice.number } }]);
    const left = new Decimal(advance.left);
    const applied = amount ? new Decimal(amount) : Decimal.min(left, invoice.balance);
    if (applied.lte(0)) throw conflict('ap-advance.nothingToApply', { number: advance.number, invoice: invoice.number });
    if (applied.gt(left))
      throw invalid([{ field: 'amount', key: 'ap-advance.moreThanLeft', params: { left: formatMoney(left.toFixed(2)) } }]);
    if (applied.gt(invoice.balance))
      throw invalid([
        {
          field: 'amount',
          key: 'ap-advance.moreThanOwed',
          params: { number: invoice.number, balance: formatMoney(invoice.balance.toFixed(2)) },
        },
      ]);
    const date = await businessDate(c.trx, b);
    await checkPayablesDate(c.trx, b, date);
    const { rows: made } = await sql<{ id: number }>`
      INSERT INTO ap_advance_application (branch_id, advance_id, invoice_id, date, amount, created_by)
      VALUES (${b}, ${id}, ${invoice_id}, ${date}, ${applied.toFixed(2)}, ${c.auth.user.id}) RETURNING id`.execute(c.trx);
    await sql`UPDATE ap_advance SET applied_amount = applied_amount + ${applied.toFixed(2)}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
    const supplierId = invoice.supplier_id;
    await recordPosting(
      c.trx,
      b,
      c.auth.user.id,
      { kind: 'application', id: Number(made[0].id), number: advance.number, date, description: `${advance.number} → ${invoice.number}` },
      [
        { role: 'accounts_payable', amount: applied, supplierId },
        { role: 'supplier_advance', amount: applied.neg(), supplierId },
      ],
      [{ supplierId, invoiceId: invoice_id, amount: applied.neg() }],
    );
    return { id, invoice_id, applied: applied.toFixed(2) };
  },
});
