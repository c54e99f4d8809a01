import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { Lang } from '../../../src/core/meta/types.js';
import { formatDate, formatMoney, formatQuantity } from '../../../src/core/format/format.js';
import { notFound } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { requestLang, translate, type Labels } from '../../i18n/translate.js';

export const STOCK_COUNT = 'inventory.adjustment';

interface SheetLine {
  code: string;
  name: string;
  unit: string;
  counted: string | null;
  book: string | null;
  difference: string | null;
  value: string | null;
}

/**
 * The count sheet of a stock count. A draft prints blind — every item the store holds or the count lists,
 * with an empty column to write the count in, never the book quantity, so the counter counts what is there;
 * a posted count prints the result: counted, book, difference and its value.
 */
export async function countSheetPdf(db: Db, branchId: number, id: number, lang: Lang, labels: Labels) {
  const { rows: head } = await sql<{ number: string; date: string; status: string; store: string; hotel: string; total: string | null }>`
    SELECT c.number, c.date::text AS date, c.status, s.code || ' ' || s.name AS store, b.name AS hotel, c.total
      FROM inv_count c JOIN inv_store s ON s.branch_id = c.branch_id AND s.id = c.store_id JOIN branch b ON b.id = c.branch_id
     WHERE c.branch_id = ${branchId} AND c.id = ${id}`.execute(db);
  if (!head[0]) throw notFound('stock-count.title');
  const h = head[0];
  const posted = h.status === 'posted';
  const { rows: lines } = await sql<SheetLine>`
    WITH counted AS (
      SELECT l.item_id, l.counted_quantity, l.book_quantity, l.difference, l.value FROM inv_count_line l WHERE l.branch_id = ${branchId} AND l.count_id = ${id}
    ), held AS (
      SELECT b.item_id FROM inv_balance b JOIN inv_count c ON c.branch_id = b.branch_id AND c.id = ${id} AND c.store_id = b.store_id
       WHERE b.branch_id = ${branchId} AND b.quantity <> 0 AND ${!posted}
    )
    SELECT i.code, i.name, u.code AS unit, k.counted_quantity::text AS counted, k.book_quantity::text AS book, k.difference::text AS difference, k.value::text AS value
      FROM (SELECT item_id FROM counted UNION SELECT item_id FROM held) x
      JOIN inv_item i ON i.branch_id = ${branchId} AND i.id = x.item_id
      JOIN inv_unit u ON u.branch_id = i.branch_id AND u.id = i.stock_unit_id
      LEFT JOIN counted k ON k.item_id = x.item_id
     ORDER BY i.code`.execute(db);

  const t = (key: string) => translate(labels, lang, `stock-count.sheet.${key}`);
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${t('title')} ${h.number}`, Author: h.hotel } });
  const M = 40;
  const W = doc.page.width - 2 * M;
  doc
    .fillColor('#1b2733')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`${t('title')} ${h.number}`, M, 40);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#52606d')
    .text(`${h.hotel} · ${h.store} · ${formatDate(h.date)}`, M, 62, { width: W });
  doc.text(posted ? t('posted') : t('blind'), M, 78, { width: W });
  const cols = posted
    ? [
        { key: 'code', x: M, w: 70 },
        { key: 'name', x: M + 72, w: 170 },
        { key: 'unit', x: M + 244, w: 40 },
        { key: 'counted', x: M + 286, w: 60, right: true },
        { key: 'book', x: M + 348, w: 60, right: true },
        { key: 'difference', x: M + 410, w: 50, right: true },
        { key: 'value', x: M + 462, w: W - 462, right: true },
      ]
    : [
        { key: 'code', x: M, w: 80 },
        { key: 'name', x: M + 82, w: 250 },
        { key: 'unit', x: M + 334, w: 50 },
        { key: 'counted', x: M + 386, w: W - 386, right: true },
      ];
  let y = 100;
  const header = () => {
    doc.rect(M, y, W, 18).fill('#eef1f5');
    doc.fillColor('#52606d').font('Helvetica-Bold').fontSize(8.5);
    for (const c of cols) doc.text(t(`col.${c.key}`), c.x + 2, y + 5, { width: c.w - 4, align: c.right ? 'right' : 'left' });
    y += 22;
    doc.font('Helvetica').fillColor('#1b2733').fontSize(9);
  };
  header();
  const show = (l: SheetLine, key: string) => {
    if (key === 'value') return formatMoney(l.value);
    if (key === 'counted' || key === 'book' || key === 'difference') return formatQuantity(l[key] as string | null, lang);
    return String(l[key as keyof SheetLine] ?? '');
  };
  for (const l of lines) {
    if (y > doc.page.height - 80) {
      doc.addPage();
      y = 40;
      header();
    }
    for (const c of cols) {
      if (!posted && c.key === 'counted') {
        doc
          .moveTo(c.x + 10, y + 10)
          .lineTo(c.x + c.w, y + 10)
          .strokeColor('#9aa5b1')
          .stroke();
        continue;
      }
      doc.text(show(l, c.key), c.x + 2, y, { width: c.w - 4, align: c.right ? 'right' : 'left' });
    }
    y += 18;
  }
  if (posted) {
    doc.font('Helvetica-Bold').text(`${t('total')} IDR ${formatMoney(h.total)}`, M, y + 8, { width: W, align: 'right' });
    y += 24;
  }
  doc.font('Helvetica').fontSize(9).fillColor('#52606d');
  doc.text(t('countedBy'), M, y + 40, { width: 200 });
  doc.text(t('checkedBy'), M + W / 2, y + 40, { width: 200 });
  doc.end();
  return { doc, name: `count-sheet-${h.number}.pdf` };
}

export async function countSheetRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/inventory/stock-count/:id/sheet',
    {
      preValidation: needsRight(ctx, STOCK_COUNT, 'view'),
      schema: {
        tags: ['inventory'],
        summary: "A stock count's sheet as a PDF: blind to fill in while a draft, the differences valued once posted (?lang=en|id)",
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } },
        querystring: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const lang = (req.query as { lang?: Lang }).lang ?? requestLang(req.headers['accept-language']);
      const { doc, name } = await countSheetPdf(ctx.db, auth.branchId, (req.params as { id: number }).id, lang, ctx.meta.labels);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(doc);
    },
  );
}
