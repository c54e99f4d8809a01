import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { HookContext } from '../../data/hooks.js';
import { conflict, forbidden, invalid } from '../../http/errors.js';
import { hasRight } from '../../http/rbac.js';
import { defineOp } from '../../ops/registry.js';
import { equalParts } from '../../../src/core/money/allocate.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { openBusinessDay, postJournal, type PostingLine } from '../gl/post.js';
import { postCash, requireOpenShift, type OpenShift } from '../gc/shift.js';
import { positiveAmount } from '../frontoffice/folio/inputs.js';
import { postFolioEvents } from '../frontoffice/folio/postings.js';
import { routeCharges } from '../frontoffice/folio/routing.js';
import { ORDER, loadCheck, storeBillTotals, type BillTotals, type CheckRow } from './bill.js';
import { lineDiscount } from './checks.js';
import { cityLedgerAccount } from '../receivables/accounts.js';
import { cityLedgerLine, raiseReceivable } from '../receivables/raise.js';

const id = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;
const amountInput = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9][0-9., ]*$' } as const;
const KINDS = ['cash', 'card', 'transfer', 'room', 'city_ledger', 'complimentary'] as const;
type Kind = (typeof KINDS)[number];

export interface PayInput {
  id: number;
  kind: Kind;
  amount?: string;
  tendered?: string;
  pay_article_id?: number;
  card_last4?: string;
  reference?: string;
  reservation_id?: number;
  company?: string;
  account_id?: number;
  reason_id?: number;
}

/** What is still owed, and what this payment takes by default: the next equal part of a split bill, else the rest. */
function dueNow(check: CheckRow, totals: BillTotals): { remaining: Decimal; next: Decimal } {
  const paid = new Decimal(check.paid);
  const remaining = new Decimal(totals.total).minus(paid);
  if (!check.split_parts) return { remaining, next: remaining };
  let upTo = new Decimal(0);
  for (const part of equalParts(totals.total, check.split_parts)) {
    upTo = upTo.plus(part);
    if (upTo.gt(paid)) return { remaining, next: upTo.minus(paid) };
  }
  return { remaining, next: remaining };
}

async function payArticle(c: HookContext, articleId: number | undefined, types: string[]) {
  if (!articleId) throw invalid([{ field: 'pay_article_id', key: 'error.required', params: {} }]);
  const { rows } = await sql<{ name: string; payment_type: string; gl_account: string | null; active: boolean }>`
    SELECT name, payment_type, gl_account, active FROM pay_article WHERE branch_id = ${c.auth.branchId} AND id = ${articleId}`.execute(
    c.trx,
  );
  const a = rows[0];
  if (!a || !a.active || !types.includes(a.payment_type) || !a.gl_account)
    throw invalid([{ field: 'pay_article_id', key: 'pos-pay.articleKind', params: {} }]);
  return a;
}

/**
 * What the payment debits, posted at once: cash into the cashier's box, a card or QRIS to its clearing
 * account, the city ledger, the complimentary expense — each against the outlet checks' clearing account,
 * which the bill's revenue empties when it is paid in full. A charge to the room becomes a line on the guest's
 * folio (its journal: guest ledger against the same clearing account). Answers the journal and the folio line.
 */
