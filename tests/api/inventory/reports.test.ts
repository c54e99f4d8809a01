import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The inventory reports of the Grand Nusantara Bandung (business date 23/11/2026) over a November Agus posts
 * through the documents: the main store opened the month with 144 bottles of Bintang at Rp 28.000; two cases
 * arrive on the 5th at Rp 30.000 a bottle (average 28.500), the lounge takes ten on the 10th, the bar 24 on the
 * 12th, and the count on the 20th finds two short. Every figure is exact.
 */
let t: TestApp;
let db: Db;
let agus: ApiClient;
let gnb: number;
const id: Record<string, number> = {};
type Row = Record<string, unknown>;

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const save = (who: ApiClient, entity: string, body: unknown) => who.post(`/api/data/inventory/${entity}`, body);
const act = async (who: ApiClient, entity: string, docId: number, action: string) => {
  const row = (await who.get(`/api/data/inventory/${entity}/${docId}`)).json();
  return who.post(`/api/data/inventory/${entity}/${docId}/${action}`, { version: row.version });
};
const posted = async (entity: string, body: unknown, action = 'post') => {
  const doc = await ok(await save(agus, entity, body), 201);
  await ok(await act(agus, entity, doc.id, action));
  return ok(await agus.get(`/api/data/inventory/${entity}/${doc.id}`));
};
const report = async (code: string, params: Record<string, string | number>) =>
  (await ok(await agus.get(`/api/reports/${code}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`)))
    .rows as Row[];
