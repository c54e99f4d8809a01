import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, AuthInfo } from '../context.js';
import { routeNameKey, type DashboardScreen, type RouteNode, type Screen } from '../../src/core/meta/types.js';
import { canRun, effectiveReport } from '../reports/definitions.js';
import { propertyContext } from '../reports/runner.js';
import { notFound } from '../http/errors.js';
import { hasRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';
import { buildMenu, type MenuOverride } from './menu.js';
import { requestLang } from '../i18n/translate.js';
import { LANG_COOKIE } from '../../src/core/api/contract.js';

export async function loadMenuOverrides(ctx: AppContext, branchId: number) {
  const { rows } = await sql<MenuOverride>`
    SELECT path, label_en, label_id, sort_order, hidden FROM menu_override WHERE branch_id = ${branchId}`.execute(ctx.db);
  return new Map(rows.map((r) => [r.path, r]));
}

export async function metaRoutes(app: FastifyInstance, ctx: AppContext) {
  // the routes' names travel with the labels: the browser's copy of routes.json has none (vite.config.ts)
  const named = ctx.meta.flatRoutes.flatMap((r) => (r.node.name ? [[routeNameKey(r.fullPath), r.node.name] as const] : []));
  const labels = [...ctx.meta.labels, ...named];
  const labelsByLang = {
    en: Object.fromEntries(labels.map(([k, v]) => [k, v.en])),
    id: Object.fromEntries(labels.map(([k, v]) => [k, v.id])),
  };
  const etag = crypto.createHash('sha1').update(JSON.stringify(labelsByLang)).digest('hex').slice(0, 16);

  app.get(
    '/api/meta/labels',
    {
      config: { public: true },
      schema: {
        tags: ['meta'],
        summary:
          'Every label in one language (public: the sign-in page needs them). Without ?lang, the language the page chose (cookie hotelier_lang), else Accept-Language',
        querystring: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
      },
    },
    async (req, reply) => {
      // index.html preloads /api/meta/labels while the scripts download, so it cannot name the language itself
      const chosen = (req.query as { lang?: 'en' | 'id' }).lang ?? req.cookies[LANG_COOKIE];
      const lang = chosen === 'en' || chosen === 'id' ? chosen : requestLang(req.headers['accept-language']);
      const tag = `"${etag}-${lang}"`;
      reply
        .header('etag', tag)
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language')
        .header('content-language', lang);
      if (req.headers['if-none-match'] === tag) return reply.code(304).send();
      return labelsByLang[lang];
    },
  );

  app.get('/api/meta/menu', { schema: { tags: ['meta'], summary: "The signed-in user's menu for the active property" } }, async (req) => {
    const auth = requireAuth(req);
    const overrides = await loadMenuOverrides(ctx, auth.branchId);
    const canView = (n: RouteNode) => Boolean(n.signedIn || !n.permission || hasRight(auth, n.permission, 'view'));
    return { items: buildMenu(ctx.meta.routes, canView, overrides) };
  });

  // Screens of public routes (sign-in, forgotten password) are readable before signing in.
  const publicScreens = new Set(ctx.meta.flatRoutes.filter((r) => r.node.public && r.node.screen).map((r) => r.node.screen!));

  app.get(
    '/api/meta/screens/:module/:name',
    {
      config: { public: true },
      schema: {
        tags: ['meta'],
        summary: 'A screen definition with the entity schemas and form it needs',
        params: { type: 'object', properties: { module: { type: 'string', maxLength: 60 }, name: { type: 'string', maxLength: 80 } } },
      },
    },
    async (req) => {
      const { module, name } = req.params as { module: string; name: string };
      const id = `${module}/${name}`;
      const auth = publicScreens.has(id) ? undefined : requireAuth(req);
      const shipped = ctx.meta.screens.get(id);
      if (!shipped) throw notFound(`screen ${id}`);
      const screen = auth && shipped.kind === 'dashboard' ? await readableDashboard(ctx, auth, shipped) : shipped;
      // a list of one day (today's arrivals) and a custom screen (a walk-in checks in today) work on the property's
      // business date, not the computer's
      const context =
        auth && ((shipped.kind === 'list' && shipped.day) || shipped.kind === 'custom')
          ? { businessDate: (await propertyContext(ctx.db, auth.branchId)).businessDate }
          : undefined;
      return { id, screen, ...related(ctx, screen), ...(context && { context }) };
    },
  );

  app.get(
    '/api/meta/entities/:module/:name',
    {
      schema: {
        tags: ['meta'],
        summary: 'An entity schema',
        params: { type: 'object', properties: { module: { type: 'string', maxLength: 60 }, name: { type: 'string', maxLength: 80 } } },
      },
    },
    async (req) => {
      requireAuth(req);
      const { module, name } = req.params as { module: string; name: string };
      const entity = ctx.meta.entities.get(`${module}/${name}`);
      if (!entity) throw notFound(`entity ${module}/${name}`);
      return entity;
    },
  );
}

/**
 * A dashboard as one user sees it: a tile or a table whose report they may not run is simply not there
 * (never a tile showing an error). The report in force for the property decides, so a property's change
 * of a report's right counts.
 */
async function readableDashboard(ctx: AppContext, auth: AuthInfo, screen: DashboardScreen): Promise<DashboardScreen> {
  const codes = [...new Set([...screen.tiles.map((t) => t.report), ...(screen.tables ?? []).map((t) => t.report)])];
  const readable = new Set<string>();
  for (const code of codes) {
    const report = await effectiveReport(ctx.db, ctx.meta, auth.branchId, code);
    if (report && canRun(auth, report)) readable.add(code);
  }
  return {
    ...screen,
    tiles: screen.tiles.filter((t) => readable.has(t.report)),
    tables: screen.tables?.filter((t) => readable.has(t.report)),
  };
}

/** A list screen comes with its entity and its form, a flow screen with its flow, so the client needs one request per screen. */
function related(ctx: AppContext, screen: Screen) {
  const entities: Record<string, unknown> = {};
  const screens: Record<string, Screen> = {};
  const flows: Record<string, unknown> = {};
  if (screen.kind === 'flow') {
    const f = ctx.meta.flows.get(screen.flow);
    if (f) flows[screen.flow] = f;
  }
  if (screen.kind === 'list' || screen.kind === 'form' || screen.kind === 'document') {
    const e = ctx.meta.entities.get(screen.entity);
    if (e) entities[screen.entity] = e;
  }
  if (screen.kind === 'list' && screen.form) {
    const f = ctx.meta.screens.get(screen.form);
    if (f) screens[screen.form] = f;
  }
  return { entities, screens, flows };
}
