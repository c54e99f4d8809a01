import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { evaluateDocument } from '../../src/core/documents/evaluateDocument.js';
import { evaluate } from '../../src/core/conditions/evaluate.js';
import { alongside } from '../db/alongside.js';
import { audit } from '../http/audit.js';
import { conflict, invalid, notFound } from '../http/errors.js';
import { needsRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';
import { getRow, updateRecord } from './crud.js';
import type { EntityModel } from './entityModel.js';
import type { HookContext } from './hooks.js';
import type { Line } from './lines.js';
import { changed, present, stale } from './present.js';
import { withhold } from './protectedFields.js';
import { checkRefs, type LineNames } from './refFilters.js';
import { requestLang } from '../i18n/translate.js';

/**
 * Judges a row about to be stored, the same way the browser did: its dependent lookups are among their
 * choices, and for a document its lines' lookups exist, its checks hold (on save, or for the status
 * action about to run) and the totals it stores are computed. Every problem is named at once (400),
 * a line's as `lines/<index>/<field>`; nothing is written.
 */
export async function judge(
  c: HookContext,
  m: EntityModel,
  header: Record<string, unknown>,
  lines: Record<string, Line[]>,
  opts: { mode: 'create' | 'update'; written: Set<string>; on?: string },
): Promise<{ totals: Record<string, string | null>; names: Record<string, LineNames>; headerNames: LineNames }> {
  const lang = requestLang(c.req?.headers?.['accept-language']);
  const ctx = { db: c.trx, auth: c.auth, models: c.ctx.models, hooks: c.ctx.hooks, lang };
  const refs = checkRefs(ctx, m, header, lines, opts.written);
  if (!m.lines.length && !m.schema['x-document']) {
    const { problems, names, headerNames } = await refs;
    if (problems.length) throw invalid(problems);
    return { totals: {}, names, headerNames };
  }
  // the document's own checks are worked out while its lookups are being read
  const [{ problems, names, headerNames }, result] = await alongside(refs, () =>
    evaluateDocument(m.schema, { header, lines }, { mode: opts.mode === 'create' ? 'create' : 'edit', on: opts.on }),
  );
  for (const p of result.problems) {
    const field = p.lines !== undefined ? [p.lines, p.line, p.field].filter((x) => x !== undefined).join('/') : p.field;
    problems.push({ field, key: p.message, params: p.params });
  }
  if (problems.length) throw invalid(problems);
  return { totals: result.totals, names, headerNames };
}

/** The header fields a document stores its totals in (x-document.store), filled from the judged totals. */
export function storeTotals(m: EntityModel, values: Record<string, unknown>, totals: Record<string, string | null>) {
  for (const [field, total] of Object.entries(m.schema['x-document']?.store ?? {})) values[field] = totals[total];
}

/** A document whose status is read-only (posted, approved) refuses every change and its deletion. */
export function refuseIfReadOnly(m: EntityModel, row: Record<string, unknown>) {
  const status = m.schema['x-document']?.status;
  if (!status || !status.readOnly.includes(String(row[status.field]))) return;
  throw conflict('error.documentReadOnly', { status: statusLabel(m, status.field, row[status.field]) });
}

const statusLabel = (m: EntityModel, field: string, value: unknown) => `${m.id.split('/')[1]}.${field}.${String(value)}`;

/**
 * `POST /api/data/<entity>/:rowId/<action>` for each status action of a document (draft → posted): the
 * right named like the action, the version read, the status it starts from, the checks that apply to the
 * action; then the domain's part (posting to the ledger) and the status, in one transaction, audited.
 */
export async function statusRoutes(app: FastifyInstance, ctx: AppContext, m: EntityModel, models: Map<string, EntityModel>) {
  const status = m.schema['x-document']?.status;
  if (!status) return;
  const resource = m.schema['x-permission'];
  for (const action of status.actions) {
    app.post(
      `/api/data/${m.id}/:rowId/${action.key}`,
      {
        preValidation: needsRight(ctx, resource, action.key),
        schema: {
          tags: [m.id.split('/')[0]],
          summary: `${action.key}: ${action.from.join(' or ')} → ${action.to} (send the version you read)`,
          params: {
            type: 'object',
            required: ['rowId'],
            properties: { rowId: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
          },
          body: { type: 'object', required: ['version'], additionalProperties: false, properties: { version: { type: 'integer', minimum: 1 } } },
        },
      },
      async (req) => {
        const auth = requireAuth(req);
        const id = (req.params as { rowId: number }).rowId;
        return ctx.db.transaction().execute(async (trx) => {
          const before = await getRow(trx, m, auth.branchId, id, true);
          if (!before) throw notFound(m.schema.title ?? m.id);
          if (before.version !== (req.body as { version: number }).version) throw await stale(trx, m, before, auth.branchId);
          const from = String(before[status.field]);
          if (!action.from.includes(from))
            throw conflict('error.statusNotFrom', { status: statusLabel(m, status.field, from), action: action.label });
          if (!evaluate(action.when, { data: before, mode: 'edit' })) throw conflict('error.actionNotForThis', { action: action.label });
          await present(ctx, trx, req, m, models, [before]);
          const c: HookContext = { trx, req, auth, ctx };
          const lines = Object.fromEntries(m.lines.map((lf) => [lf.name, (before[lf.name] as Line[]) ?? []]));
          const judged = await judge(c, m, before, lines, { mode: 'update', written: new Set(), on: action.key });
          await ctx.hooks.get(m.id)?.onStatus?.(c, action.key, before);
          const after = await updateRecord(trx, m, auth.branchId, auth.user.id, id, { [status.field]: action.to });
          for (const lf of m.lines) after[lf.name] = before[lf.name];
          await present(ctx, trx, req, m, models, [after], { lines: false, names: judged.headerNames });
          await audit(trx, req, { entity: m.id, entityId: id, action: action.key, ...changed(m, before, after) });
          return withhold(m, auth, [after])[0];
        });
      },
    );
  }
}
