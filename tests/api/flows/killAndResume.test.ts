import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { FlowRunView } from '../../../src/core/flows/types.js';
import { HttpClient } from '../../support/httpClient.js';
import { demoForServer } from '../../support/seededDataDir.js';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess.js';

/**
 * A server flow survives `kill -9`: the real server runs in its own process on PGlite on disk (or on
 * PostgreSQL with TEST_DB=postgres), is killed between two steps of a report pack and of an import, and is
 * started again on the same data. The runs resume where they stopped and end as uninterrupted runs do; a
 * second start of a finished key does nothing.
 */
const PAUSE_MS = '1500';
// each test starts a server (the first also loads the demo hotel): minutes on a busy machine
const SERVER_TEST_MS = 240_000;
let dataDir: string;
let databaseUrl: string | undefined;
let server: ServerProcess | undefined;
const admin = new HttpClient('');

async function boot(pauseMs?: string) {
  server = await startServerProcess({ dataDir, env: { DATABASE_URL: databaseUrl, FLOW_STEP_PAUSE_MS: pauseMs } });
  admin.at(server.url);
}

async function view(id: string): Promise<FlowRunView> {
  const r = await admin.get(`/api/flows/${id}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json;
}

async function until(id: string, test: (v: FlowRunView) => boolean, timeoutMs = 120_000): Promise<FlowRunView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await view(id);
    if (test(v)) return v;
    if (v.status !== 'running' || Date.now() > deadline) throw new Error(`run ${id}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function start(flow: string, key: string, input: Record<string, unknown>) {
  const r = await admin.post(`/api/flows/${flow}/runs`, { key, input });
  expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
  return r;
}

/** The cells of every sheet, without the line that says when it was made. */
async function cells(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  for (const ws of wb.worksheets) {
    const rows: unknown[][] = [];
    ws.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : v));
      if (!values.some((v) => typeof v === 'string' && /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/.test(v))) rows.push(values);
    });
    out[ws.name] = rows;
  }
  return out;
}

async function banks(prefix: string, count: number): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Banks');
  ws.addRow(['Bank code', 'Nama', 'Account number']);
  for (let i = 1; i <= count; i++)
    ws.addRow([`${prefix}${String(i).padStart(3, '0')}`, `Bank Pembangunan Daerah ${i}`, String(7000000000 + i)]);
  return `data:application/octet-stream;base64,${Buffer.from(await wb.xlsx.writeBuffer()).toString('base64')}`;
}

async function bankCount(prefix: string): Promise<number> {
  const r = await admin.get(`/api/data/system/bank?limit=1&q=${prefix}`);
  return r.json.total;
}

const importOf = async (prefix: string) => ({
  entity: 'system/bank',
  name: `${prefix.toLowerCase()}-banks.xlsx`,
  file: await banks(prefix, 250),
  sheet: 'Banks',
  mapping: { 'Bank code': 'code', Nama: 'name', 'Account number': 'account_no' },
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-flows-'));
  databaseUrl = await demoForServer(dataDir);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`server flows killed with kill -9 between steps resume after a restart (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite on disk'})`, () => {
  let packId: string;
  let importId: string;
  let pack: number;

  it(
    'a report pack is killed after its second report',
    async () => {
      await boot(PAUSE_MS);
      await admin.login('admin');
      // reports of what neither run changes (the audit activity would count the runs themselves)
      const created = await admin.post('/api/data/utilities/report-group', {
        code: 'NIGHT',
        name: 'Night manager pack',
        items: [{ code: 'users-rights' }, { code: 'tax-service-rates', params: { amount: 2500000 } }, { code: 'pay-articles' }],
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      pack = created.json.id;
      packId = (await start('report-pack-run', 'pack-interrupted', { group: pack, format: 'xlsx' })).json.id;
      const before = await until(packId, (v) => (v.progress?.done ?? 0) >= 2);
      expect(before).toMatchObject({ status: 'running', state: 'running' });
      await server!.kill();
    },
    SERVER_TEST_MS,
  );

  it(
    'after a restart the pack goes on from there; an import is killed between its check and its write',
    async () => {
      await boot(PAUSE_MS);
      const resumed = await view(packId);
      // nothing was lost: it goes on from the third report, not from the first
      expect(resumed.status).not.toBe('failed');
      expect(resumed.progress!.done).toBeGreaterThanOrEqual(2);
      importId = (await start('excel-import-run', 'import-interrupted', await importOf('KB'))).json.id;
      await until(importId, (v) => v.state === 'writing');
      expect(await bankCount('KB')).toBe(0);
      await server!.kill();
    },
    SERVER_TEST_MS,
  );

  it(
    'after another restart both finish, with the results of uninterrupted runs',
    async () => {
      await boot();
      const packRun = await until(packId, (v) => v.status !== 'running');
      expect(packRun).toMatchObject({ status: 'done', state: 'done', progress: { done: 3, total: 3 } });
      const imported = await until(importId, (v) => v.status !== 'running');
      expect(imported).toMatchObject({ status: 'done', state: 'imported', output: { imported: 250, problems: [] } });
      expect(await bankCount('KB')).toBe(250);

      const clean = await start('report-pack-run', 'pack-uninterrupted', { group: pack, format: 'xlsx' });
      const cleanDone = await until(clean.json.id, (v) => v.status !== 'running');
      const [a, b] = await Promise.all([
        admin.get(`/api/flows/${packId}/files/result`),
        admin.get(`/api/flows/${cleanDone.id}/files/result`),
      ]);
      const interrupted = await cells(a.bytes);
      expect(Object.keys(interrupted)).toEqual(['Users and rights', 'Tax and service rates', 'Payment articles']);
      expect(interrupted).toEqual(await cells(b.bytes));

      const cleanImport = await start('excel-import-run', 'import-uninterrupted', await importOf('KC'));
      expect((await until(cleanImport.json.id, (v) => v.status !== 'running')).output).toEqual(imported.output);
    },
    SERVER_TEST_MS,
  );

  it(
    'a second run of a finished key does nothing: same run, nothing imported twice',
    async () => {
      const again = await start('excel-import-run', 'import-interrupted', await importOf('KB'));
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ id: importId, status: 'done', output: { imported: 250 } });
      const packAgain = await start('report-pack-run', 'pack-interrupted', { group: pack, format: 'xlsx' });
      expect(packAgain.json).toMatchObject({ id: packId, status: 'done' });
      await new Promise((r) => setTimeout(r, 500));
      expect(await bankCount('KB')).toBe(250);
      expect((await view(packId)).finishedAt).toBe(packAgain.json.finishedAt);
    },
    SERVER_TEST_MS,
  );
});
