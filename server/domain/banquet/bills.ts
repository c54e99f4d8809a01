import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { badRequest, conflict, invalid } from '../../http/errors.js';
import { formatMoney } from '../../../src/core/format/format.js';
import { openBusinessDay, postJournal, type PostingLine } from '../gl/post.js';
import { openFolio } from '../frontoffice/folio/folios.js';
import { postFolioEvents, type NewFolioLine } from '../frontoffice/folio/postings.js';
import { cityLedgerLine, raiseReceivable } from '../receivables/raise.js';
import { receivedFor } from './deposits.js';
import { eventTaxService, priceEvent, type RevenueClass, type SoldLine } from './pricing.js';

interface BilledEvent {
  id: number;
  number: string;
  name: string;
  status: string;
  account_id: number | null;
  pax_expected: number;
  pax_guaranteed: number | null;
  package_price: string | null;
  tax_service_id: number;
}

async function billedEvent(c: HookContext, eventId: number): Promise<BilledEvent> {
  const { rows } = await sql<BilledEvent>`
    SELECT id, number, name, status, account_id, pax_expected, pax_guaranteed, package_price::text, tax_service_id
      FROM bq_event WHERE branch_id = ${c.auth.branchId} AND id = ${eventId}`.execute(c.trx);
  if (!rows[0]) throw invalid([{ field: 'event_id', key: 'error.refMissing', params: {} }]);
  if (rows[0].status !== 'definite') throw invalid([{ field: 'event_id', key: 'bq-bill.notDefinite', params: { number: rows[0].number } }]);
  return rows[0];
}

/**
 * The final bill of an event, at the greater of the guaranteed pax (the expected while none is guaranteed) and
 * the actual: the hotel prepared for the guarantee, and serves everyone who came. Deposits received come off.
 */
export async function workOutBill(c: HookContext, eventId: number, paxActual: number) {
  const e = await billedEvent(c, eventId);
  const paxBilled = Math.max(Number(e.pax_guaranteed ?? e.pax_expected), paxActual);
  const { rows: items } = await sql<SoldLine>`
    SELECT kind, quantity::text, per_person, unit_price::text FROM bq_event_item
     WHERE branch_id = ${c.auth.branchId} AND event_id = ${eventId} ORDER BY line_no`.execute(c.trx);
  const price = priceEvent(paxBilled, e.package_price, items, await eventTaxService(c.trx, c.auth.branchId, e.tax_service_id));
  const deposits = await receivedFor(c, eventId);
  const balance = new Decimal(price.total.total).minus(deposits);
  return {
    event: e,
    price,
    values: {
      pax_billed: paxBilled,
      fnb_base: price.classes.fnb.base,
      hire_base: price.classes.hire.base,
      other_base: price.classes.other.base,
      ...price.total,
      deposits: deposits.toFixed(2),
      balance: balance.toFixed(2),
    },
  };
}

/** A draft bill shows what it will post, worked out again on every save. */
export const billHook: EntityHook = {
  async beforeWrite(c, _mode, values, _virtual, before) {
    const v = { ...before, ...values };
    const { event, values: figures } = await workOutBill(c, Number(v.event_id), Number(v.pax_actual));
    if (v.bill_to === 'city_ledger') {
      values.folio_id = null;
      if (v.account_id == null) {
        if (event.account_id == null) throw invalid([{ field: 'account_id', key: 'error.required', params: {} }]);
        values.account_id = event.account_id;
      }
    } else {
      values.account_id = null;
      if (v.folio_id == null) throw invalid([{ field: 'folio_id', key: 'error.required', params: {} }]);
    }
    Object.assign(values, figures);
  },
};

const CLASS_ARTICLE: Record<RevenueClass, 'fnb_article_id' | 'hire_article_id' | 'other_article_id'> = {
  fnb: 'fnb_article_id',
  hire: 'hire_article_id',
  other: 'other_article_id',
};

/**
 * Posts a draft bill on the business day, worked out again at this moment: to the city ledger (Dr city ledger for
 * what is still owed and Dr banquet deposits for what was paid ahead; Cr each class's revenue, service and tax; a
 * receivable raised for the account), or to a guest's folio (a charge per class on the folio; deposits moved to
 * the guest deposits and paid on the folio). Every journal balances and goes through the one posting function.
 */
