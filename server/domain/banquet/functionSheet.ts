import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { Lang } from '../../../src/core/meta/types.js';
import { formatDate, formatQuantity } from '../../../src/core/format/format.js';
import { notFound } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { translate, type Labels } from '../../i18n/translate.js';

export const DEPARTMENTS = ['kitchen', 'banquet', 'engineering'] as const;
export type Department = (typeof DEPARTMENTS)[number];

interface SheetHead {
  number: string;
  name: string;
  event_type: string;
  event_date: string;
  status: string;
  client: string;
  contact: string | null;
  pax_expected: number;
  pax_guaranteed: number | null;
  hotel: string;
  language: Lang;
  note: string | null;
}
interface Sitting {
  activity_date: string;
  start_time: string;
  end_time: string;
  venue: string;
  venue_id: string;
  setup: string;
  setup_id: string;
  title: string;
  pax: number | null;
  note: string | null;
}
interface Item {
  kind: string;
  description: string | null;
  menu: string | null;
  menu_id: string | null;
  quantity: string;
  per_person: boolean;
}

/** What one department needs to know of an event: its sittings with that department's notes, and for the kitchen the menu. */
async function loadSheet(db: Db, branchId: number, id: number, dept: Department) {
  const { rows } = await sql<SheetHead>`
    SELECT e.number, e.name, e.event_type, e.event_date::text, e.status, coalesce(a.name, g.name) AS client,
           concat_ws(' · ', e.contact_name, e.contact_phone) AS contact, e.pax_expected, e.pax_guaranteed, b.name AS hotel, e.language, e.note
      FROM bq_event e JOIN branch b ON b.id = e.branch_id
      LEFT JOIN business_account a ON a.branch_id = e.branch_id AND a.id = e.account_id
      LEFT JOIN guest g ON g.branch_id = e.branch_id AND g.id = e.guest_id
     WHERE e.branch_id = ${branchId} AND e.id = ${id}`.execute(db);
  if (!rows[0]) throw notFound('bq-event.title');
  const note = sql.ref(`x.${dept}_note`);
  const { rows: sittings } = await sql<Sitting>`
    SELECT x.activity_date::text, x.start_time, x.end_time, v.name AS venue, coalesce(v.name_id, v.name) AS venue_id,
           s.name AS setup, coalesce(s.name_id, s.name) AS setup_id, x.title, x.pax, ${note} AS note
      FROM bq_event_activity x
      JOIN bq_venue v ON v.branch_id = x.branch_id AND v.id = x.venue_id
      JOIN bq_setup s ON s.branch_id = x.branch_id AND s.id = x.setup_id
     WHERE x.branch_id = ${branchId} AND x.event_id = ${id}
     ORDER BY x.starts_at`.execute(db);
  const { rows: items } = await sql<Item>`
    SELECT i.kind, i.description, m.name AS menu, coalesce(m.name_id, m.name) AS menu_id, i.quantity::text, i.per_person
      FROM bq_event_item i LEFT JOIN pos_menu m ON m.branch_id = i.branch_id AND m.id = i.menu_id
     WHERE i.branch_id = ${branchId} AND i.event_id = ${id} ORDER BY i.line_no`.execute(db);
  return { head: rows[0], sittings, items };
}

/**
 * The function sheet one department works from, in English or Indonesian: the event, the guaranteed pax, each
 * sitting (when, where, how the room is set) with that department's notes; the kitchen's also lists the menu,
 * engineering's the equipment. No prices: a function sheet goes to the floor, not to the client.
 */
