import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { conflict, invalid } from '../../http/errors.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { openBusinessDay, postJournal, type PostingLine } from '../gl/post.js';
import { postCash, requireOpenShift } from './shift.js';

interface Receipt {
  purpose_id: number;
  receipt_no?: string | null;
  description?: string | null;
  amount: string;
}

/** Once requested, what is asked for stays as asked: only the receipts are added to it. */
const FIXED_AFTER_DRAFT = ['kind', 'setup_id', 'employee', 'amount', 'date'];

async function setupOf(c: HookContext, id: number) {
  const { rows } = await sql<{ code: string; max_amount: string; settle_days: number; account: string }>`
    SELECT s.code, s.max_amount::text AS max_amount, s.settle_days, a.code AS account
      FROM gc_advance_setup s JOIN gl_account a ON a.branch_id = s.branch_id AND a.id = s.advance_account_id
     WHERE s.branch_id = ${c.auth.branchId} AND s.id = ${id}`.execute(c.trx);
  return rows[0];
}

/**
 * A cash advance to staff or a reimbursement of what staff paid (gc/cash-advance), numbered CA-/RB-YYYYMM-####.
 * Requesting checks the setup's limit; the approver is never the requester; disbursing pays the advance out of
 * the cashier's open shift onto the advance account; settling books each receipt to its purpose's account and
 * clears the advance, the difference returned into the box or paid out of it.
 */
export const cashAdvanceHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    if (mode === 'create') {
      const kind = String(values.kind ?? 'advance');
      const stem = `${kind === 'reimbursement' ? 'RB' : 'CA'}-${dayjs(String(values.date)).format('YYYYMM')}-`;
      if (!values.number) values.number = await nextNumber(c.trx, c.auth.branchId, 'gc_cash_advance', stem);
      return;
    }
    if (before && before.status !== 'draft')
      for (const f of FIXED_AFTER_DRAFT)
        if (values[f] !== undefined && String(values[f]) !== String(before[f])) throw conflict('cash-advance.fixedAfterRequest');
  },
  async onStatus(c, action, row) {
    const id = Number(row.id);
    const setup = await setupOf(c, Number(row.setup_id));
    const amount = new Decimal(String(row.amount));
    if (action === 'request') {
      if (amount.gt(setup.max_amount))
        throw invalid([
          { field: 'amount', key: 'cash-advance.overLimit', params: { max: formatMoney(setup.max_amount), setup: setup.code } },
        ]);
    } else if (action === 'approve' || action === 'reject') {
      // four eyes: whoever asks for the money does not approve it
      const { rows } = await sql<{ created_by: number | null }>`
        SELECT created_by FROM gc_cash_advance WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
      if (Number(rows[0].created_by) === c.auth.user.id) throw conflict('cash-advance.ownApproval');
      if (action === 'approve')
        await sql`UPDATE gc_cash_advance SET approved_by = ${c.auth.user.id} WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(
          c.trx,
        );
    } else if (action === 'disburse') {
      const shift = await requireOpenShift(c);
      const journal = await postCash(c, shift, {
        key: `gc-advance:${id}:disburse`,
        kind: 'advance_disbursed',
        sourceType: 'cash_advance',
        sourceId: id,
        description: `${String(row.number)} advance to ${String(row.employee)}`,
        lines: [{ account: setup.account, amount, subledger: { type: 'cash_advance', id } }],
        cash: amount.neg(),
      });
      const settleBy = dayjs(await openBusinessDay(c.trx, c.auth.branchId))
        .add(setup.settle_days, 'day')
        .format('YYYY-MM-DD');
      await sql`UPDATE gc_cash_advance SET disburse_journal_id = ${journal}, settle_by = ${settleBy}
                 WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
    } else if (action === 'settle') {
      await settle(c, row, setup.account, amount);
    }
  },
};

/**
 * Each receipt to its purpose's account (the purpose's department, else the request's); an advance is
 * cleared from its account and what it differs from the receipts crosses the box; a reimbursement is paid
 * out of the box in full.
 */
async function settle(c: HookContext, row: Record<string, unknown>, advanceAccount: string, amount: Decimal) {
  const id = Number(row.id);
  const receipts = (row.lines as Receipt[]) ?? [];
  const { rows: purposes } = await sql<{ id: number; account: string; department_id: number | null }>`
    SELECT p.id, a.code AS account, p.department_id FROM gc_purpose p JOIN gl_account a ON a.branch_id = p.branch_id AND a.id = p.account_id
     WHERE p.branch_id = ${c.auth.branchId} AND p.id = ANY(${receipts.map((r) => Number(r.purpose_id))}::bigint[])`.execute(c.trx);
  const purpose = new Map(purposes.map((p) => [Number(p.id), p]));
  const lines: PostingLine[] = receipts.map((r) => {
    const p = purpose.get(Number(r.purpose_id))!;
    return {
      account: p.account,
      amount: r.amount,
      departmentId: p.department_id ?? (row.department_id as number | null) ?? null,
      description: [r.receipt_no, r.description].filter(Boolean).join(' ') || undefined,
    };
  });
  const spent = receipts.reduce((s, r) => s.plus(r.amount), new Decimal(0));
  const advance = row.kind === 'advance';
  if (advance) lines.push({ account: advanceAccount, amount: amount.neg(), subledger: { type: 'cash_advance', id } });
  // what crosses the box: an advance's unspent part comes back (+), its overspent part is paid out (−)
  const cash = advance ? amount.minus(spent) : spent.neg();
  const description = `${String(row.number)} settled by ${String(row.employee)}`;
  let journal: number;
  if (cash.isZero()) {
    journal = (
      await postJournal(c.trx, c.auth.branchId, c.auth.user.id, {
        date: await openBusinessDay(c.trx, c.auth.branchId),
        source: 'gc',
        sourceType: 'cash_advance_settlement',
        sourceId: id,
        key: `gc-advance:${id}:settle`,
        description,
        lines,
      })
    ).id;
  } else {
    journal = await postCash(c, await requireOpenShift(c), {
      key: `gc-advance:${id}:settle`,
      kind: cash.isPositive() ? 'advance_returned' : 'advance_paid',
      sourceType: 'cash_advance_settlement',
      sourceId: id,
      description,
      lines,
      cash,
    });
  }
  await sql`UPDATE gc_cash_advance SET settle_journal_id = ${journal} WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx);
}
