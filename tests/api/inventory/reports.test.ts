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

describe('transfers, requisitions and consumption', () => {
  it("lists the chef's approved requisition as outstanding, with what the main store holds", async () => {
    const req = await ok(
      await save(agus, 'requisition', {
        to_store_id: id['store:KIT'],
        from_store_id: id['store:MAIN'],
        requested_by: 'Chef Wayan',
        lines: [{ item_id: id['item:F-002'], quantity: '4' }],
      }),
      201,
    );
    await ok(await act(agus, 'requisition', req.id, 'request'));
    await ok(await act(agus, 'requisition', req.id, 'approve'));
    const rows = await report('outstanding-sr', {});
    expect(
      pick(rows, ['number', 'to_store', 'from_store', 'requested_by', 'item_code', 'unit', 'quantity', 'to_give', 'on_hand', 'enough']),
    ).toEqual([
      {
        number: req.number,
        to_store: 'KIT Main kitchen',
        from_store: 'MAIN Main store',
        requested_by: 'Chef Wayan',
        item_code: 'F-002',
        unit: 'KG',
        quantity: '4.000',
        to_give: '4.000',
        on_hand: '25.000',
        enough: true,
      },
    ]);

    // the storekeeper gives 3.5 kg of the 4 asked, at the main store's 165.000 a kilo
    const approved = await ok(await agus.get(`/api/data/inventory/requisition/${req.id}`));
    await ok(
      await agus.patch(`/api/data/inventory/requisition/${req.id}`, {
        version: approved.version,
        lines: [{ ...approved.lines[0], issued_quantity: '3.5' }].map(({ _refs, ...l }) => l),
      }),
    );
    await ok(await act(agus, 'requisition', req.id, 'issue'));
    expect(await report('outstanding-sr', {})).toEqual([]);
    const lines = await report('stock-requisition-report', { date_from: '2026-11-01', date_to: '2026-11-23' });
    expect(pick(lines, ['number', 'status', 'quantity', 'issued_quantity', 'value'])).toEqual([
      { number: req.number, status: 'issued', quantity: '4.000', issued_quantity: '3.500', value: '577500.00' },
    ]);
    const summary = await report('requisition-summary-report', { date_from: '2026-11-01', date_to: '2026-11-23' });
    expect(pick(summary, ['to_store', 'from_store', 'status', 'requisitions', 'lines', 'value'])).toEqual([
      { to_store: 'KIT Main kitchen', from_store: 'MAIN Main store', status: 'issued', requisitions: 1, lines: 1, value: '577500.00' },
    ]);
  });

  it('lists the transfers out of the main store and sums them by receiving store and item group', async () => {
    const rows = await report('stock-articles-transfer-list', {
      date_from: '2026-11-01',
      date_to: '2026-11-23',
      store_id: id['store:MAIN'],
    });
    expect(pick(rows, ['kind', 'from_store', 'to_store', 'item_code', 'quantity', 'unit', 'unit_cost', 'value'])).toEqual([
      {
        kind: 'transfer',
        from_store: 'MAIN Main store',
        to_store: 'BAR Lobby Lounge bar',
        item_code: 'B-001',
        quantity: '24.000',
        unit: 'BTL',
        unit_cost: '28500.0000',
        value: '684000.00',
      },
      {
        kind: 'requisition',
        from_store: 'MAIN Main store',
        to_store: 'KIT Main kitchen',
        item_code: 'F-002',
        quantity: '3.500',
        unit: 'KG',
        unit_cost: '165000.0000',
        value: '577500.00',
      },
    ]);
    const summary = await report('report-transfersummary', { date_from: '2026-11-01', date_to: '2026-11-23' });
    expect(summary).toEqual([
      {
        from_store: 'MAIN Main store',
        to_store: 'BAR Lobby Lounge bar',
        item_group: 'BEV Beverage',
        documents: 1,
        lines: 1,
        value: '684000.00',
      },
      { from_store: 'MAIN Main store', to_store: 'KIT Main kitchen', item_group: 'FOOD Food', documents: 1, lines: 1, value: '577500.00' },
    ]);
  });

  it('charges the lounge its ten bottles of Bintang as beverage cost', async () => {
    const rows = await report('stock-articles-outgoing-consumption', { date_from: '2026-11-01', date_to: '2026-11-23' });
    expect(rows).toEqual([
      { department: 'FB Food & Beverage', outlet: 'LOUNGE Lobby Lounge', item_group: 'BEV Beverage', lines: 1, value: '285000.00' },
    ]);
  });

  it('shows the issue journal once it is posted to the ledger', async () => {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM inv_gl_transfer WHERE branch_id = ${gnb} AND source_kind = 'issue' AND status = 'pending'`.execute(db);
    expect(rows).toHaveLength(1);
    expect(await report('journal-incstock', { date_from: '2026-11-01', date_to: '2026-11-23' })).toEqual([]);
    await ok(await agus.post('/api/ops/inventory.postJournal', { id: rows[0].id }));
    const lines = await report('journal-incstock', { date_from: '2026-11-01', date_to: '2026-11-23' });
    expect(pick(lines, ['date', 'document', 'kind', 'account_code', 'department', 'debit', 'credit'])).toEqual([
      {
        date: '2026-11-10',
        document: 'IS-202611-0001',
        kind: 'issue',
        account_code: '5202.01',
        department: 'FB',
        debit: '285000.00',
        credit: '0.00',
      },
      {
        date: '2026-11-10',
        document: 'IS-202611-0001',
        kind: 'issue',
        account_code: '1302.01',
        department: null,
        debit: '0.00',
        credit: '285000.00',
      },
    ]);
  });
});
