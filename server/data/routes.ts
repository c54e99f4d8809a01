import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { audit } from '../http/audit.js';
import { invalid, notFound } from '../http/errors.js';
import { needsAnyRight, needsRight, requireRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';
import { createAjv } from '../validation/ajv.js';
import { describeAjvError } from '../../src/core/checks/errorMessages.js';
import { dateRangeProblems } from '../../src/core/checks/dateRanges.js';
import { deactivateRow, deleteRow, getRow, listRows, lookupRows, refLabelsColumn, updateRecord, type ListQuery } from './crud.js';
import { createRecord, linesOf, splitBody } from './createRecord.js';
import type { EntityModel } from './entityModel.js';
import type { HookContext } from './hooks.js';
import { judge, refuseIfReadOnly, statusRoutes, storeTotals } from './documents.js';
import { attachmentRoutes } from './attachments.js';
import { deleteLines, writeLines, type Line } from './lines.js';
import { changed, lookupTargets, present, stale, visible } from './present.js';
import { scopeWhere } from './refFilters.js';
import { guardRead, withheldFields, withhold } from './protectedFields.js';
import { requestLang } from '../i18n/translate.js';

const listQuerystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
    offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
    sort: { type: 'string', maxLength: 64, pattern: '^[a-z_][a-z0-9_]*$' },
    dir: { enum: ['asc', 'desc'], default: 'asc' },
    q: { type: 'string', maxLength: 100 },
    filter: { type: 'string', maxLength: 4000, description: 'JSON: { field: { op, value } }' },
    after: { type: 'string', maxLength: 500, description: 'keyset cursor from the previous page' },
  },
} as const;

const idParams = { type: 'object', required: ['rowId'], properties: { rowId: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } } as const;