export async function functionSheetPdf(db: Db, branchId: number, id: number, dept: Department, lang: Lang, labels: Labels) {
  const { head: h, sittings, items } = await loadSheet(db, branchId, id, dept);
  const t = (key: string, params: Record<string, unknown> = {}) => translate(labels, lang, `bq-sheet.${key}`, params);
  const label = (key: string) => translate(labels, lang, key, {});
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
    .text(`${t('title')} — ${t(`dept.${dept}`)}`, M, 40, { width: W });
  doc.font('Helvetica').fontSize(9).fillColor('#52606d').text(`${h.hotel} · ${h.number}`, M, 62, { width: W });
  const facts: [string, string][] = [
    [t('event'), h.name],
    [t('type'), label(`bq-event.event_type.${h.event_type}`)],
    [t('date'), formatDate(h.event_date)],
    [t('status'), label(`bq-event.status.${h.status}`)],
    [t('client'), h.client],
    [t('contact'), h.contact || '–'],
    [t('pax'), t('paxValue', { expected: h.pax_expected, guaranteed: h.pax_guaranteed ?? '–' })],
  ];
  let y = 84;
  doc.fontSize(9.5);
  for (const [k, v] of facts) {
    doc.font('Helvetica-Bold').fillColor('#52606d').text(k, M, y, { width: 110 });
    doc
      .font('Helvetica')
      .fillColor('#1b2733')
      .text(v, M + 112, y, { width: W - 112 });
    y += 15;
  }
  const section = (title: string) => {
    y += 10;
    if (y > doc.page.height - 120) {
      doc.addPage();
      y = 40;
    }
    doc.rect(M, y, W, 18).fill('#eef1f5');
    doc
      .fillColor('#1b2733')
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(title, M + 4, y + 4, { width: W - 8 });
    y += 24;
    doc.font('Helvetica').fontSize(9.5);
  };
  section(t('agenda'));
  for (const s of sittings) {
    if (y > doc.page.height - 90) {
      doc.addPage();
      y = 40;
    }
    const when = `${formatDate(s.activity_date)} ${s.start_time}–${s.end_time}`;
    const where = `${lang === 'id' ? s.venue_id : s.venue} · ${lang === 'id' ? s.setup_id : s.setup}${s.pax ? ` · ${s.pax} pax` : ''}`;
    doc.font('Helvetica-Bold').fillColor('#1b2733').text(when, M, y, { width: 130 });
    doc.text(s.title, M + 135, y, { width: W - 135 });
    y = doc.y + 2;
    doc
      .font('Helvetica')
      .fillColor('#52606d')
      .text(where, M + 135, y, { width: W - 135 });
    y = doc.y + 2;
    if (s.note) {
      doc.fillColor('#1b2733').text(s.note, M + 135, y, { width: W - 135 });
      y = doc.y + 2;
    }
    y += 6;
  }
  const listed = items.filter((i) =>
    dept === 'kitchen' ? ['food', 'beverage'].includes(i.kind) : dept === 'engineering' ? i.kind === 'equipment' : i.kind !== 'room_hire',
  );
  if (listed.length) {
    section(t(`items.${dept}`));
    for (const i of listed) {
      const name = (lang === 'id' ? i.menu_id : i.menu) ?? i.description ?? '';
      const qty = i.per_person ? t('perPerson') : formatQuantity(i.quantity, lang);
      doc
        .fillColor('#1b2733')
        .text(`• ${name}${i.menu && i.description && i.description !== i.menu ? ` — ${i.description}` : ''}`, M, y, { width: W - 110 });
      doc.text(qty, M + W - 100, y, { width: 100, align: 'right' });
      y = doc.y + 4;
    }
  }
  if (h.note) {
    section(t('note'));
    doc.fillColor('#1b2733').text(h.note, M, y, { width: W });
  }
  doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), name: `function-sheet-${h.number}-${dept}.pdf` };
}

export async function functionSheetRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/banquet/event/:id/function-sheet/:dept',
    {
      preValidation: needsRight(ctx, 'banquet.event', 'view'),
      schema: {
        tags: ['banquet'],
        summary:
          "An event's function sheet for one department (kitchen, banquet, engineering) as a PDF, in the event's language unless ?lang=",
        params: {
          type: 'object',
          required: ['id', 'dept'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 }, dept: { enum: [...DEPARTMENTS] } },
        },
        querystring: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const { id, dept } = req.params as { id: number; dept: Department };
      const { rows } = await sql<{
        language: Lang;
      }>`SELECT language FROM bq_event WHERE branch_id = ${auth.branchId} AND id = ${id}`.execute(ctx.db);
      if (!rows[0]) throw notFound('bq-event.title');
      const lang = (req.query as { lang?: Lang }).lang ?? rows[0].language;
      const { pdf, name } = await functionSheetPdf(ctx.db, auth.branchId, id, dept, lang, ctx.meta.labels);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
    },
  );
}