const ids = async (branch: number, table: string, prefix: string) => {
  const { rows } = await sql<{ id: number; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${branch}`.execute(
    db,
  );
  for (const r of rows) id[`${prefix}${r.code}`] = Number(r.id);
};
const pick = (rows: Row[], fields: string[]) => rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f]])));

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  agus = await t.login('purchasing');
  gnb = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  await ids(gnb, 'inv_store', 'store:');
  await ids(gnb, 'inv_item', 'item:');
  await ids(gnb, 'inv_unit', 'unit:');
  await ids(gnb, 'outlet', 'outlet:');

  const B001 = id['item:B-001'];
  await posted('opening-stock', {
    store_id: id['store:MAIN'],
    date: '2026-11-05',
    description: 'Bintang delivered before go-live',
    lines: [{ item_id: B001, unit_id: id['unit:CS24'], quantity: '2', value: '1440000' }],
  });
  await posted('outgoing', {
    kind: 'issue',
    date: '2026-11-10',
    store_id: id['store:MAIN'],
    outlet_id: id['outlet:LOUNGE'],
    lines: [{ item_id: B001, quantity: '10' }],
  });
  await posted('outgoing', {
    kind: 'transfer',
    date: '2026-11-12',
    store_id: id['store:MAIN'],
    to_store_id: id['store:BAR'],
    lines: [{ item_id: B001, quantity: '24' }],
  });
  await posted('stock-count', {
    store_id: id['store:MAIN'],
    date: '2026-11-20',
    description: 'Month-end count, beverages',
    lines: [{ item_id: B001, counted_quantity: '156' }],
  });
});
afterAll(() => t.close());

describe('stock movement by store and item', () => {
  it('opens with what the main store held before the period and closes with what the ledger holds', async () => {
    const rows = await report('stockarticle-movingreport', { date_from: '2026-11-06', date_to: '2026-11-23', store_id: id['store:MAIN'] });
    // 144 + 48 in before the 6th at 5.472.000; out 10 + 24 + 2 at 28.500 = 1.026.000
    expect(rows.find((r) => r.item_code === 'B-001')).toMatchObject({
      store: 'MAIN Main store',
      unit: 'BTL',
      opening_quantity: '192.000',
      opening_value: '5472000.00',
      in_quantity: '0',
      in_value: '0',
      out_quantity: '36.000',
      out_value: '1026000.00',
      closing_quantity: '156.000',
      closing_value: '4446000.00',
    });
    const month = await report('stockarticle-movingreport', { date_from: '2026-11-01', date_to: '2026-11-23', store_id: id['store:MAIN'] });
    expect(month.find((r) => r.item_code === 'B-001')).toMatchObject({
      opening_quantity: '0',
      in_quantity: '192.000',
      in_value: '5472000.00',
      out_quantity: '36.000',
      closing_quantity: '156.000',
      closing_value: '4446000.00',
    });
  });

  it('refuses a range longer than a year', async () => {
    const res = await agus.get(`/api/reports/stockarticle-movingreport?date_from=2025-01-01&date_to=2026-11-23`);
    expect(res.statusCode).toBe(400);
  });
});

describe('movements of one item', () => {
  it('lists every movement of Bintang in the main store with what it held after each', async () => {
    const rows = await report('singlearticle-movinglist', {
      date_from: '2026-11-01',
      date_to: '2026-11-23',
      item_id: id['item:B-001'],
      store_id: id['store:MAIN'],
    });
    expect(pick(rows, ['kind', 'other_store', 'quantity', 'unit_cost', 'value', 'on_hand_quantity', 'on_hand_value'])).toEqual([
      {
        kind: 'opening',
        other_store: null,
        quantity: '144.000',
        unit_cost: '28000.0000',
        value: '4032000.00',
        on_hand_quantity: '144.000',
        on_hand_value: '4032000.00',
      },
      {
        kind: 'opening',
        other_store: null,
        quantity: '48.000',
        unit_cost: '30000.0000',
        value: '1440000.00',
        on_hand_quantity: '192.000',
        on_hand_value: '5472000.00',
      },
      {
        kind: 'issue',
        other_store: null,
        quantity: '-10.000',
        unit_cost: '28500.0000',
        value: '-285000.00',
        on_hand_quantity: '182.000',
        on_hand_value: '5187000.00',
      },
      {
        kind: 'transfer',
        other_store: 'BAR Lobby Lounge bar',
        quantity: '-24.000',
        unit_cost: '28500.0000',
        value: '-684000.00',
        on_hand_quantity: '158.000',
        on_hand_value: '4503000.00',
      },
      {
        kind: 'adjustment',
        other_store: null,
        quantity: '-2.000',
        unit_cost: '28500.0000',
        value: '-57000.00',
        on_hand_quantity: '156.000',
        on_hand_value: '4446000.00',
      },
    ]);
    expect(String(rows[3].date)).toContain('2026-11-12');
    const bar = await report('singlearticle-movinglist', {
      date_from: '2026-11-12',
      date_to: '2026-11-12',
      item_id: id['item:B-001'],
    });
    expect(pick(bar, ['store', 'other_store', 'quantity', 'value'])).toEqual([
      { store: 'BAR Lobby Lounge bar', other_store: 'MAIN Main store', quantity: '24.000', value: '684000.00' },
      { store: 'MAIN Main store', other_store: 'BAR Lobby Lounge bar', quantity: '-24.000', value: '-684000.00' },
    ]);
  });
});

describe('slow-moving stock', () => {
  it('names what has not gone out of the main store for the days asked', async () => {
    const ten = await report('report-slowmoving', { as_of: '2026-11-23', days: 10, store_id: id['store:MAIN'] });
    expect(ten.find((r) => r.item_code === 'B-001')).toMatchObject({ quantity: '156.000', value: '4446000.00', days_idle: 11 });
    const twelve = await report('report-slowmoving', { as_of: '2026-11-23', days: 12, store_id: id['store:MAIN'] });
    expect(twelve.find((r) => r.item_code === 'B-001')).toBeUndefined();
    // the rest of the main store has not moved since the opening stock of the 1st
    expect(twelve.length).toBeGreaterThan(0);
    expect(new Set(twelve.map((r) => r.days_idle))).toEqual(new Set([22]));
    expect(twelve.length).toBe(ten.length - 1);
    expect(await report('report-slowmoving', { as_of: '2026-11-23', days: 23, store_id: id['store:MAIN'] })).toEqual([]);
  });

  it('refuses more days than two years', async () => {
    expect((await agus.get(`/api/reports/report-slowmoving?as_of=2026-11-23&days=731`)).statusCode).toBe(400);
  });
});

describe('stock count adjustments', () => {
  it('values the two bottles short at 28.500', async () => {
    const rows = await report('report-invadjustment', { date_from: '2026-11-01', date_to: '2026-11-23' });
    expect(pick(rows, ['store', 'item_code', 'book_quantity', 'counted_quantity', 'difference', 'unit_cost', 'value'])).toEqual([
      {
        store: 'MAIN Main store',
        item_code: 'B-001',
        book_quantity: '158.000',
        counted_quantity: '156.000',
        difference: '-2.000',
        unit_cost: '28500.0000',
        value: '-57000.00',
      },
    ]);
  });
});