async function postPayment(
  c: HookContext,
  shift: OpenShift,
  check: CheckRow,
  input: PayInput,
  amount: Decimal,
  key: string,
): Promise<{ journal: number; folioLine?: number; folioId?: number; accountId?: number }> {
  const description = `${check.outlet_name} bill ${check.number}`;
  const clearing: PostingLine = { role: 'pos_clearing', amount: amount.neg(), subledger: { type: 'pos_check', id: check.id }, description };
  const post = async (debit: PostingLine) =>
    (
      await postJournal(c.trx, c.auth.branchId, c.auth.user.id, {
        date: await openBusinessDay(c.trx, c.auth.branchId),
        source: 'pointofsales',
        sourceType: 'pos_payment',
        sourceId: check.id,
        key,
        description,
        lines: [debit, clearing],
      })
    ).id;
  switch (input.kind) {
    case 'cash':
      return {
        journal: await postCash(c, shift, {
          key,
          kind: 'pos_payment',
          sourceType: 'pos_payment',
          sourceId: check.id,
          description,
          lines: [clearing],
          cash: amount,
        }),
      };
    case 'card':
    case 'transfer': {
      const article = await payArticle(c, input.pay_article_id, [input.kind]);
      if (input.kind === 'card' && !input.card_last4) throw invalid([{ field: 'card_last4', key: 'folio.last4Required', params: {} }]);
      return { journal: await post({ account: article.gl_account!, amount, description: `${description} ${article.name}` }) };
    }
    case 'city_ledger': {
      if (!input.company?.trim() && !input.account_id) throw invalid([{ field: 'company', key: 'pos-pay.companyRequired', params: {} }]);
      const account = await cityLedgerAccount(c.trx, c.auth.branchId, { accountId: input.account_id, company: input.company }, 'company');
      const journal = await post(cityLedgerLine(account.id, amount, account.name));
      await raiseReceivable(c.trx, c.auth.branchId, {
        accountId: account.id,
        date: await openBusinessDay(c.trx, c.auth.branchId),
        source: 'pos',
        sourceId: check.id,
        reference: `${check.outlet_name} ${check.number}`,
        amount,
        description,
        key: `pos:${key}`,
        journalId: journal,
        userId: c.auth.user.id,
      });
      return { journal, accountId: account.id };
    }
    case 'complimentary': {
      if (!hasRight(c.auth, ORDER, 'complimentary')) throw forbidden('pos-pay.complimentaryRight');
      const { rows } = await sql`
        SELECT 1 FROM pos_reason WHERE branch_id = ${c.auth.branchId} AND id = ${input.reason_id ?? 0} AND kind = 'complimentary' AND active`.execute(
        c.trx,
      );
      if (!rows.length) throw invalid([{ field: 'reason_id', key: 'pos-pay.complimentaryReason', params: {} }]);
      return { journal: await post({ role: 'complimentary_expense', amount, departmentId: check.department_id, description }) };
    }
    case 'room': {
      const stayId = input.reservation_id ?? check.reservation_id;
      if (!stayId) throw invalid([{ field: 'reservation_id', key: 'error.required', params: {} }]);
      if (!check.fo_article_id) throw conflict('pos-pay.noRoomArticle', { outlet: check.outlet_name });
      const { rows } = await sql<{ status: string; code: string; room_id: number | null }>`
        SELECT status, code, room_id FROM reservation WHERE branch_id = ${c.auth.branchId} AND id = ${stayId}`.execute(c.trx);
      if (!rows[0] || rows[0].status !== 'in_house')
        throw invalid([{ field: 'reservation_id', key: 'pos-check.stayNotInHouse', params: {} }]);
      const day = await openBusinessDay(c.trx, c.auth.branchId);
      // the stay's routing decides the folio (a company paying the meals takes them on its window)
      const [folioId] = await routeCharges(c.trx, c.auth.branchId, c.auth.user.id, [
        { reservationId: stayId, articleId: check.fo_article_id, date: day },
      ]);
      const [posted] = await postFolioEvents(c.trx, c.auth.branchId, c.auth.user.id, day, [
        [
          {
            folioId,
            reservationId: stayId,
            kind: 'charge',
            foArticleId: check.fo_article_id,
            description,
            roomId: rows[0].room_id,
            base: amount.toFixed(2),
            amount: amount.toFixed(2),
            postingKey: key,
          },
        ],
      ]);
      const { rows: journal } = await sql<{ id: number }>`
        SELECT id FROM gl_journal WHERE branch_id = ${c.auth.branchId} AND source_type = 'folio_line' AND source_id = ${posted.lineIds[0]}`.execute(
        c.trx,
      );
      return { journal: Number(journal[0].id), folioLine: posted.lineIds[0], folioId };
    }
  }
}

