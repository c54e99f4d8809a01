import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRunView } from '../../../src/core/flows/types.js';
import { HttpClient } from '../../support/httpClient.js';
import { demoForServer } from '../../support/seededDataDir.js';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess.js';

/**
 * The night audit of the demo Grand Nusantara Bandung survives `kill -9`: the real server runs in its own
 * process, is killed once the checks have committed and the charges are under way, and is started again on
 * the same data. The run resumes and ends with the same charges, no-shows and statistics as an uninterrupted
 * audit of the same hotel; starting its key again does nothing, and a new run for the closed day is refused.
 */
const PAUSE_MS = '1500';
const SERVER_TEST_MS = 240_000;
const OVERRIDE = { override_reason: 'Late departures settled with the duty manager' };
let dataDir: string;
let databaseUrl: string | undefined;
let server: ServerProcess | undefined;
const admin = new HttpClient('');
let uninterrupted: FlowRunView;
let runId: string;

async function boot(pauseMs?: string) {
  server = await startServerProcess({ dataDir, env: { DATABASE_URL: databaseUrl, FLOW_STEP_PAUSE_MS: pauseMs } });
  admin.at(server.url);
}

async function until(id: string, test: (v: FlowRunView) => boolean, timeoutMs = 120_000): Promise<FlowRunView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await admin.get(`/api/flows/${id}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const v: FlowRunView = r.json;
    if (test(v)) return v;
    if (v.status !== 'running' || Date.now() > deadline) throw new Error(`run ${id}: ${JSON.stringify(v)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-night-audit-'));
  databaseUrl = await demoForServer(dataDir);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`the night audit killed with kill -9 resumes to the same totals (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite on disk'})`, () => {
  it(
    'an uninterrupted audit of the same demo hotel in another server, for comparison',
    async () => {
      // the same demo hotel as the one killed below
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-night-audit-clean-'));
      const otherDb = await demoForServer(otherDir);
      const other = await startServerProcess({ dataDir: otherDir, env: { DATABASE_URL: otherDb } });
      try {
        const client = new HttpClient(other.url);
        await client.login('admin');
        const started = await client.post('/api/flows/night-audit-run/runs', { key: 'na-clean', input: OVERRIDE });
        expect(started.status, JSON.stringify(started.json)).toBe(201);
        admin.at(other.url);
        await admin.login('admin');
        uninterrupted = await until(started.json.id, (v) => v.status !== 'running');
      } finally {
        await other.stop();
        fs.rmSync(otherDir, { recursive: true, force: true });
      }
      expect(uninterrupted.status, JSON.stringify(uninterrupted)).toBe('done');
      expect((uninterrupted.output as { charged: number }).charged).toBeGreaterThan(40);
    },
    SERVER_TEST_MS,
  );

  it(
    'the same audit is killed while it charges the rooms',
    async () => {
      await boot(PAUSE_MS);
      await admin.login('admin');
      const started = await admin.post('/api/flows/night-audit-run/runs', { key: 'na-2026-11-23', input: OVERRIDE });
      expect(started.status, JSON.stringify(started.json)).toBe(201);
      runId = started.json.id;
      await until(runId, (v) => v.state === 'charging');
      await server!.kill();
    },
    SERVER_TEST_MS,
  );

  it(
    'after a restart it goes on and ends as the uninterrupted audit did',
    async () => {
      await boot();
      const done = await until(runId, (v) => v.status !== 'running');
      expect(done.status, JSON.stringify(done)).toBe('done');
      expect(done.output).toEqual(uninterrupted.output);
    },
    SERVER_TEST_MS,
  );

  it(
    'its key started again answers with the finished run; a new run of the closed day is refused',
    async () => {
      const again = await admin.post('/api/flows/night-audit-run/runs', { key: 'na-2026-11-23', input: OVERRIDE });
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ id: runId, status: 'done' });
      const other = await admin.post('/api/flows/night-audit-run/runs', { key: 'na-2026-11-23-b', input: { business_date: '2026-11-23' } });
      expect(other.status).toBe(409);
    },
    SERVER_TEST_MS,
  );
});
