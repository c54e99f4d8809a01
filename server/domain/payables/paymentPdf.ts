import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { Lang } from '../../../src/core/meta/types.js';
import { formatDate, formatMoney } from '../../../src/core/format/format.js';
import { notFound } from '../../http/errors.js';
import { translate, type Labels } from '../../i18n/translate.js';
import { voucherPdf, voucherPdfRoute } from './voucherPdf.js';

interface VoucherHead {
  number: string;
  date: string;
  status: string;
  hotel: string;
  hotel_address: string | null;
  supplier: string;
  npwp: string | null;
  bank: string;
  reference: string | null;
  bank_charges: string;
  total: string;
  description: string | null;
  prepared: string | null;
  approved: string | null;
}

/** The payment voucher as the cashier signs it and files it with the bank slip, in English or Indonesian. */
export async function paymentPdf(db: Db, branchId: number, id: number, lang: Lang, labels: Labels): Promise<{ pdf: Buffer; name: string }> {
  const { rows } = await sql<VoucherHead>`
    SELECT p.number, p.date::text AS date, p.status, b.name AS hotel, concat_ws(', ', b.address, b.city, b.phone) AS hotel_address,
           s.name AS supplier, s.npwp, a.code || ' ' || a.name AS bank, p.reference, p.bank_charges::text AS bank_charges,
           coalesce(p.total, 0)::text AS total, p.description, cu.full_name AS prepared, au.full_name AS approved
      FROM ap_payment p
      JOIN branch b ON b.id = p.branch_id
      JOIN pur_supplier s ON s.branch_id = p.branch_id AND s.id = p.supplier_id
      JOIN gl_account a ON a.branch_id = p.branch_id AND a.id = p.bank_account_id
      LEFT JOIN app_user cu ON cu.id = p.created_by
      LEFT JOIN app_user au ON au.id = p.approved_by
     WHERE p.branch_id = ${branchId} AND p.id = ${id}`.execute(db);
  const h = rows[0];
  if (!h) throw notFound('ap-payment.title');
  const { rows: lines } = await sql<{ number: string; invoice_number: string; due_date: string | null; total: string; amount: string }>`
    SELECT i.number, i.invoice_number, i.due_date::text AS due_date, i.total::text AS total, l.amount::text AS amount
      FROM ap_payment_line l JOIN ap_invoice i ON i.branch_id = l.branch_id AND i.id = l.invoice_id
     WHERE l.branch_id = ${branchId} AND l.payment_id = ${id} ORDER BY l.line_no`.execute(db);
  const t = (key: string, params: Record<string, unknown> = {}) => translate(labels, lang, `ap-payment.pdf.${key}`, params);
  const columns: [string, number, boolean?][] = [
    ['no', 26, true],
    ['voucher', 110],
    ['invoice', 130],
    ['due', 70],
    ['invoiceTotal', 85, true],
    ['amount', 0, true],
  ];
  const pdf = await voucherPdf({
    title: `${t('title')} ${h.number}`,
    hotel: h.hotel,
    hotelAddress: h.hotel_address,
    facts: [
      [t('payee'), h.supplier],
      [t('npwp'), h.npwp ?? '–'],
      [t('date'), formatDate(h.date)],
      [t('bank'), h.bank],
      [t('reference'), h.reference ?? '–'],
      [t('status'), translate(labels, lang, `ap-payment.status.${h.status}`)],
    ],
    columns,
    label: (key) => t(`col.${key}`),
    rows: lines.map((l, i) => ({
      no: String(i + 1),
      voucher: l.number,
      invoice: l.invoice_number,
      due: formatDate(l.due_date),
      invoiceTotal: formatMoney(l.total),
      amount: formatMoney(l.amount),
    })),
    sums: [
      { label: t('paid'), value: formatMoney(h.total) },
      { label: t('bankCharges'), value: formatMoney(h.bank_charges) },
      { label: t('bankOut'), value: `IDR ${formatMoney(new Decimal(h.total).plus(h.bank_charges).toFixed(2))}`, bold: true },
    ],
    note: h.description,
    signatures: [
      { label: t('preparedBy'), name: h.prepared },
      { label: t('approvedBy'), name: h.approved },
      { label: t('receivedBy'), name: h.supplier },
    ],
  });
  return { pdf, name: `payment-voucher-${h.number}.pdf` };
}

export async function paymentPdfRoutes(app: FastifyInstance, ctx: AppContext) {
  voucherPdfRoute(app, ctx, {
    path: '/api/payables/ap-payment/:id/pdf',
    right: 'accountpayable.ap-payment-voucher',
    summary: "A payment voucher as a PDF, in the reader's language unless another is asked (?lang=en|id)",
    render: paymentPdf,
  });
}
