import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { withheldFields } from '../../../data/protectedFields.js';
import { audit } from '../../../http/audit.js';
import { needsRight } from '../../../http/rbac.js';
import { requireAuth } from '../../../http/session.js';
import { requestLang } from '../../../i18n/translate.js';
import type { OpDefinition } from '../../../ops/registry.js';
import { GUEST } from '../booking.js';
import { guestDataExport } from './guestDataExport.js';
import { guestDataPdf } from './guestDataPdf.js';

const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
} as const;
const exportQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { format: { enum: ['json', 'pdf'], default: 'json' }, lang: { enum: ['en', 'id'] } },
} as const;

/**
 * A guest's personal data export (their right of access): one consistent read of everything held about them, as
 * JSON for a machine or as a PDF for the guest, in the heavy lane; the export itself is audited in the same
 * transaction. The identity document number is in it only for a user who may read it (x-read-right), so the
 * export right is no side door to the numbers.
 */
export async function guestPrivacyRoutes(app: FastifyInstance, ctx: AppContext, ops: OpDefinition[]) {
  const guestModel = ctx.models.get('frontoffice/guest')!;
  app.get(
    '/api/frontoffice/guest/:id/personal-data',
    {
      preValidation: needsRight(ctx, GUEST, 'export'),
      schema: {
        tags: ['frontoffice'],
        summary:
          "Everything held about one guest (profile, stays, folios' lines, signatures and consents, audit trail) as JSON or a PDF (?format=json|pdf&lang=en|id)",
        params: idParams,
        querystring: exportQuery,
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const guestId = (req.params as { id: number }).id;
      const { format = 'json', lang: asked } = req.query as { format?: 'json' | 'pdf'; lang?: 'en' | 'id' };
      const lang = asked ?? requestLang(req.headers['accept-language']);
      const withheld = withheldFields(guestModel, auth);
      const data = await ctx.work.run('export', () =>
        ctx.db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            const out = await guestDataExport(trx, auth.branchId, guestId, withheld, ops);
            await audit(trx, req, {
              entity: guestModel.id,
              entityId: guestId,
              action: 'export',
              after: {
                format,
                stays: out.stays.length,
                folio_lines: out.stays.reduce((n, s) => n + s.folios.reduce((m, f) => m + f.lines.length, 0), 0),
                audit_entries: out.audit.length,
                withheld,
              },
            });
            return out;
          }),
      );
      const name = `guest-${guestId}-personal-data.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'json') return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
      return reply.header('content-type', 'application/pdf').send(guestDataPdf(data, lang, ctx.meta.labels));
    },
  );
}
