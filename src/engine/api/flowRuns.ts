import { apiGet, apiPost, downloadFile } from './client';
import type { FlowRunView } from '../../core/flows/types';

/** A fresh idempotency key for a run (getRandomValues works on plain-HTTP LAN addresses too). */
export function newRunKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The server flows' contract: start a run (a key already used answers with its run), follow it, send it events, fetch its files. */
export const flowRuns = {
  start(flow: string, key: string, input: Record<string, unknown>, signal?: AbortSignal) {
    return apiPost<FlowRunView>(`/api/flows/${flow}/runs`, { key, input }, { signal });
  },
  get(id: string, signal?: AbortSignal) {
    return apiGet<FlowRunView>(`/api/flows/${id}`, { signal });
  },
  send(id: string, type: string) {
    return apiPost<FlowRunView>(`/api/flows/${id}/events`, { type });
  },
  download(id: string, name: string) {
    return downloadFile(`/api/flows/${id}/files/${name}`);
  },
};

/** What a client flow keeps of a server run in its context: its id, progress, step, error and output fields. */
export function runContext(view: FlowRunView): Record<string, unknown> {
  return { run: view.id, progress: view.progress, step: view.step, offline: false, error: view.error, ...(view.output ?? {}) };
}
