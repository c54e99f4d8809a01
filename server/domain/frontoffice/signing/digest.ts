import crypto from 'node:crypto';
import { stringify } from 'safe-stable-stringify';

/** Everything a guest signed, as kept: what the SHA-256 of a signed registration is taken over. */
export interface SignedContent {
  branch_id: number;
  session_id: number;
  reservation_id: number;
  guest_id: number;
  language: string;
  registration: Record<string, unknown>;
  terms_code: string;
  terms_version: number;
  terms_text: string;
  consent_text: string;
  purposes: { code: string; version: number; title: string; text: string; given: boolean }[];
  signature_png: Buffer;
  device: string;
  signed_at: Date;
}

/**
 * The record's hash: SHA-256 over its canonical JSON (keys sorted, so a jsonb column read back in another
 * key order hashes the same), the image as base64 and the moment as ISO time. Changing any byte kept —
 * a word of the terms, an answer, a pixel — gives another hash.
 */
export function signedDigest(c: SignedContent): string {
  const canonical = stringify({
    ...c,
    branch_id: Number(c.branch_id),
    session_id: Number(c.session_id),
    reservation_id: Number(c.reservation_id),
    guest_id: Number(c.guest_id),
    signature_png: c.signature_png.toString('base64'),
    signed_at: c.signed_at.toISOString(),
  });
  return crypto.createHash('sha256').update(canonical!).digest('hex');
}
