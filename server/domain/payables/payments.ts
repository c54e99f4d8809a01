import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { conflict, invalid } from '../../http/errors.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { numberDocument, supplierName } from './invoices.js';
import { checkPayablesDate, lockedInvoices, recordPosting } from './ledger.js';

interface PaymentLine {
  invoice_id: number;
  amount: string;
}

/**
 * Each line pays a posted invoice of the voucher's supplier, once, and no more than it still owes (a part of it
 * is a partial payment; the rest stays open); a negative line takes up the supplier's credit on an invoice its
 * credit note left below zero, no more than that credit. Judged when the voucher is written and again, with the invoices
 * locked, when it is paid: another voucher may have paid them in between.
 */
async function judgeLines(c: HookContext, supplierId: number, lines: PaymentLine[]) {
  const invoices = await lockedInvoices(
    c.trx,
    c.auth.branchId,
    lines.map((l) => Number(l.invoice_id)),
  );
  const seen = new Set<number>();
  const problems = lines.flatMap((l, i) => {
    const inv = invoices.get(Number(l.invoice_id));
    const field = `lines/${i}/invoice_id`;
    if (!inv || inv.supplier_id !== supplierId) return [{ field, key: 'ap-payment.invoiceOfAnother', params: { line: i + 1 } }];
    if (seen.has(inv.id)) return [{ field, key: 'ap-payment.invoiceTwice', params: { line: i + 1, number: inv.number } }];
    seen.add(inv.id);
    if (inv.status !== 'posted') return [{ field, key: 'ap-payment.invoiceNotPosted', params: { line: i + 1, number: inv.number } }];
    const amount = new Decimal(l.amount);
    // a negative line nets the supplier's credit (an invoice credited beyond what was owed), no more than it holds
    if (amount.lt(0) && amount.lt(Decimal.min(inv.balance, 0)))
      return [
        {
          field: `lines/${i}/amount`,
          key: 'ap-payment.moreThanCredit',
          params: { line: i + 1, number: inv.number, credit: formatMoney(Decimal.max(inv.balance.neg(), 0).toFixed(2)) },
        },
      ];
    if (amount.gt(inv.balance))
      return [
        {
          field: `lines/${i}/amount`,
          key: 'ap-payment.moreThanOwed',
          params: { line: i + 1, number: inv.number, balance: formatMoney(inv.balance.toFixed(2)) },
        },
      ];
    return [];
  });
  if (problems.length) throw invalid(problems);
}

/**
 * A payment voucher (PV-YYYYMM-nnnn): approved by someone with the right, then paid: the bank pays the lines
 * and the bank charges; each invoice owes that much less (Dr payable per invoice's supplier, Dr bank charges,
 * Cr bank).
 */
export const paymentHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    if (mode === 'create') await numberDocument(c, 'ap_payment', 'PV', values);
    const lines = (virtual.lines ?? before?.lines) as PaymentLine[] | undefined;
    const supplier = Number(values.supplier_id ?? before?.supplier_id);
    if (lines?.length) await judgeLines(c, supplier, lines);
  },
  async onStatus(c, action, row) {
    const b = c.auth.branchId;
    const lines = (row.lines as PaymentLine[]) ?? [];
    await judgeLines(c, Number(row.supplier_id), lines);
    if (action === 'approve') {
      await sql`UPDATE ap_payment SET approved_by = ${c.auth.user.id} WHERE branch_id = ${b} AND id = ${Number(row.id)}`.execute(c.trx);
      return;
    }
    if (action !== 'post') return;
    await checkPayablesDate(c.trx, b, String(row.date));
    const supplierId = Number(row.supplier_id);
    const paid = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
    const charges = new Decimal(String(row.bank_charges ?? 0));
    await recordPosting(
      c.trx,
      b,
      c.auth.user.id,
      {
        kind: 'payment',
        id: Number(row.id),
        number: String(row.number),
        date: String(row.date),
        description: await supplierName(c.trx, b, supplierId),
      },
      [
        { role: 'accounts_payable', amount: paid, supplierId },
        { role: 'bank_charges', amount: charges },
        { accountId: Number(row.bank_account_id), amount: paid.plus(charges).neg() },
      ],
      lines.map((l) => ({ supplierId, invoiceId: Number(l.invoice_id), amount: new Decimal(l.amount).neg() })),
    );
  },
};

/**
 * A recap voucher (RV-YYYYMM-nnnn) gathers payment vouchers awaiting approval, each once, for one signature:
 * approving it approves every voucher in it (each still judged against what its invoices owe).
 */
export const recapHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual) {
    if (mode === 'create') await numberDocument(c, 'ap_recap', 'RV', values);
    const lines = virtual.lines as { payment_id: number; amount?: string | null }[] | undefined;
    if (!lines) return;
    const { rows } = await sql<{ id: number; total: string | null; status: string; number: string }>`
      SELECT id::int AS id, total::text AS total, status, number FROM ap_payment
       WHERE branch_id = ${c.auth.branchId} AND id = ANY(${lines.map((l) => Number(l.payment_id))}::bigint[])`.execute(c.trx);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const problems = lines.flatMap((l, i) => {
      const p = byId.get(Number(l.payment_id));
      if (p && p.status !== 'draft')
        return [{ field: `lines/${i}/payment_id`, key: 'ap-recap.notAwaiting', params: { line: i + 1, number: p.number } }];
      l.amount = p?.total ?? '0';
      return [];
    });
    if (problems.length) throw invalid(problems);
    values.total = lines.reduce((s, l) => s.plus(l.amount ?? 0), new Decimal(0)).toFixed(2);
  },
  async onStatus(c, action, row) {
    if (action !== 'approve') return;
    const b = c.auth.branchId;
    const ids = ((row.lines as { payment_id: number }[]) ?? []).map((l) => Number(l.payment_id));
    const { rows } = await sql<{ id: number; number: string; status: string; supplier_id: number }>`
      SELECT id::int AS id, number, status, supplier_id::int AS supplier_id FROM ap_payment
       WHERE branch_id = ${b} AND id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(c.trx);
    for (const p of rows) {
      if (p.status !== 'draft') throw conflict('ap-recap.notAwaiting', { line: ids.indexOf(Number(p.id)) + 1, number: p.number });
      const { rows: lines } = await sql<PaymentLine>`
        SELECT invoice_id::int AS invoice_id, amount::text AS amount FROM ap_payment_line WHERE branch_id = ${b} AND payment_id = ${p.id}`.execute(
        c.trx,
      );
      if (!lines.length) throw conflict('ap-payment.noLines');
      await judgeLines(c, Number(p.supplier_id), lines);
    }
    await sql`
      UPDATE ap_payment SET status = 'approved', approved_by = ${c.auth.user.id}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${b} AND id = ANY(${ids}::bigint[])`.execute(c.trx);
  },
};
