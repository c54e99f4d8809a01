import { apiDelete, apiGet, apiPatch, apiPost, downloadFile, http } from './client';
import type { ReportResult } from '../../core/reports/layout';
import type { ReportDefinition, Screen, EntitySchema } from '../../core/meta/types';
import type { SessionPayload } from '../../core/api/contract';

/**
 * The one data contract every screen uses (after react-admin's dataProvider): lists page, sort and
 * filter on the server; writes carry the version they read; every call takes an AbortSignal. Besides
 * entities, commands and reports, it names the engine's own services (sessions, definitions, report
 * design); a module's own endpoints that are neither an entity nor a command are read and written by
 * name (`read('system/update')`), so no screen builds a URL or calls the HTTP client itself.
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
/** what a write answers when it has nothing to tell */
type Ok = { ok: true };

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
  /** A command, with a key of its own so a retry of this very call cannot run it twice (money needs one). */
  run<T = Record<string, unknown>>(op: string, input: Record<string, unknown>, signal?: AbortSignal, idempotencyKey = crypto.randomUUID()) {
    return apiPost<T>(`/api/ops/${op}`, input, { signal, headers: { 'Idempotency-Key': idempotencyKey } });
  },
  report<T = ReportResult>(code: string, params: Record<string, unknown> = {}, signal?: AbortSignal) {
    return apiGet<T>(`/api/reports/${code}`, { params, signal });
  },
  reportMeta(code: string, signal?: AbortSignal) {
    return apiGet<ReportMeta>(`/api/reports/${code}/meta`, { signal });
  },
  /** every report of the property the user may see, and whether they may design reports */
  reportCatalog(signal?: AbortSignal) {
    return apiGet<ReportCatalog>('/api/reports', { signal });
  },
  reportDesign(code: string, signal?: AbortSignal) {
    return apiGet<ReportDesign>(`/api/reports/${code}/design`, { signal });
  },
  /** checks a definition and runs it on its first rows, saving nothing */
  dryRunReport(definition: ReportDefinition, signal?: AbortSignal) {
    return apiPost<ReportResult & { truncated?: boolean }>('/api/reports/dry-run', { definition }, { signal });
  },
  saveReportDesign(definition: ReportDefinition, note: string | undefined, signal?: AbortSignal) {
    return http
      .put<{ code: string; version: number }>(
        `/api/reports/${definition.code}/design`,
        { definition, ...(note ? { note } : {}) },
        { signal },
      )
      .then((r) => r.data);
  },
  revertReport(code: string, signal?: AbortSignal) {
    return apiPost<Ok>(`/api/reports/${code}/revert`, {}, { signal });
  },
  /** a screen definition with the entity schemas and screens it needs */
  screen(id: string, signal?: AbortSignal) {
    return apiGet<{
      id: string;
      screen: Screen;
      entities: Record<string, EntitySchema>;
      screens: Record<string, Screen>;
      context?: { businessDate: string };
    }>(`/api/meta/screens/${id}`, { signal });
  },
  /** the signed-in user's menu for the active property */
  menu<T>(signal?: AbortSignal) {
    return apiGet<{ items: T[] }>('/api/meta/menu', { signal });
  },
  session: {
    signIn: (username: string, password: string, signal?: AbortSignal) =>
      apiPost<SessionPayload>('/api/auth/login', { username, password }, { signal }),
    current: (signal?: AbortSignal) => apiGet<SessionPayload>('/api/auth/me', { signal }),
    signOut: () => apiPost<Ok>('/api/auth/logout'),
    switchProperty: (branchId: number, signal?: AbortSignal) => apiPost<SessionPayload>('/api/auth/branch', { branchId }, { signal }),
    changePassword: (currentPassword: string, newPassword: string, signal?: AbortSignal) =>
      apiPost<Ok>('/api/auth/password', { currentPassword, newPassword }, { signal }),
    forgotPassword: (login: string, signal?: AbortSignal) => apiPost<Ok>('/api/auth/forgot', { login }, { signal }),
    resetPassword: (token: string, password: string, signal?: AbortSignal) =>
      apiPost<Ok>('/api/auth/reset', { token, password }, { signal }),
    changeEmail: (newEmail: string, password: string, signal?: AbortSignal) =>
      apiPost<Ok>('/api/auth/change-email', { newEmail, password }, { signal }),
    confirmEmail: (token: string, signal?: AbortSignal) => apiPost<{ email: string }>('/api/auth/confirm-email', { token }, { signal }),
  },
  /** the files kept with a record (x-attachments), and the largest size and the kinds it takes */
  attachments(entity: string, id: number, signal?: AbortSignal) {
    return apiGet<{ rows: Attachment[]; maxBytes: number; types: string[] }>(`${base(entity)}/${id}/attachments`, { signal });
  },
  /** keeps a file with a record: the file as a base64 data URL */
  attach(entity: string, id: number, name: string, file: string, signal?: AbortSignal) {
    return apiPost<Attachment>(`${base(entity)}/${id}/attachments`, { name, file }, { signal });
  },
  detach(entity: string, id: number, fileId: number, signal?: AbortSignal) {
    return apiDelete<{ deleted: boolean }>(`${base(entity)}/${id}/attachments/${fileId}`, { signal });
  },
  downloadAttachment(entity: string, id: number, fileId: number, signal?: AbortSignal) {
    return downloadFile(`${base(entity)}/${id}/attachments/${fileId}`, {}, signal);
  },
  /** a kept file's content, for showing it in the page (a scan, a PDF) */
  attachmentContent(entity: string, id: number, fileId: number, signal?: AbortSignal) {
    return apiGet<Blob>(`${base(entity)}/${id}/attachments/${fileId}`, { signal, responseType: 'blob' });
  },
  /** a module's own resource that is neither an entity nor a report: `read('system/update')` is GET /api/system/update */
  read<T>(resource: string, params: Record<string, unknown> = {}, signal?: AbortSignal) {
    return apiGet<T>(`/api/${resource}`, { params, signal });
  },
  /** writes a module's own resource: POST by default, PATCH to change part of it */
  write<T>(resource: string, body: Record<string, unknown>, signal?: AbortSignal, method: 'POST' | 'PATCH' = 'POST') {
    return method === 'PATCH' ? apiPatch<T>(`/api/${resource}`, body, { signal }) : apiPost<T>(`/api/${resource}`, body, { signal });
  },
};

export type { ReportResult };

export interface Attachment {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
  created_at: string;
  created_by?: string | null;
}

/** A report as its screen needs it: the definition without its SQL, and where it comes from. */
export type ReportMeta = Omit<ReportDefinition, 'sql'> & { source: 'shipped' | 'property' | 'overridden'; version: number | null };

export interface ReportCatalog {
  designer: boolean;
  rows: {
    code: string;
    name: ReportDefinition['name'];
    module: string;
    description: ReportDefinition['description'] | null;
    source: 'shipped' | 'property' | 'overridden';
    version: number | null;
    canRun: boolean;
  }[];
}

/** A property's report as its designer sees it: the definition in force, the shipped one, every version. */
export interface ReportDesign {
  definition: ReportDefinition | null;
  source: 'shipped' | 'property' | 'overridden' | 'retired';
  shipped: ReportDefinition | null;
  versions: {
    version: number;
    action: 'save' | 'revert';
    note: string | null;
    created_at: string;
    created_by: string | null;
    definition: ReportDefinition | null;
  }[];
}

/** The contract as a type, so a controller can be given another source (a test's, a document's lines). */
export type DataProvider = typeof dataProvider;
