import { sql } from 'kysely';
import type { HookContext } from '../../data/hooks.js';
import { badRequest, conflict, invalid, notFound } from '../../http/errors.js';
import { openBusinessDay, postJournal, reverseJournal, type PostingLine } from '../gl/post.js';
import { defineOp } from '../../ops/registry.js';
import { RESERVATION } from './reservations.js';
import { depositAvailable } from './folio/paymentOps.js';
import { parseAmount } from '../../../src/core/format/amount.js';

async function reservationOf(c: HookContext, id: number) {
  const r = (
    await sql<{
      id: number;
      status: string;
    }>`SELECT id, status FROM reservation WHERE branch_id = ${c.auth.branchId} AND id = ${id}`.execute(c.trx)
  ).rows[0];
  if (!r) throw notFound('reservation');
  return r;
}

export interface DepositReceived {
  paid_on?: string;
  amount: string;
  pay_article_id: number;
  receipt_no: string;
  note?: string;
}

/**
 * Money received against a reservation (at booking, or at the desk on a walk-in), in the caller's transaction:
 * a line in the append-only deposit list and its journal — received on the payment's account, owed on the
 * deposits ledger until the stay uses it.
 */
export async function recordDeposit(c: HookContext, reservationId: number, input: DepositReceived) {
  const r = await reservationOf(c, reservationId);
  // a cashier types 2.500.000 as the screen shows money; the column takes 2500000
  const amount = parseAmount(input.amount) ?? input.amount;
  if (['cancelled', 'no_show', 'checked_out'].includes(r.status)) throw badRequest('deposit.closedReservation');
  if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(amount)) throw invalid([{ field: 'amount', key: 'deposit.amountForm', params: {} }]);
  if (Number(amount) <= 0) throw invalid([{ field: 'amount', key: 'deposit.positive', params: {} }]);
  const article = (
    await sql<{ name: string; payment_type: string; gl_account: string | null }>`
    SELECT name, payment_type, gl_account FROM pay_article WHERE branch_id = ${c.auth.branchId} AND id = ${input.pay_article_id} AND active`.execute(
      c.trx,
    )
  ).rows[0];
  if (!article) throw invalid([{ field: 'pay_article_id', key: 'deposit.articleUnknown', params: {} }]);
  // a deposit is money received: paying it "by deposit" would move nothing, and "on the city ledger" would owe the
  // hotel money no company invoice stands for (a company that pays later is billed at check-out)
  if (article.payment_type === 'deposit' || article.payment_type === 'city_ledger')
    throw invalid([{ field: 'pay_article_id', key: 'deposit.articleKind', params: {} }]);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO reservation_deposit (branch_id, reservation_id, paid_on, amount, pay_article_id, receipt_no, note, created_by, updated_by)
    SELECT ${c.auth.branchId}, ${reservationId}, coalesce(${input.paid_on ?? null}::date, business_date), ${amount}, ${input.pay_article_id}, ${input.receipt_no}, ${input.note ?? null}, ${c.auth.user.id}, ${c.auth.user.id}
      FROM hotel_setup WHERE branch_id = ${c.auth.branchId}
    RETURNING id`.execute(c.trx);
  if (!article.gl_account) throw conflict('folio.articleNoAccount', { article: article.name });
  const received: PostingLine = { account: article.gl_account, amount };
  await postJournal(c.trx, c.auth.branchId, c.auth.user.id, {
    date: await openBusinessDay(c.trx, c.auth.branchId),
    source: 'frontoffice',
    sourceType: 'deposit',
    sourceId: Number(rows[0].id),
    key: `deposit:${rows[0].id}`,
    description: `Deposit ${input.receipt_no}`,
    lines: [received, { role: 'deposit_ledger', amount: `-${amount}`, subledger: { type: 'reservation', id: reservationId } }],
  });
  return { id: rows[0].id };
}

/** A deposit received against a reservation: a line in an append-only list, with its receipt number. */
export const addDeposit = defineOp<DepositReceived & { id: number }>({
  name: 'frontoffice.depositAdd',
  idempotencyKey: 'required',
  summary: 'Record a deposit paid for a reservation (amount, payment article, receipt)',
  resource: RESERVATION,
  action: 'deposit',
  input: {
    type: 'object',
    required: ['id', 'amount', 'pay_article_id', 'receipt_no'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/reservation', description: 'the reservation' },
      paid_on: { type: 'string', format: 'date', description: 'default: the business date' },
      amount: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9.]+(,[0-9]{1,2})?$' },
      pay_article_id: { type: 'integer', minimum: 1, 'x-ref': 'system/pay-article' },
      receipt_no: { type: 'string', minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9/_-]+$' },
      note: { type: 'string', maxLength: 200 },
    },
  },
  async handler(c, input) {
    return recordDeposit(c, input.id, input);
  },
});

/** A mistaken or refunded deposit is answered by a reversing line; the original stays as it was. */
export const reverseDeposit = defineOp<{ id: number; note: string }>({
  name: 'frontoffice.depositReverse',
  idempotencyKey: 'required',
  summary: 'Reverse a deposit line (refund or correction) with a reason',
  resource: RESERVATION,
  action: 'deposit',
  input: {
    type: 'object',
    required: ['id', 'note'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/reservation-deposit' },
      note: { type: 'string', minLength: 3, maxLength: 200 },
    },
  },
  async handler(c, input) {
    const d = (
      await sql<{
        id: number;
        reservation_id: number;
        amount: string;
        pay_article_id: number;
        receipt_no: string;
        reverses_id: number | null;
      }>`
      SELECT id, reservation_id, amount, pay_article_id, receipt_no, reverses_id FROM reservation_deposit WHERE branch_id = ${c.auth.branchId} AND id = ${input.id} FOR UPDATE`.execute(
        c.trx,
      )
    ).rows[0];
    if (!d) throw notFound('deposit');
    if (d.reverses_id) throw badRequest('deposit.isReversal');
    const done = (
      await sql`SELECT 1 FROM reservation_deposit WHERE branch_id = ${c.auth.branchId} AND reverses_id = ${d.id}`.execute(c.trx)
    ).rows[0];
    if (done) throw badRequest('deposit.alreadyReversed', { receipt: d.receipt_no });
    // money already applied to a folio is refunded from the folio, not by reversing its receipt
    if ((await depositAvailable(c.trx, c.auth.branchId, d.reservation_id)).lt(d.amount))
      throw conflict('deposit.alreadyApplied', { receipt: d.receipt_no });
    const { rows } = await sql<{ id: number }>`
      INSERT INTO reservation_deposit (branch_id, reservation_id, paid_on, amount, pay_article_id, receipt_no, note, reverses_id, created_by, updated_by)
      SELECT ${c.auth.branchId}, ${d.reservation_id}, business_date, -${d.amount}::numeric, ${d.pay_article_id}, ${`${d.receipt_no}-R`}, ${input.note}, ${d.id}, ${c.auth.user.id}, ${c.auth.user.id}
        FROM hotel_setup WHERE branch_id = ${c.auth.branchId}
      RETURNING id`.execute(c.trx);
    const journal = (
      await sql<{
        id: number;
      }>`SELECT id FROM gl_journal WHERE branch_id = ${c.auth.branchId} AND source_type = 'deposit' AND source_id = ${d.id}`.execute(c.trx)
    ).rows[0];
    if (journal) {
      await reverseJournal(c.trx, c.auth.branchId, c.auth.user.id, Number(journal.id), {
        date: await openBusinessDay(c.trx, c.auth.branchId),
        key: `deposit:${rows[0].id}`,
        description: `Deposit ${d.receipt_no} reversed: ${input.note}`,
        sourceType: 'deposit',
        sourceId: Number(rows[0].id),
      });
    }
    return { id: rows[0].id };
  },
});
