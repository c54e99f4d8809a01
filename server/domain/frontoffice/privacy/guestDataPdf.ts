import PDFDocument from 'pdfkit';
import type { Lang } from '../../../../src/core/meta/types.js';
import { formatDate, formatLocalDateTime, formatMoney } from '../../../../src/core/format/format.js';
import { translate, type Labels } from '../../../i18n/translate.js';
import type { GuestDataExport } from './guestDataExport.js';

const M = 46;
const INK = '#1b2733';
const MUTED = '#52606d';
const RULE = '#d5dbe1';

/** The profile fields printed, in the order of the guest form. */
const PROFILE = [
  'name',
  'title',
  'birth_date',
  'nationality',
  'id_type',
  'id_number',
  'phone',
  'email',
  'address',
  'city',
  'company',
  'vip',
  'guest_card',
  'card_number',
  'preferences',
  'notes',
];

/**
 * The same export as a document a guest reads: the profile, each stay with its folios line by line, what they
 * signed and withdrew, and the audit trail of their records, in the registration card's house style.
 */
export function guestDataPdf(data: GuestDataExport, lang: Lang, labels: Labels) {
  const t = (key: string, params?: Record<string, unknown>) => translate(labels, lang, `privacyExport.${key}`, params);
  const tz = data.property.timezone;
  const at = (v: unknown) => (v ? formatLocalDateTime(new Date(v as string), tz) : '—');
  const doc = new PDFDocument({ size: 'A4', margin: M, info: { Title: t('title'), Author: data.property.name } });
  const W = doc.page.width - 2 * M;
  const bottom = () => doc.page.height - M - 16;
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.rect(0, 0, doc.page.width, 80).fill('#1f4e79');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(18).text(data.property.name, M, 22, { width: W });
  doc.font('Helvetica').fontSize(9).text(t('subtitle'), M, 48, { width: W });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(15).text(t('title'), M, 98);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(t('exportedAt', { at: at(data.exported_at) }), M, 118);
  doc.moveDown(1);

  const heading = (text: string) => {
    room(40);
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11.5).fillColor(INK).text(text, M, doc.y, { width: W });
    const y = doc.y + 2;
    doc
      .moveTo(M, y)
      .lineTo(M + W, y)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 4;
  };
  /** one row of columns: [text, width share, right-aligned] */
  const row = (cells: [string, number, boolean?][], bold = false) => {
    const heights = cells.map(([text, share]) =>
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8.5)
        .heightOfString(text || '—', { width: share * W - 6 }),
    );
    room(Math.max(...heights) + 4);
    const y = doc.y;
    let x = M;
    for (const [text, share, right] of cells) {
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8.5)
        .fillColor(bold ? MUTED : INK)
        .text(text || '—', x, y, { width: share * W - 6, align: right ? 'right' : 'left' });
      x += share * W;
    }
    doc.y = y + Math.max(...heights) + 3;
  };
  const note = (text: string) => {
    room(14);
    doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(text, M, doc.y, { width: W });
  };

  heading(t('profile'));
  for (const field of PROFILE) {
    const value = data.guest[field];
    const shown = data.withheld.includes(field)
      ? t('withheld')
      : field === 'birth_date' && value
        ? formatDate(String(value))
        : String(value ?? '');
    row([
      [translate(labels, lang, `privacyExport.field.${field}`), 0.3, false],
      [shown, 0.7],
    ]);
  }

  heading(t('stays', { count: data.stays.length }));
  if (!data.stays.length) note(t('none'));
  for (const s of data.stays) {
    room(50);
    doc.moveDown(0.3);
    row(
      [
        [`${s.code} · ${translate(labels, lang, `reservation.status.${s.status}`)}`, 0.4],
        [`${formatDate(s.arrival)} – ${formatDate(s.departure)}`, 0.3],
        [[s.room, s.room_type].filter(Boolean).join(' · '), 0.3],
      ],
      true,
    );
    if (s.special_requests) note(`${t('requests')}: ${s.special_requests}`);
    for (const f of s.folios) {
      row(
        [
          [t('folio', { code: f.code, name: f.name }), 0.75],
          [formatMoney(f.balance), 0.25, true],
        ],
        true,
      );
      for (const l of f.lines)
        row([
          [formatDate(String(l.business_date)), 0.14],
          [[l.description, l.card_brand && l.card_last4 ? `${l.card_brand} ••••${l.card_last4}` : null].filter(Boolean).join(' · '), 0.61],
          [formatMoney(String(l.amount)), 0.25, true],
        ]);
      if (!f.lines.length) note(t('noLines'));
    }
  }

  heading(t('signatures', { count: data.signatures.length }));
  if (!data.signatures.length) note(t('none'));
  for (const s of data.signatures) {
    const purposes = (s.purposes as { code?: string; title?: string; given?: boolean }[] | null) ?? [];
    row(
      [
        [`${s.reservation} · ${at(s.signed_at)}`, 0.4],
        [t('signedTerms', { code: s.terms_code, version: s.terms_version }), 0.6],
      ],
      true,
    );
    for (const p of purposes) note(`${p.given ? '[x]' : '[ ]'} ${p.title ?? p.code ?? ''}`);
    note(s.erased_at ? t('signatureErased', { at: at(s.erased_at) }) : t('signatureKept', { hash: s.sha256 }));
  }
  for (const w of data.consent_withdrawals) note(t('withdrawn', { purpose: w.purpose_code, at: at(w.withdrawn_at) }));

  if (data.erasures.length) {
    heading(t('erasures'));
    for (const e of data.erasures)
      note(
        t('erasure', {
          by: e.requested_by,
          on: formatDate(String(e.requested_on)),
          reason: e.reason,
          at: at(e.erased_at),
          user: e.erased_by ?? '—',
        }),
      );
  }

  heading(t('audit', { count: data.audit.length }));
  row(
    [
      [t('when'), 0.22],
      [t('who'), 0.16],
      [t('what'), 0.62],
    ],
    true,
  );
  for (const a of data.audit) {
    const subject = translate(labels, lang, `audit.subject.${a.entity}`);
    const action = translate(labels, lang, `audit.action.${a.action}`);
    row([
      [at(a.at), 0.22],
      [a.username ?? '—', 0.16],
      [[`${subject} #${a.entity_id ?? ''}`, action, a.summary].filter(Boolean).join(' · '), 0.62],
    ]);
  }
  doc.end();
  return doc;
}
