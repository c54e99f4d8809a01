import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Lang } from '../../../../src/core/meta/types.js';
import { formatDate, formatLocalDateTime } from '../../../../src/core/format/format.js';
import { translate, type Labels } from '../../../i18n/translate.js';
import { notFound } from '../../../http/errors.js';
import { hasRight } from '../../../http/rbac.js';
import { audit, type AuditSource } from '../../../http/audit.js';
import type { AuthInfo } from '../../../context.js';

/** What a registration card prints of the stay and the guest: read live for a card to sign, kept as signed after. */
export interface CardData {
  code: string;
  arrival: string;
  departure: string;
  adults: number;
  children: number;
  company: string | null;
  guest: string;
  title: string | null;
  nationality: string | null;
  birth_date: string | null;
  id_type: string | null;
  id_number: string | null;
  address: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  room_type: string;
  room: string | null;
  rate_code: string | null;
  hotel: string;
  hotel_address: string | null;
  hotel_city: string | null;
  hotel_phone: string | null;
  /** the hotel's time zone, for the moment a card was signed */
  hotel_tz: string;
}

/** The wording a card carries, named by code and version so a signature says which one was agreed. */
export interface CardText {
  code: string;
  text_version: number;
  terms: string;
  consent: string;
}

/** What the guest signed on the tablet, printed on the signed card. */
export interface CardSignature {
  png: Buffer;
  signedAt: Date;
  device: string;
  sha256: string;
  purposes: { title: string; given: boolean }[];
}

/** The stay and guest data of a card, with the property's business date (which texts are in force). */
export async function cardData(
  db: Db,
  branchId: number,
  reservationId: number,
): Promise<{ card: CardData; businessDate: string; status: string; guestId: number }> {
  const r = (
    await sql<CardData & { business_date: string; status: string; guest_id: number }>`
    SELECT v.code, v.arrival::text AS arrival, v.departure::text AS departure, v.adults, v.children, v.company, v.status, v.guest_id,
           g.name AS guest, ti.name AS title, g.nationality, g.birth_date::text AS birth_date, gi.name AS id_type, g.id_number, g.address, g.city,
           g.phone, g.email, t.name AS room_type, rm.code AS room, rc.code AS rate_code, b.name AS hotel, b.address AS hotel_address, b.city AS hotel_city,
           b.phone AS hotel_phone, b.timezone AS hotel_tz, s.business_date::text AS business_date
      FROM reservation v
      JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
      LEFT JOIN guest_title ti ON ti.branch_id = g.branch_id AND ti.id = g.title_id
      LEFT JOIN guest_identity gi ON gi.branch_id = g.branch_id AND gi.id = g.id_type_id
      JOIN room_type t ON t.branch_id = v.branch_id AND t.id = v.room_type_id
      LEFT JOIN room rm ON rm.branch_id = v.branch_id AND rm.id = v.room_id
      LEFT JOIN rate_code rc ON rc.branch_id = v.branch_id AND rc.id = v.rate_code_id
      JOIN branch b ON b.id = v.branch_id
      JOIN hotel_setup s ON s.branch_id = v.branch_id
     WHERE v.branch_id = ${branchId} AND v.id = ${reservationId}`.execute(db)
  ).rows[0];
  if (!r) throw notFound('reservation');
  const { business_date, status, guest_id, ...card } = r;
  return { card, businessDate: business_date, status, guestId: Number(guest_id) };
}

/** The registration text in force on a day in a language: the newest version that took effect by then. */
export async function cardText(db: Db, branchId: number, lang: Lang, day: string): Promise<CardText | undefined> {
  return (
    await sql<CardText>`
    SELECT code, text_version, terms, consent FROM registration_text
     WHERE branch_id = ${branchId} AND language = ${lang} AND active AND effective_from <= ${day}::date
     ORDER BY effective_from DESC, text_version DESC LIMIT 1`.execute(db)
  ).rows[0];
}

/**
 * The registration card the guest signs at check-in, printable or shown on the desk's tablet (the signing
 * itself is the pdp flow's): the guest's registration data, the stay, and the terms and personal-data consent
 * in force in the chosen language, named by code and version so a signature says which wording was agreed.
 */
export async function registrationCardPdf(
  db: Db,
  reader: AuditSource & { auth: AuthInfo },
  reservationId: number,
  lang: Lang,
  labels: Labels,
) {
  const { card, businessDate, guestId } = await cardData(db, reader.auth.branchId, reservationId);
  return drawCard(await forReader(db, reader, card, guestId), await cardText(db, reader.auth.branchId, lang, businessDate), lang, labels);
}

/** The last four characters of an identity number, for whoever may not read it whole. */
export function maskedId(n: string | null): string | null {
  if (!n) return null;
  return n.length <= 4 ? '•'.repeat(n.length) : `${'•'.repeat(Math.min(n.length - 4, 8))}${n.slice(-4)}`;
}

/**
 * A card as its reader may see it: the identity number whole for a holder of the guest's read-id right (the read
 * is audited, as the guest screens audit it), masked to its last four characters for anyone else.
 */
