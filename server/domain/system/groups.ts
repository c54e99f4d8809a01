import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { invalid, notFound } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { defineOp } from '../../ops/registry.js';
import { allRights, rightsCatalog } from './rightsCatalog.js';
import { mayChangeGroup, mustHoldRights, requireAdmin } from './escalation.js';
import type { EntityHook } from '../../data/hooks.js';

const RESOURCE = 'system.group-user';

export async function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const catalog = rightsCatalog(ctx.meta.routes, ctx.meta.screens, ctx.meta.labels);
  app.get(
    '/api/system/rights-catalog',
    {
      preValidation: needsRight(ctx, RESOURCE, 'view'),
      schema: { tags: ['system'], summary: 'Every screen and its actions, as the menu tree, for the group rights checklist' },
    },
    async () => {
      return { items: catalog };
    },
  );
  app.get(
    '/api/system/groups/:id/rights',
    {
      preValidation: needsRight(ctx, RESOURCE, 'view'),
      schema: {
        tags: ['system'],
        summary: 'The rights a group holds',
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
      },
    },
    async (req) => {
      const id = (req.params as { id: number }).id;
      const g = await sql<{ is_admin: boolean }>`SELECT is_admin FROM user_group WHERE id = ${id}`.execute(ctx.db);
      if (!g.rows[0]) throw notFound('group.title');
      const { rows } = await sql<{ resource: string; action: string }>`
      SELECT resource, action FROM group_right WHERE group_id = ${id} ORDER BY resource, action`.execute(ctx.db);
      return { isAdmin: g.rows[0].is_admin, rights: rows.map((r) => `${r.resource}:${r.action}`) };
    },
  );
}

export const saveGroupRights = defineOp<{ id: number; rights: string[] }>({
  name: 'system.saveGroupRights',
  summary: "Replace a group's rights with the ticked ones",
  resource: RESOURCE,
  action: 'edit',
  input: {
    type: 'object',
    required: ['id', 'rights'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, 'x-ref': 'system/group' },
      rights: {
        type: 'array',
        maxItems: 5000,
        uniqueItems: true,
        items: { type: 'string', maxLength: 160, pattern: '^[a-z0-9.-]+:[a-zA-Z-]+$' },
      },
    },
  },
  async handler(c, input) {
    const { meta } = c.ctx;
    const known = allRights(rightsCatalog(meta.routes, meta.screens, meta.labels));
    const unknown = input.rights.filter((r) => !known.has(r));
    if (unknown.length) throw invalid([{ field: 'rights', key: 'group.unknownRight', params: { rights: unknown.slice(0, 5).join(', ') } }]);
    const g = await sql<{ id: number; is_admin: boolean }>`SELECT id, is_admin FROM user_group WHERE id = ${input.id} FOR UPDATE`.execute(
      c.trx,
    );
    if (!g.rows[0]) throw notFound('group.title');
    if (g.rows[0].is_admin) requireAdmin(c);
    await mayChangeGroup(c, input.id);
    const before = (
      await sql<{ r: string }>`SELECT resource || ':' || action AS r FROM group_right WHERE group_id = ${input.id}`.execute(c.trx)
    ).rows.map((x) => x.r);
    mustHoldRights(
      c,
      input.rights.filter((r) => !before.includes(r)),
    );
    await sql`DELETE FROM group_right WHERE group_id = ${input.id}`.execute(c.trx);
    if (input.rights.length) {
      const resources = input.rights.map((r) => r.split(':')[0]);
      const actions = input.rights.map((r) => r.split(':')[1]);
      await sql`INSERT INTO group_right (group_id, resource, action)
                  SELECT ${input.id}, r, a FROM unnest(${resources}::text[], ${actions}::text[]) AS x(r, a)`.execute(c.trx);
    }
    await sql`UPDATE user_group SET version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id} WHERE id = ${input.id}`.execute(
      c.trx,
    );
    const added = input.rights.filter((r) => !before.includes(r));
    const removed = before.filter((r) => !input.rights.includes(r));
    return { ok: true, added: added.length, removed: removed.length };
  },
});

/** Administrator groups hold every right: only an administrator creates one, or changes one. */
export const groupHook: EntityHook = {
  async beforeWrite(c, _mode, values, _virtual, before) {
    if (values.is_admin === true || before?.is_admin) requireAdmin(c);
    if (before) await mayChangeGroup(c, before.id as number);
  },
  async beforeDelete(c, row) {
    if (row.is_admin) requireAdmin(c);
    await mayChangeGroup(c, row.id as number);
  },
};
