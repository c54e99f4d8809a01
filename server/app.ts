import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import type { AppContext } from './context.js';
import { loadMeta, MetaLoadError, type Meta } from './meta/load.js';
import { metaRoutes } from './meta/routes.js';
import { buildEntityModel, type EntityModel } from './data/entityModel.js';
import { dataRoutes } from './data/routes.js';
import { unknownRefScopes } from './data/refFilters.js';
import { collectHooks } from './data/hooks.js';
import { HttpError, installErrorHandler, renderError } from './http/errors.js';
import { installAuthGate } from './http/session.js';
import { authRoutes } from './auth/routes.js';
import { createOutboxMailer, type Mailer } from './auth/mailer.js';
import { createAjv } from './validation/ajv.js';
import { opsRoutes } from './ops/registry.js';
import { auditNameLabels } from './meta/auditNames.js';
import { reportRoutes } from './reports/routes.js';
import { importRoutes } from './import/routes.js';
import { checkEntityColumns, syncManagedTables } from './db/schemaCheck.js';
import { domainModules } from './domain/index.js';
import { requestLang } from './i18n/translate.js';
import { entityFieldLabel } from './meta/fieldLabel.js';
import { WorkQueue } from './work/workQueue.js';
import { analyzeStaleTables, keepStatistics } from './db/statistics.js';
import { serverFlowCatalog } from './flowCatalog.js';
import { namesOf } from './flows/registry.js';
import { FlowRunner } from './flows/runner.js';
import { flowRoutes } from './flows/routes.js';
import { checkServerFlows } from './meta/validateFlows.js';
import { inRequest } from './work/lane.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  meta?: Meta;
  mailer?: Mailer;
  logger?: boolean | object;
  /** Picks up unfinished flow runs and sweeps their old files; of several server processes, one does. */
  resumeFlows?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const flowImpls = serverFlowCatalog();
  const meta = opts.meta ?? loadMeta(config.root, { serverFlows: namesOf(flowImpls) });
  // The registry is code: a flow naming a step nobody registered stops the server like any broken definition.
  const flowErrors = checkServerFlows(meta.flows, namesOf(flowImpls));
  if (flowErrors.length) throw new MetaLoadError(flowErrors);
  const app = Fastify({
    logger: opts.logger ? { ...(opts.logger === true ? {} : opts.logger), serializers: { req: requestForLog } } : false,
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false } },
  });

  // Every route as registered (method, url, schema, config): the generic security tests walk it, so a new
  // route is covered the day it is added.
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });
  app.decorate('routeTable', routeTable);
  // Everything a request awaits knows when it began: the database gate serves the oldest request first.
  app.addHook('onRequest', (_req, _reply, done) => inRequest(done));

  // Bodies are checked strictly (a number is not text, an unknown field is an error);
  // query strings and path parameters arrive as text and are coerced to their declared types.
  const strict = createAjv();
  const coercing = createAjv({ coerceTypes: true });
  coercing.opts.useDefaults = true;
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));

  const models = new Map<string, EntityModel>([...meta.entities].map(([id, e]) => [id, buildEntityModel(e)]));
  const modules = domainModules();
  const hooks = collectHooks(modules);
  const unknownScopes = unknownRefScopes(models, hooks);
  if (unknownScopes.length) throw new Error(`Lookup rules that do not exist:\n  ${unknownScopes.join('\n  ')}`);
  await syncManagedTables(database.db, models.values(), models);
  const mismatches = await checkEntityColumns(database.db, models.values());
  if (mismatches.length) {
    throw new Error(
      `The database does not match the entity schemas:\n${mismatches.map((m) => `  schemas/${m.entity}.json: ${m.message}`).join('\n')}`,
    );
  }

  const resourceNames = new Map<string, { en: string; id: string }>();
  const opNames = new Map<string, { en: string; id: string }>();
  for (const r of meta.flatRoutes) {
    const p = r.node.permission;
    if (!p) continue;
    if (r.node.name && !resourceNames.has(p)) resourceNames.set(p, r.node.name);
    for (const op of r.node.ops ?? []) opNames.set(`${p}:${op.key}`, op.name);
  }

  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    meta,
    models,
    mailer: opts.mailer ?? createOutboxMailer(config.dataDir, app.log),
    hooks,
    // PGlite serves one statement at a time: two heavy tasks keep it busy; a server's pool takes four
    work: new WorkQueue({
      concurrency: database.kind === 'pglite' ? 2 : 4,
      maxQueued: 100,
      busy: () => new HttpError(503, 'BUSY', 'error.busy'),
    }),
    resourceName: (resource, lang) => resourceNames.get(resource)?.[lang] ?? resource,
    actionName: (resource, action, lang) =>
      opNames.get(`${resource}:${action}`)?.[lang] ?? meta.labels.get(`right.${action}`)?.[lang] ?? action,
  };

  // the audit log's subjects and actions are named in both languages like every other label
  for (const [key, text] of auditNameLabels(
    meta,
    modules.flatMap((m) => m.ops ?? []),
    { resource: ctx.resourceName, action: ctx.actionName },
  ))
    meta.labels.set(key, text);

  const entityOf = (req: FastifyRequest) => {
    const entityId = req.routeOptions.config?.labelsFrom ?? /^\/api\/data\/([a-z0-9-]+\/[a-z0-9-]+)/.exec(req.url)?.[1];
    return entityId ? meta.entities.get(entityId) : undefined;
  };
  installErrorHandler(app, {
    labels: () => meta.labels,
    sensitive: (req, field) => Boolean(entityOf(req)?.properties[field]?.['x-sensitive']),
    fieldLabel: (req, field, lang) => {
      return entityFieldLabel(meta.labels, entityOf(req), field, lang);
    },
  });

  await app.register(cookie);
  // JSON and text over 1 kB leave compressed (brotli, gzip for the rest); built assets are compressed once at
  // build time and sent as they are (preCompressed below). Brotli at quality 2: on the room plan's and a
  // 200-line document's JSON it takes half the time of @fastify/compress's quality 4 (a quarter on some)
  // for answers 5 % larger, and under fifty clerks the CPU is what runs out, not the bytes.
  // Up to 256 kB in one call, not through a zlib stream: the stream's set-up and hand-offs cost more than
  // compressing a list page or a 200-line document, and the cores they would overlap with are the other
  // server processes' and the database's. Each answer's size is given to brotli as a hint, so it sets up its
  // window and tables for that size rather than for a stream of any length (a list page of 50 banks, 11 kB:
  // 50 µs without the hint, 32 µs with it, the same bytes out).
  const sizedBrotli = {
    ...zlib,
    brotliCompressSync: (payload: Buffer, options: zlib.BrotliOptions) =>
      zlib.brotliCompressSync(payload, {
        ...options,
        params: { ...options.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: payload.length },
      }),
  };
  await app.register(compress, {
    zlib: sizedBrotli,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 256 * 1024,
    globalDecompression: false,
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 2 },
    },
  });
  const fixedHeaders = helmetHeaders(securityHeaders);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of fixedHeaders) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    // HSTS only where the page really came over TLS (directly, or behind a proxy that PUBLIC_URL says is https)
    if (req.protocol === 'https' || config.publicUrl.startsWith('https:')) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // Answers of the API hold guest data: no cache keeps them unless a route chose otherwise (labels use an ETag).
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hotelier API',
        version: readVersion(config.root),
        description: 'Every route validates its input by JSON Schema; errors have one shape: { error: { code, message, fields? } }.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: '__Host-hotelier_session' } } },
      security: [{ session: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  installAuthGate(app, ctx);

  await authRoutes(app, ctx);
  await metaRoutes(app, ctx);
  await dataRoutes(app, ctx, models);
  await reportRoutes(app, ctx);
  await importRoutes(app, ctx);
  await opsRoutes(
    app,
    ctx,
    modules.flatMap((m) => m.ops ?? []),
  );
  for (const m of modules) await m.routes?.(app, ctx);
  const runner = new FlowRunner(ctx, flowImpls, app.log);
  await flowRoutes(app, ctx, runner);
  if (opts.resumeFlows !== false) app.addHook('onReady', () => runner.begin());
  app.addHook('onClose', () => runner.stop());

  const dist = path.join(config.root, 'dist');
  const hasClient = fs.existsSync(path.join(dist, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed bundles never change; the page and the service worker must always be fresh.
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    // The bare address is the app too (the static plugin answers a directory with 403).
    app.get('/', { schema: { hide: true } }, (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', dist));
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && hasClient;
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
    const lang = requestLang(req.headers['accept-language']);
    return reply.code(404).send(renderError(new HttpError(404, 'NOT_FOUND', 'error.routeNotFound'), lang, meta.labels, (f) => f));
  });
  // tables without statistics (or changed a lot since) get them before the first request: PGlite has no
  // autovacuum, and a PostgreSQL server's runs only within its next minute; on PGlite they are kept fresh
  await analyzeStaleTables(database.db);
  const stopStatistics = keepStatistics(database);
  app.addHook('onClose', async () => stopStatistics());
  app.decorate('ctx', ctx);
  return app;
}

/**
 * A strict Content-Security-Policy: scripts from this origin only (no inline script, no eval), nothing
 * framed elsewhere (frame-ancestors), no referrer (a password-reset link carries its token in the URL).
 * Styles may be inline because the grid injects its theme as style elements; a style cannot run code.
 */
const securityHeaders = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'", 'data:'],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' as const },
  frameguard: { action: 'deny' as const },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets, worked out once: they are the same on every answer, and its middleware ran a chain of
 * eleven functions on each request (a list page's 14 µs of about 800). @fastify/helmet had also built the
 * middleware itself again (its policy parsed anew) on every request.
 */
function helmetHeaders(options: typeof securityHeaders): [string, string][] {
  const headers: [string, string][] = [];
  // helmet also removes X-Powered-By, which neither Node nor Fastify sends: nothing to remove per request
  const collect = { setHeader: (name: string, value: unknown) => headers.push([name, String(value)]), removeHeader: () => {} };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * What a log line keeps of a request: method and path, never the query string (a search for a guest's ID
 * number or a reset link's token would otherwise sit in the log) nor any header.
 */
function requestForLog(req: FastifyRequest) {
  return { method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip };
}

function readVersion(root: string) {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    routeTable: RouteOptions[];
  }
}
