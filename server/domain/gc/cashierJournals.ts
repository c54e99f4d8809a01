import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { openBusinessDay, reverseJournal } from '../gl/post.js';
import { postCash, requireOpenShift } from './shift.js';

interface VoucherLine {
  account_id: number;
  department_id?: number | null;
  description?: string | null;
  amount: string;
}

/**
 * The cashier's receipt and payment vouchers (gc/cashier-journal), numbered RV-/PV-YYYYMM-####, dated the
 * business day. Posting moves the total through the cashier's open shift against the lines' accounts
 * (a payment debits them, a receipt credits them); reversing posts the counter-journal and moves the cash back.
 */
export const cashierJournalHook: EntityHook = {
  async beforeWrite(c, mode, values) {
    if (mode !== 'create') return;
    const date = await openBusinessDay(c.trx, c.auth.branchId);
    values.date = date;
    const stem = `${values.direction === 'receipt' ? 'RV' : 'PV'}-${dayjs(date).format('YYYYMM')}-`;
    if (!values.number) values.number = await nextNumber(c.trx, c.auth.branchId, 'gc_cashier_journal', stem);
  },
  async onStatus(c, action, row) {
    const id = Number(row.id);
    const shift = await requireOpenShift(c);
    const date = await openBusinessDay(c.trx, c.auth.branchId);
    const total = new Decimal(String(row.total));
    if (action === 'post') {
      const sign = row.direction === 'receipt' ? -1 : 1;
      const { rows: accounts } = await sql<{ id: number; code: string }>`
        SELECT id, code FROM gl_account WHERE branch_id = ${c.auth.branchId}
           AND id = ANY(${((row.lines as VoucherLine[]) ?? []).map((l) => Number(l.account_id))}::bigint[])`.execute(c.trx);
      const code = new Map(accounts.map((a) => [Number(a.id), a.code]));
      const journal = await postCash(c, shift, {
        key: `gc-journal:${id}`,
        kind: row.direction === 'receipt' ? 'journal_receipt' : 'journal_payment',
        sourceType: `cashier_${String(row.direction)}`,
        sourceId: id,
        description: `${String(row.number)} ${String(row.description)}`,
        lines: ((row.lines as VoucherLine[]) ?? []).map((l) => ({
          account: code.get(Number(l.account_id)),
          amount: new Decimal(l.amount).times(sign),
          departmentId: l.department_id ?? null,
          description: l.description ?? undefined,
        })),
        cash: total.times(-sign),
      });
      // a draft kept from an earlier day is posted, and dated, today
      await sql`UPDATE gc_cashier_journal SET journal_id = ${journal}, shift_id = ${shift.id}, date = ${date}
                 WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
    } else if (action === 'reverse') {
      const reversal = await reverseJournal(c.trx, c.auth.branchId, c.auth.user.id, Number(row.journal_id), {
        date,
        key: `gc-journal:${id}:reversal`,
        description: `Reversal of ${String(row.number)} ${String(row.description)}`,
        sourceType: `cashier_${String(row.direction)}_reversal`,
        sourceId: id,
      });
      const cash = row.direction === 'receipt' ? total.neg() : total;
      await sql`
        INSERT INTO gc_cash_movement (branch_id, shift_id, kind, source_type, source_id, description, amount, journal_id, created_by)
        VALUES (${c.auth.branchId}, ${shift.id}, 'journal_reversal', 'cashier_journal', ${id}, ${`Reversal of ${String(row.number)}`},
                ${cash.toFixed(2)}, ${reversal.id}, ${c.auth.user.id})`.execute(c.trx);
      await sql`UPDATE gc_cashier_journal SET reversal_journal_id = ${reversal.id} WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(
        c.trx,
      );
    }
  },
};
