import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

/**
 * Lunch at the Kembang Restaurant: the kitchen's board and the table plan follow the floor through the point of
 * sales' change feed — a long poll that answers the moment an order is committed, and never for one taken back.
 */
let t: TestApp;
let dewi: ApiClient;
const ids: Record<string, number> = {};

const ok = async (res: Awaited<ReturnType<ApiClient['get']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const op = (name: string, body: unknown) => dewi.post(`/api/ops/pointofsales.${name}`, body, { 'idempotency-key': crypto.randomUUID() });

beforeAll(async () => {
  t = await startTestApp();
  dewi = await t.login('cashier');
  const db = t.database.db;
  const one = async (key: string, q: ReturnType<typeof sql<{ id: number }>>) => (ids[key] = Number((await q.execute(db)).rows[0].id));
  await one('outlet', sql`SELECT o.id FROM outlet o JOIN branch b ON b.id = o.branch_id WHERE b.code = 'GNB' AND o.code = 'RESTO'`);
  await one('table', sql`SELECT id FROM pos_table WHERE outlet_id = ${ids.outlet} AND code = 'T08'`);
  await one('satay', sql`SELECT id FROM pos_menu WHERE outlet_id = ${ids.outlet} AND code = 'A01'`);
});
afterAll(() => t.close());

describe("the point of sales' change feed", () => {
  it('wakes the kitchen board waiting for news the moment a waiter sends an order', async () => {
    const check = await ok(
      await dewi.post('/api/data/pointofsales/check', {
        outlet_id: ids.outlet,
        table_id: ids.table,
        covers: 2,
        items: [{ menu_id: ids.satay, quantity: 2 }],
      }),
      201,
    );
    const { last } = await ok(await dewi.get('/api/pointofsales/changes'));
    const started = performance.now();
    const waiting = dewi.get(`/api/pointofsales/changes?after=${last}&wait=10`);
    await new Promise((r) => setTimeout(r, 200)); // the board is waiting before the order goes
    await ok(await op('sendOrder', { id: check.id }));
    const news = await ok(await waiting);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(news.changes.map((c: { what: string }) => c.what)).toContain('items');
    expect(news.last).toBeGreaterThan(last);
    // nothing more has happened since
    expect((await ok(await dewi.get(`/api/pointofsales/changes?after=${news.last}&wait=0`))).changes).toEqual([]);
  });

  it('says nothing of an order that was refused and taken back', async () => {
    const { last } = await ok(await dewi.get('/api/pointofsales/changes'));
    // a second bill on a table that has one open is refused, its insert rolled back with it
    expectApiError(await dewi.post('/api/data/pointofsales/check', { outlet_id: ids.outlet, table_id: ids.table, covers: 2 }), 409);
    expect((await ok(await dewi.get(`/api/pointofsales/changes?after=${last}&wait=1`))).changes).toEqual([]);
  });

  it('is for those who see a board, the table plan or the orders: the attendant of amenities yes, the purchaser no', async () => {
    const made = await t.login('housekeeping');
    expect((await made.get('/api/pointofsales/changes')).statusCode).toBe(200);
    const purchaser = await t.login('purchasing');
    expectApiError(await purchaser.get('/api/pointofsales/changes'), 403);
  });
});
