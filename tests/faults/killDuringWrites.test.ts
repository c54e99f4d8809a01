import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from '../support/httpClient.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwawayPostgres.js';

/**
 * kill -9 in the middle of a stream of writes, on the embedded database on disk and on PostgreSQL: four
 * desks register guests as fast as the server answers, the process is killed at a random moment, started
 * again on the same data, and every guest whose creation was acknowledged must be there, whole, with its
 * audit row; a guest whose answer was lost may be there too, but never half of one. FAULT_TRIALS per
 * database (default 20).
 */
const TRIALS = Number(process.env.FAULT_TRIALS ?? 20);
const results: string[] = [];

interface Trial {
  prefix: string;
  acknowledged: Map<number, string>;
}

/** Registers guests from four desks until the process dies; returns what the server acknowledged. */
async function writeUntilKilled(server: ServerProcess, session: HttpClient, prefix: string): Promise<Trial> {
  const acknowledged = new Map<number, string>();
  let alive = true;
  const desk = async (d: number) => {
    for (let i = 0; alive; i++) {
      const name = `${prefix} Tamu ${d}-${i}`;
      try {
        const res = await session.request('POST', '/api/data/frontoffice/guest', { name, nationality: 'ID', city: 'Denpasar' });
        if (res.status === 201) acknowledged.set(res.json.id, name);
      } catch {
        return; // the connection died with the process
      }
    }
  };
  const desks = [0, 1, 2, 3].map(desk);
  await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
  await server.kill();
  alive = false;
  await Promise.all(desks);
  return { prefix, acknowledged };
}

/** After a restart: every acknowledged guest whole, every guest of the trial with its audit row. */
/** Every row of a list, page by page (a page holds at most 500). */
async function allRows<T>(session: HttpClient, url: string): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const page = await session.request('GET', `${url}&limit=500&offset=${rows.length}`);
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    rows.push(...page.json.rows);
    if (page.json.rows.length < 500) return rows;
  }
}

async function check(session: HttpClient, trial: Trial) {
  const rows = await allRows<{ id: number; name: string; city: string; nationality: string; version: number }>(
    session,
    `/api/data/frontoffice/guest?q=${encodeURIComponent(trial.prefix)}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lost = [...trial.acknowledged].filter(([id, name]) => byId.get(id)?.name !== name);
  const half = rows.filter((r) => r.city !== 'Denpasar' || r.nationality !== 'ID' || r.version !== 1);
  const audited: unknown[] = [];
  // a filter takes at most 100 values
  for (let i = 0; i < rows.length; i += 100) {
    const ids = rows.slice(i, i + 100).map((r) => String(r.id));
    const filter = encodeURIComponent(
      JSON.stringify({
        entity: { op: 'eq', value: 'frontoffice/guest' },
        action: { op: 'eq', value: 'create' },
        entity_id: { op: 'in', value: ids },
      }),
    );
    audited.push(...(await allRows(session, `/api/data/system/audit-log?filter=${filter}`)));
  }
  expect(lost, `${trial.prefix}: acknowledged but lost`).toEqual([]);
  expect(half, `${trial.prefix}: half-written`).toEqual([]);
  expect(audited.length, `${trial.prefix}: guests without their audit row`).toBe(rows.length);
  return { acknowledged: trial.acknowledged.size, stored: rows.length };
}

async function trials(kind: string, dataDir: string, databaseUrl?: string) {
  const start = (timeoutMs?: number) => startServerProcess({ dataDir, env: { DATABASE_URL: databaseUrl }, timeoutMs });
  // the first start seeds the demo hotel: minutes on two cores busy with the rest of the suite
  let server = await start(600_000);
  let session = await new HttpClient(server.url).login('admin');
  let acknowledged = 0;
  let stored = 0;
  let previous: Trial | undefined;
  for (let n = 1; n <= TRIALS; n++) {
    const trial = await writeUntilKilled(server, session, `K${kind}${n}x`);
    server = await start();
    session = await new HttpClient(server.url).login('admin');
    const r = await check(session, trial);
    acknowledged += r.acknowledged;
    stored += r.stored;
    previous = trial;
  }
  expect(previous).toBeDefined();
  await server.stop();
  results.push(`${kind}: ${TRIALS} kills, ${acknowledged} acknowledged guests, ${stored} stored, 0 lost, 0 half-written`);
  expect(acknowledged).toBeGreaterThan(TRIALS);
}

afterAll(() => {
  console.log(`kill -9 trials:\n  ${results.join('\n  ')}`);
});

// the two databases' trials run side by side: each mostly waits for its own server to start again
describe.concurrent('kill -9 during a stream of writes', () => {
  it(`loses no acknowledged write on the embedded database on disk (${TRIALS} trials)`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-kill-'));
    try {
      await trials('pglite', dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 1_500_000);

  it(`loses no acknowledged write on PostgreSQL (${TRIALS} trials)`, async () => {
    let pg: ThrowawayPostgres | undefined;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-kill-pg-'));
    try {
      pg = await startThrowawayPostgres();
      await trials('postgres', dir, pg.url);
    } finally {
      pg?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 1_500_000);
});