export async function forReader(db: Db, reader: AuditSource & { auth: AuthInfo }, card: CardData, guestId: number): Promise<CardData> {
  if (!card.id_number) return card;
  if (!hasRight(reader.auth, 'frontoffice.guest', 'read-id')) return { ...card, id_number: maskedId(card.id_number) };
  await audit(db, reader, {
    entity: 'frontoffice/guest',
    entityId: guestId,
    action: 'read-protected',
    after: { fields: ['id_number'], via: 'registration-card' },
  });
  return card;
}

/** Draws a card; with a signature it is the signed card: the guest's signature, each purpose's answer and the record's hash. */
export function drawCard(r: CardData, text: CardText | undefined, lang: Lang, labels: Labels, signed?: CardSignature) {
  const t = (key: string, params?: Record<string, unknown>) => translate(labels, lang, `registrationCard.${key}`, params);
  const doc = new PDFDocument({ size: 'A4', margin: 46, info: { Title: `${t('title')} ${r.code}`, Author: r.hotel } });
  const M = 46;
  const W = doc.page.width - 2 * M;
  doc.rect(0, 0, doc.page.width, 80).fill('#1f4e79');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(18).text(r.hotel, M, 22, { width: W });
  doc.font('Helvetica').fontSize(9).text([r.hotel_address, r.hotel_city, r.hotel_phone].filter(Boolean).join(' · '), M, 48, { width: W });
  doc.fillColor('#1b2733').font('Helvetica-Bold').fontSize(15).text(t('title'), M, 98);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor('#52606d')
    .text(`${t('reservation')}: ${r.code}`, M, 118);

  const field = (label: string, value: string | null | undefined, x: number, y: number, w: number) => {
    doc.font('Helvetica').fontSize(8).fillColor('#52606d').text(label, x, y, { width: w });
    doc
      .font('Helvetica-Bold')
      .fontSize(10.5)
      .fillColor('#1b2733')
      .text(value || '—', x, y + 10, { width: w });
    doc
      .moveTo(x, y + 25)
      .lineTo(x + w - 10, y + 25)
      .strokeColor('#d5dbe1')
      .stroke();
  };
  const half = W / 2;
  const rows: [string, string | null, string, string | null][] = [
    [t('name'), [r.title, r.guest].filter(Boolean).join(' '), t('nationality'), r.nationality],
    [t('idType'), r.id_type, t('idNumber'), r.id_number],
    [t('birthDate'), r.birth_date ? formatDate(r.birth_date) : null, t('phone'), r.phone],
    [t('address'), [r.address, r.city].filter(Boolean).join(', '), t('email'), r.email],
    [t('arrival'), formatDate(r.arrival), t('departure'), formatDate(r.departure)],
    [t('room'), r.room ? `${r.room} · ${r.room_type}` : r.room_type, t('rate'), r.rate_code],
    [t('guests'), t('guestsValue', { adults: r.adults, children: r.children }), t('company'), r.company],
  ];
  let y = 142;
  for (const [l1, v1, l2, v2] of rows) {
    field(l1, v1, M, y, half);
    field(l2, v2, M + half, y, half);
    y += 34;
  }
  y += 6;
  if (text) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#1b2733').text(t('terms'), M, y);
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(text.terms, M, doc.y + 4, { width: W });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(t('consent'), M, doc.y + 8);
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(text.consent, M, doc.y + 4, { width: W });
    for (const p of signed?.purposes ?? []) {
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor('#1b2733')
        .text(`${p.given ? '[x]' : '[ ]'} ${p.title}: ${t(p.given ? 'purposeGiven' : 'purposeRefused')}`, M, doc.y + 4, { width: W });
    }
    doc
      .fontSize(7.5)
      .fillColor('#52606d')
      .text(t('version', { code: text.code, version: text.text_version, lang: lang.toUpperCase() }), M, doc.y + 6);
  }
  y = Math.max(doc.y + 30, doc.page.height - 150);
  if (y + 110 > doc.page.height - M) {
    doc.addPage();
    y = M;
  }
  doc
    .rect(M, y, half - 20, 70)
    .strokeColor('#9aa5b1')
    .stroke();
  if (signed) doc.image(signed.png, M + 4, y + 4, { fit: [half - 28, 62], align: 'center', valign: 'center' });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#52606d')
    .text(t('signature'), M + 6, y + 74);
  doc.rect(M + half, y, half, 70).stroke();
  doc.text(t('clerk'), M + half + 6, y + 74);
  if (signed) {
    doc
      .fontSize(7.5)
      .text(t('signedOn', { at: formatLocalDateTime(signed.signedAt, r.hotel_tz), device: signed.device }), M, y + 90, { width: W })
      .text(t('sealed', { hash: signed.sha256 }), M, doc.y + 2, { width: W });
  }
  doc.end();
  return { doc, name: `registration-${r.code}${signed ? '-signed' : ''}.pdf` };
}
