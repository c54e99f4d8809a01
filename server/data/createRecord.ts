import { audit } from '../http/audit.js';
import { insertRecord } from './crud.js';
import type { EntityModel } from './entityModel.js';
import type { HookContext } from './hooks.js';
import { judge, storeTotals } from './documents.js';
import { writeLines, type Line } from './lines.js';
import { present, visible } from './present.js';

/**
 * Creates one row of an entity inside the caller's transaction exactly as `POST /api/data/<entity>` does:
 * defaults, the entity's hooks, its dependent lookups and document checks, lines, and an audit row. A
 * command that makes several rows at once (a booking with a new guest) calls it once per row, so each row
 * passes the same rules as when it is made alone.
 */
export async function createRecord(c: HookContext, m: EntityModel, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { trx, req, auth, ctx } = c;
  const { values, virtual } = splitBody(m, body);
  applyDefaults(m, values);
  const hook = ctx.hooks.get(m.id);
  await hook?.beforeWrite?.(c, 'create', values, virtual);
  const lines = linesOf(m, virtual, {});
  const judged = await judge(c, m, values, lines, { mode: 'create', written: new Set(Object.keys(body)) });
  storeTotals(m, values, judged.totals);
  const created = await insertRecord(trx, m, auth.branchId, auth.user.id, values);
  const id = created.id as number;
  for (const lf of m.lines) created[lf.name] = await writeLines(trx, m, lf, auth.branchId, id, lines[lf.name], [], judged.names[lf.name]);
  await hook?.afterWrite?.(c, 'create', created, virtual);
  await present(ctx, trx, req, m, ctx.models, [created], { lines: false, names: judged.headerNames });
  await audit(trx, req, { entity: m.id, entityId: id, action: 'create', after: visible(m, created) });
  return created;
}

/** The lines a write leaves a document with: the ones sent, else the ones it had (empty for a new one). */
export function linesOf(m: EntityModel, virtual: Record<string, unknown>, before: Record<string, unknown>): Record<string, Line[]> {
  return Object.fromEntries(m.lines.map((lf) => [lf.name, ((virtual[lf.name] ?? before[lf.name] ?? []) as Line[]) ?? []]));
}

/** A request body as stored fields and virtual ones; an emptied optional text box means "no value", not "". */
export function splitBody(m: EntityModel, body: Record<string, unknown>) {
  const values: Record<string, unknown> = {};
  const virtual: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    const val = v === '' && !m.required.has(k) ? null : v;
    if (m.virtual.includes(k)) virtual[k] = val;
    else values[k] = val;
  }
  return { values, virtual };
}

function applyDefaults(m: EntityModel, values: Record<string, unknown>) {
  for (const [k, f] of Object.entries(m.schema.properties)) {
    if (values[k] === undefined && f.default !== undefined && !f['x-virtual']) values[k] = f.default;
  }
}