/** /api/data/<module>/<entity>: list, lookup, read, create, update, delete for every entity with a schema. */
export async function dataRoutes(app: FastifyInstance, ctx: AppContext, models: Map<string, EntityModel>) {
  const ajv = createAjv();
  const pickers = lookupResources(ctx, models);
  for (const m of models.values()) {
    const base = `/api/data/${m.id}`;
    const resource = m.schema['x-permission'];
    const tags = [m.id.split('/')[0]];
    const validateListFilter = ajv.compile(m.filterSchema);
    const validateLookupFilter = ajv.compile(m.lookupFilterSchema);
    const scopeOf = (auth: ReturnType<typeof requireAuth>) => {
      const c = ctx.hooks.get(m.id)?.readScope?.(auth);
      return c ? [c] : [];
    };

    const lookupScope = (auth: ReturnType<typeof requireAuth>, raw: string) => {
      let value: { name?: unknown; params?: unknown };
      try {
        value = JSON.parse(raw);
      } catch {
        throw invalid([{ field: 'scope', key: 'error.badJson', params: {} }]);
      }
      const params = value?.params && typeof value.params === 'object' ? (value.params as Record<string, unknown>) : {};
      return scopeWhere({ db: ctx.db, auth, models, hooks: ctx.hooks }, m.id, String(value?.name ?? ''), params);
    };

    const parseFilter = (raw: string | undefined, validateFilter = validateListFilter): ListQuery['filter'] => {
      if (!raw) return {};
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        throw invalid([{ field: 'filter', key: 'error.badJson', params: {} }]);
      }
      if (!validateFilter(value)) throw invalid((validateFilter.errors ?? []).map((e: import('ajv').ErrorObject) => ({ ...describeAjvError(e), field: 'filter' })));
      return value as ListQuery['filter'];
    };

    app.get(base, { preValidation: needsRight(ctx, resource, 'view'), schema: { tags, summary: `List ${m.id} (server paging, sorting, filtering)`, querystring: listQuerystring } }, async (req) => {
      const auth = requireAuth(req);
      const q = req.query as any;
      const filter = parseFilter(q.filter);
      // a field the user may not read is no filter and no search either: each would tell its value a guess at a time
      const withheld = withheldFields(m, auth);
      for (const field of withheld) if (field in filter) requireRight(ctx, req, resource, m.readRights.get(field)!);
      const searched = withheld.length ? { ...m, searchFields: m.searchFields.filter((f) => !withheld.includes(f)) } : m;
      const result = await listRows(ctx.db, searched, auth.branchId, {
        limit: q.limit,
        offset: q.offset,
        sort: q.sort,
        dir: q.dir,
        q: q.q?.trim() || undefined,
        filter,
        after: q.after,
      }, scopeOf(auth));
      await present(ctx, ctx.db, req, m, models, result.rows, { list: true });
      await guardRead(ctx.db, req, m, result.rows, 'list');
      return result;
    });

    app.get(`${base}/lookup`, {
      // The names of rows are data too: they are for whoever may read the entity, or pick it in a form or a
      // report parameter they may use (a reservation's guest, a report's room type).
      preValidation: needsAnyRight(
        ctx,
        [resource, ...[...pickers.get(m.id)!].filter((r) => r !== resource)].map((r) => ({ resource: r, action: 'view' })),
      ),
      schema: {
        tags,
        summary: `Names of ${m.id} rows for a lookup field`,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            q: { type: 'string', maxLength: 100 },
            ids: { type: 'string', maxLength: 2000, pattern: '^\\d+(,\\d+)*$' },
            filter: { type: 'string', maxLength: 2000 },
            scope: { type: 'string', maxLength: 1000, description: 'JSON: { name, params } of a rule the entity registers (x-refScope)' },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 30 },
          },
        },
      },
    }, async (req) => {
      const auth = requireAuth(req);
      const q = req.query as any;
      const ids = q.ids ? String(q.ids).split(',').map(Number) : undefined;
      const extra = q.scope ? [lookupScope(auth, q.scope)] : [];
      return {
        rows: await lookupRows(
          ctx.db,
          m,
          auth.branchId,
          q.q?.trim() || undefined,
          ids,
          parseFilter(q.filter, validateLookupFilter),
          q.limit,
          [...scopeOf(auth), ...extra],
          requestLang(req.headers['accept-language']),
        ),
      };
    });

    app.get(`${base}/:rowId`, { preValidation: needsRight(ctx, resource, 'view'), schema: { tags, summary: `Read one ${m.id}`, params: idParams } }, async (req) => {
      const auth = requireAuth(req);
      const lang = requestLang(req.headers['accept-language']);
      const row = await getRow(ctx.db, m, auth.branchId, (req.params as any).rowId, false, scopeOf(auth), refLabelsColumn(m, lookupTargets(m, models), auth.branchId, lang));
      if (!row) throw notFound(m.schema.title ?? m.id);
      await present(ctx, ctx.db, req, m, models, [row]);
      await guardRead(ctx.db, req, m, [row], 'record');
      return row;
    });

    if (m.schema['x-db'].readOnly) continue;

    if (!m.singleton) app.post(base, { preValidation: needsRight(ctx, resource, 'create'), schema: { tags, summary: `Create a ${m.id}`, body: m.createSchema } }, async (req, reply) => {
      const auth = requireAuth(req);
      const row = await ctx.db.transaction().execute((trx) => createRecord({ trx, req, auth, ctx }, m, req.body as Record<string, unknown>));
      reply.code(201);
      return withhold(m, auth, [row])[0];
    });

    app.patch(`${base}/:rowId`, { preValidation: needsRight(ctx, resource, 'edit'), schema: { tags, summary: `Change a ${m.id} (send the version you read)`, params: idParams, body: m.updateSchema } }, async (req) => {
      const auth = requireAuth(req);
      const id = (req.params as any).rowId as number;
      return ctx.db.transaction().execute(async (trx) => {
        const before = await getRow(trx, m, auth.branchId, id, true, scopeOf(auth));
        if (!before) throw notFound(m.schema.title ?? m.id);
        const { version, ...body } = req.body as Record<string, unknown>;
        if (before.version !== version) throw await stale(trx, m, before, auth.branchId);
        refuseIfReadOnly(m, before);
        // read the virtual fields (a document's lines, a user's properties) before the hooks replace them, so the audit has both sides
        await present(ctx, trx, req, m, models, [before]);
        const c: HookContext = { trx, req, auth, ctx };
        const { values, virtual } = splitBody(m, body);
        // a range changed at one end is checked against the other end as stored
        const ranges = dateRangeProblems(m.schema['x-dateRanges'] ?? [], { ...before, ...values });
        if (ranges.length) throw invalid(ranges);
        const hook = ctx.hooks.get(m.id);
        await hook?.beforeWrite?.(c, 'update', values, virtual, before);
        const lines = linesOf(m, virtual, before);
        const written = new Set(Object.keys(body));
        const judged = await judge(c, m, { ...before, ...values }, lines, { mode: 'update', written });
        storeTotals(m, values, judged.totals);
        const after = await updateRecord(trx, m, auth.branchId, auth.user.id, id, values);
        for (const lf of m.lines) {
          const was = (before[lf.name] as Line[]) ?? [];
          after[lf.name] = written.has(lf.name)
            ? await writeLines(trx, m, lf, auth.branchId, id, lines[lf.name], was, judged.names[lf.name])
            : was;
        }
        await hook?.afterWrite?.(c, 'update', after, virtual);
        await present(ctx, trx, req, m, models, [after], { lines: false, names: judged.headerNames });
        await audit(trx, req, { entity: m.id, entityId: id, action: 'update', ...changed(m, before, after) });
        return withhold(m, auth, [after])[0];
      });
    });

    if (!m.singleton) app.delete(`${base}/:rowId`, {
      preValidation: needsRight(ctx, resource, 'delete'),
      schema: {
        tags,
        summary: `Delete a ${m.id}; one still in use is deactivated instead`,
        params: idParams,
        querystring: { type: 'object', required: ['version'], additionalProperties: false, properties: { version: { type: 'integer', minimum: 1 } } },
      },
    }, async (req) => {
      const auth = requireAuth(req);
      const id = (req.params as any).rowId as number;
      return ctx.db.transaction().execute(async (trx) => {
        const before = await getRow(trx, m, auth.branchId, id, true, scopeOf(auth));
        if (!before) throw notFound(m.schema.title ?? m.id);
        if (before.version !== (req.query as any).version) throw await stale(trx, m, before, auth.branchId);
        refuseIfReadOnly(m, before);
        await present(ctx, trx, req, m, models, [before]);
        await ctx.hooks.get(m.id)?.beforeDelete?.({ trx, req, auth, ctx }, before);
        await sql`SAVEPOINT before_delete`.execute(trx);
        try {
          await deleteLines(trx, m, auth.branchId, id);
          await deleteRow(trx, m, auth.branchId, id);
        } catch (err: any) {
          await sql`ROLLBACK TO SAVEPOINT before_delete`.execute(trx);
          // Rows other records point at are kept for history: deactivate instead of breaking them.
          if (err.code === '23503' && m.hasActive) {
            await deactivateRow(trx, m, auth.branchId, auth.user.id, id);
            const after = (await getRow(trx, m, auth.branchId, id))!;
            await audit(trx, req, { entity: m.id, entityId: id, action: 'deactivate', ...changed(m, before, after) });
            return { deleted: false, deactivated: true };
          }
          throw err;
        }
        await audit(trx, req, { entity: m.id, entityId: id, action: 'delete', before: visible(m, before) });
        return { deleted: true, deactivated: false };
      });
    });
    await statusRoutes(app, ctx, m, models);
    await attachmentRoutes(app, ctx, m, scopeOf);
  }
}

/** For each entity, the resources whose view right lets a user look its rows up: its own, and those that pick it. */
function lookupResources(ctx: AppContext, models: Map<string, EntityModel>) {
  const out = new Map<string, Set<string>>([...models.values()].map((m) => [m.id, new Set([m.schema['x-permission']])]));
  for (const m of models.values()) {
    for (const target of m.refs.values()) out.get(target)?.add(m.schema['x-permission']);
    // a document's lines pick rows too (an arrangement's revenue articles)
    for (const lf of m.lines)
      for (const f of Object.values(lf.item.properties)) if (f['x-ref']) out.get(f['x-ref'])?.add(m.schema['x-permission']);
  }
  for (const report of ctx.meta.reports.values()) {
    for (const p of Object.values(report.parameters?.properties ?? {})) {
      const target = p['x-ref'] as string | undefined;
      if (target && report.permission) out.get(target)?.add(report.permission);
    }
  }
  return out;
}
