import type { EntityField, EntitySchema, ListScreen } from '../../../core/meta/types';
import type { FilterValue } from '../../api/dataProvider';

/** A list's view as it lives in the URL, so a link reproduces exactly what the user saw. */
export interface ListState {
  q: string;
  sort?: string;
  dir: 'asc' | 'desc';
  /** raw filter values by field: 'true', '12', 'cash'; ranges as { from, to } */
  filters: Record<string, string | { from?: string; to?: string }>;
  /** 'new', a row id, or undefined when no form is open */
  edit?: string;
  /** the day a list with a `day` compares its dates with (YYYY-MM-DD); none: the business date */
  day?: string;
}

export type FilterKind = 'boolean' | 'enum' | 'ref' | 'dateRange' | 'number' | 'text';

export function filterKind(field: EntityField | undefined): FilterKind {
  if (!field) return 'text';
  if (field['x-ref']) return 'ref';
  if (field.enum) return 'enum';
  const type = Array.isArray(field.type) ? field.type.find((x) => x !== 'null') : field.type;
  if (type === 'boolean') return 'boolean';
  if (field.format === 'date' || field.format === 'date-time') return 'dateRange';
  if (type === 'integer' || type === 'number') return 'number';
  return 'text';
}

export function parseListState(search: URLSearchParams, def: ListScreen, entity: EntitySchema): ListState {
  const filters: ListState['filters'] = {};
  for (const f of def.filters ?? []) {
    if (filterKind(entity.properties[f]) === 'dateRange') {
      const from = search.get(`f.${f}.from`) ?? undefined;
      const to = search.get(`f.${f}.to`) ?? undefined;
      if (from || to) filters[f] = { from, to };
    } else {
      const v = search.get(`f.${f}`);
      if (v !== null && v !== '') filters[f] = v;
    }
  }
  const dir = search.get('dir');
  return {
    q: search.get('q') ?? '',
    sort: search.get('sort') ?? def.defaultSort?.field,
    dir: dir === 'asc' || dir === 'desc' ? dir : (def.defaultSort?.dir ?? 'asc'),
    filters,
    edit: search.get('edit') ?? undefined,
    day: def.day && /^\d{4}-\d{2}-\d{2}$/.test(search.get('day') ?? '') ? search.get('day')! : undefined,
  };
}

export function writeListState(state: ListState): URLSearchParams {
  const sp = new URLSearchParams();
  if (state.q) sp.set('q', state.q);
  if (state.sort) sp.set('sort', state.sort);
  sp.set('dir', state.dir);
  for (const [k, v] of Object.entries(state.filters)) {
    if (typeof v === 'string') sp.set(`f.${k}`, v);
    else {
      if (v.from) sp.set(`f.${k}.from`, v.from);
      if (v.to) sp.set(`f.${k}.to`, v.to);
    }
  }
  if (state.day) sp.set('day', state.day);
  if (state.edit) sp.set('edit', state.edit);
  return sp;
}

/** Midnight at the start of a day in the browser's (the hotel desk's) time, as an instant. */
function localMidnight(date: string, addDays = 0) {
  const d = new Date(`${date}T00:00:00`);
  d.setDate(d.getDate() + addDays);
  return d.toISOString();
}

function addDay(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The URL's filter values as the API's typed filters. */
export function toApiFilter(state: ListState, entity: EntitySchema): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = {};
  for (const [name, raw] of Object.entries(state.filters)) {
    const field = entity.properties[name];
    const kind = filterKind(field);
    if (kind === 'dateRange' && typeof raw !== 'string') {
      // Half-open [from, day after to): "to 30/11" includes all of the 30th.
      const instant = field?.format === 'date-time';
      const from = raw.from ? (instant ? localMidnight(raw.from) : raw.from) : null;
      const to = raw.to ? (instant ? localMidnight(raw.to, 1) : addDay(raw.to)) : null;
      out[name] = { op: 'range', value: [from, to] };
      continue;
    }
    if (typeof raw !== 'string') continue;
    if (kind === 'boolean') out[name] = { op: 'eq', value: raw === 'true' };
    else if (kind === 'ref' || kind === 'number') out[name] = { op: 'eq', value: Number(raw) };
    else if (kind === 'enum') out[name] = { op: 'eq', value: field?.type === 'integer' ? Number(raw) : raw };
    else out[name] = { op: 'contains', value: raw };
  }
  return out;
}

/**
 * What a list always asks besides the user's filters: its fixed filters, the rows the address narrows it to
 * (a route parameter named in routeFilter), and its dates compared with the day.
 */
export function screenFilter(
  def: ListScreen,
  day: string | undefined,
  params: Record<string, string | undefined> = {},
): Record<string, FilterValue> {
  const out: Record<string, FilterValue> = { ...(def.fixedFilter ?? {}) };
  for (const [from, field] of Object.entries(def.routeFilter ?? {})) {
    const v = params[from];
    if (v) out[field] = { op: 'eq', value: /^\d+$/.test(v) ? Number(v) : v };
  }
  if (def.day && day) for (const [field, op] of Object.entries(def.day.match)) out[field] = { op, value: day };
  return out;
}
