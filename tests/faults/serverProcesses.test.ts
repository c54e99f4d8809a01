import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtServer } from '../../scripts/build-server.mjs';
import { HttpClient } from '../support/httpClient.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwawayPostgres.js';

/**
 * On PostgreSQL the server runs as several processes sharing the port (one Node process serves about one
 * core). What must be one for all lives in the database, so any process may answer any request; a process
 * that dies is started again while the others keep serving.
 */
let pg: ThrowawayPostgres;
let server: ServerProcess;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-procs-'));

/** The server processes the primary started (their command line names the server's entry point). */
function serverProcesses(primary: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const parent = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
        return parent === primary && fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(builtServer);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until<T>(what: string, probe: () => T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  pg = await startThrowawayPostgres();
  server = await startServerProcess({ dataDir, env: { DATABASE_URL: pg.url, SERVER_PROCESSES: '2' } });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  pg?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('several server processes on PostgreSQL', () => {
  it('starts the number of processes asked for and says so', () => {
    expect(server.output()).toContain('server processes: 2');
    expect(serverProcesses(server.child.pid!)).toHaveLength(2);
  });

  it('holds the sign-in throttle across processes: 40 parallel wrong passwords from new connections check at most the free tries', async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ username: 'frontdesk', password: `salah-${i}` }),
        }).then((r) => r.status),
      ),
    );
    expect(burst.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(burst.filter((s) => s === 429).length).toBeGreaterThanOrEqual(36);
  });

  it('ends a signed-out session in every process at once, though each keeps sessions it read for a few seconds', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cashier', password: 'hotelier' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const { csrfToken } = await login.json();
    // each request on a new connection, so both processes answer some and keep the session
    const me = () => fetch(`${server.url}/api/auth/me`, { headers: { cookie, connection: 'close' } }).then((r) => r.status);
    const before = await Promise.all(Array.from({ length: 30 }, me));
    expect(before.every((s) => s === 200)).toBe(true);
    const out = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json', connection: 'close' },
      body: '{}',
    });
    expect(out.status).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 100)); // the other process hears of it
    const after = await Promise.all(Array.from({ length: 30 }, me));
    expect(after.filter((s) => s !== 401)).toEqual([]);
  });

  it('keeps serving when a process is killed, and starts it again', async () => {
    const desk = await new HttpClient(server.url).login('admin');
    const before = serverProcesses(server.child.pid!);
    process.kill(before[0], 'SIGKILL');
    // the other process answers meanwhile (a request caught on the dying one's connection is retried once)
    const answered: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await desk.get('/api/data/frontoffice/guest?limit=1').catch(() => desk.get('/api/data/frontoffice/guest?limit=1'));
      answered.push(r.status);
    }
    expect(answered.every((s) => s === 200)).toBe(true);
    const after = await until('a new server process', () => {
      const now = serverProcesses(server.child.pid!);
      return now.length === 2 && !now.includes(before[0]) ? now : undefined;
    });
    expect(after).toContain(before[1]);
    await until('the new process to listen', () => (server.output().includes('starting it again') ? true : undefined));
    expect((await desk.get('/api/data/frontoffice/guest?limit=1')).status).toBe(200);
  });
});
