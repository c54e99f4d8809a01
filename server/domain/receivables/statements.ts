import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { EntityHook } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { conflict, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { translate, type Labels } from '../../i18n/translate.js';
import type { Lang } from '../../../src/core/meta/types.js';
import { formatDate, formatMoney } from '../../../src/core/format/format.js';
import { arPdf, pdfRoute } from './pdf.js';

const MAX_ID = 9_007_199_254_740_991;

interface Movement {
  date: string;
  number: string;
  kind: 'invoice' | 'credit_note' | 'receipt';
  reference: string | null;
  debit: string;
  credit: string;
}

/**
 * What the account's statement counts, in date order: invoices (debit), credit notes and receipts (credit, a
 * receipt with the bank's charges it bore, so an over-payment shows as the account's credit), and a reversed
 * receipt's reversal on its day (debit: the account owes it again). A credit applied to an invoice moves nothing.
 */
async function movements(db: Db, b: number, account: number, from: string | null, to: string): Promise<Movement[]> {
  const { rows } = await sql<Movement>`
    SELECT date::text AS date, number, CASE WHEN kind = 'credit_note' THEN 'credit_note' ELSE 'invoice' END AS kind, reference,
           CASE WHEN kind = 'credit_note' THEN '0' ELSE total::text END AS debit, CASE WHEN kind = 'credit_note' THEN total::text ELSE '0' END AS credit
      FROM ar_invoice WHERE branch_id = ${b} AND account_id = ${account} AND status = 'posted'
       AND date <= ${to} AND (${from}::date IS NULL OR date >= ${from}::date)
    UNION ALL
    SELECT date::text, number, 'receipt', reference, '0', (amount + bank_charges)::text
      FROM ar_receipt WHERE branch_id = ${b} AND account_id = ${account} AND status IN ('posted', 'reversed')
       AND date <= ${to} AND (${from}::date IS NULL OR date >= ${from}::date)
    UNION ALL
    SELECT reversal_date::text, number, 'reversal', reference, (amount + bank_charges)::text, '0'
      FROM ar_receipt WHERE branch_id = ${b} AND account_id = ${account} AND status = 'reversed'
       AND reversal_date <= ${to} AND (${from}::date IS NULL OR reversal_date >= ${from}::date)
    ORDER BY 1, 2, 3`.execute(db);
  return rows;
}

async function figures(db: Db, b: number, account: number, from: string, to: string) {
  const before = await movements(db, b, account, null, dayjs(from).subtract(1, 'day').format('YYYY-MM-DD'));
  const opening = before.reduce((s, m) => s.plus(m.debit).minus(m.credit), new Decimal(0));
  const lines = await movements(db, b, account, from, to);
  const invoiced = lines.reduce((s, m) => s.plus(m.debit), new Decimal(0));
  const received = lines.reduce((s, m) => s.plus(m.credit), new Decimal(0));
  return { opening, invoiced, received, closing: opening.plus(invoiced).minus(received), lines };
}

/**
 * A statement of account is produced, never edited: its number (SOA-YYYYMM-nnnn), the account's language
 * unless another is chosen, and the period's opening balance, invoices, credits and closing balance are fixed
 * when it is made.
 */
export const statementHook: EntityHook = {
  async beforeWrite(c, mode, values) {
    if (mode !== 'create') throw conflict('ar-statement.produced');
    const b = c.auth.branchId;
    const account = Number(values.account_id);
    const { rows } = await sql<{
      language: Lang;
    }>`SELECT language FROM business_account WHERE branch_id = ${b} AND id = ${account}`.execute(c.trx);
    if (!values.language) values.language = rows[0]?.language ?? 'id';
    const f = await figures(c.trx, b, account, String(values.date_from), String(values.date_to));
    values.number = await nextNumber(c.trx, b, 'ar_statement', `SOA-${dayjs(String(values.date_to)).format('YYYYMM')}-`);
    values.opening = f.opening.toFixed(2);
    values.invoiced = f.invoiced.toFixed(2);
    values.received = f.received.toFixed(2);
    values.closing = f.closing.toFixed(2);
  },
};

interface StatementHead {
  number: string;
  account_id: number;
  account: string;
  address: string | null;
  email: string | null;
  date_from: string;
  date_to: string;
  language: Lang;
  hotel: string;
  hotel_address: string;
}

async function loadStatement(db: Db, b: number, id: number) {
  const { rows } = await sql<StatementHead>`
    SELECT s.number, s.account_id, coalesce(a.legal_name, a.name) AS account, concat_ws(', ', a.address, a.city) AS address,
           coalesce((SELECT k.email FROM business_account_contact k WHERE k.branch_id = a.branch_id AND k.account_id = a.id AND k.billing
                      AND k.email IS NOT NULL ORDER BY k.line_no LIMIT 1), a.email) AS email,
           s.date_from::text AS date_from, s.date_to::text AS date_to, s.language, br.name AS hotel, concat_ws(', ', br.address, br.city, br.phone) AS hotel_address
      FROM ar_statement s JOIN business_account a ON a.branch_id = s.branch_id AND a.id = s.account_id JOIN branch br ON br.id = s.branch_id
     WHERE s.branch_id = ${b} AND s.id = ${id}`.execute(db);
  if (!rows[0]) throw notFound('ar-statement.title');
  return rows[0];
}

/** The statement as the account reads it, in its language: opening balance, each document, running balance, closing. */
export async function statementPdf(db: Db, b: number, id: number, labels: Labels, lang?: Lang) {
  const h = await loadStatement(db, b, id);
  const l = lang ?? h.language;
  const t = (key: string, params: Record<string, unknown> = {}) => translate(labels, l, `ar-statement.pdf.${key}`, params);
  const f = await figures(db, b, Number(h.account_id), h.date_from, h.date_to);
  let balance = f.opening;
  const rows = f.lines.map((m) => {
    balance = balance.plus(m.debit).minus(m.credit);
    return [
      formatDate(m.date),
      m.number,
      t(`kind.${m.kind}`),
      m.reference ?? '',
      m.debit === '0' ? '' : formatMoney(m.debit),
      m.credit === '0' ? '' : formatMoney(m.credit),
      formatMoney(balance.toFixed(2)),
    ];
  });
  const pdf = await arPdf({
    title: `${t('title')} ${h.number}`,
    hotel: h.hotel,
    hotelAddress: h.hotel_address,
    facts: [
      [t('account'), h.account],
      [t('address'), h.address ?? ''],
      [t('period'), `${formatDate(h.date_from)} – ${formatDate(h.date_to)}`],
      [t('opening'), formatMoney(f.opening.toFixed(2))],
    ],
    columns: [
      { label: t('col.date'), width: 62 },
      { label: t('col.number'), width: 88 },
      { label: t('col.kind'), width: 70 },
      { label: t('col.reference'), width: 90 },
      { label: t('col.debit'), width: 70, right: true },
      { label: t('col.credit'), width: 70, right: true },
      { label: t('col.balance'), width: 65, right: true },
    ],
    rows,
    totals: [
      [t('invoiced'), formatMoney(f.invoiced.toFixed(2))],
      [t('received'), formatMoney(f.received.toFixed(2))],
      [t('closing'), `IDR ${formatMoney(f.closing.toFixed(2))}`],
    ],
    after: [t('footer', { hotel: h.hotel })],
  });
  return { pdf, name: `statement-${h.number}.pdf`, head: h, closing: f.closing };
}

/** Sends the statement with its PDF to the account's billing contact (else the account's e-mail) through the mailer. */
export const sendStatement = defineOp<{ id: number }>({
  name: 'accountreceivable.sendStatement',
  summary: "Send a statement of account with its PDF to the account's billing e-mail",
  resource: 'accountreceivable.statement',
  action: 'send',
  input: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-ref': 'accountreceivable/ar-statement' } },
  },
  async handler(c, { id }) {
    const b = c.auth.branchId;
    const { pdf, name, head, closing } = await statementPdf(c.trx, b, id, c.ctx.meta.labels);
    if (!head.email) throw conflict('ar-statement.noEmail', { account: head.account });
    const t = (key: string, params: Record<string, unknown> = {}) =>
      translate(c.ctx.meta.labels, head.language, `ar-statement.mail.${key}`, params);
    const period = `${formatDate(head.date_from)} – ${formatDate(head.date_to)}`;
    await c.ctx.mailer.send({
      to: head.email,
      subject: t('subject', { number: head.number, hotel: head.hotel }),
      text: [t('body', { account: head.account, period, closing: formatMoney(closing.toFixed(2)) }), '', head.hotel].join('\n'),
      attachments: [{ filename: name, contentType: 'application/pdf', content: pdf }],
    });
    await sql`UPDATE ar_statement SET sent_to = ${head.email}, sent_at = now(), version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
    return { id, sent_to: head.email };
  },
});

export async function statementRoutes(app: FastifyInstance, ctx: AppContext) {
  pdfRoute(app, ctx, {
    path: '/api/accountreceivable/ar-statement/:id/pdf',
    resource: 'accountreceivable.statement',
    summary: "A statement of account as a PDF, in the account's language unless another is asked (?lang=en|id)",
    make: async (db, b, id, labels, q) => statementPdf(db, b, id, labels, q.lang),
  });
}
