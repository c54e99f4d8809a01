import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connect.js';
import { needsRight } from '../../../http/rbac.js';
import { requireAuth } from '../../../http/session.js';
import { notFound } from '../../../http/errors.js';
import { feedRoute } from '../../../feeds/feedRoute.js';
import type { ChangeLog } from '../../../feeds/changeFeed.js';
import { RESERVATION } from '../reservations.js';
import { drawCard, type CardData } from '../stay/registrationCard.js';
import { signedDigest } from './digest.js';
import { consentsOf } from './consents.js';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } };

interface SignatureRow {
  branch_id: number;
  id: number;
  session_id: number;
  reservation_id: number;
  guest_id: number;
  language: 'en' | 'id';
  registration: CardData | null;
  terms_code: string;
  terms_version: number;
  terms_text: string;
  consent_text: string;
  purposes: { code: string; version: number; title: string; text: string; given: boolean }[];
  signature_png: Uint8Array | null;
  device: string;
  signed_at: string;
  sha256: string;
  erased_at: string | null;
}

async function signature(db: Db, branchId: number, id: number): Promise<SignatureRow> {
  const row = (await sql<SignatureRow>`SELECT * FROM guest_signature WHERE branch_id = ${branchId} AND id = ${id}`.execute(db)).rows[0];
  if (!row) throw notFound('signing.signature');
  return row;
}

/**
 * Whether a signed registration is as it was signed: its hash taken again over what is kept. An erased record
 * no longer holds what was hashed (the law had its personal data removed), which is said, not called tampering.
 */
export function verifySignature(row: SignatureRow) {
  if (row.erased_at || !row.registration || !row.signature_png) return { intact: null, erased: true, sha256: row.sha256 };
  const computed = signedDigest({
    branch_id: row.branch_id,
    session_id: row.session_id,
    reservation_id: row.reservation_id,
    guest_id: row.guest_id,
    language: row.language,
    registration: row.registration as unknown as Record<string, unknown>,
    terms_code: row.terms_code,
    terms_version: row.terms_version,
    terms_text: row.terms_text,
    consent_text: row.consent_text,
    purposes: row.purposes,
    signature_png: Buffer.from(row.signature_png),
    device: row.device,
    signed_at: new Date(row.signed_at),
  });
  return { intact: computed === row.sha256, erased: false, sha256: row.sha256, computed };
}

/** The signing log as a change feed: the desk's screen of a stay wakes when its tablet opens, signs or gives up. */
const signingLog: ChangeLog<{ id: number; reservation: number; what: string }> = {
  async latest(db, branch) {
    const { rows } = await sql<{ id: number | null }>`SELECT max(id) AS id FROM signing_event WHERE branch_id = ${branch}`.execute(db);
    return Number(rows[0].id ?? 0);
  },
  async after(db, branch, after) {
    const { rows } = await sql<{ id: number; reservation: number; what: string }>`
      SELECT id, reservation_id AS reservation, what FROM signing_event WHERE branch_id = ${branch} AND id > ${after} ORDER BY id LIMIT 500`.execute(
      db,
    );
    return rows.map((r) => ({ id: Number(r.id), reservation: Number(r.reservation), what: r.what }));
  },
};

/** What the desk sees of a stay's signing: the one live now, the signed cards with their consents, and the live feed. */
export async function signingDeskRoutes(app: FastifyInstance, ctx: AppContext) {
  const view = needsRight(ctx, RESERVATION, 'view');

  app.get(
    '/api/frontoffice/reservation/:id/signing',
    {
      preValidation: view,
      schema: {
        tags: ['frontoffice'],
        summary: "A stay's signing: the one waiting or open on a tablet, and the registrations signed",
        params: idParams,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = (req.params as { id: number }).id;
      const { rows: live } = await sql<{
        id: number;
        status: string;
        expires_at: string;
        language: string;
        device: string | null;
        opened_at: string | null;
      }>`
        SELECT s.id, s.status, s.expires_at, s.language, d.name AS device, s.opened_at
          FROM signing_session s LEFT JOIN signing_device d ON d.branch_id = s.branch_id AND d.id = s.device_id
         WHERE s.branch_id = ${auth.branchId} AND s.reservation_id = ${id} AND s.status IN ('waiting', 'opened') AND s.expires_at > now()
         ORDER BY s.id DESC LIMIT 1`.execute(ctx.db);
      const { rows: signed } = await sql<{ id: number }>`
        SELECT id FROM guest_signature WHERE branch_id = ${auth.branchId} AND reservation_id = ${id} ORDER BY id DESC`.execute(ctx.db);
      const signatures = [];
      for (const s of signed) {
        const c = await consentsOf(ctx.db, auth.branchId, Number(s.id));
        const row = await signature(ctx.db, auth.branchId, Number(s.id));
        signatures.push({
          id: Number(s.id),
          signedAt: row.signed_at,
          language: row.language,
          terms: `${row.terms_code} v${row.terms_version}`,
          device: row.device,
          sha256: row.sha256,
          erased: Boolean(row.erased_at),
          purposes: c.purposes.map(({ code, title, given, withdrawnAt }) => ({ code, title, given, withdrawnAt })),
        });
      }
      const l = live[0];
      return { live: l ? { ...l, id: Number(l.id) } : null, signatures };
    },
  );

  app.get(
    '/api/frontoffice/signature/:id/card',
    {
      preValidation: view,
      schema: { tags: ['frontoffice'], summary: 'A signed registration card as a PDF, drawn from the record as signed', params: idParams },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const row = await signature(ctx.db, auth.branchId, (req.params as { id: number }).id);
      if (!row.registration || !row.signature_png) throw notFound('signing.erased');
      const { doc, name } = drawCard(
        row.registration,
        { code: row.terms_code, text_version: row.terms_version, terms: row.terms_text, consent: row.consent_text },
        row.language,
        ctx.meta.labels,
        {
          png: Buffer.from(row.signature_png),
          signedAt: new Date(row.signed_at),
          device: row.device,
          sha256: row.sha256,
          purposes: row.purposes,
        },
      );
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(doc);
    },
  );

  app.get(
    '/api/frontoffice/signature/:id/verify',
    {
      preValidation: view,
      schema: {
        tags: ['frontoffice'],
        summary: 'Whether a signed registration is as signed: its SHA-256 taken again over what is kept',
        params: idParams,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      return verifySignature(await signature(ctx.db, auth.branchId, (req.params as { id: number }).id));
    },
  );

  feedRoute(app, ctx, {
    url: '/api/frontoffice/signing/changes',
    tag: 'frontoffice',
    what: 'Signing events (sent, opened, signed, cancelled, withdrawn)',
    preValidation: view,
    log: signingLog,
  });
}
