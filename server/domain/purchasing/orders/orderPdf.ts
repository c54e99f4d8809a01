import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connect.js';
import type { Lang } from '../../../../src/core/meta/types.js';
import { formatDate, formatMoney, formatQuantity } from '../../../../src/core/format/format.js';
import { notFound } from '../../../http/errors.js';
import { needsRight } from '../../../http/rbac.js';
import { requireAuth } from '../../../http/session.js';
import { translate, type Labels } from '../../../i18n/translate.js';

interface OrderHead {
  number: string;
  date: string;
  delivery_date: string;
  status: string;
  hotel: string;
  hotel_address: string | null;
  supplier: string;
  supplier_address: string | null;
  supplier_email: string | null;
  npwp: string | null;
  store: string | null;
  term: string | null;
  tax_rate: number;
  subtotal: string;
  tax: string;
  total: string;
  note: string | null;
}

interface OrderLine {
  code: string;
  name: string;
  name_id: string;
  unit: string;
  quantity: string;
  unit_price: string;
  amount: string;
}

/** A purchase order as the supplier reads it, header and lines, from the database. */
export async function loadOrder(db: Db, branchId: number, id: number) {
  const { rows } = await sql<OrderHead>`
    SELECT o.number, o.date::text AS date, o.delivery_date::text AS delivery_date, o.status, b.name AS hotel, concat_ws(', ', b.address, b.city, b.phone) AS hotel_address,
           trim(coalesce(s.title || ' ', '') || s.name) AS supplier, concat_ws(', ', s.address, s.city) AS supplier_address,
           s.email AS supplier_email, s.npwp, st.name AS store, t.name AS term, o.tax_rate, o.subtotal::text AS subtotal,
           o.tax::text AS tax, o.total::text AS total, o.note
      FROM purchase_order o
      JOIN branch b ON b.id = o.branch_id
      JOIN pur_supplier s ON s.branch_id = o.branch_id AND s.id = o.supplier_id
      LEFT JOIN inv_store st ON st.branch_id = o.branch_id AND st.id = o.store_id
      LEFT JOIN pur_payment_term t ON t.branch_id = o.branch_id AND t.id = o.payment_term_id
     WHERE o.branch_id = ${branchId} AND o.id = ${id}`.execute(db);
  if (!rows[0]) throw notFound('purchase-order.title');
  const { rows: lines } = await sql<OrderLine>`
    SELECT i.code, i.name, i.name_id, u.code AS unit, l.quantity::text AS quantity, l.unit_price::text AS unit_price,
           round(l.quantity * l.unit_price, 2)::text AS amount
      FROM purchase_order_line l
      JOIN inv_item i ON i.branch_id = l.branch_id AND i.id = l.item_id
      JOIN inv_unit u ON u.branch_id = l.branch_id AND u.id = l.unit_id
     WHERE l.branch_id = ${branchId} AND l.purchase_order_id = ${id}
     ORDER BY l.line_no`.execute(db);
  return { head: rows[0], lines };
}

/** The purchase order as a PDF in the supplier's language (Indonesian or English): the lines, PPN and total. */
export async function orderPdf(db: Db, branchId: number, id: number, lang: Lang, labels: Labels): Promise<{ pdf: Buffer; name: string }> {
  const { head: h, lines } = await loadOrder(db, branchId, id);
  const t = (key: string, params: Record<string, unknown> = {}) => translate(labels, lang, `purchase-order.pdf.${key}`, params);
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
    [t('supplier'), h.supplier],
    [t('address'), h.supplier_address ?? ''],
    [t('npwp'), h.npwp ?? '–'],
    [t('date'), formatDate(h.date)],
    [t('delivery'), formatDate(h.delivery_date)],
    [t('deliverTo'), h.store ?? h.hotel],
    [t('terms'), h.term ?? '–'],
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
    { key: 'item', x: M + 28, w: 220 },
    { key: 'quantity', x: M + 250, w: 60, right: true },
    { key: 'unit', x: M + 314, w: 40 },
    { key: 'price', x: M + 356, w: 75, right: true },
    { key: 'amount', x: M + 433, w: W - 433, right: true },
  ];
  y += 10;
  const header = () => {
    doc.rect(M, y, W, 18).fill('#eef1f5');
    doc.fillColor('#52606d').font('Helvetica-Bold').fontSize(8.5);
    for (const c of cols) doc.text(t(`col.${c.key}`), c.x + 2, y + 5, { width: c.w - 4, align: c.right ? 'right' : 'left' });
    y += 22;
    doc.font('Helvetica').fillColor('#1b2733').fontSize(9);
  };
  header();
  lines.forEach((l, i) => {
    if (y > doc.page.height - 140) {
      doc.addPage();
      y = 40;
      header();
    }
    const cells: Record<string, string> = {
      no: String(i + 1),
      item: `${l.code} ${lang === 'id' ? l.name_id : l.name}`,
      quantity: formatQuantity(l.quantity, lang),
      unit: l.unit,
      price: formatMoney(l.unit_price),
      amount: formatMoney(l.amount),
    };
    for (const c of cols) doc.text(cells[c.key], c.x + 2, y, { width: c.w - 4, align: c.right ? 'right' : 'left' });
    y += 16;
  });
  y += 6;
  const sums: [string, string][] = [
    [t('subtotal'), formatMoney(h.subtotal)],
    [t('tax', { rate: h.tax_rate }), formatMoney(h.tax)],
    [t('total'), `IDR ${formatMoney(h.total)}`],
  ];
  for (const [label, value] of sums) {
    doc.font(label === t('total') ? 'Helvetica-Bold' : 'Helvetica').text(label, M + 250, y, { width: 180, align: 'right' });
    doc.text(value, M + 433, y, { width: W - 435, align: 'right' });
    y += 15;
  }
  if (h.note)
    doc
      .font('Helvetica')
      .fillColor('#52606d')
      .text(h.note, M, y + 8, { width: W });
  doc.font('Helvetica').fontSize(9).fillColor('#52606d');
  doc.text(t('preparedBy'), M, y + 60, { width: 200 });
  doc.text(t('approvedBy'), M + W / 2, y + 60, { width: 200 });
  doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), name: `purchase-order-${h.number}.pdf` };
}

export async function orderPdfRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/purchasing/purchase-order/:id/pdf',
    {
      preValidation: needsRight(ctx, 'purchasing.purchase-order', 'view'),
      schema: {
        tags: ['purchasing'],
        summary: "A purchase order as a PDF, in the order's language unless another is asked (?lang=en|id)",
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } },
        querystring: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const id = (req.params as { id: number }).id;
      const { rows } = await sql<{ language: Lang }>`
        SELECT language FROM purchase_order WHERE branch_id = ${auth.branchId} AND id = ${id}`.execute(ctx.db);
      if (!rows[0]) throw notFound('purchase-order.title');
      const lang = (req.query as { lang?: Lang }).lang ?? rows[0].language;
      const { pdf, name } = await orderPdf(ctx.db, auth.branchId, id, lang, ctx.meta.labels);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
    },
  );
}
