import dayjs from 'dayjs';
import type { CompareOp, EntityField, RefFilter, RefFilterValue, RefScope } from '../meta/types';
import { isEmpty } from '../conditions/evaluate';

/** A lookup's filter as the data API takes it: { field: { op, value } }. */
export type LookupFilter = Record<string, { op: CompareOp; value: unknown }>;

/** Fields a lookup may be filtered on: never free text, so a lookup cannot be used to probe names or e-mails. */
export function filterable(f: Pick<EntityField, 'type' | 'enum' | 'format' | 'x-ref'> | undefined): boolean {
  if (!f) return false;
  const t = (Array.isArray(f.type) ? f.type.find((x) => x !== 'null') : f.type) ?? 'string';
  return Boolean(f.enum || f['x-ref'] || f.format === 'date') || ['boolean', 'integer', 'number'].includes(t);
}

function source(v: RefFilterValue, row: Record<string, unknown>, header?: Record<string, unknown>): unknown {
  const raw = v.field !== undefined ? row[v.field] : v.header !== undefined ? header?.[v.header] : v.value;
  if (isEmpty(raw) || !v.addDays) return raw;
  return dayjs(String(raw)).add(v.addDays, 'day').format('YYYY-MM-DD');
}

/**
 * A dependent lookup's filter for one row: each target field compared with its source's value. A source
 * still empty (no room type chosen yet) leaves its part out, so the choice is narrowed as the person fills
 * the form — the browser and the server apply the same rule.
 */
export function resolveRefFilter(
  filter: RefFilter | undefined,
  row: Record<string, unknown>,
  header?: Record<string, unknown>,
): LookupFilter {
  const out: LookupFilter = {};
  for (const [target, v] of Object.entries(filter ?? {})) {
    const value = source(v, row, header);
    if (!isEmpty(value)) out[target] = { op: v.op ?? 'eq', value };
  }
  return out;
}

/** A named rule's parameters for one row, or undefined while one of them is still empty (the rule waits). */
export function resolveRefScope(
  scope: RefScope | undefined,
  row: Record<string, unknown>,
  header?: Record<string, unknown>,
): { name: string; params: Record<string, unknown> } | undefined {
  if (!scope) return undefined;
  const params: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(scope.params)) {
    const value = source(v, row, header);
    // The row's own id is empty only on a new row, where "except this one" has nothing to except.
    if (isEmpty(value) && v.field !== 'id') return undefined;
    params[name] = isEmpty(value) ? null : value;
  }
  return { name: scope.name, params };
}

/** The row fields (and header fields, from a line) a dependent lookup reads. */
export function refSources(f: Pick<EntityField, 'x-refFilter' | 'x-refScope'>): { fields: string[]; header: string[] } {
  const values = [...Object.values(f['x-refFilter'] ?? {}), ...Object.values(f['x-refScope']?.params ?? {})];
  return {
    fields: values.flatMap((v) => (v.field ? [v.field] : [])),
    header: values.flatMap((v) => (v.header ? [v.header] : [])),
  };
}

/**
 * Fields of a row whose lookup filter compares equal to a field that has just changed: the room chosen for
 * a Deluxe no longer fits once the room type is Suite, so the form empties it. Choices that depend on a
 * range (dates) are left for the save to judge.
 */
export function staleDependents(
  fields: Record<string, EntityField>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  return Object.entries(fields)
    .filter(([name, f]) => {
      if (after[name] == null || !f['x-refFilter']) return false;
      return Object.values(f['x-refFilter']).some((v) => (v.op ?? 'eq') === 'eq' && v.field && before[v.field] !== after[v.field]);
    })
    .map(([name]) => name);
}

/**
 * What a lookup offers on a row: the fixed filter a screen gives ({ active: true }), narrowed by the
 * field's dependent filter and named rule for this row's values (and its document's header, on a line).
 */
export function lookupNarrowing(
  f: Pick<EntityField, 'x-refFilter' | 'x-refScope'>,
  row: Record<string, unknown>,
  header?: Record<string, unknown>,
  fixed: Record<string, unknown> = {},
): { filter: LookupFilter; scope?: { name: string; params: Record<string, unknown> } } {
  const filter: LookupFilter = Object.fromEntries(Object.entries(fixed).map(([k, v]) => [k, { op: 'eq' as const, value: v }]));
  return {
    filter: { ...filter, ...resolveRefFilter(f['x-refFilter'], row, header) },
    scope: resolveRefScope(f['x-refScope'], row, header),
  };
}
