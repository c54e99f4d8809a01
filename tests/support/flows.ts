import crypto from 'node:crypto';
import type { ApiClient, Response } from './testApp.js';
import type { FlowRunView } from '../../src/core/flows/types.js';

export const runKey = () => crypto.randomBytes(12).toString('hex');

/** POST /api/flows/<flow>/runs as the client would. */
export function startFlow(client: ApiClient, flow: string, input: Record<string, unknown>, key = runKey()): Promise<Response> {
  return client.post(`/api/flows/${flow}/runs`, { key, input });
}

/** Follows a run until it is no longer running, as the screen's progress bar does. */
export async function waitForRun(client: ApiClient, id: string, timeoutMs = 60_000): Promise<FlowRunView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/flows/${id}`);
    if (res.statusCode !== 200) throw new Error(`GET /api/flows/${id}: ${res.statusCode} ${res.body}`);
    const view = res.json<FlowRunView>();
    if (view.status !== 'running') return view;
    if (Date.now() > deadline) throw new Error(`run ${id} still running at ${view.state}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** Starts a run and follows it to its end. */
export async function runFlow(client: ApiClient, flow: string, input: Record<string, unknown>, key?: string): Promise<FlowRunView> {
  const start = await startFlow(client, flow, input, key);
  if (start.statusCode !== 201 && start.statusCode !== 200) throw new Error(`start ${flow}: ${start.statusCode} ${start.body}`);
  return waitForRun(client, start.json().id);
}
