import type { RawBuilder } from 'kysely';
import type { AuthInfo } from '../context.js';
import type { Db } from '../db/connect.js';
import type { EntityField } from '../../src/core/meta/types.js';
import type { LinesField } from '../../src/core/documents/evaluateDocument.js';
import { refSources, resolveRefFilter, resolveRefScope } from '../../src/core/documents/refFilter.js';
import type { FieldProblem } from '../../src/core/checks/errorMessages.js';
import { badRequest } from '../http/errors.js';
import { createAjv } from '../validation/ajv.js';
import { refMatches } from './crud.js';
import type { EntityModel } from './entityModel.js';
import type { EntityHooks } from './hooks.js';
import type { Line } from './lines.js';

/** What the dependent-lookup checks need from the server. */
export interface RefContext {
  db: Db;
  auth: AuthInfo;
  models: Map<string, EntityModel>;
  hooks: EntityHooks;
}

const ajv = createAjv();
const compiled = new WeakMap<object, ReturnType<typeof ajv.compile>>();

/**
 * The SQL of a named lookup rule (x-refScope) the target entity's domain registered, its parameters
 * checked by the rule's schema; an unknown rule or bad parameters are the caller's mistake (400).
 */
export function scopeWhere(ctx: RefContext, targetId: string, name: string, params: Record<string, unknown>): RawBuilder<unknown> {
  const scope = ctx.hooks.get(targetId)?.lookupScopes?.[name];
  if (!scope) throw badRequest('error.scopeUnknown', { name });
  let validate = compiled.get(scope.params);
  if (!validate) compiled.set(scope.params, (validate = ajv.compile(scope.params)));
  if (!validate(params)) throw badRequest('error.scopeParams', { name });
  return scope.where(ctx.auth, params);
}

/** The rows a lookup's values name, with their names, and whether each is among the choices its rule allows for this row. */
function matches(ctx: RefContext, f: EntityField, ids: number[], row: Record<string, unknown>, header?: Record<string, unknown>) {
  const target = ctx.models.get(f['x-ref']!)!;
  if (!dependent(f)) return refMatches(ctx.db, target, ctx.auth.branchId, ids);
  const scope = resolveRefScope(f['x-refScope'], row, header);
  const extra = scope ? [scopeWhere(ctx, target.id, scope.name, scope.params)] : [];
  return refMatches(ctx.db, target, ctx.auth.branchId, ids, resolveRefFilter(f['x-refFilter'], row, header), extra);
}

const dependent = (f: EntityField) => Boolean(f['x-ref'] && (f['x-refFilter'] || f['x-refScope']));

/**
 * The fields a rule reads, for the message ("… for the chosen Room type, Arrival"): header fields by name,
 * line fields as their lines field, '*' (any line) and their name; the error renderer names both in the
 * person's language.
 */
function sources(f: EntityField, lines?: string): string[] {
  const { fields, header } = refSources(f);
  return [...fields.filter((s) => s !== 'id').map((s) => (lines ? `${lines}/*/${s}` : s)), ...header];
}

/**
 * The header's dependent lookups, checked when the lookup or a field its rule reads is being written: a
 * room must be of the chosen room type, a rate code valid for the type and the dates.
 */
export async function checkHeaderRefs(ctx: RefContext, m: EntityModel, row: Record<string, unknown>, written: Set<string>): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const [name, f] of Object.entries(m.schema.properties)) {
    const value = row[name];
    if (!dependent(f) || value == null) continue;
    const { fields } = refSources(f);
    if (!written.has(name) && !fields.some((s) => written.has(s))) continue;
    if (!(await matches(ctx, f, [Number(value)], row)).get(Number(value))?.fits)
      problems.push({ field: name, key: 'error.refNotAllowed', params: { sources: sources(f) } });
  }
  return problems;
}

/** The names of the rows the lines' lookups point at, by line field: what a saved document shows. */
export type LineNames = Map<string, Map<number, string>>;

/**
 * Every lookup on the given lines: it names a row of this property, and a dependent one is among its
 * choices for that line. Lines with the same rule inputs are checked together — one statement per lookup
 * column and distinct input, not per line — and the names found are kept for the saved lines.
 */
export async function checkLineRefs(
  ctx: RefContext,
  lf: LinesField,
  header: Record<string, unknown>,
  lines: Line[],
): Promise<{ problems: FieldProblem[]; names: LineNames }> {
  const problems: FieldProblem[] = [];
  const names: LineNames = new Map();
  for (const [name, f] of Object.entries(lf.item.properties)) {
    if (!f['x-ref'] || !ctx.models.has(f['x-ref'])) continue;
    const found = new Map<number, string>();
    names.set(name, found);
    const groups = new Map<string, { row: Line; at: number[] }>();
    lines.forEach((line, i) => {
      if (line[name] == null) return;
      const key = dependent(f)
        ? JSON.stringify([resolveRefFilter(f['x-refFilter'], line, header), resolveRefScope(f['x-refScope'], line, header) ?? null])
        : '';
      const g = groups.get(key) ?? { row: line, at: [] };
      g.at.push(i);
      groups.set(key, g);
    });
    for (const { row, at } of groups.values()) {
      const rows = await matches(ctx, f, at.map((i) => Number(lines[i][name])), row, header);
      for (const i of at) {
        const hit = rows.get(Number(lines[i][name]));
        if (hit) found.set(Number(lines[i][name]), hit.label);
        if (!hit) problems.push({ field: `${lf.name}/${i}/${name}`, key: 'error.refMissing', params: {} });
        else if (!hit.fits)
          problems.push({ field: `${lf.name}/${i}/${name}`, key: 'error.refNotAllowed', params: { sources: sources(f, lf.name) } });
      }
    }
  }
  return { problems, names };
}

/** Every x-refScope must name a rule its target entity's domain registers: a typo stops the start, like any metadata error. */
export function unknownRefScopes(models: Map<string, EntityModel>, hooks: EntityHooks): string[] {
  const out: string[] = [];
  for (const m of models.values()) {
    const fields: [string, EntityField][] = [
      ...Object.entries(m.schema.properties).map(([n, f]): [string, EntityField] => [`/properties/${n}`, f]),
      ...m.lines.flatMap((lf) =>
        Object.entries(lf.item.properties).map(([n, f]): [string, EntityField] => [`/properties/${lf.name}/items/properties/${n}`, f]),
      ),
    ];
    for (const [pointer, f] of fields) {
      const scope = f['x-refScope'];
      if (scope && !hooks.get(f['x-ref'] ?? '')?.lookupScopes?.[scope.name])
        out.push(`schemas/${m.id}.json#${pointer}/x-refScope/name: '${scope.name}' is not a lookup rule that ${f['x-ref']} registers`);
    }
  }
  return out;
}
