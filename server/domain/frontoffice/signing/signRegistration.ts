import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connect.js';
import { audit } from '../../../http/audit.js';
import { badRequest, HttpError } from '../../../http/errors.js';
import { hashSecret, newSecret } from '../../../auth/tokens.js';
import { translate } from '../../../i18n/translate.js';
import { signedDigest } from './digest.js';
import { readSignature } from './signatureImage.js';
import { signingContent, type OpenSession } from './sessions.js';
import { maskedId } from '../stay/registrationCard.js';

/** What the tablet sends when the guest confirms: the wording versions they were shown, each answer, the signature. */
export interface Signing {
  terms: { code: string; version: number };
  accept_terms: true;
  accept_consent: true;
  purposes: { code: string; version: number; given: boolean }[];
  signature: string;
}

/** where the guest manages the consents they gave: the link mailed to them and shown as a QR code on the tablet */
export const consentLink = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/Pdp2#${token}`;

/**
 * Keeps what the guest signed, as signed: the card's data, the exact terms and consent texts with their versions,
 * each optional purpose's answer, the signature image, the moment and the device, sealed by a SHA-256 over all of
 * it. The wording shown must still be the wording in force (a new version that took effect meanwhile is shown
 * first), and every purpose needs its own answer: no purpose is agreed by default. The signing's secret dies with
 * it; the guest gets a secret link of their own to withdraw a consent later.
 */
export async function signRegistration(trx: Db, req: FastifyRequest, ctx: AppContext, s: OpenSession, body: Signing, device: string) {
  const { card, text, guestId, purposes } = await signingContent(trx, s);
  const shown = new Map(body.purposes.map((p) => [p.code, p]));
  const stale =
    body.terms.code !== text.code ||
    body.terms.version !== text.text_version ||
    purposes.some((p) => shown.has(p.code) && shown.get(p.code)!.version !== p.version) ||
    body.purposes.some((p) => !purposes.some((q) => q.code === p.code));
  if (stale) throw new HttpError(409, 'TEXTS_CHANGED', 'signing.textsChanged');
  const unanswered = purposes.filter((p) => !shown.has(p.code));
  if (unanswered.length) throw badRequest('signing.answerEach', { purposes: unanswered.map((p) => p.title).join(', ') });
  const png = readSignature(body.signature);

  // to the millisecond: the moment is hashed as JavaScript reads it back from the column
  const signedAt = new Date((await sql<{ now: string }>`SELECT now() AS now`.execute(trx)).rows[0].now);
  const answered = purposes.map((p) => ({ ...p, given: shown.get(p.code)!.given }));
  const content = {
    branch_id: s.branch_id,
    session_id: s.id,
    reservation_id: s.reservation_id,
    guest_id: guestId,
    language: s.language,
    // as the tablet showed it: the guest signs what she saw, and the record holds no copy of her document number
    // that the property's ID retention could not reach (the profile's own number is cleared by it)
    registration: { ...card, id_number: maskedId(card.id_number) },
    terms_code: text.code,
    terms_version: text.text_version,
    terms_text: text.terms,
    consent_text: text.consent,
    purposes: answered,
    signature_png: png,
    device,
    signed_at: signedAt,
  };
  const sha256 = signedDigest(content);
  const token = newSecret();
  const id = Number(
    (
      await sql<{ id: number }>`
      INSERT INTO guest_signature (branch_id, session_id, reservation_id, guest_id, language, registration, terms_code, terms_version, terms_text,
                                   consent_text, purposes, signature_png, device, signed_at, sha256, consent_secret_hash)
      VALUES (${s.branch_id}, ${s.id}, ${s.reservation_id}, ${guestId}, ${s.language}, ${JSON.stringify(content.registration)}::jsonb,
              ${text.code}, ${text.text_version}, ${text.terms}, ${text.consent}, ${JSON.stringify(answered)}::jsonb, ${png}, ${device},
              ${signedAt}, ${sha256}, ${hashSecret(token)})
      RETURNING id`.execute(trx)
    ).rows[0].id,
  );
  await sql`UPDATE signing_session SET status = 'signed', signed_at = ${signedAt}, secret_hash = NULL
             WHERE branch_id = ${s.branch_id} AND id = ${s.id}`.execute(trx);
  await sql`INSERT INTO signing_event (branch_id, session_id, reservation_id, what) VALUES (${s.branch_id}, ${s.id}, ${s.reservation_id}, 'signed')`.execute(
    trx,
  );
  await audit(
    trx,
    req,
    {
      entity: 'frontoffice/reservation',
      entityId: s.reservation_id,
      action: 'registration-signed',
      summary: `${card.code} · ${text.code} v${text.text_version} · ${sha256.slice(0, 12)}`,
      after: { signature: id, purposes: answered.map((p) => ({ code: p.code, version: p.version, given: p.given })) },
    },
    { branchId: s.branch_id },
  );
  if (card.email) {
    const t = (key: string, params?: Record<string, unknown>) => translate(ctx.meta.labels, s.language, key, params);
    // sent beside the answer: a slow mail server must not keep the guest waiting at the desk
    void ctx.mailer
      .send({
        to: card.email,
        subject: t('signing.mail.subject', { hotel: card.hotel }),
        text: t('signing.mail.body', { name: card.guest, hotel: card.hotel, link: consentLink(ctx, token) }),
      })
      .catch((err) => req.log.error({ err }, 'consent link not mailed'));
  }
  return { id, sha256, token, link: consentLink(ctx, token), purposes: answered.map(({ code, title, given }) => ({ code, title, given })) };
}
