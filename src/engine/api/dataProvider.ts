import { apiDelete, apiGet, apiPatch, apiPost } from './client';
import type { ReportResult } from '../../core/reports/layout';
import type { ReportDefinition } from '../../core/meta/types';

/**
 * The one data contract every screen uses (after react-admin's dataProvider): lists page, sort and
 * filter on the server; writes carry the version they read; every call takes an AbortSignal.
 */
export type Row = Record<string, any> & { id: number; version?: number; _refs?: Record<string, string> };

export interface FilterValue {
  op: 'eq' | 'ne' | 'contains' | 'startsWith' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'range' | 'empty' | 'notEmpty';
  value?: unknown;
}

export interface ListParams {
  limit: number;
  offset?: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  q?: string;
  filter?: Record<string, FilterValue>;
  after?: string;
}

export interface ListResult {
  rows: Row[];
  /** null on pages reached by keyset cursor (the first page gave the count) */
  total: number | null;
  totalExact: boolean;
  nextCursor?: string;
}

const base = (entity: string) => `/api/data/${entity}`;

export const dataProvider = {
  getList(entity: string, p: ListParams, signal?: AbortSignal) {
    const params: Record<string, unknown> = { limit: p.limit, offset: p.offset ?? 0, dir: p.dir ?? 'asc' };
    if (p.sort) params.sort = p.sort;
    if (p.q) params.q = p.q;
    if (p.after) params.after = p.after;
    if (p.filter && Object.keys(p.filter).length) params.filter = JSON.stringify(p.filter);
    return apiGet<ListResult>(base(entity), { params, signal });
  },
  getOne(entity: string, id: number, signal?: AbortSignal) {
    return apiGet<Row>(`${base(entity)}/${id}`, { signal });
  },
  create(entity: string, values: Record<string, unknown>, signal?: AbortSignal) {
    return apiPost<Row>(base(entity), values, { signal });
  },
  update(entity: string, id: number, version: number, values: Record<string, unknown>, signal?: AbortSignal) {
    return apiPatch<Row>(`${base(entity)}/${id}`, { ...values, version }, { signal });
  },
  delete(entity: string, id: number, version: number, signal?: AbortSignal) {
    return apiDelete<{ deleted: boolean; deactivated: boolean }>(`${base(entity)}/${id}`, { params: { version }, signal });
  },
  lookup(
    entity: string,
    p: { q?: string; ids?: number[]; filter?: Record<string, FilterValue>; scope?: { name: string; params: Record<string, unknown> } },
    signal?: AbortSignal,
  ) {
    const params: Record<string, unknown> = {};
    if (p.q) params.q = p.q;
    if (p.ids?.length) params.ids = p.ids.join(',');
    if (p.filter && Object.keys(p.filter).length) params.filter = JSON.stringify(p.filter);
    if (p.scope) params.scope = JSON.stringify(p.scope);
    return apiGet<{ rows: { id: number; label: string }[] }>(`${base(entity)}/lookup`, { params, signal });
  },
  /** a document's status action (post, approve): `POST /api/data/<entity>/<id>/<action>` with the version read */
  action(entity: string, id: number, version: number, action: string, signal?: AbortSignal) {
    return apiPost<Row>(`${base(entity)}/${id}/${action}`, { version }, { signal });
  },
  run<T = Record<string, unknown>>(op: string, input: Record<string, unknown>, signal?: AbortSignal) {
    return apiPost<T>(`/api/ops/${op}`, input, { signal });
  },
  report<T = ReportResult>(code: string, params: Record<string, unknown> = {}, signal?: AbortSignal) {
    return apiGet<T>(`/api/reports/${code}`, { params, signal });
  },
  reportMeta(code: string, signal?: AbortSignal) {
    return apiGet<ReportMeta>(`/api/reports/${code}/meta`, { signal });
  },
  /** a module's own resource that is neither an entity nor a report: `read('system/update')` is GET /api/system/update */
  read<T>(resource: string, params: Record<string, unknown> = {}, signal?: AbortSignal) {
    return apiGet<T>(`/api/${resource}`, { params, signal });
  },
};

export type { ReportResult };

/** A report as its screen needs it: the definition without its SQL, and where it comes from. */
export type ReportMeta = Omit<ReportDefinition, 'sql'> & { source: 'shipped' | 'property' | 'overridden'; version: number | null };

/** The contract as a type, so a controller can be given another source (a test's, a document's lines). */
export type DataProvider = typeof dataProvider;
