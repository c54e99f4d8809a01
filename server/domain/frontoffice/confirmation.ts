import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Lang } from '../../../src/core/meta/types.js';
import { formatDate, formatMoney } from '../../../src/core/format/format.js';
import { translate, type Labels } from '../../i18n/translate.js';
import { notFound } from '../../http/errors.js';
import { rateRow, type NightPrice } from './pricing.js';
import { quoteInputs, quoteStay } from './stayQuote.js';

/**
 * Everything the letter says, read in one place so the PDF code only lays it out; the reservation screen's
 * summary reads the same, so its stay total is the letter's to the rupiah.
 */
export async function letterData(db: Db, branchId: number, id: number) {
  const r = (
    await sql<Record<string, any>>`
    SELECT v.id, v.code, v.version, v.guest_id, v.room_type_id, v.room_id, v.arrival::text AS arrival, v.departure::text AS departure, v.adults, v.children, v.status, v.rate_code_id, v.rate_override,
           v.special_requests, g.name AS guest, ti.name AS title, vip.name AS vip, t.name AS room_type, rm.code AS room, rc.code AS rate_code, rc.name AS rate_name, rc.breakfast_pax,
           b.name AS hotel, b.address, b.city, b.phone, b.email, s.check_in_time, s.check_out_time
      FROM reservation v
      JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
      LEFT JOIN guest_title ti ON ti.branch_id = g.branch_id AND ti.id = g.title_id
      LEFT JOIN type_vip vip ON vip.branch_id = g.branch_id AND vip.id = g.type_vip_id
      JOIN room_type t ON t.branch_id = v.branch_id AND t.id = v.room_type_id
      LEFT JOIN room rm ON rm.branch_id = v.branch_id AND rm.id = v.room_id
      LEFT JOIN rate_code rc ON rc.branch_id = v.branch_id AND rc.id = v.rate_code_id
      JOIN branch b ON b.id = v.branch_id
      JOIN hotel_setup s ON s.branch_id = v.branch_id
     WHERE v.branch_id = ${branchId} AND v.id = ${id}`.execute(db)
  ).rows[0];
  if (!r) throw notFound('reservation');
  const rate = r.rate_code_id ? await rateRow(db, branchId, r.rate_code_id) : undefined;
  // priced as the guest pays (dynamic rate of each night, as look to book and the night's charge price it)
  const quote = rate
    ? quoteStay(rate, r.arrival, r.departure, r.adults, await quoteInputs(db, branchId, r.arrival, r.departure, [rate]), r.rate_override)
    : undefined;
  const nights: NightPrice[] = quote?.nights ?? [];
  const deposits = (
    await sql<{ total: string | null }>`
    SELECT sum(d.amount)::text AS total FROM reservation_deposit d JOIN reservation v ON v.branch_id = d.branch_id AND v.id = d.reservation_id
     WHERE v.branch_id = ${branchId} AND v.id = ${id}`.execute(db)
  ).rows[0].total;
  return { r, nights, totals: quote?.totals, deposits: deposits ?? '0' };
}

/**
 * The confirmation letter a guest receives: the hotel, the booking, each night's price with service
 * and tax, deposits received and the house rules, in the guest-facing language chosen. A4 portrait.
 */
