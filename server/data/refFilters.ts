import type { RawBuilder } from 'kysely';
import type { AuthInfo } from '../context.js';
import type { Db } from '../db/connect.js';
import type { EntityField, Lang } from '../../src/core/meta/types.js';
import { refSources, resolveRefFilter, resolveRefScope } from '../../src/core/documents/refFilter.js';
import type { FieldProblem } from '../../src/core/checks/errorMessages.js';
import { badRequest } from '../http/errors.js';
import { createAjv } from '../validation/ajv.js';
import { refMatches, type RefAsk, type RefMatch } from './crud.js';
import type { EntityModel } from './entityModel.js';
import type { EntityHooks } from './hooks.js';
import type { Line } from './lines.js';

/** What the dependent-lookup checks need from the server. */
export interface RefContext {
  db: Db;
  auth: AuthInfo;
  models: Map<string, EntityModel>;
  hooks: EntityHooks;
  /** the reader's: the names found are the ones the saved row is shown with */
  lang?: Lang;
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

/** What to ask of a lookup's target for these values: the rows they name and, for a dependent lookup, its rule for this row. */
function askFor(ctx: RefContext, f: EntityField, ids: number[], row: Record<string, unknown>, header?: Record<string, unknown>): RefAsk {
  const target = ctx.models.get(f['x-ref']!)!;
  if (!dependent(f)) return { target, ids };
  const scope = resolveRefScope(f['x-refScope'], row, header);
  const extra = scope ? [scopeWhere(ctx, target.id, scope.name, scope.params)] : [];
  return { target, ids, filter: resolveRefFilter(f['x-refFilter'], row, header), extra };
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

/** The names of the rows some lookups point at, by field: what a saved row or its lines show. */
export type LineNames = Map<string, Map<number, string>>;

/**
 * Every lookup a write touches, in one statement. The header's dependent lookups, checked when the lookup or
 * a field its rule reads is being written: a room must be of the chosen room type, a rate code valid for the
 * type and the dates; the header's other lookups are only named. Every lookup on the lines being written: it
 * names a row of this property, and a dependent one is among its choices for that line; lines with the same
 * rule inputs are asked together (one ask per lookup column and distinct input, not per line). The names
 * found are kept for the saved row and its lines.
 */
export async function checkRefs(
  ctx: RefContext,
  m: EntityModel,
  header: Record<string, unknown>,
  lines: Record<string, Line[]>,
  written: Set<string>,
): Promise<{ problems: FieldProblem[]; names: Record<string, LineNames>; headerNames: LineNames }> {
  const problems: FieldProblem[] = [];
  const names: Record<string, LineNames> = {};
  const headerNames: LineNames = new Map();
  const asks: RefAsk[] = [];
  const judges: ((found: RefMatch) => void)[] = [];
  for (const [name, f] of Object.entries(m.schema.properties)) {
    const value = header[name];
    if (!f['x-ref'] || !ctx.models.has(f['x-ref']) || m.virtual.includes(name) || value == null) continue;
    const id = Number(value);
    const { fields } = refSources(f);
    const checked = dependent(f) && (written.has(name) || fields.some((s) => written.has(s)));
    asks.push(checked ? askFor(ctx, f, [id], header) : { target: ctx.models.get(f['x-ref'])!, ids: [id] });
    judges.push((found) => {
      const hit = found.get(id);
      if (hit) headerNames.set(name, new Map([[id, hit.label]]));
      if (checked && !hit?.fits) problems.push({ field: name, key: 'error.refNotAllowed', params: { sources: sources(f) } });
    });
  }
  for (const lf of m.lines) {
    if (!written.has(lf.name)) continue;
    const rows = lines[lf.name] ?? [];
    const named: LineNames = (names[lf.name] = new Map());
    for (const [name, f] of Object.entries(lf.item.properties)) {
      if (!f['x-ref'] || !ctx.models.has(f['x-ref'])) continue;
      const found = new Map<number, string>();
      named.set(name, found);
      const groups = new Map<string, { row: Line; at: number[] }>();
      // a rule that reads none of the line's fields is the same for every line: one ask
      const perLine = dependent(f) && refSources(f).fields.length > 0;
      rows.forEach((line, i) => {
        if (line[name] == null) return;
        const key = perLine
          ? JSON.stringify([resolveRefFilter(f['x-refFilter'], line, header), resolveRefScope(f['x-refScope'], line, header) ?? null])
          : '';
        const g = groups.get(key) ?? { row: line, at: [] };
        g.at.push(i);
        groups.set(key, g);
      });
      for (const { row, at } of groups.values()) {
        asks.push(askFor(ctx, f, at.map((i) => Number(rows[i][name])), row, header));
        judges.push((hits) => {
          for (const i of at) {
            const hit = hits.get(Number(rows[i][name]));
            if (hit) found.set(Number(rows[i][name]), hit.label);
            if (!hit) problems.push({ field: `${lf.name}/${i}/${name}`, key: 'error.refMissing', params: {} });
            else if (!hit.fits)
              problems.push({ field: `${lf.name}/${i}/${name}`, key: 'error.refNotAllowed', params: { sources: sources(f, lf.name) } });
          }
        });
      }
    }
  }
  (await refMatches(ctx.db, ctx.auth.branchId, asks, ctx.lang)).forEach((found, i) => judges[i](found));
  return { problems, names, headerNames };
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