/** A paid check's closing journal: the clearing its payments went to, against its revenue by group, service and tax. */
export function closingLines(check: Pick<CheckRow, 'id' | 'department_id'>, totals: BillTotals, description: string): PostingLine[] {
  return [
    { role: 'pos_clearing', amount: totals.total, subledger: { type: 'pos_check', id: check.id }, description },
    ...totals.revenue.map((r) => ({
      account: r.account,
      amount: new Decimal(r.amount).neg(),
      departmentId: check.department_id,
      description,
    })),
    { role: 'service_payable', amount: new Decimal(totals.service).neg(), departmentId: check.department_id },
    { role: 'tax_payable', amount: new Decimal(totals.tax).neg(), departmentId: check.department_id },
  ];
}

/**
 * Closes a check paid in full: its revenue by food, beverage and other, its service and its tax, against the
 * clearing account its payments were posted to — one balanced journal on the business date.
 */
async function closeCheck(c: HookContext, check: CheckRow, totals: BillTotals) {
  const description = `${check.outlet_name} bill ${check.number}`;
  const journal = await postJournal(c.trx, c.auth.branchId, c.auth.user.id, {
    date: await openBusinessDay(c.trx, c.auth.branchId),
    source: 'pointofsales',
    sourceType: 'pos_check',
    sourceId: check.id,
    key: `pos-check:${check.id}:close`,
    description,
    lines: closingLines(check, totals, description),
  });
  await sql`
    UPDATE pos_check SET status = 'paid', closed_at = now(), closed_by = ${c.auth.user.id}, journal_id = ${journal.id}
     WHERE branch_id = ${c.auth.branchId} AND id = ${check.id}`.execute(c.trx);
}

/**
 * One payment on a check, from the cashier's open shift at the check's outlet: cash (what the guest hands over
 * and the change), card (brand and last four digits only), transfer or QRIS, the guest's room, the city ledger,
 * or complimentary (a reason and the right to give it). Several payments settle one bill; the last one closes it.
 */
