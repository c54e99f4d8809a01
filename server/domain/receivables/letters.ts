import { sql } from 'kysely';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { conflict, notFound } from '../../http/errors.js';
import { translate, type Labels } from '../../i18n/translate.js';
import type { Lang } from '../../../src/core/meta/types.js';
import { formatDate, formatMoney } from '../../../src/core/format/format.js';
import { arPdf, pdfRoute } from './pdf.js';

interface Hotel {
  hotel: string;
  hotel_address: string;
}

async function hotel(db: Db, b: number): Promise<Hotel> {
  const { rows } = await sql<Hotel>`
    SELECT name AS hotel, concat_ws(', ', address, city, phone) AS hotel_address FROM branch WHERE id = ${b}`.execute(db);
  return rows[0];
}

/**
 * The reminder letter to an account as of a day: its overdue invoices, and the letter's level from the oldest
 * one's days overdue (ar_reminder_level: 1 polite, 2 firm, 3 final with credit stopped), in the account's language.
 */
export async function reminderPdf(db: Db, b: number, accountId: number, asOf: string, labels: Labels, lang?: Lang) {
  const { rows: acc } = await sql<{ name: string; address: string | null; language: Lang }>`
    SELECT coalesce(legal_name, name) AS name, concat_ws(', ', address, city) AS address, language FROM business_account
     WHERE branch_id = ${b} AND id = ${accountId}`.execute(db);
  if (!acc[0]) throw notFound('account.title');
  const { rows } = await sql<{ number: string; date: string; due_date: string; days: number; open: string; level: number }>`
    SELECT i.number, i.date::text AS date, i.due_date::text AS due_date, (${asOf}::date - i.due_date) AS days,
           (i.total - coalesce((SELECT sum(a.amount) FROM ar_allocation a WHERE a.branch_id = i.branch_id AND a.invoice_id = i.id AND a.date <= ${asOf}), 0))::text AS open,
           ar_reminder_level(${asOf}::date - i.due_date) AS level
      FROM ar_invoice i
     WHERE i.branch_id = ${b} AND i.account_id = ${accountId} AND i.status = 'posted' AND i.kind <> 'credit_note' AND i.date <= ${asOf}
       AND i.due_date < ${asOf}::date
     ORDER BY i.due_date, i.number`.execute(db);
  const overdue = rows.filter((r) => new Decimal(r.open).gt(0));
  if (!overdue.length) throw conflict('ar-reminder.nothingOverdue', { account: acc[0].name, date: formatDate(asOf) });
  const level = Math.max(...overdue.map((r) => Number(r.level)));
  const l = lang ?? acc[0].language;
  const t = (key: string, params: Record<string, unknown> = {}) => translate(labels, l, `ar-reminder.pdf.${key}`, params);
  const total = overdue.reduce((s, r) => s.plus(r.open), new Decimal(0));
  const h = await hotel(db, b);
  const pdf = await arPdf({
    title: t(`title${level}`),
    hotel: h.hotel,
    hotelAddress: h.hotel_address,
    facts: [
      [t('account'), acc[0].name],
      [t('address'), acc[0].address ?? ''],
      [t('date'), formatDate(asOf)],
    ],
    before: [t(`body${level}`, { account: acc[0].name, total: formatMoney(total.toFixed(2)) })],
    columns: [
      { label: t('col.number'), width: 110 },
      { label: t('col.date'), width: 80 },
      { label: t('col.due'), width: 80 },
      { label: t('col.days'), width: 90, right: true },
      { label: t('col.open'), width: 155, right: true },
    ],
    rows: overdue.map((r) => [r.number, formatDate(r.date), formatDate(r.due_date), String(r.days), formatMoney(r.open)]),
    totals: [[t('total'), `IDR ${formatMoney(total.toFixed(2))}`]],
    after: [t('closing', { hotel: h.hotel })],
  });
  return { pdf, name: `reminder-${level}-${acc[0].name.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`, level };
}

/** A posted receipt as the account keeps it: what was received, the invoices it paid, the credit kept. */
export async function receiptPdf(db: Db, b: number, id: number, labels: Labels, lang?: Lang) {
  const { rows } = await sql<{
    number: string;
    date: string;
    account: string;
    language: Lang;
    amount: string;
    bank_charges: string;
    applied: string | null;
    credit: string | null;
    reference: string | null;
    status: string;
  }>`
    SELECT r.number, r.date::text AS date, coalesce(a.legal_name, a.name) AS account, a.language, r.amount::text, r.bank_charges::text,
           r.applied::text, r.credit::text, r.reference, r.status
      FROM ar_receipt r JOIN business_account a ON a.branch_id = r.branch_id AND a.id = r.account_id
     WHERE r.branch_id = ${b} AND r.id = ${id}`.execute(db);
  const r = rows[0];
  if (!r) throw notFound('ar-receipt.title');
  if (r.status !== 'posted') throw conflict('ar-receipt.notPosted', { number: r.number });
  const { rows: lines } = await sql<{ number: string; date: string; amount: string }>`
    SELECT i.number, i.date::text AS date, l.amount::text FROM ar_receipt_line l JOIN ar_invoice i ON i.branch_id = l.branch_id AND i.id = l.invoice_id
     WHERE l.branch_id = ${b} AND l.receipt_id = ${id} ORDER BY l.line_no`.execute(db);
  const l = lang ?? r.language;
  const t = (key: string, params: Record<string, unknown> = {}) => translate(labels, l, `ar-receipt.pdf.${key}`, params);
  const h = await hotel(db, b);
  const pdf = await arPdf({
    title: `${t('title')} ${r.number}`,
    hotel: h.hotel,
    hotelAddress: h.hotel_address,
    facts: [
      [t('account'), r.account],
      [t('date'), formatDate(r.date)],
      [t('reference'), r.reference ?? '–'],
      [t('amount'), formatMoney(r.amount)],
      [t('charges'), formatMoney(r.bank_charges)],
    ],
    columns: [
      { label: t('col.invoice'), width: 180 },
      { label: t('col.date'), width: 120 },
      { label: t('col.amount'), width: 215, right: true },
    ],
    rows: lines.map((x) => [x.number, formatDate(x.date), formatMoney(x.amount)]),
    totals: [
      [t('applied'), formatMoney(r.applied ?? '0')],
      [t('credit'), formatMoney(r.credit ?? '0')],
    ],
    after: [t('thanks', { hotel: h.hotel })],
  });
  return { pdf, name: `receipt-${r.number}.pdf` };
}

export async function letterRoutes(app: FastifyInstance, ctx: AppContext) {
  pdfRoute(app, ctx, {
    path: '/api/accountreceivable/reminder/:id/pdf',
    resource: 'accountreceivable.report',
    summary: "The reminder letter to a business account as of a day (level by days overdue), in the account's language unless asked",
    query: { required: ['as_of'], properties: { as_of: { type: 'string', format: 'date' } } },
    make: (db, b, id, labels, q) => reminderPdf(db, b, id, q.as_of, labels, q.lang),
  });
  pdfRoute(app, ctx, {
    path: '/api/accountreceivable/ar-receipt/:id/pdf',
    resource: 'accountreceivable.receipt',
    summary: "A posted receipt as a PDF, in the account's language unless another is asked (?lang=en|id)",
    make: (db, b, id, labels, q) => receiptPdf(db, b, id, labels, q.lang),
  });
}
