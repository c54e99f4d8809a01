import Decimal from 'decimal.js';
import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Lang } from '../../../../src/core/meta/types.js';
import { formatDate, formatMoney } from '../../../../src/core/format/format.js';
import { translate, type Labels } from '../../../i18n/translate.js';
import { notFound } from '../../../http/errors.js';

interface InvoiceLine {
  business_date: string;
  kind: 'charge' | 'payment';
  description: string;
  base: string;
  service: string;
  tax: string;
  amount: string;
  card_last4: string | null;
}

async function invoiceData(db: Db, branchId: number, folioId: number) {
  const head = (
    await sql<Record<string, any>>`
    SELECT f.code, f.name, f.company, f.status, f.window_no, v.code AS reservation, v.arrival::text AS arrival, v.departure::text AS departure,
           v.adults, g.name AS guest, g.address AS guest_address, rm.code AS room, b.name AS hotel, b.address, b.city, b.phone, b.email,
           b.npwp, c.legal_name, s.business_date::text AS business_date
      FROM folio f
      JOIN reservation v ON v.branch_id = f.branch_id AND v.id = f.reservation_id
      JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
      LEFT JOIN room rm ON rm.branch_id = v.branch_id AND rm.id = v.room_id
      JOIN branch b ON b.id = f.branch_id
      JOIN company c ON c.id = b.company_id
      JOIN hotel_setup s ON s.branch_id = f.branch_id
     WHERE f.branch_id = ${branchId} AND f.id = ${folioId}`.execute(db)
  ).rows[0];
  if (!head) throw notFound('folio.title');
  const { rows: lines } = await sql<InvoiceLine>`
    SELECT business_date::text AS business_date, kind, description, base, service, tax, amount, card_last4
      FROM folio_line WHERE branch_id = ${branchId} AND folio_id = ${folioId} ORDER BY business_date, id`.execute(db);
  const sum = (pick: (l: InvoiceLine) => string, kind?: string) =>
    lines.filter((l) => !kind || l.kind === kind).reduce((s, l) => s.plus(pick(l)), new Decimal(0));
  return {
    head,
    lines,
    totals: {
      base: sum((l) => l.base, 'charge'),
      service: sum((l) => l.service, 'charge'),
      tax: sum((l) => l.tax, 'charge'),
      charges: sum((l) => l.amount, 'charge'),
      payments: sum((l) => l.amount, 'payment').neg(),
      balance: sum((l) => l.amount),
    },
  };
}

/**
 * The guest's invoice for one folio, in English or Indonesian: the hotel with its tax number (NPWP), the
 * stay, every line, then the charges split as Indonesian law asks — amount before service and tax, service
 * charge, PBJT (the regional hotel tax) — the payments and the balance. A4 portrait.
 */
export async function invoicePdf(db: Db, branchId: number, folioId: number, lang: Lang, labels: Labels) {
  const { head: h, lines, totals } = await invoiceData(db, branchId, folioId);
  const t = (key: string, params?: Record<string, unknown>) => translate(labels, lang, `invoice.${key}`, params);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t('title')} ${h.code}`, Author: h.hotel } });
  const M = 50;
  const W = doc.page.width - 2 * M;

  doc.rect(0, 0, doc.page.width, 96).fill('#1f4e79');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(20).text(h.hotel, M, 24, { width: W });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text([h.legal_name, h.address, h.city, h.phone, h.email].filter(Boolean).join(' · '), M, 52, { width: W });
  doc.text(`${t('npwp')}: ${h.npwp ?? '—'}`, M, 68, { width: W });

  doc.fillColor('#1b2733').font('Helvetica-Bold').fontSize(16).text(t('title'), M, 116);
  const facts: [string, string][] = [
    [t('number'), h.code],
    [t('date'), formatDate(h.business_date)],
    [t('billTo'), [h.name, h.company && h.company !== h.name ? h.company : null].filter(Boolean).join(' · ')],
    [t('guest'), h.guest],
    [t('room'), h.room ?? '—'],
    [t('stay'), `${formatDate(h.arrival)} – ${formatDate(h.departure)}`],
    [t('reservation'), h.reservation],
  ];
  let y = 142;
  for (const [k, v] of facts) {
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor('#52606d').text(k, M, y, { width: 110 });
    doc
      .font('Helvetica')
      .fillColor('#1b2733')
      .text(v, M + 115, y, { width: W - 115 });
    y += 15;
  }

  y += 10;
  const x = [M, M + 80, M + W - 110];
  const header = () => {
    doc.rect(M, y, W, 20).fill('#eef1f5');
    doc.fillColor('#52606d').font('Helvetica-Bold').fontSize(9);
    doc.text(t('lineDate'), x[0] + 4, y + 6, { width: 70 });
    doc.text(t('lineDescription'), x[1] + 4, y + 6, { width: 300 });
    doc.text(t('lineAmount'), x[2], y + 6, { width: 106, align: 'right' });
    y += 24;
    doc.font('Helvetica').fillColor('#1b2733');
  };
  header();
  for (const l of lines) {
    if (y > doc.page.height - 190) {
      doc.addPage();
      y = 60;
      header();
    }
    const text = l.card_last4 ? `${l.description} •••• ${l.card_last4}` : l.description;
    doc.text(formatDate(l.business_date), x[0] + 4, y, { width: 70 });
    doc.text(text, x[1] + 4, y, { width: W - 200 });
    doc.text(formatMoney(l.amount), x[2], y, { width: 106, align: 'right' });
    y = Math.max(doc.y, y + 14) + 2;
  }
  doc
    .moveTo(M, y + 2)
    .lineTo(M + W, y + 2)
    .strokeColor('#1f4e79')
    .stroke();
  y += 10;
  const sums: [string, Decimal, boolean][] = [
    [t('base'), totals.base, false],
    [t('service'), totals.service, false],
    [t('tax'), totals.tax, false],
    [t('charges'), totals.charges, true],
    [t('payments'), totals.payments, false],
    [t('balance'), totals.balance, true],
  ];
  for (const [label, value, bold] of sums) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, M + W - 330, y, { width: 210, align: 'right' });
    doc.text(`IDR ${formatMoney(value.toFixed(2))}`, x[2] - 10, y, { width: 116, align: 'right' });
    y += 16;
  }
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#52606d')
    .text(t('taxNote'), M, y + 14, { width: W });
  doc.text(t('signature'), M, y + 60, { width: 200 });
  doc
    .moveTo(M, y + 100)
    .lineTo(M + 200, y + 100)
    .strokeColor('#9aa5b1')
    .stroke();
  doc.end();
  return { doc, name: `invoice-${h.code}.pdf` };
}
