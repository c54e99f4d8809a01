import { sql } from 'kysely';
import type { HookContext } from '../../../data/hooks.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { hashSecret } from '../../../auth/tokens.js';
import { RESERVATION } from '../reservations.js';
import { id, reasonInput } from '../folio/inputs.js';
import { pairingCode, PAIRING_MINUTES, signingCode, SIGNING_MINUTES } from './secrets.js';
import { signingContent } from './sessions.js';
import { withdrawConsent } from './consents.js';

export const SIGNING_DEVICE = 'frontoffice.signing-device';
const SIGNABLE = ['tentative', 'confirmed', 'in_house'];

/** Ends a stay's signings still waiting or open on a tablet: a new one replaces them, or the desk takes it back. */
async function endLiveSessions(c: HookContext, reservationId: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    UPDATE signing_session SET status = 'cancelled', secret_hash = NULL
     WHERE branch_id = ${c.auth.branchId} AND reservation_id = ${reservationId} AND status IN ('waiting', 'opened')
    RETURNING id`.execute(c.trx);
  for (const r of rows)
    await sql`INSERT INTO signing_event (branch_id, session_id, reservation_id, what) VALUES (${c.auth.branchId}, ${r.id}, ${reservationId}, 'cancelled')`.execute(
      c.trx,
    );
  return rows.length;
}

/** a six-digit code no other waiting signing holds (in any property: the tablet asks before it knows the property) */
async function freeCode(c: HookContext): Promise<string> {
  for (;;) {
    const code = signingCode();
    const { rows } =
      await sql`SELECT 1 FROM signing_session WHERE code_hash = ${hashSecret(code)} AND status = 'waiting' AND expires_at > now()`.execute(
        c.trx,
      );
    if (!rows.length) return code;
  }
}

export const startSigning = defineOp<{ id: number; language: 'en' | 'id'; device_id?: number }>({
  name: 'frontoffice.signingStart',
  summary: `Send a stay's registration to be signed: to a paired tablet, and with a six-digit code the guest can type on any signing tablet; it lasts ${SIGNING_MINUTES} minutes and replaces one still waiting`,
  resource: RESERVATION,
  action: 'sign',
  input: {
    type: 'object',
    required: ['id', 'language'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/reservation', description: 'the stay' },
      language: { enum: ['en', 'id'], description: 'the language the guest reads' },
      device_id: { ...id, 'x-ref': 'frontoffice/signing-device', description: 'the tablet to send it to' },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const stay = (
      await sql<{ code: string; status: string }>`
      SELECT code, status FROM reservation WHERE branch_id = ${branch} AND id = ${input.id} FOR UPDATE`.execute(c.trx)
    ).rows[0];
    if (!stay) throw notFound('reservation');
    if (!SIGNABLE.includes(stay.status)) throw badRequest('signing.notSignable', { code: stay.code });
    // refused now, not on the tablet: a registration text must be in force in the guest's language
    await signingContent(c.trx, { branch_id: branch, reservation_id: input.id, language: input.language });
    let device: string | null = null;
    if (input.device_id) {
      const d = (
        await sql<{ name: string; paired: boolean }>`
        SELECT name, secret_hash IS NOT NULL AND active AND revoked_at IS NULL AS paired FROM signing_device WHERE branch_id = ${branch} AND id = ${input.device_id}`.execute(
          c.trx,
        )
      ).rows[0];
      if (!d) throw notFound('signing-device.title');
      if (!d.paired) throw conflict('signing.deviceNotPaired', { device: d.name });
      device = d.name;
    }
    await endLiveSessions(c, input.id);
    const code = await freeCode(c);
    const s = (
      await sql<{ id: number; expires_at: string }>`
      INSERT INTO signing_session (branch_id, reservation_id, language, device_id, code_hash, expires_at, created_by)
      VALUES (${branch}, ${input.id}, ${input.language}, ${input.device_id ?? null}, ${hashSecret(code)}, now() + make_interval(mins => ${SIGNING_MINUTES}), ${c.auth.user.id})
      RETURNING id, expires_at`.execute(c.trx)
    ).rows[0];
    await sql`INSERT INTO signing_event (branch_id, session_id, reservation_id, what) VALUES (${branch}, ${s.id}, ${input.id}, 'sent')`.execute(
      c.trx,
    );
    return { session: Number(s.id), code, expires_at: s.expires_at, minutes: SIGNING_MINUTES, device };
  },
});

