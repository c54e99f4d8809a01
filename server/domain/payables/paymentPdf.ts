import Decimal from 'decimal.js';
import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { Lang } from '../../../src/core/meta/types.js';
import { formatDate, formatMoney } from '../../../src/core/format/format.js';
import { notFound } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { translate, type Labels } from '../../i18n/translate.js';

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
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${t('title')} ${h.number}`, Author: h.hotel } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const M = 40;
  const W = doc.page.width - 2 * M;
  doc
    .fillColor('#1b2733')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`${t('title')} ${h.number}`, M, 40);
  doc.font('Helvetica').fontSize(9).fillColor('#52606d').text([h.hotel, h.hotel_address].filter(Boolean).join(' · '), M, 62, { width: W });
  const facts: [string, string][] = [
    [t('payee'), h.supplier],
    [t('npwp'), h.npwp ?? '–'],
    [t('date'), formatDate(h.date)],
    [t('bank'), h.bank],
    [t('reference'), h.reference ?? '–'],
    [t('status'), translate(labels, lang, `ap-payment.status.${h.status}`)],
  ];
  let y = 84;
  doc.fontSize(9.5);
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fillColor('#52606d').text(label, M, y, { width: 110 });
    doc
      .font('Helvetica')
      .fillColor('#1b2733')
      .text(value, M + 112, y, { width: W - 112 });
    y += 15;
  }
  const cols = [
    { key: 'no', x: M, w: 24, right: true },
    { key: 'voucher', x: M + 28, w: 110 },
    { key: 'invoice', x: M + 140, w: 130 },
    { key: 'due', x: M + 272, w: 70 },
    { key: 'invoiceTotal', x: M + 344, w: 85, right: true },
    { key: 'amount', x: M + 431, w: W - 431, right: true },
  ];
  y += 10;
  doc.rect(M, y, W, 18).fill('#eef1f5');
  doc.fillColor('#52606d').font('Helvetica-Bold').fontSize(8.5);
  for (const c of cols) doc.text(t(`col.${c.key}`), c.x + 2, y + 5, { width: c.w - 4, align: c.right ? 'right' : 'left' });
  y += 22;
  doc.font('Helvetica').fillColor('#1b2733').fontSize(9);
  lines.forEach((l, i) => {
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = 40;
    }
    const cells: Record<string, string> = {
      no: String(i + 1),
      voucher: l.number,
      invoice: l.invoice_number,
      due: formatDate(l.due_date),
      invoiceTotal: formatMoney(l.total),
      amount: formatMoney(l.amount),
    };
    for (const c of cols) doc.text(cells[c.key], c.x + 2, y, { width: c.w - 4, align: c.right ? 'right' : 'left' });
    y += 16;
  });
  y += 6;
  const sums: [string, string][] = [
    [t('paid'), formatMoney(h.total)],
    [t('bankCharges'), formatMoney(h.bank_charges)],
    [t('bankOut'), `IDR ${formatMoney(new Decimal(h.total).plus(h.bank_charges).toFixed(2))}`],
  ];
  for (const [label, value] of sums) {
    doc.font(label === t('bankOut') ? 'Helvetica-Bold' : 'Helvetica').text(label, M + 250, y, { width: 180, align: 'right' });
    doc.text(value, M + 431, y, { width: W - 433, align: 'right' });
    y += 15;
  }
  if (h.description)
    doc
      .font('Helvetica')
      .fillColor('#52606d')
      .text(h.description, M, y + 8, { width: W });
  doc.font('Helvetica').fontSize(9).fillColor('#52606d');
  const sign = y + 60;
  doc.text(`${t('preparedBy')}\n\n\n${h.prepared ?? ''}`, M, sign, { width: 160 });
  doc.text(`${t('approvedBy')}\n\n\n${h.approved ?? ''}`, M + W / 3, sign, { width: 160 });
  doc.text(`${t('receivedBy')}\n\n\n${h.supplier}`, M + (2 * W) / 3, sign, { width: 160 });
  doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), name: `payment-voucher-${h.number}.pdf` };
}

export async function paymentPdfRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/payables/ap-payment/:id/pdf',
    {
      preValidation: needsRight(ctx, 'accountpayable.ap-payment-voucher', 'view'),
      schema: {
        tags: ['payables'],
        summary: "A payment voucher as a PDF, in the reader's language unless another is asked (?lang=en|id)",
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } },
        querystring: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const id = (req.params as { id: number }).id;
      const lang = (req.query as { lang?: Lang }).lang ?? auth.user.language;
      const { pdf, name } = await paymentPdf(ctx.db, auth.branchId, id, lang, ctx.meta.labels);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
    },
  );
}
