import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { HookContext } from '../../data/hooks.js';
import { badRequest, conflict, invalid } from '../../http/errors.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { openBusinessDay, postJournal } from '../gl/post.js';
import { positiveAmount } from '../frontoffice/folio/inputs.js';

export interface DepositReceipt {
  id: number;
  amount: string;
  pay_article_id: number;
  reference?: string;
}

/**
 * Money received ahead of an event: Dr what it was paid with (cash, card, transfer), Cr banquet deposits, on the
 * business day, through the one posting function. It settles the schedule's lines in order of their due dates.
 */
export async function receiveDeposit(c: HookContext, input: DepositReceipt) {
  const b = c.auth.branchId;
  const amount = positiveAmount(input.amount, 'amount');
  const { rows } = await sql<{ number: string; status: string }>`
    SELECT number, status FROM bq_event WHERE branch_id = ${b} AND id = ${input.id} FOR UPDATE`.execute(c.trx);
  const event = rows[0];
  if (!event) throw badRequest('error.refMissing', { field: 'id' });
  if (event.status === 'cancelled') throw conflict('bq-activity.eventCancelled', { number: event.number });
  const { rows: pay } = await sql<{ gl_account: string | null; payment_type: string; name: string; active: boolean }>`
    SELECT gl_account, payment_type, name, active FROM pay_article WHERE branch_id = ${b} AND id = ${input.pay_article_id}`.execute(c.trx);
  if (!pay[0] || !pay[0].active || !pay[0].gl_account || ['city_ledger', 'deposit', 'voucher'].includes(pay[0].payment_type))
    throw invalid([{ field: 'pay_article_id', key: 'bq-deposit.payArticle', params: {} }]);
  const day = await openBusinessDay(c.trx, b);
  const { rows: receipt } = await sql<{ id: number }>`
    INSERT INTO bq_deposit_receipt (branch_id, event_id, business_date, amount, pay_article_id, reference, created_by)
    VALUES (${b}, ${input.id}, ${day}, ${amount.toFixed(2)}, ${input.pay_article_id}, ${input.reference ?? null}, ${c.auth.user.id})
    RETURNING id`.execute(c.trx);
  const receiptId = Number(receipt[0].id);
  const description = `Deposit ${event.number}${input.reference ? ` (${input.reference})` : ''}`;
  const journal = await postJournal(c.trx, b, c.auth.user.id, {
    date: day,
    source: 'banquet',
    sourceType: 'deposit',
    sourceId: receiptId,
    key: `banquet:deposit:${receiptId}`,
    description,
    lines: [
      { account: pay[0].gl_account, amount, description },
      { role: 'banquet_deposit', amount: amount.neg(), description, subledger: { type: 'bq_event', id: input.id } },
    ],
  });
  await sql`UPDATE bq_deposit_receipt SET journal_id = ${journal.id} WHERE branch_id = ${b} AND id = ${receiptId}`.execute(c.trx);
  await settleSchedule(c, input.id);
  return { id: receiptId, journal_id: journal.id, amount: amount.toFixed(2), shown_amount: formatMoney(amount.toFixed(2)) };
}

/** Spreads what was received over the schedule, earliest due first; the schedule shows what each line got. */
async function settleSchedule(c: HookContext, eventId: number) {
  const b = c.auth.branchId;
  const { rows } = await sql<{ id: number; amount: string }>`
    SELECT id, amount::text FROM bq_event_deposit WHERE branch_id = ${b} AND event_id = ${eventId} ORDER BY due_date, line_no`.execute(
    c.trx,
  );
  let left = await receivedFor(c, eventId);
  for (const line of rows) {
    const got = Decimal.min(left, line.amount);
    left = left.minus(got);
    await sql`UPDATE bq_event_deposit SET received = ${got.toFixed(2)} WHERE branch_id = ${b} AND id = ${line.id}`.execute(c.trx);
  }
}

/** Deposits received for an event and not yet applied to another bill. */
export async function receivedFor(c: HookContext, eventId: number): Promise<Decimal> {
  const { rows } = await sql<{ s: string }>`
    SELECT coalesce(sum(amount), 0)::text AS s FROM bq_deposit_receipt WHERE branch_id = ${c.auth.branchId} AND event_id = ${eventId}`.execute(
    c.trx,
  );
  return new Decimal(rows[0].s);
}
