import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { needsRight } from '../../../http/rbac.js';
import { requireAuth } from '../../../http/session.js';
import { requestLang } from '../../../i18n/translate.js';
import { RESERVATION } from '../reservations.js';
import { registrationCardPdf } from '../stay/registrationCard.js';
import { BILLING } from './folios.js';
import { invoicePdf } from './invoice.js';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } };
const langQuery = { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } };

/** The documents a stay prints: the invoice of a folio and the registration card. */
export async function folioRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/frontoffice/folio/:id/invoice',
    {
      preValidation: needsRight(ctx, BILLING, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: "A folio's invoice as a PDF, with service charge, PBJT and the hotel's tax number (?lang=en|id)",
        params: idParams,
        querystring: langQuery,
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const lang = (req.query as { lang?: 'en' | 'id' }).lang ?? requestLang(req.headers['accept-language']);
      const { doc, name } = await invoicePdf(ctx.db, auth.branchId, (req.params as { id: number }).id, lang, ctx.meta.labels);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(doc);
    },
  );

  app.get(
    '/api/frontoffice/reservation/:id/registration-card',
    {
      preValidation: needsRight(ctx, RESERVATION, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: 'The registration card to sign at check-in as a PDF, with the terms and consent in force (?lang=en|id)',
        params: idParams,
        querystring: langQuery,
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const lang = (req.query as { lang?: 'en' | 'id' }).lang ?? requestLang(req.headers['accept-language']);
      const { doc, name } = await registrationCardPdf(
        ctx.db,
        { ip: req.ip, auth },
        (req.params as { id: number }).id,
        lang,
        ctx.meta.labels,
      );
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(doc);
    },
  );
}
