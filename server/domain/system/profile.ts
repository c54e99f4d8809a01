import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { audit } from '../../http/audit.js';
import { requireAuth } from '../../http/session.js';

/** Every signed-in user may change their own name, phone and language (e-mail and password have their own flows). */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/account/profile', { schema: { tags: ['account'], summary: 'Your own profile' } }, async (req) => {
    const auth = requireAuth(req);
    const { rows } = await sql<any>`
      SELECT u.username, u.full_name, u.email, u.phone, u.language, u.last_login_at, u.password_changed_at, g.name AS group_name
        FROM app_user u JOIN user_group g ON g.id = u.group_id WHERE u.id = ${auth.user.id}`.execute(ctx.db);
    return rows[0];
  });
  app.patch(
    '/api/account/profile',
    {
      config: { labelsFrom: 'system/user' },
      schema: {
        tags: ['account'],
        summary: 'Change your own name, phone or language',
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            full_name: { type: 'string', minLength: 1, maxLength: 100 },
            phone: { type: ['string', 'null'], maxLength: 30, format: 'phone' },
            language: { enum: ['en', 'id'] },
          },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const body = req.body as { full_name?: string; phone?: string | null; language?: 'en' | 'id' };
      return ctx.db.transaction().execute(async (trx) => {
        const before = (await sql<any>`SELECT full_name, phone, language FROM app_user WHERE id = ${auth.user.id} FOR UPDATE`.execute(trx))
          .rows[0];
        const after = { ...before, ...body };
        await sql`UPDATE app_user SET full_name = ${after.full_name}, phone = ${after.phone}, language = ${after.language},
                   version = version + 1, updated_at = now(), updated_by = ${auth.user.id} WHERE id = ${auth.user.id}`.execute(trx);
        await audit(trx, req, { entity: 'system/user', entityId: auth.user.id, action: 'update-profile', before, after });
        return after;
      });
    },
  );
}
