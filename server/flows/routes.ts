import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, AuthInfo } from '../context.js';
import { HttpError, notFound, renderError } from '../http/errors.js';
import { needsRight, requireRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';
import { requestLang, translate } from '../i18n/translate.js';
import { statesOnPath } from '../../src/core/flows/machine.js';
import type { Lang } from '../../src/core/meta/types.js';
import type { FlowRunView } from '../../src/core/flows/types.js';
import type { FlowRunner } from './runner.js';
import { getFile, loadRun, outputFiles, type RunRow } from './store.js';

const runParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{10,40}$' } },
} as const;

/**
 * Server flows over HTTP: start a run (one route per flow, its input checked by the flow's own schema),
 * follow it, fetch what it made, and send it the events its state accepts. A run belongs to its property;
 * only users holding the flow's right see it, and for most flows only the user who started it.
 */
export async function flowRoutes(app: FastifyInstance, ctx: AppContext, runner: FlowRunner) {
  const text = (value: unknown, lang: Lang): string | null => {
    if (value == null) return null;
    if (typeof value === 'object' && 'en' in (value as object)) return (value as Record<Lang, string>)[lang];
    const s = String(value);
    return ctx.meta.labels.has(s) ? translate(ctx.meta.labels, lang, s) : s;
  };

  /** What a reader sees of a run, in their language. */
  const describe = async (run: RunRow, lang: Lang): Promise<FlowRunView> => {
    const entry = runner.flows.get(run.flow);
    const def = entry?.def;
    const c = run.context;
    const states = def ? statesOnPath(def, run.state) : [];
    const stepLabel = [...states].reverse().find((s) => s.meta?.label)?.meta?.label;
    const live = runner.liveProgress(run.id);
    const progress = live
      ? { done: live.done, total: live.total, label: text(stepLabel, lang) }
      : def?.progress
        ? {
            done: Number(c[def.progress.done] ?? 0),
            total: Number(c[def.progress.total] ?? 0),
            label: text(c[def.progress.label ?? ''], lang),
          }
        : null;
    const ended = run.status === 'done' || run.status === 'failed' || run.status === 'cancelled';
    return {
      id: run.id,
      flow: run.flow,
      key: run.run_key,
      version: run.version,
      status: run.status,
      state: run.state,
      step: text(stepLabel, lang),
      progress,
      output: run.status === 'done' && def ? Object.fromEntries((def.output ?? []).map((f) => [f, c[f] ?? null])) : null,
      error: run.error
        ? renderError(new HttpError(run.error.status, run.error.code, run.error.key, run.error.params), lang, ctx.meta.labels, (f) => f)
            .error.message
        : null,
      files: ended ? await outputFiles(ctx.db, run) : [],
      accepts: runner.accepts(run),
      startedAt: new Date(run.started_at).toISOString(),
      finishedAt: run.finished_at ? new Date(run.finished_at).toISOString() : null,
    };
  };

  /** The run, if this user may see it in the active property: the flow's right, and for most flows their own run only. */
  const visibleRun = async (req: FastifyRequest): Promise<{ run: RunRow; auth: AuthInfo }> => {
    const auth = requireAuth(req);
    const run = await loadRun(ctx.db, auth.branchId, (req.params as { id: string }).id);
    const def = run && runner.flows.get(run.flow)?.def;
    if (!run || !def?.permission) throw notFound('flow run');
    requireRight(ctx, req, def.permission.resource, def.permission.action);
    if ((def.visibleTo ?? 'starter') === 'starter' && run.started_by !== auth.user.id && !auth.user.isAdmin) throw notFound('flow run');
    return { run, auth };
  };
  // checked before the body is validated, so a caller without the flow's right learns nothing from the schema
  const seen = new WeakMap<FastifyRequest, { run: RunRow; auth: AuthInfo }>();
  const findRun = async (req: FastifyRequest) => void seen.set(req, await visibleRun(req));
  const runOf = (req: FastifyRequest) => seen.get(req)!;

  for (const [flow, { def, impl }] of runner.flows) {
    const p = def.permission!;
    app.post(
      `/api/flows/${flow}/runs`,
      {
        preValidation: needsRight(ctx, p.resource, p.action),
        bodyLimit: impl.bodyLimit,
        schema: {
          tags: ['flows'],
          summary: `Start a run of ${flow} (a key already used answers with its run and does nothing)`,
          body: {
            type: 'object',
            required: ['key', 'input'],
            additionalProperties: false,
            properties: { key: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,100}$' }, input: def.input },
          },
        },
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        const lang = requestLang(req.headers['accept-language']);
        const body = req.body as { key: string; input: Record<string, unknown> };
        const prepared = impl.prepare ? await impl.prepare({ input: body.input, auth, ctx, lang }) : { input: body.input };
        const { row, created } = await runner.start(flow, {
          branchId: auth.branchId,
          userId: auth.user.id,
          key: body.key,
          input: prepared.input,
          files: prepared.files,
          lang,
          req,
        });
        if (!created && row.started_by !== auth.user.id && (def.visibleTo ?? 'starter') === 'starter' && !auth.user.isAdmin)
          throw new HttpError(409, 'CONFLICT', 'flow.keyTaken');
        reply.code(created ? 201 : 200);
        return describe(row, lang);
      },
    );
  }

  app.get(
    '/api/flows/:id',
    {
      preValidation: findRun,
      schema: { tags: ['flows'], summary: "A run's state, progress, result or error (poll it while it runs)", params: runParams },
    },
    async (req) => describe(runOf(req).run, requestLang(req.headers['accept-language'])),
  );

  app.get(
    '/api/flows/:id/files/:name',
    {
      preValidation: findRun,
      schema: {
        tags: ['flows'],
        summary: 'A file a finished run made',
        params: {
          type: 'object',
          required: ['id', 'name'],
          additionalProperties: false,
          properties: { ...runParams.properties, name: { type: 'string', pattern: '^[a-z][a-z0-9-]*$', maxLength: 40 } },
        },
      },
    },
    async (req, reply) => {
      const { run } = runOf(req);
      const file = await getFile(ctx.db, run, (req.params as { name: string }).name, ['output']);
      if (!file) throw notFound('file');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .send(file.data);
    },
  );

  app.post(
    '/api/flows/:id/events',
    {
      preValidation: findRun,
      schema: {
        tags: ['flows'],
        summary: 'Send a run an event its state accepts now (CANCEL)',
        params: runParams,
        body: {
          type: 'object',
          required: ['type'],
          additionalProperties: false,
          properties: { type: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$', maxLength: 40 } },
        },
      },
    },
    async (req) => {
      const { run } = runOf(req);
      const next = await runner.send(run, req.body as { type: string }, req);
      return describe(next, requestLang(req.headers['accept-language']));
    },
  );
}
