import PDFDocument from 'pdfkit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import type { Labels } from '../../i18n/translate.js';
import type { Lang } from '../../../src/core/meta/types.js';

/** What a receivables letter shows: a title, the hotel, facts (label: value), paragraphs, a table and its totals. */
export interface ArPaper {
  title: string;
  hotel: string;
  hotelAddress: string;
  facts: [string, string][];
  before?: string[];
  columns: { label: string; width: number; right?: boolean }[];
  rows: string[][];
  totals: [string, string][];
  after?: string[];
}

/** One A4 page layout for statements, reminder letters and receipts (more pages as the table needs). */
export async function arPdf(p: ArPaper): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: p.title, Author: p.hotel } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const M = 40;
  const W = doc.page.width - 2 * M;
  doc.fillColor('#1b2733').font('Helvetica-Bold').fontSize(16).text(p.title, M, 40, { width: W });
  doc.font('Helvetica').fontSize(9).fillColor('#52606d').text([p.hotel, p.hotelAddress].filter(Boolean).join(' · '), M, 62, { width: W });
  let y = 84;
  doc.fontSize(9.5);
  for (const [label, value] of p.facts) {
    doc.font('Helvetica-Bold').fillColor('#52606d').text(label, M, y, { width: 120 });
    doc
      .font('Helvetica')
      .fillColor('#1b2733')
      .text(value, M + 122, y, { width: W - 122 });
    y += 15;
  }
  const paragraphs = (texts: string[] | undefined) => {
    for (const text of texts ?? []) {
      y += 6;
      doc.font('Helvetica').fontSize(10).fillColor('#1b2733').text(text, M, y, { width: W });
      y = doc.y + 4;
    }
  };
  paragraphs(p.before);
  y += 10;
  const xs: number[] = [];
  p.columns.reduce((x, c) => (xs.push(x), x + c.width), M);
  const header = () => {
    doc.rect(M, y, W, 18).fill('#eef1f5');
    doc.fillColor('#52606d').font('Helvetica-Bold').fontSize(8.5);
    p.columns.forEach((c, i) => doc.text(c.label, xs[i] + 2, y + 5, { width: c.width - 4, align: c.right ? 'right' : 'left' }));
    y += 22;
    doc.font('Helvetica').fillColor('#1b2733').fontSize(9);
  };
  header();
  for (const row of p.rows) {
    if (y > doc.page.height - 120) {
      doc.addPage();
      y = 40;
      header();
    }
    p.columns.forEach((c, i) => doc.text(row[i] ?? '', xs[i] + 2, y, { width: c.width - 4, align: c.right ? 'right' : 'left' }));
    y += 16;
  }
  y += 6;
  for (const [label, value] of p.totals) {
    doc.font('Helvetica-Bold').text(label, M, y, { width: W - 130, align: 'right' });
    doc.text(value, M + W - 125, y, { width: 123, align: 'right' });
    y += 15;
  }
  paragraphs(p.after);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A GET route answering one record's paper as a PDF download (`/api/accountreceivable/<what>/:id/pdf`), behind
 * the right to view its resource; `?lang=en|id` overrides the account's language, other query fields as declared.
 */
export function pdfRoute(
  app: FastifyInstance,
  ctx: AppContext,
  r: {
    path: string;
    resource: string;
    summary: string;
    query?: { required?: string[]; properties: Record<string, unknown> };
    make(
      db: Db,
      branchId: number,
      id: number,
      labels: Labels,
      query: Record<string, string> & { lang?: Lang },
    ): Promise<{ pdf: Buffer; name: string }>;
  },
) {
  app.get(
    r.path,
    {
      preValidation: needsRight(ctx, r.resource, 'view'),
      schema: {
        tags: ['accountreceivable'],
        summary: r.summary,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } },
        querystring: {
          type: 'object',
          required: r.query?.required ?? [],
          additionalProperties: false,
          properties: { lang: { enum: ['en', 'id'] }, ...r.query?.properties },
        },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const { pdf, name } = await r.make(
        ctx.db,
        auth.branchId,
        (req.params as { id: number }).id,
        ctx.meta.labels,
        req.query as Record<string, string>,
      );
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
    },
  );
}
