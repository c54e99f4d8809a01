import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Lang } from '../../../../src/core/meta/types.js';
import { HttpError } from '../../../http/errors.js';
import { hashSecret } from '../../../auth/tokens.js';
import { cardData, cardText, maskedId, type CardData } from '../stay/registrationCard.js';

/** A signing open on a tablet: what its cookie's secret stands for, while it lasts. */
export interface OpenSession {
  branch_id: number;
  id: number;
  reservation_id: number;
  language: Lang;
  device_id: number | null;
  expires_at: string;
}

/** An optional purpose as the guest is asked it. */
export interface Purpose {
  code: string;
  version: number;
  title: string;
  text: string;
}

/** A signing that has ended, expired or never was: the pages say so and show nothing else. */
export const ended = () => new HttpError(410, 'SIGNING_ENDED', 'signing.ended');

/** The signing a secret opened, if it is still open; `lock` holds it for the transaction that ends it. */
export async function openSession(db: Db, secret: string | undefined, lock = false): Promise<OpenSession> {
  if (!secret) throw ended();
  const row = (
    await sql<OpenSession>`
    SELECT branch_id, id, reservation_id, language, device_id, expires_at FROM signing_session
     WHERE secret_hash = ${hashSecret(secret)} AND status = 'opened' AND expires_at > now() ${lock ? sql`FOR UPDATE` : sql``}`.execute(db)
  ).rows[0];
  if (!row) throw ended();
  return { ...row, branch_id: Number(row.branch_id), id: Number(row.id), reservation_id: Number(row.reservation_id) };
}

/** The optional purposes in force at a property on a day, in a language: the newest version of each, in the hotel's order. */
export async function purposesInForce(db: Db, branchId: number, lang: Lang, day: string): Promise<Purpose[]> {
  const { rows } = await sql<Purpose & { sort_order: number }>`
    SELECT * FROM (
      SELECT DISTINCT ON (code) code, text_version AS version, heading AS title, text, sort_order FROM consent_purpose
       WHERE branch_id = ${branchId} AND language = ${lang} AND active AND effective_from <= ${day}::date
       ORDER BY code, effective_from DESC, text_version DESC) p
     ORDER BY sort_order, code`.execute(db);
  return rows.map(({ sort_order: _, ...p }) => p);
}

/** What a signing is made of now: the card's data, the registration text and the purposes in force in its language. */
export async function signingContent(db: Db, s: Pick<OpenSession, 'branch_id' | 'reservation_id' | 'language'>) {
  const { card, businessDate, guestId } = await cardData(db, s.branch_id, s.reservation_id);
  const text = await cardText(db, s.branch_id, s.language, businessDate);
  if (!text) throw new HttpError(409, 'NO_TEXT', 'signing.noText', { lang: s.language.toUpperCase() });
  return { card, text, guestId, purposes: await purposesInForce(db, s.branch_id, s.language, businessDate) };
}

/** The tablet's page: the guest's registration as it will be signed (identity number masked), the texts and the purposes. */
export async function tabletView(db: Db, s: OpenSession) {
  const { card, text, purposes } = await signingContent(db, s);
  return {
    language: s.language,
    expiresAt: s.expires_at,
    hotel: card.hotel,
    registration: shownRegistration(card),
    terms: { code: text.code, version: text.text_version, text: text.terms },
    consent: text.consent,
    purposes,
  };
}

function shownRegistration(c: CardData) {
  return {
    code: c.code,
    guest: [c.title, c.guest].filter(Boolean).join(' '),
    nationality: c.nationality,
    idType: c.id_type,
    // whoever stands at the desk sees the tablet too: the number's last four characters are enough to recognise it
    idNumber: maskedId(c.id_number),
    arrival: c.arrival,
    departure: c.departure,
    roomType: c.room_type,
    room: c.room,
    rateCode: c.rate_code,
    adults: c.adults,
    children: c.children,
  };
}
