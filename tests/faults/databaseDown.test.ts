import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from '../support/httpClient.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwawayPostgres.js';

/**
 * The database refusing connections (stopped for a minute: a restart, a failover): the server keeps running,
 * answers 503 with a sentence a cashier can read and a Retry-After, and serves again as soon as the database
 * is back — without being restarted.
 */
let pg: ThrowawayPostgres;
let server: ServerProcess;
let desk: HttpClient;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-dbdown-'));

beforeAll(async () => {
  pg = await startThrowawayPostgres();
  server = await startServerProcess({ dataDir, env: { DATABASE_URL: pg.url } });
  desk = await new HttpClient(server.url).login('frontdesk');
}, 300_000);
afterAll(async () => {
  await server?.stop();
  pg?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the database stops answering', () => {
  it('answers 503 with a readable message while it is down, and recovers by itself when it is back', async () => {
    expect((await desk.request('GET', '/api/data/frontoffice/guest?limit=1')).status).toBe(200);
    pg.halt();
    // past the five-second session cache, so the request reaches the database
    await new Promise((r) => setTimeout(r, 5100));
    const read = await desk.request('GET', '/api/data/frontoffice/guest?limit=1');
    expect(read.status).toBe(503);
    expect(read.json.error).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      message: 'The database is not answering right now, so nothing was saved. Try again in a moment.',
    });
    expect(read.headers.get('retry-after')).toBe('5');
    const write = await desk.request('POST', '/api/data/frontoffice/guest', { name: 'Wayan Darma' });
    expect(write.status).toBe(503);
    expect((await desk.request('GET', '/api/auth/me')).status).toBe(503);

    pg.resume();
    let back = await desk.request('GET', '/api/data/frontoffice/guest?limit=1');
    for (let i = 0; i < 20 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      back = await desk.request('GET', '/api/data/frontoffice/guest?limit=1');
    }
    expect(back.status).toBe(200);
    const saved = await desk.request('POST', '/api/data/frontoffice/guest', { name: 'Wayan Darma' });
    expect(saved.status).toBe(201);
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  });
});
