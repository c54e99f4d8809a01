import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { conflict, invalid } from '../../http/errors.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { openBusinessDay } from '../gl/post.js';
import { applyToInvoices } from './invoices.js';
import { proposeJournal, refuseClosedPeriod } from './toLedger.js';

interface OpenInvoice {
  id: number;
  number: string;
  open: string;
}

/**
 * Money received from an account (RC-YYYYMM-nnnn). What it settles is the amount banked plus the bank's charges
 * (the hotel's expense): applied to the account's open invoices oldest first (by due date, then date), or to the
 * invoices chosen on its lines, each at most what it still owes. What is left over is kept as the account's
 * credit. Posting proposes the journal: Dr the bank, Dr bank charges, Cr city ledger for what was applied and
 * Cr customer credits for the rest, both on the account's sub-ledger.
 */
export const receiptHook: EntityHook = {
  async beforeWrite(c, mode, values) {
    if (mode !== 'create') return;
    if (!values.date) values.date = await openBusinessDay(c.trx, c.auth.branchId);
    values.number = await nextNumber(c.trx, c.auth.branchId, 'ar_receipt', `RC-${dayjs(String(values.date)).format('YYYYMM')}-`);
  },
  async onStatus(c, action, row) {
    if (action !== 'post') return;
    const b = c.auth.branchId;
    const id = Number(row.id);
    const date = String(row.date);
    const account = Number(row.account_id);
    await refuseClosedPeriod(c.trx, b, date);
    const received = new Decimal(String(row.amount)).plus(String(row.bank_charges ?? 0));
    const { rows: open } = await sql<OpenInvoice>`
      SELECT id, number, (total - settled)::text AS open FROM ar_invoice
       WHERE branch_id = ${b} AND account_id = ${account} AND status = 'posted' AND kind <> 'credit_note' AND settled < total AND date <= ${date}
       ORDER BY due_date, date, id FOR UPDATE`.execute(c.trx);
    const parts: { invoiceId: number; amount: Decimal }[] = [];
    if (row.allocation === 'chosen') {
      const byId = new Map(open.map((o) => [Number(o.id), o]));
      const lines = (row.lines as { invoice_id: number; amount: string }[]) ?? [];
      lines.forEach((l, i) => {
        const inv = byId.get(Number(l.invoice_id));
        if (!inv) throw invalid([{ field: `lines/${i}/invoice_id`, key: 'ar-receipt.invoiceNotOpen', params: { line: i + 1 } }]);
        if (new Decimal(l.amount).gt(inv.open))
          throw invalid([
            {
              field: `lines/${i}/amount`,
              key: 'ar-receipt.overOpen',
              params: { line: i + 1, number: inv.number, open: formatMoney(inv.open) },
            },
          ]);
        parts.push({ invoiceId: Number(l.invoice_id), amount: new Decimal(l.amount) });
      });
    } else {
      let left = received;
      for (const inv of open) {
        if (!left.gt(0)) break;
        const take = Decimal.min(left, inv.open);
        parts.push({ invoiceId: Number(inv.id), amount: take });
        left = left.minus(take);
      }
      const json = JSON.stringify(parts.map((p, i) => ({ line_no: i + 1, invoice_id: p.invoiceId, amount: p.amount.toFixed(2) })));
      await sql`DELETE FROM ar_receipt_line WHERE branch_id = ${b} AND receipt_id = ${id}`.execute(c.trx);
      await sql`
        INSERT INTO ar_receipt_line (branch_id, receipt_id, line_no, invoice_id, amount)
        SELECT ${b}, ${id}, x.line_no, x.invoice_id, x.amount FROM jsonb_to_recordset(${json}::jsonb) AS x(line_no int, invoice_id bigint, amount numeric)`.execute(
        c.trx,
      );
    }
    const applied = parts.reduce((s, p) => s.plus(p.amount), new Decimal(0));
    if (applied.gt(received)) throw conflict('ar-receipt.chosenOver');
    const credit = received.minus(applied);
    await applyToInvoices(c.trx, b, c.auth.user.id, date, { receiptId: id }, parts);
    await sql`UPDATE ar_receipt SET applied = ${applied.toFixed(2)}, credit = ${credit.toFixed(2)}, posted_at = now(), posted_by = ${c.auth.user.id}
               WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
    const number = String(row.number);
    const description = String(row.description ?? '') || number;
    await proposeJournal(c.trx, b, c.auth.user.id, { kind: 'receipt', id, number, date, description }, [
      { accountId: Number(row.bank_account_id), amount: new Decimal(String(row.amount)), description },
      { role: 'bank_charges', amount: new Decimal(String(row.bank_charges ?? 0)), description },
      { role: 'city_ledger', amount: applied.neg(), businessAccountId: account, description },
      { role: 'customer_credit', amount: credit.neg(), businessAccountId: account, description },
    ]);
  },
};