export const cancelSigning = defineOp<{ id: number }>({
  name: 'frontoffice.signingCancel',
  summary: "Take back a stay's registration waiting or open on a tablet",
  resource: RESERVATION,
  action: 'sign',
  input: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { ...id, 'x-ref': 'frontoffice/reservation', description: 'the stay' } },
  },
  async handler(c, input) {
    const ended = await endLiveSessions(c, input.id);
    if (!ended) throw conflict('signing.nothingLive');
    return { cancelled: ended };
  },
});

export const withdrawAtDesk = defineOp<{ id: number; purpose: string; note: string }>({
  name: 'frontoffice.consentWithdraw',
  summary: 'Record a guest’s withdrawal of an optional consent they gave when signing, as they asked the desk (kept, never deleted)',
  resource: RESERVATION,
  action: 'sign',
  input: {
    type: 'object',
    required: ['id', 'purpose', 'note'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'frontoffice/guest-signature', description: 'the signed registration' },
      purpose: { type: 'string', minLength: 1, maxLength: 20 },
      note: { ...reasonInput, description: 'how the guest asked (at the desk, by e-mail …)' },
    },
  },
  async handler(c, input) {
    await withdrawConsent(c.trx, c.req, {
      branchId: c.auth.branchId,
      signatureId: input.id,
      purpose: input.purpose,
      channel: 'desk',
      note: input.note,
      userId: c.auth.user.id,
    });
    return { withdrawn: input.purpose };
  },
});

/** a signing tablet, by its id */
const deviceInput = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { ...id, 'x-ref': 'frontoffice/signing-device' } },
} as const;

export const pairDevice = defineOp<{ id: number }>({
  name: 'frontoffice.signingDevicePair',
  summary: `A code to pair a signing tablet (typed on the tablet at /Pdp3 within ${PAIRING_MINUTES} minutes); pairing again replaces the tablet's earlier pairing`,
  resource: SIGNING_DEVICE,
  action: 'pair',
  input: deviceInput,
  async handler(c, input) {
    const code = pairingCode();
    const { rows } = await sql<{ name: string; expires_at: string }>`
      UPDATE signing_device SET pairing_code_hash = ${hashSecret(code)}, pairing_expires_at = now() + make_interval(mins => ${PAIRING_MINUTES}),
             secret_hash = NULL, revoked_at = NULL, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${c.auth.branchId} AND id = ${input.id} AND active
      RETURNING name, pairing_expires_at AS expires_at`.execute(c.trx);
    if (!rows.length) throw notFound('signing-device.title');
    return { device: rows[0].name, code, expires_at: rows[0].expires_at, minutes: PAIRING_MINUTES };
  },
});

export const revokeDevice = defineOp<{ id: number }>({
  name: 'frontoffice.signingDeviceRevoke',
  summary: 'Unpair a signing tablet (lost, replaced): it shows nothing more until it is paired again',
  resource: SIGNING_DEVICE,
  action: 'pair',
  input: deviceInput,
  async handler(c, input) {
    const { rows } = await sql<{ name: string }>`
      UPDATE signing_device SET secret_hash = NULL, pairing_code_hash = NULL, pairing_expires_at = NULL, revoked_at = now(),
             version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${c.auth.branchId} AND id = ${input.id}
      RETURNING name`.execute(c.trx);
    if (!rows.length) throw notFound('signing-device.title');
    return { device: rows[0].name, revoked: true };
  },
});

export const signingOps = [startSigning, cancelSigning, withdrawAtDesk, pairDevice, revokeDevice];
