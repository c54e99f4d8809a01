import PDFDocument from 'pdfkit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { Lang } from '../../../src/core/meta/types.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import type { Labels } from '../../i18n/translate.js';

/** What a payables voucher (payment or recap) prints: the same header, facts, table, sums and signature boxes. */
export interface VoucherLayout {
  title: string;
  hotel: string;
  hotelAddress: string | null;
  facts: [string, string][];
  /** key, width and whether right-aligned; the heading is label(key) */
  columns: [string, number, boolean?][];
  label: (key: string) => string;
  rows: Record<string, string>[];
  sums: { label: string; value: string; bold?: boolean }[];
  note?: string | null;
  signatures: { label: string; name: string | null }[];
}

const M = 40;
const GAP = 2;

/** A voucher on A4 as the cashier signs it and files it with the bank slip; the last column takes the width left. */
export async function voucherPdf(v: VoucherLayout): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: M, info: { Title: v.title, Author: v.hotel } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const W = doc.page.width - 2 * M;
  doc.fillColor('#1b2733').font('Helvetica-Bold').fontSize(16).text(v.title, M, 40);
  doc.font('Helvetica').fontSize(9).fillColor('#52606d').text([v.hotel, v.hotelAddress].filter(Boolean).join(' · '), M, 62, { width: W });
  let y = 84;
  doc.fontSize(9.5);
  for (const [label, value] of v.facts) {
    doc.font('Helvetica-Bold').fillColor('#52606d').text(label, M, y, { width: 110 });
    doc
      .font('Helvetica')
      .fillColor('#1b2733')
      .text(value, M + 112, y, { width: W - 112 });
    y += 15;
  }
  let x = M;
  const cols = v.columns.map(([key, width, right], i) => {
    const col = { key, label: v.label(key), right, x, width: i === v.columns.length - 1 ? M + W - x : width };
    x += width + GAP;
    return col;
  });
  const cell = (c: (typeof cols)[number], text: string, at: number) =>
    doc.text(text, c.x + 2, at, { width: c.width - 4, align: c.right ? 'right' : 'left' });
  y += 10;
  doc.rect(M, y, W, 18).fill('#eef1f5');
  doc.fillColor('#52606d').font('Helvetica-Bold').fontSize(8.5);
  for (const c of cols) cell(c, c.label, y + 5);
  y += 22;
  doc.font('Helvetica').fillColor('#1b2733').fontSize(9);
  for (const row of v.rows) {
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = 40;
    }
    for (const c of cols) cell(c, row[c.key] ?? '', y);
    y += 16;
  }
  y += 6;
  const last = cols[cols.length - 1];
  for (const s of v.sums) {
    doc.font(s.bold ? 'Helvetica-Bold' : 'Helvetica').text(s.label, last.x - 182, y, { width: 180, align: 'right' });
    doc.text(s.value, last.x, y, { width: last.width - 2, align: 'right' });
    y += 15;
  }
  if (v.note)
    doc
      .font('Helvetica')
      .fillColor('#52606d')
      .text(v.note, M, y + 8, { width: W });
  doc.font('Helvetica').fontSize(9).fillColor('#52606d');
  const sign = y + 60;
  v.signatures.forEach((s, i) => doc.text(`${s.label}\n\n\n${s.name ?? ''}`, M + (i * W) / 3, sign, { width: 160 }));
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** `GET <path>` (path with :id): a voucher of the reader's property as a PDF, in their language unless ?lang= asks another. */
export function voucherPdfRoute(
  app: FastifyInstance,
  ctx: AppContext,
  o: {
    path: string;
    right: string;
    summary: string;
    render: (db: Db, branchId: number, id: number, lang: Lang, labels: Labels) => Promise<{ pdf: Buffer; name: string }>;
  },
) {
  app.get(
    o.path,
    {
      preValidation: needsRight(ctx, o.right, 'view'),
      schema: {
        tags: ['payables'],
        summary: o.summary,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } },
        querystring: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const id = (req.params as { id: number }).id;
      const lang = (req.query as { lang?: Lang }).lang ?? auth.user.language;
      const { pdf, name } = await o.render(ctx.db, auth.branchId, id, lang, ctx.meta.labels);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
    },
  );
}
