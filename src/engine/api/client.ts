import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { endSession, sessionStore } from '../session/session';
import { i18nStore, t } from '../i18n/i18n';
import type { ApiErrorBody } from '../../core/api/contract';

/** The API's one error shape, as the client sees it. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields: Record<string, string> = {},
    public details?: Record<string, unknown>,
  ) {
    super(message);
  }
  get aborted() {
    return this.code === 'ABORTED';
  }
}

export const http = axios.create({ withCredentials: true, headers: { Accept: 'application/json' } });

http.interceptors.request.use((config) => {
  const session = sessionStore.get();
  config.headers.set('Accept-Language', i18nStore.get().lang);
  if (session) {
    config.headers.set('X-Branch-Id', String(session.branchId));
    if (config.method && config.method.toLowerCase() !== 'get') config.headers.set('X-CSRF-Token', session.csrfToken);
  }
  return config;
});

let onSessionLost: (() => void) | undefined;
/** The shell tells the client where to go when the server says the session is gone. */
export function setSessionLostHandler(fn: () => void) {
  onSessionLost = fn;
}

http.interceptors.response.use(
  (r) => r,
  (err: AxiosError<Partial<ApiErrorBody> | undefined>) => {
    if (axios.isCancel(err) || err.code === 'ERR_CANCELED') return Promise.reject(new ApiError(0, 'ABORTED', t('common.aborted')));
    if (!err.response) return Promise.reject(new ApiError(0, 'NETWORK', t('common.networkError')));
    // A download (responseType blob) carries its error as a JSON blob: read it so the message is the server's.
    if (typeof Blob !== 'undefined' && err.response.data instanceof Blob) {
      return err.response.data.text().then((text) => {
        let parsed: Partial<ApiErrorBody> | undefined;
        try {
          parsed = JSON.parse(text) as Partial<ApiErrorBody>;
        } catch {
          parsed = undefined;
        }
        return Promise.reject(
          new ApiError(
            err.response!.status,
            parsed?.error?.code ?? 'HTTP',
            parsed?.error?.message ?? err.message,
            parsed?.error?.fields ?? {},
            parsed?.error?.details,
          ),
        );
      });
    }
    const body = err.response.data?.error;
    const apiErr = new ApiError(err.response.status, body?.code ?? 'HTTP', body?.message ?? err.message, body?.fields ?? {}, body?.details);
    if (err.response.status === 401 && !String(err.config?.url).startsWith('/api/auth/login')) {
      endSession();
      onSessionLost?.();
    }
    return Promise.reject(apiErr);
  },
);

export async function apiGet<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await http.get<T>(url, config)).data;
}
export async function apiPost<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await http.post<T>(url, body ?? {}, config)).data;
}
export async function apiPatch<T>(url: string, body: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await http.patch<T>(url, body, config)).data;
}
export async function apiDelete<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await http.delete<T>(url, config)).data;
}

/** Fetches a file (an export, a template) with the session's headers and hands it to the browser to save. */
export async function downloadFile(url: string, params: Record<string, unknown> = {}, signal?: AbortSignal): Promise<string> {
  const r = await http.get<Blob>(url, { params, signal, responseType: 'blob' });
  const disposition = String(r.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? url.split('/').pop() ?? 'download';
  const href = URL.createObjectURL(r.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
