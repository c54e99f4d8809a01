import type { AuditSource } from '../http/audit.js';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import { conflict } from '../http/errors.js';
import { formatLocalDateTime } from '../../src/core/format/format.js';
import { lastChangedBy, refLabelsMany } from './crud.js';
import type { EntityModel } from './entityModel.js';
import { readLines, type Line } from './lines.js';
import type { LineNames } from './refFilters.js';
import { requestLang } from '../i18n/translate.js';

/**
 * A row as the audit log keeps it: no secrets (hidden and write-only fields), no display names (lines
 * included), personal data masked to its last four characters so the trail shows that an ID number changed
 * without holding it.
 */
export function visible(m: EntityModel, row: Record<string, unknown>) {
  const out = Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !m.hidden.has(k) && k !== '_refs')
      .map(([k, v]) => [k, m.sensitive.has(k) ? masked(v) : v]),
  );
  for (const lf of m.lines) {
    if (Array.isArray(out[lf.name])) out[lf.name] = (out[lf.name] as Line[]).map(({ _refs: _names, ...line }) => line);
  }
  return out;
}

function masked(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return v.length <= 4 ? '••••' : `••••${v.slice(-4)}`;
}

/** The fields that differ between two versions of a row, on both sides, for the audit log. */
export function changed(m: EntityModel, before: Record<string, unknown>, after: Record<string, unknown>) {
  const [b, a] = [visible(m, before), visible(m, after)];
  const out: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
  for (const k of Object.keys(a)) {
    if (['updated_at', 'version', 'updated_by'].includes(k)) continue;
    if (JSON.stringify(b[k]) !== JSON.stringify(a[k])) {
      out.before[k] = b[k];
      out.after[k] = a[k];
    }
  }
  return out;
}

/** The 409 for a stale version: who changed the row last, and when, in the hotel's time. */
export async function stale(db: Db, m: EntityModel, current: Record<string, unknown>, branchId: number) {
  const who = await lastChangedBy(db, m, branchId, current.id as number);
  const tz =
    (await sql<{ timezone: string }>`SELECT timezone FROM branch WHERE id = ${branchId}`.execute(db)).rows[0]?.timezone ?? 'Asia/Jakarta';
  return conflict(
    'error.stale',
    { user: who ?? 'error.someone', time: formatLocalDateTime(new Date(current.updated_at as string | Date), tz) },
    [],
    { currentVersion: current.version },
  );
}

type Targets = [field: string, target: EntityModel][];
const targetsOf = new WeakMap<Map<string, EntityModel>, WeakMap<EntityModel, Targets>>();

/** The lookup fields of an entity whose names a read shows, with the entity each names (worked out once per entity). */
export function lookupTargets(m: EntityModel, models: Map<string, EntityModel>): Targets {
  let known = targetsOf.get(models);
  if (!known) targetsOf.set(models, (known = new WeakMap()));
  let targets = known.get(m);
  if (!targets) {
    targets = [...m.refs]
      .filter(([field, targetId]) => models.has(targetId) && !m.virtual.includes(field))
      .map(([field, targetId]) => [field, models.get(targetId)!]);
    known.set(m, targets);
  }
  return targets;
}

/**
 * Adds lookup names (`_refs`), a document's lines (on a read; on list pages only when the entity says
 * they are small; not at all when a save has just returned them) and domain-virtual fields.
 */
export async function present(
  ctx: AppContext,
  db: Db,
  req: AuditSource,
  m: EntityModel,
  models: Map<string, EntityModel>,
  rows: Record<string, unknown>[],
  opts: { list?: boolean; lines?: boolean; names?: LineNames } = {},
) {
  if (!rows.length) return;
  const auth = req.auth!;
  const lang = requestLang(req.headers?.['accept-language']);
  const targets = lookupTargets(m, models);
  // the names came with the rows (refLabelsColumn) or with the save's checks; the rest, all of this page's in one statement
  const inRows = '_refs' in rows[0];
  const known = (field: string, id: number) => opts.names?.get(field)?.get(id);
  const wanted = inRows ? [] : targets.filter(([field]) => rows.some((r) => r[field] != null && known(field, Number(r[field])) === undefined));
  const labels = wanted.length
    ? await refLabelsMany(
        db,
        auth.branchId,
        wanted.map(([field, target]) => ({ key: field, target, ids: rows.map((r) => r[field] as number).filter((id) => id != null) })),
        lang,
      )
    : undefined;
  // an entity without lookups has no names to add: its rows are left as they are (a delete per row cost a list page 10 µs)
  if (targets.length || inRows) {
    for (const r of rows) {
      const read = (inRows ? r._refs : undefined) as Record<string, string | null> | undefined;
      const refs: Record<string, string> = {};
      for (const [field] of targets) {
        const id = r[field] as number;
        if (id != null) refs[field] = (read ? read[field] : (known(field, Number(id)) ?? labels?.get(field)?.get(id))) ?? `#${id}`;
      }
      if (Object.keys(refs).length) r._refs = refs;
      else if ('_refs' in r) delete r._refs;
    }
  }
  for (const lf of m.lines) {
    if (opts.list && !lf.spec.inList) continue;
    if (opts.lines !== false) {
      const byParent = await readLines(db, m, lf, auth.branchId, rows.map((r) => Number(r.id)), models, lang);
      for (const r of rows) r[lf.name] = byParent.get(Number(r.id)) ?? [];
    }
    const summary = lf.spec.summary;
    if (!summary) continue;
    for (const r of rows) {
      const names = ((r[lf.name] as Line[] | undefined) ?? []).map((l) => l._refs?.[summary]).filter(Boolean);
      ((r._refs ??= {}) as Record<string, string>)[lf.name] = names.join(', ');
    }
  }
  await ctx.hooks.get(m.id)?.decorate?.({ trx: db, req, auth, ctx }, rows);
}