export const pay = defineOp<PayInput>({
  name: 'pointofsales.pay',
  summary: 'Pay a check (cash, card, transfer/QRIS, room, city ledger or complimentary); the payment that completes it closes it',
  resource: ORDER,
  action: 'pay',
  idempotencyKey: 'required',
  input: {
    type: 'object',
    required: ['id', 'kind'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'pointofsales/check' },
      kind: { enum: [...KINDS] },
      amount: { ...amountInput, description: 'default: the next equal part of a split bill, else what is still owed' },
      tendered: { ...amountInput, description: 'cash: what the guest handed over (the change is given back)' },
      pay_article_id: { ...id, 'x-ref': 'system/pay-article' },
      card_last4: { type: 'string', pattern: '^[0-9]{4}$', description: 'the last four digits of the card, nothing more' },
      reference: {
        type: 'string',
        maxLength: 30,
        pattern: '^[A-Za-z0-9/_.-]*$',
        description: "the terminal's approval code or the QRIS reference",
      },
      reservation_id: { ...id, 'x-ref': 'frontoffice/reservation' },
      company: { type: 'string', maxLength: 120 },
      account_id: { ...id, 'x-ref': 'sales/account', description: 'the business account billed on the city ledger' },
      reason_id: { ...id, 'x-ref': 'pointofsales/reason' },
    },
  },
  async handler(c, input) {
    const shift = await requireOpenShift(c, 'pos');
    const check = await loadCheck(c.trx, c.auth.branchId, input.id);
    if (check.status !== 'open') throw conflict('pos-check.notOpen', { number: check.number });
    if (shift.outlet_id !== check.outlet_id) throw conflict('pos-pay.otherOutlet', { outlet: check.outlet_name });
    const { rows: unsent } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pos_check_item WHERE branch_id = ${c.auth.branchId} AND check_id = ${check.id} AND status = 'new'`.execute(
      c.trx,
    );
    if (unsent[0].n > 0) throw conflict('pos-pay.unsent', { count: unsent[0].n });
    const totals = await storeBillTotals(c.trx, c.auth.branchId, check);
    const { remaining, next } = dueNow(check, totals);
    if (!remaining.gt(0)) throw conflict('pos-pay.nothingOwed', { number: check.number });
    const amount = input.amount ? positiveAmount(input.amount, 'amount') : next;
    if (amount.gt(remaining)) throw invalid([{ field: 'amount', key: 'pos-pay.overBalance', params: { remaining: remaining.toFixed(0) } }]);
    if (input.kind !== 'card' && input.card_last4) throw invalid([{ field: 'card_last4', key: 'folio.last4NotCard', params: {} }]);
    if (input.tendered && input.kind !== 'cash') throw invalid([{ field: 'tendered', key: 'pos-pay.tenderedCash', params: {} }]);
    const tendered = input.tendered ? positiveAmount(input.tendered, 'tendered') : undefined;
    if (tendered && tendered.lt(amount))
      throw invalid([{ field: 'tendered', key: 'pos-pay.tenderedShort', params: { amount: amount.toFixed(0) } }]);
    const key = `pos-pay:${crypto.randomUUID()}`;
    const posted = await postPayment(c, shift, check, input, amount, key);
    await sql`
      INSERT INTO pos_payment (branch_id, check_id, shift_id, kind, pay_article_id, amount, tendered, change, card_last4, reference, folio_id,
                               folio_line_id, company, account_id, reason_id, journal_id, posting_key, created_by)
      VALUES (${c.auth.branchId}, ${check.id}, ${shift.id}, ${input.kind}, ${input.pay_article_id ?? null}, ${amount.toFixed(2)},
              ${tendered?.toFixed(2) ?? null}, ${tendered ? tendered.minus(amount).toFixed(2) : null}, ${input.card_last4 ?? null},
              ${input.reference ?? null}, ${posted.folioId ?? null}, ${posted.folioLine ?? null}, ${input.company?.trim() || null}, ${posted.accountId ?? null},
              ${input.kind === 'complimentary' ? input.reason_id! : null}, ${posted.journal}, ${key}, ${c.auth.user.id})`.execute(c.trx);
    const paid = new Decimal(check.paid).plus(amount);
    await sql`UPDATE pos_check SET paid = ${paid.toFixed(2)}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${check.id}`.execute(c.trx);
    const closed = paid.eq(totals.total);
    if (closed) await closeCheck(c, check, totals);
    return {
      amount: amount.toFixed(0),
      change: tendered ? tendered.minus(amount).toFixed(0) : '0',
      paid: paid.toFixed(0),
      remaining: new Decimal(totals.total).minus(paid).toFixed(0),
      status: closed ? 'paid' : 'open',
      folio_id: posted.folioId ?? null,
      // as the cashier reads them, for the confirmation the screen shows
      shown_amount: formatMoney(amount.toFixed(0)),
      shown_change: formatMoney(tendered ? tendered.minus(amount).toFixed(0) : '0'),
      shown_remaining: formatMoney(new Decimal(totals.total).minus(paid).toFixed(0)),
    };
  },
});

/** A bill to be paid in equal parts: the parts are whole rupiah with the remainder on the last; each payment takes one. */
export const splitEqual = defineOp<{ id: number; parts: number }>({
  name: 'pointofsales.splitEqual',
  summary: 'Split a bill into N equal parts (whole rupiah, the remainder on the last part)',
  resource: ORDER,
  action: 'split',
  input: {
    type: 'object',
    required: ['id', 'parts'],
    additionalProperties: false,
    properties: { id: { ...id, 'x-ref': 'pointofsales/check' }, parts: { type: 'integer', minimum: 2, maximum: 20 } },
  },
  async handler(c, { id: checkId, parts }) {
    const check = await loadCheck(c.trx, c.auth.branchId, checkId);
    if (check.status !== 'open') throw conflict('pos-check.notOpen', { number: check.number });
    if (new Decimal(check.paid).gt(0)) throw conflict('pos-check.paymentsStarted');
    const totals = await storeBillTotals(c.trx, c.auth.branchId, check);
    await sql`UPDATE pos_check SET split_parts = ${parts}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${check.id}`.execute(c.trx);
    const amounts = equalParts(totals.total, parts);
    return { total: totals.total, parts: amounts, shown_parts: amounts.map((a) => formatMoney(a)).join(' + ') };
  },
});

/**
 * Splits items off a check onto a new check of the same table (by items or by seats: the terminal picks the
 * seat's items): each is billed, taxed and paid on its own.
 */
export const splitItems = defineOp<{ id: number; lines: number[] }>({
  name: 'pointofsales.splitItems',
  summary: "Move some of a check's items to a new check of the same table, billed and paid on its own",
  resource: ORDER,
  action: 'split',
  input: {
    type: 'object',
    required: ['id', 'lines'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'pointofsales/check' },
      lines: { type: 'array', minItems: 1, maxItems: 300, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 500 } },
    },
  },
  async handler(c, input) {
    const check = await loadCheck(c.trx, c.auth.branchId, input.id);
    if (check.status !== 'open') throw conflict('pos-check.notOpen', { number: check.number });
    if (new Decimal(check.paid).gt(0) || check.split_parts) throw conflict('pos-check.paymentsStarted');
    const { rows: items } = await sql<{ id: number; line_no: number; status: string }>`
      SELECT id, line_no, status FROM pos_check_item WHERE branch_id = ${c.auth.branchId} AND check_id = ${check.id} ORDER BY line_no`.execute(
      c.trx,
    );
    const moving = items.filter((i) => input.lines.includes(i.line_no) && i.status !== 'void');
    if (moving.length !== input.lines.length) throw invalid([{ field: 'lines', key: 'pos-check.linesUnknown', params: {} }]);
    if (moving.length === items.filter((i) => i.status !== 'void').length)
      throw invalid([{ field: 'lines', key: 'pos-check.splitAll', params: {} }]);
    const { rows: made } = await sql<{ id: number; number: string }>`
      INSERT INTO pos_check (branch_id, number, outlet_id, table_id, reservation_id, guest_name, covers, business_date, split_of, created_by, updated_by)
      SELECT branch_id, ${`${check.number}-${String.fromCharCode(65 + Number(await splitCount(c, check.id)))}`}, outlet_id, table_id,
             reservation_id, guest_name, 1, business_date, id, ${c.auth.user.id}, ${c.auth.user.id}
        FROM pos_check WHERE branch_id = ${c.auth.branchId} AND id = ${check.id}
      RETURNING id, number`.execute(c.trx);
    const target = Number(made[0].id);
    // the deferred line-number key lets the moved items be numbered 1… on the new check in the same statement
    await sql`
      UPDATE pos_check_item i SET check_id = ${target}, line_no = x.n
        FROM (SELECT id, row_number() OVER (ORDER BY line_no) AS n FROM pos_check_item
               WHERE branch_id = ${c.auth.branchId} AND id = ANY(${moving.map((m) => Number(m.id))}::bigint[])) x
       WHERE i.branch_id = ${c.auth.branchId} AND i.id = x.id`.execute(c.trx);
    // what stays is numbered 1… again, as the bill shows it (a void names its line by that number)
    await sql`
      UPDATE pos_check_item i SET line_no = x.n
        FROM (SELECT id, row_number() OVER (ORDER BY line_no) AS n FROM pos_check_item WHERE branch_id = ${c.auth.branchId} AND check_id = ${check.id}) x
       WHERE i.branch_id = ${c.auth.branchId} AND i.id = x.id AND i.line_no <> x.n`.execute(c.trx);
    await sql`UPDATE pos_check SET version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${check.id}`.execute(c.trx);
    const left = await storeBillTotals(c.trx, c.auth.branchId, check);
    const split = await storeBillTotals(c.trx, c.auth.branchId, await loadCheck(c.trx, c.auth.branchId, target));
    return { id: target, number: made[0].number, total: split.total, left: left.total };
  },
});

async function splitCount(c: HookContext, checkId: number) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pos_check WHERE branch_id = ${c.auth.branchId} AND split_of = ${checkId}`.execute(c.trx);
  return rows[0].n;
}

/**
 * The bill a discount is given on, locked: open, nothing paid on it yet, and the reason one of the property's
 * discount reasons still in use.
 */
async function discountableCheck(c: HookContext, checkId: number, reasonId: number) {
  const check = await loadCheck(c.trx, c.auth.branchId, checkId);
  if (check.status !== 'open') throw conflict('pos-check.notOpen', { number: check.number });
  if (new Decimal(check.paid).gt(0)) throw conflict('pos-check.paymentsStarted');
  const { rows } = await sql`
    SELECT 1 FROM pos_reason WHERE branch_id = ${c.auth.branchId} AND id = ${reasonId} AND kind = 'discount' AND active`.execute(c.trx);
  if (!rows.length) throw invalid([{ field: 'reason_id', key: 'pos-pay.discountReason', params: {} }]);
  return check;
}

/** A discount on one item of an open bill (by its line number), before any payment: a percentage and a reason. */
export const discountItem = defineOp<{ id: number; line: number; percent: number; reason_id: number }>({
  name: 'pointofsales.discountItem',
  summary: 'Give a discount on one item of a bill (a percentage with a discount reason)',
  resource: ORDER,
  action: 'discount',
  input: {
    type: 'object',
    required: ['id', 'line', 'percent', 'reason_id'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'pointofsales/check' },
      line: { type: 'integer', minimum: 1, maximum: 500, description: "the item's number on the bill" },
      percent: { type: 'number', minimum: 0, maximum: 100, multipleOf: 0.01 },
      reason_id: { ...id, 'x-ref': 'pointofsales/reason' },
    },
  },
  async handler(c, input) {
    const check = await discountableCheck(c, input.id, input.reason_id);
    const { rows: items } = await sql<{ id: number; amount: string }>`
      SELECT id, amount::text AS amount FROM pos_check_item
       WHERE branch_id = ${c.auth.branchId} AND check_id = ${check.id} AND line_no = ${input.line} AND status <> 'void'`.execute(c.trx);
    if (!items.length) throw invalid([{ field: 'line', key: 'pos-check.noSuchLine', params: { line: input.line } }]);
    const off = lineDiscount(items[0].amount, input.percent);
    await sql`
      UPDATE pos_check_item SET discount_pct = ${input.percent}, discount = ${off}, discount_reason_id = ${input.percent > 0 ? input.reason_id : null}
       WHERE branch_id = ${c.auth.branchId} AND id = ${items[0].id}`.execute(c.trx);
    const totals = await storeBillTotals(c.trx, c.auth.branchId, check, true);
    return {
      line: input.line,
      discount: new Decimal(off).toFixed(0),
      total: totals.total,
      shown_discount: formatMoney(new Decimal(off).toFixed(0)),
      shown_total: formatMoney(totals.total),
    };
  },
});

/** A discount on the whole bill: a percentage, a discount reason, and the right to give it. */
export const discount = defineOp<{ id: number; percent: number; reason_id: number }>({
  name: 'pointofsales.discount',
  summary: 'Give a discount on a bill (a percentage with a discount reason)',
  resource: ORDER,
  action: 'discount',
  input: {
    type: 'object',
    required: ['id', 'percent', 'reason_id'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'pointofsales/check' },
      percent: { type: 'number', minimum: 0, maximum: 100, multipleOf: 0.01 },
      reason_id: { ...id, 'x-ref': 'pointofsales/reason' },
    },
  },
  async handler(c, input) {
    const check = await discountableCheck(c, input.id, input.reason_id);
    await sql`UPDATE pos_check SET discount_pct = ${input.percent}, discount_reason_id = ${input.reason_id}, version = version + 1,
                     updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${check.id}`.execute(c.trx);
    const totals = await storeBillTotals(c.trx, c.auth.branchId, { ...check, discount_pct: String(input.percent) });
    return { discount: totals.discount, total: totals.total };
  },
});
