import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { invalid } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { defineOp } from '../../ops/registry.js';
import { buildMenu } from '../../meta/menu.js';
import { loadMenuOverrides } from '../../meta/routes.js';

const RESOURCE = 'system.system-menu';

export async function menuOverlayRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/system/menu-editor',
    {
      preValidation: needsRight(ctx, RESOURCE, 'view'),
      schema: { tags: ['system'], summary: "Every menu entry with this property's renames, order and hidden flags" },
    },
    async (req) => {
      const auth = requireAuth(req);
      const overrides = await loadMenuOverrides(ctx, auth.branchId);
      // The shipped tree, unfiltered and un-renamed, beside the overlay rows; the editor shows both.
      return { items: buildMenu(ctx.meta.routes, () => true), overrides: [...overrides.values()] };
    },
  );
}

export const saveMenu = defineOp<{
  items: { path: string; label_en?: string | null; label_id?: string | null; sort_order?: number | null; hidden?: boolean }[];
}>({
  name: 'system.saveMenu',
  summary: "Replace this property's menu overlay (renames, order, hidden entries); routes.json is untouched",
  resource: RESOURCE,
  action: 'edit',
  input: {
    type: 'object',
    required: ['items'],
    additionalProperties: false,
    properties: {
      items: {
        type: 'array',
        maxItems: 2000,
        items: {
          type: 'object',
          required: ['path'],
          additionalProperties: false,
          properties: {
            path: { type: 'string', maxLength: 200, pattern: '^/' },
            label_en: { type: ['string', 'null'], maxLength: 80 },
            label_id: { type: ['string', 'null'], maxLength: 80 },
            sort_order: { type: ['integer', 'null'], minimum: 0, maximum: 10000 },
            hidden: { type: 'boolean' },
          },
        },
      },
    },
  },
  async handler(c, input) {
    const known = new Set(c.ctx.meta.flatRoutes.filter((r) => r.node.menu).map((r) => r.fullPath));
    const bad = input.items.filter((i) => !known.has(i.path));
    if (bad.length) throw invalid([{ field: 'items', key: 'menu.unknownPath', params: { path: bad[0].path } }]);
    await sql`DELETE FROM menu_override WHERE branch_id = ${c.auth.branchId}`.execute(c.trx);
    for (const i of input.items) {
      const meaningful = i.label_en || i.label_id || i.sort_order != null || i.hidden;
      if (!meaningful) continue;
      await sql`INSERT INTO menu_override (branch_id, path, label_en, label_id, sort_order, hidden, updated_by)
                  VALUES (${c.auth.branchId}, ${i.path}, ${i.label_en || null}, ${i.label_id || null}, ${i.sort_order ?? null}, ${i.hidden ?? false}, ${c.auth.user.id})`.execute(
        c.trx,
      );
    }
    return { ok: true };
  },
});