export async function confirmationPdf(db: Db, branchId: number, id: number, lang: Lang, labels: Labels) {
  const { r, nights, totals, deposits } = await letterData(db, branchId, id);
  const t = (key: string, params?: Record<string, unknown>) => translate(labels, lang, `confirmation.${key}`, params);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t('title')} ${r.code}`, Author: r.hotel } });
  const M = 50;
  const W = doc.page.width - 2 * M;

  doc.rect(0, 0, doc.page.width, 90).fill('#1f4e79');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(20).text(r.hotel, M, 28, { width: W });
  doc.font('Helvetica').fontSize(9.5).text([r.address, r.city, r.phone, r.email].filter(Boolean).join(' · '), M, 56, { width: W });
  doc.fillColor('#1b2733').font('Helvetica-Bold').fontSize(16).text(t('title'), M, 115);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#52606d')
    .text(`${t('number')}: ${r.code}`, M, 137);
  doc
    .fillColor('#1b2733')
    .fontSize(11)
    .text(t('dear', { name: [r.title, r.guest].filter(Boolean).join(' ') }), M, 170);
  doc.text(t('intro', { hotel: r.hotel }), M, 188, { width: W });

  const rows: [string, string][] = [
    [t('guest'), r.guest],
    [t('arrival'), `${formatDate(r.arrival)} (${t('from', { time: r.check_in_time })})`],
    [t('departure'), `${formatDate(r.departure)} (${t('until', { time: r.check_out_time })})`],
    [t('nights'), String(Math.round((Date.parse(r.departure) - Date.parse(r.arrival)) / 86400000))],
    [t('roomType'), r.room ? `${r.room_type} · ${t('room')} ${r.room}` : r.room_type],
    [t('guests'), t('guestsValue', { adults: r.adults, children: r.children })],
    [
      t('rate'),
      r.rate_code ? `${r.rate_code} — ${r.rate_name}${r.breakfast_pax ? ` · ${t('breakfast', { pax: r.breakfast_pax })}` : ''}` : '—',
    ],
  ];
  if (r.special_requests) rows.push([t('requests'), r.special_requests]);
  let y = 230;
  for (const [k, v] of rows) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#52606d').text(k, M, y, { width: 150 });
    doc
      .font('Helvetica')
      .fillColor('#1b2733')
      .text(v, M + 160, y, { width: W - 160 });
    y = Math.max(doc.y, y + 16) + 4;
  }

  if (nights.length) {
    y += 10;
    const cols = [t('night'), t('base'), t('service'), t('tax'), t('total')];
    const x = [M, M + 150, M + 240, M + 330, M + 420];
    doc.rect(M, y, W, 20).fill('#eef1f5');
    doc.fillColor('#52606d').font('Helvetica-Bold').fontSize(9);
    cols.forEach((c, i) => doc.text(c, x[i] + 4, y + 6, { width: i ? 80 : 140, align: i ? 'right' : 'left' }));
    y += 24;
    doc.font('Helvetica').fillColor('#1b2733');
    for (const n of nights) {
      if (y > doc.page.height - 160) {
        doc.addPage();
        y = 60;
      }
      const cells = [formatDate(n.date), formatMoney(n.base), formatMoney(n.service), formatMoney(n.tax), formatMoney(n.total)];
      cells.forEach((c, i) => doc.text(c, x[i] + 4, y, { width: i ? 80 : 140, align: i ? 'right' : 'left' }));
      y += 16;
    }
    doc
      .moveTo(M, y)
      .lineTo(M + W, y)
      .strokeColor('#1f4e79')
      .stroke();
    y += 6;
    doc.font('Helvetica-Bold');
    const sums = [
      t('stayTotal'),
      formatMoney(totals!.base),
      formatMoney(totals!.service),
      formatMoney(totals!.tax),
      formatMoney(totals!.total),
    ];
    sums.forEach((c, i) => doc.text(c, x[i] + 4, y, { width: i ? 80 : 140, align: i ? 'right' : 'left' }));
    y += 20;
    if (Number(deposits) !== 0) {
      doc.font('Helvetica').text(`${t('deposits')}: IDR ${formatMoney(deposits)}`, M, y);
      y += 16;
    }
  }
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor('#52606d')
    .text(t('policy'), M, y + 14, { width: W });
  doc
    .fillColor('#1b2733')
    .fontSize(10)
    .text(t('closing'), M, doc.y + 16, { width: W });
  doc.font('Helvetica-Bold').text(r.hotel, M, doc.y + 24);
  doc.end();
  return { doc, name: `confirmation-${r.code}.pdf` };
}