export async function postBill(c: HookContext, billId: number) {
  const b = c.auth.branchId;
  const { rows } = await sql<{
    event_id: number;
    pax_actual: number;
    bill_to: string;
    account_id: number | null;
    folio_id: number | null;
    status: string;
  }>`
    SELECT event_id, pax_actual, bill_to, account_id, folio_id, status FROM bq_event_bill WHERE branch_id = ${b} AND id = ${billId} FOR UPDATE`.execute(
    c.trx,
  );
  const bill = rows[0];
  if (!bill) throw badRequest('error.refMissing', { field: 'id' });
  if (bill.status !== 'draft') throw conflict('bq-bill.posted');
  const { event, price, values } = await workOutBill(c, Number(bill.event_id), bill.pax_actual);
  if (new Decimal(values.balance).isNegative())
    throw conflict('bq-bill.depositsExceed', { deposits: values.deposits, total: values.total });
  const { rows: setting } = await sql<Record<string, number>>`
    SELECT fnb_article_id, hire_article_id, other_article_id FROM bq_setting WHERE branch_id = ${b}`.execute(c.trx);
  if (!setting[0]) throw conflict('bq-bill.noSetting');
  const day = await openBusinessDay(c.trx, b);
  const description = `Event ${event.number} ${event.name}`;
  const classes = (Object.keys(CLASS_ARTICLE) as RevenueClass[]).filter((k) => !new Decimal(price.classes[k].total).isZero());
  const deposits = new Decimal(values.deposits);
  let journalId: number;
  if (bill.bill_to === 'city_ledger') {
    const { rows: revenue } = await sql<{ id: number; gl_account: string | null; department_id: number | null; code: string }>`
      SELECT id, gl_account, department_id, code FROM fo_article WHERE branch_id = ${b} AND id = ANY(${Object.values(setting[0])}::bigint[])`.execute(
      c.trx,
    );
    const lines: PostingLine[] = [];
    const balance = new Decimal(values.balance);
    if (!balance.isZero()) lines.push(cityLedgerLine(bill.account_id!, balance, description));
    if (!deposits.isZero())
      lines.push({ role: 'banquet_deposit', amount: deposits, description, subledger: { type: 'bq_event', id: event.id } });
    for (const k of classes) {
      const a = revenue.find((r) => Number(r.id) === Number(setting[0][CLASS_ARTICLE[k]]))!;
      if (!a.gl_account) throw conflict('folio.articleNoAccount', { article: a.code });
      const p = price.classes[k];
      lines.push({ account: a.gl_account, amount: new Decimal(p.base).neg(), departmentId: a.department_id, description });
      lines.push({ role: 'service_payable', amount: new Decimal(p.service).neg(), departmentId: a.department_id });
      lines.push({ role: 'tax_payable', amount: new Decimal(p.tax).neg(), departmentId: a.department_id });
    }
    const journal = await postJournal(c.trx, b, c.auth.user.id, {
      date: day,
      source: 'banquet',
      sourceType: 'event_bill',
      sourceId: billId,
      key: `banquet:event-bill:${billId}`,
      description,
      lines,
    });
    journalId = journal.id;
    if (!balance.isZero())
      await raiseReceivable(c.trx, b, {
        accountId: bill.account_id!,
        date: day,
        source: 'banquet',
        sourceId: billId,
        reference: event.number,
        amount: balance,
        description,
        key: `banquet:event-bill:${billId}`,
        journalId,
        userId: c.auth.user.id,
      });
  } else {
    const folio = await openFolio(c.trx, b, bill.folio_id!);
    const charges: NewFolioLine[] = classes.map((k) => ({
      folioId: folio.id,
      reservationId: folio.reservation_id,
      kind: 'charge',
      foArticleId: Number(setting[0][CLASS_ARTICLE[k]]),
      description,
      roomId: folio.room_id,
      base: price.classes[k].base,
      service: price.classes[k].service,
      tax: price.classes[k].tax,
      amount: price.classes[k].total,
      postingKey: `banquet:bill:${billId}:${k}`,
    }));
    const [posted] = await postFolioEvents(c.trx, b, c.auth.user.id, day, [charges]);
    journalId = await folioJournal(c, posted.lineIds[0]);
    if (!deposits.isZero()) await depositsToFolio(c, day, billId, event, deposits, folio);
  }
  await sql`UPDATE bq_event_bill SET status = 'posted', business_date = ${day}, journal_id = ${journalId},
                   pax_billed = ${values.pax_billed}, fnb_base = ${values.fnb_base}, hire_base = ${values.hire_base}, other_base = ${values.other_base},
                   base = ${values.base}, service = ${values.service}, tax = ${values.tax}, total = ${values.total},
                   deposits = ${values.deposits}, balance = ${values.balance}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
             WHERE branch_id = ${b} AND id = ${billId}`.execute(c.trx);
  await sql`UPDATE bq_deposit_receipt SET applied_bill_id = ${billId} WHERE branch_id = ${b} AND event_id = ${event.id}`.execute(c.trx);
  return {
    id: billId,
    journal_id: journalId,
    total: new Decimal(values.total).toFixed(2),
    balance: values.balance,
    pax_billed: values.pax_billed,
    // as the coordinator reads them, for the confirmation the screen shows
    shown_total: formatMoney(values.total),
    shown_balance: formatMoney(values.balance),
  };
}

async function folioJournal(c: HookContext, lineId: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM gl_journal WHERE branch_id = ${c.auth.branchId} AND source_type = 'folio_line' AND source_id = ${lineId}`.execute(c.trx);
  return Number(rows[0].id);
}

/** Deposits paid ahead of an event billed to a folio: moved to the guest deposits, then paid on the folio from them. */
async function depositsToFolio(
  c: HookContext,
  day: string,
  billId: number,
  event: BilledEvent,
  deposits: Decimal,
  folio: { id: number; reservation_id: number; room_id: number | null },
) {
  const b = c.auth.branchId;
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM pay_article WHERE branch_id = ${b} AND payment_type = 'deposit' AND active ORDER BY id LIMIT 1`.execute(c.trx);
  if (!rows[0]) throw conflict('bq-bill.noDepositArticle');
  const description = `Deposit ${event.number}`;
  await postJournal(c.trx, b, c.auth.user.id, {
    date: day,
    source: 'banquet',
    sourceType: 'deposit_transfer',
    sourceId: billId,
    key: `banquet:deposit-to-folio:${billId}`,
    description,
    lines: [
      { role: 'banquet_deposit', amount: deposits, description, subledger: { type: 'bq_event', id: event.id } },
      { role: 'deposit_ledger', amount: deposits.neg(), description },
    ],
  });
  await postFolioEvents(c.trx, b, c.auth.user.id, day, [
    [
      {
        folioId: folio.id,
        reservationId: folio.reservation_id,
        kind: 'payment',
        payArticleId: Number(rows[0].id),
        description,
        amount: deposits.neg().toFixed(2),
        postingKey: `banquet:bill:${billId}:deposit`,
      },
    ],
  ]);
}
