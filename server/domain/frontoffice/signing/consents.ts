import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { audit, type AuditSource } from '../../../http/audit.js';
import { conflict, HttpError, notFound } from '../../../http/errors.js';
import { hashSecret } from '../../../auth/tokens.js';

interface SignedPurpose {
  code: string;
  version: number;
  title: string;
  text: string;
  given: boolean;
}

/** A purpose as it stands now: the answer given at signing, and its withdrawal if there was one. */
export interface ConsentState extends SignedPurpose {
  withdrawnAt: Date | null;
}

const wrongLink = () => new HttpError(404, 'WRONG_LINK', 'signing.wrongConsentLink');

/** The signature a guest's consent link stands for. */
export async function signatureByToken(db: Db, token: string) {
  const row = (
    await sql<{
      branch_id: number;
      id: number;
    }>`SELECT branch_id, id FROM guest_signature WHERE consent_secret_hash = ${hashSecret(token)}`.execute(db)
  ).rows[0];
  if (!row) throw wrongLink();
  return { branch_id: Number(row.branch_id), id: Number(row.id) };
}

/** Each purpose of a signature, answered and perhaps withdrawn since. */
export async function consentsOf(db: Db, branchId: number, signatureId: number) {
  const row = (
    await sql<{
      purposes: SignedPurpose[];
      signed_at: string;
      language: string;
      guest_id: number;
      reservation_id: number;
      session_id: number;
      hotel: string;
      arrival: string;
      departure: string;
      withdrawn: { code: string; at: string }[] | null;
    }>`
    SELECT s.purposes, s.signed_at, s.language, s.guest_id, s.reservation_id, s.session_id, b.name AS hotel, v.arrival::text AS arrival, v.departure::text AS departure,
           (SELECT json_agg(json_build_object('code', w.purpose_code, 'at', w.withdrawn_at)) FROM consent_withdrawal w
             WHERE w.branch_id = s.branch_id AND w.signature_id = s.id) AS withdrawn
      FROM guest_signature s JOIN branch b ON b.id = s.branch_id JOIN reservation v ON v.branch_id = s.branch_id AND v.id = s.reservation_id
     WHERE s.branch_id = ${branchId} AND s.id = ${signatureId}`.execute(db)
  ).rows[0];
  if (!row) throw notFound('signing.signature');
  const withdrawn = new Map((row.withdrawn ?? []).map((w) => [w.code, new Date(w.at)]));
  const purposes: ConsentState[] = row.purposes.map((p) => ({ ...p, withdrawnAt: withdrawn.get(p.code) ?? null }));
  return { ...row, purposes };
}

/** What the guest's consent page shows: the hotel, the stay's dates, when they signed, and each purpose. */
export async function consentsView(db: Db, token: string) {
  const s = await signatureByToken(db, token);
  const c = await consentsOf(db, s.branch_id, s.id);
  return { hotel: c.hotel, language: c.language, signedAt: c.signed_at, arrival: c.arrival, departure: c.departure, purposes: c.purposes };
}

/**
 * Withdraws a purpose the guest agreed to: a new row, never an update, so the consent as given and its
 * withdrawal both stay on record. Only a purpose given (and not already withdrawn) can be withdrawn.
 */
export async function withdrawConsent(
  trx: Db,
  req: AuditSource,
  w: { branchId: number; signatureId: number; purpose: string; channel: 'guest' | 'desk'; note?: string; userId?: number },
) {
  const c = await consentsOf(trx, w.branchId, w.signatureId);
  const p = c.purposes.find((x) => x.code === w.purpose);
  if (!p) throw notFound('signing.purpose');
  if (!p.given) throw conflict('signing.notGiven', { purpose: p.title });
  const { rows } = await sql`
    INSERT INTO consent_withdrawal (branch_id, signature_id, guest_id, purpose_code, channel, note, withdrawn_by)
    VALUES (${w.branchId}, ${w.signatureId}, ${c.guest_id}, ${w.purpose}, ${w.channel}, ${w.note ?? null}, ${w.userId ?? null})
    ON CONFLICT ON CONSTRAINT consent_withdrawal_once DO NOTHING RETURNING id`.execute(trx);
  if (!rows.length) throw conflict('signing.alreadyWithdrawn', { purpose: p.title });
  await sql`INSERT INTO signing_event (branch_id, session_id, reservation_id, what) VALUES (${w.branchId}, ${c.session_id}, ${c.reservation_id}, 'withdrawn')`.execute(
    trx,
  );
  await audit(
    trx,
    req,
    { entity: 'frontoffice/guest', entityId: c.guest_id, action: 'consent-withdrawn', summary: `${p.code} v${p.version} (${w.channel})` },
    { branchId: w.branchId },
  );
}
