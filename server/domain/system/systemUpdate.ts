import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { migrate, migrationStatus } from '../../db/migrate.js';
import { needsRight } from '../../http/rbac.js';
import { audit } from '../../http/audit.js';

const RESOURCE = 'system.system-update';

export function migrationsDir(ctx: AppContext) {
  return path.join(ctx.config.root, 'server', 'migrations');
}

export async function systemUpdateRoutes(app: FastifyInstance, ctx: AppContext) {
  const version = JSON.parse(fs.readFileSync(path.join(ctx.config.root, 'package.json'), 'utf8')).version;
  app.get(
    '/api/system/update',
    {
      preValidation: needsRight(ctx, RESOURCE, 'view'),
      schema: { tags: ['system'], summary: 'Application version, applied and pending database migrations' },
    },
    async () => {
      const status = await migrationStatus(ctx.db, migrationsDir(ctx));
      return {
        version,
        database: ctx.dbKind,
        applied: status.applied,
        pending: status.pending.map((m) => ({ id: m.id, checksum: m.checksum })),
      };
    },
  );
  // Migrations run DDL with their own transactions, so this is not an /api/ops command.
  app.post(
    '/api/system/update/apply',
    {
      preValidation: needsRight(ctx, RESOURCE, 'apply'),
      schema: {
        tags: ['system'],
        summary: 'Apply every pending migration, in order',
        body: { type: 'object', additionalProperties: false, properties: {} },
      },
    },
    async (req) => {
      const applied = await migrate(ctx.db, migrationsDir(ctx));
      await audit(ctx.db, req, { entity: 'system/update', action: 'apply-migrations', after: { applied } });
      return { applied };
    },
  );
}
