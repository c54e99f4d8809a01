import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connect.js';
import { audit } from '../../../http/audit.js';
import { conflict, HttpError } from '../../../http/errors.js';
import { hashSecret, newSecret } from '../../../auth/tokens.js';
import { admitGuess, guessedRight } from './guessThrottle.js';
import { clearSigningCookie, setSigningCookie, signingCookie, TABLET_DAYS } from './secrets.js';
import { ended, openSession, tabletView } from './sessions.js';
import { signRegistration, type Signing } from './signRegistration.js';
import { consentsView, signatureByToken, withdrawConsent } from './consents.js';

const tags = ['signing'];
const config = { public: true };
const noBody = { type: 'object', additionalProperties: false, properties: {} };
const tokenInput = { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' };

/** A tablet that has paired with a property, by its cookie; it is seen (last_seen_at) at most once a minute. */
async function pairedTablet(db: Db, secret: string | undefined) {
  if (!secret) return undefined;
  const row = (
    await sql<{ branch_id: number; id: number; name: string; hotel: string }>`
    UPDATE signing_device d SET last_seen_at = CASE WHEN d.last_seen_at > now() - interval '1 minute' THEN d.last_seen_at ELSE now() END
      FROM branch b
     WHERE b.id = d.branch_id AND d.secret_hash = ${hashSecret(secret)} AND d.active AND d.revoked_at IS NULL
           AND d.paired_at > now() - make_interval(days => ${TABLET_DAYS})
    RETURNING d.branch_id, d.id, d.name, b.name AS hotel`.execute(db)
  ).rows[0];
  return row && { ...row, branch_id: Number(row.branch_id), id: Number(row.id) };
}

/** Opens a waiting signing on this tablet: the secret it is now known by goes in the tablet's cookie, the code is spent. */
async function open(trx: Db, req: FastifyRequest, branchId: number, sessionId: number) {
  const secret = newSecret();
  const row = (
    await sql<{ reservation_id: number; expires_at: string }>`
    UPDATE signing_session SET status = 'opened', opened_at = now(), secret_hash = ${hashSecret(secret)}
     WHERE branch_id = ${branchId} AND id = ${sessionId} AND status = 'waiting' AND expires_at > now()
    RETURNING reservation_id, expires_at`.execute(trx)
  ).rows[0];
  if (!row) throw ended();
  await sql`INSERT INTO signing_event (branch_id, session_id, reservation_id, what) VALUES (${branchId}, ${sessionId}, ${row.reservation_id}, 'opened')`.execute(
    trx,
  );
  await audit(trx, req, { entity: 'frontoffice/reservation', entityId: row.reservation_id, action: 'signing-opened' }, { branchId });
  return { secret, expires: new Date(row.expires_at) };
}

/**
 * The guest's side of signing, at /pdp on the desk's tablet (and /Pdp2 for the consents, /Pdp3 to pair a
 * tablet): public, but nothing is shown without a live secret — the tablet's pairing, a signing opened with its
 * one-time code or sent to the tablet, or the guest's own consent link. Codes are throttled per address.
 */
export async function signingPublicRoutes(app: FastifyInstance, ctx: AppContext) {
  const session = (req: FastifyRequest) => signingCookie(ctx, req, 'session');

  app.post(
    '/api/public/signing/open',
    {
      config,
      schema: {
        tags,
        summary:
          'Open a registration to sign with the six-digit code the desk gave the guest (once; the tablet keeps it in a cookie until it ends)',
        body: {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: { code: { type: 'string', pattern: '^[0-9]{6}$' } },
        },
      },
    },
    async (req, reply) => {
      const code = (req.body as { code: string }).code;
      await admitGuess(ctx.db, req.ip);
      const opened = await ctx.db.transaction().execute(async (trx) => {
        const found = (
          await sql<{ branch_id: number; id: number }>`
          SELECT branch_id, id FROM signing_session WHERE code_hash = ${hashSecret(code)} AND status = 'waiting' AND expires_at > now()
           ORDER BY id DESC LIMIT 1 FOR UPDATE`.execute(trx)
        ).rows[0];
        if (!found) throw new HttpError(404, 'WRONG_CODE', 'signing.wrongCode');
        return open(trx, req, Number(found.branch_id), Number(found.id));
      });
      await guessedRight(ctx.db, req.ip);
      setSigningCookie(ctx, reply, 'session', opened.secret, opened.expires);
      return tabletView(ctx.db, await openSession(ctx.db, opened.secret));
    },
  );

  app.post(
    '/api/public/signing/pair',
    {
      config,
      schema: {
        tags,
        summary: 'Pair this tablet with a property by the code a clerk made for it; the tablet then shows what the desk sends it',
        body: {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: { code: { type: 'string', pattern: '^[A-Za-z0-9]{8}$' } },
        },
      },
    },
    async (req, reply) => {
      const code = (req.body as { code: string }).code.toUpperCase();
      await admitGuess(ctx.db, req.ip);
      const secret = newSecret();
      const device = await ctx.db.transaction().execute(async (trx) => {
        const row = (
          await sql<{ branch_id: number; id: number; name: string; hotel: string }>`
          UPDATE signing_device d SET secret_hash = ${hashSecret(secret)}, paired_at = now(), last_seen_at = now(), pairing_code_hash = NULL,
                 pairing_expires_at = NULL, version = d.version + 1, updated_at = now()
            FROM branch b
           WHERE b.id = d.branch_id AND d.pairing_code_hash = ${hashSecret(code)} AND d.pairing_expires_at > now() AND d.active AND d.revoked_at IS NULL
          RETURNING d.branch_id, d.id, d.name, b.name AS hotel`.execute(trx)
        ).rows[0];
        if (!row) throw new HttpError(404, 'WRONG_CODE', 'signing.wrongPairingCode');
        await audit(
          trx,
          req,
          { entity: 'frontoffice/signing-device', entityId: row.id, action: 'paired', summary: row.name },
          { branchId: Number(row.branch_id) },
        );
        return row;
      });
      await guessedRight(ctx.db, req.ip);
      setSigningCookie(ctx, reply, 'tablet', secret, new Date(Date.now() + TABLET_DAYS * 86_400_000));
      return { paired: true, device: device.name, hotel: device.hotel };
    },
  );

  app.post(
    '/api/public/signing/tablet',
    {
      config,
      schema: {
        tags,
        summary: 'What the desk has sent this paired tablet: a registration waiting to be signed is opened on it',
        body: noBody,
      },
    },
    async (req, reply) => {
      const tablet = await pairedTablet(ctx.db, signingCookie(ctx, req, 'tablet'));
      if (!tablet) return { paired: false };
      const opened = await ctx.db.transaction().execute(async (trx) => {
        const waiting = (
          await sql<{ id: number }>`
          SELECT id FROM signing_session WHERE branch_id = ${tablet.branch_id} AND device_id = ${tablet.id} AND status = 'waiting' AND expires_at > now()
           ORDER BY id DESC LIMIT 1 FOR UPDATE`.execute(trx)
        ).rows[0];
        return waiting ? open(trx, req, tablet.branch_id, Number(waiting.id)) : undefined;
      });
      if (opened) setSigningCookie(ctx, reply, 'session', opened.secret, opened.expires);
      return { paired: true, device: tablet.name, hotel: tablet.hotel, opened: Boolean(opened) };
    },
  );

  app.get(
    '/api/public/signing/session',
    { config, schema: { tags, summary: 'The registration open on this tablet, as the guest reviews and signs it' } },
    async (req) => tabletView(ctx.db, await openSession(ctx.db, session(req))),
  );

  app.post(
    '/api/public/signing/session/language',
    {
      config,
      schema: {
        tags,
        summary: 'Show the registration and its texts in the guest’s language',
        body: { type: 'object', required: ['language'], additionalProperties: false, properties: { language: { enum: ['en', 'id'] } } },
      },
    },
    async (req) => {
      const s = await openSession(ctx.db, session(req));
      const language = (req.body as { language: 'en' | 'id' }).language;
      await sql`UPDATE signing_session SET language = ${language} WHERE branch_id = ${s.branch_id} AND id = ${s.id}`.execute(ctx.db);
      return tabletView(ctx.db, { ...s, language });
    },
  );

  app.post(
    '/api/public/signing/session/sign',
    {
      config,
      bodyLimit: 1_500_000,
      schema: {
        tags,
        summary: 'Sign: the terms and the stay’s consent accepted, an answer for each optional purpose, and the signature drawn (PNG)',
        body: {
          type: 'object',
          required: ['terms', 'accept_terms', 'accept_consent', 'purposes', 'signature'],
          additionalProperties: false,
          properties: {
            terms: {
              type: 'object',
              required: ['code', 'version'],
              additionalProperties: false,
              properties: {
                code: { type: 'string', minLength: 1, maxLength: 10 },
                version: { type: 'integer', minimum: 1, maximum: 9999 },
              },
            },
            accept_terms: { const: true },
            accept_consent: { const: true },
            purposes: {
              type: 'array',
              maxItems: 20,
              items: {
                type: 'object',
                required: ['code', 'version', 'given'],
                additionalProperties: false,
                properties: {
                  code: { type: 'string', minLength: 1, maxLength: 20 },
                  version: { type: 'integer', minimum: 1, maximum: 9999 },
                  given: { type: 'boolean' },
                },
              },
            },
            signature: { type: 'string', minLength: 30, maxLength: 1_400_000 },
          },
        },
      },
    },
    async (req, reply) => {
      const tablet = await pairedTablet(ctx.db, signingCookie(ctx, req, 'tablet'));
      const agent = String(req.headers['user-agent'] ?? '').slice(0, 160);
      const device = [tablet?.name, agent].filter(Boolean).join(' · ') || 'unknown device';
      const signed = await ctx.db.transaction().execute(async (trx) => {
        const s = await openSession(trx, session(req), true);
        const body = req.body as Signing;
        if (new Set(body.purposes.map((p) => p.code)).size !== body.purposes.length) throw conflict('signing.answerOnce');
        return signRegistration(trx, req, ctx, s, body, device);
      });
      clearSigningCookie(ctx, reply, 'session');
      return signed;
    },
  );

  app.post(
    '/api/public/signing/session/cancel',
    { config, schema: { tags, summary: 'The guest stops: the signing ends unsigned and the desk sees so', body: noBody } },
    async (req, reply) => {
      await ctx.db.transaction().execute(async (trx) => {
        const s = await openSession(trx, session(req), true);
        await sql`UPDATE signing_session SET status = 'cancelled', secret_hash = NULL WHERE branch_id = ${s.branch_id} AND id = ${s.id}`.execute(
          trx,
        );
        await sql`INSERT INTO signing_event (branch_id, session_id, reservation_id, what) VALUES (${s.branch_id}, ${s.id}, ${s.reservation_id}, 'cancelled')`.execute(
          trx,
        );
        await audit(
          trx,
          req,
          { entity: 'frontoffice/reservation', entityId: s.reservation_id, action: 'signing-cancelled', summary: 'guest' },
          { branchId: s.branch_id },
        );
      });
      clearSigningCookie(ctx, reply, 'session');
      return { cancelled: true };
    },
  );

  app.post(
    '/api/public/consents',
    {
      config,
      schema: {
        tags,
        summary: 'The consents a guest gave when signing, by the secret link they were given: each purpose, its answer and any withdrawal',
        body: { type: 'object', required: ['token'], additionalProperties: false, properties: { token: tokenInput } },
      },
    },
    async (req) => {
      await admitGuess(ctx.db, req.ip);
      const view = await consentsView(ctx.db, (req.body as { token: string }).token);
      await guessedRight(ctx.db, req.ip);
      return view;
    },
  );

  app.post(
    '/api/public/consents/withdraw',
    {
      config,
      schema: {
        tags,
        summary: 'Withdraw an optional consent given when signing (recorded, never deleted)',
        body: {
          type: 'object',
          required: ['token', 'purpose'],
          additionalProperties: false,
          properties: { token: tokenInput, purpose: { type: 'string', minLength: 1, maxLength: 20 } },
        },
      },
    },
    async (req) => {
      const { token, purpose } = req.body as { token: string; purpose: string };
      await admitGuess(ctx.db, req.ip);
      const view = await ctx.db.transaction().execute(async (trx) => {
        const signature = await signatureByToken(trx, token);
        await withdrawConsent(trx, req, { branchId: signature.branch_id, signatureId: signature.id, purpose, channel: 'guest' });
        return consentsView(trx, token);
      });
      await guessedRight(ctx.db, req.ip);
      return view;
    },
  );
}
