import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * Food and beverage cost at the Grand Nusantara Bandung's In-Room Dining (business date 23/11/2026). The main
 * store takes in the room-service pantry's own lots at known prices; the cost controller writes the recipes of
 * nasi goreng and cappuccino; the store issues to In-Room Dining; Dewi sells three nasi goreng and two
 * cappuccinos to room 1203 and is paid by card — through the point of sale's own commands. The flash, the
 * material reconciliation and the month's reconciliation then show the figures worked out below by hand.
 */
let t: TestApp;
let db: Db;
let admin: ApiClient;
let dewi: ApiClient;
let gnb: number;
const id: Record<string, number> = {};

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const ids = async (branch: number, table: string, prefix: string, where = sql`true`) => {
  const { rows } = await sql<{ id: number; code: string }>`
    SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${branch} AND ${where}`.execute(db);
  for (const r of rows) id[`${prefix}${r.code}`] = Number(r.id);
};
const report = async (code: string, params: Record<string, string | number>) =>
  (await ok(await admin.get(`/api/reports/${code}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`)))
    .rows as Record<string, unknown>[];
const posted = async (entity: string, body: unknown) => {
  const doc = await ok(await admin.post(`/api/data/inventory/${entity}`, body), 201);
  await ok(await admin.post(`/api/data/inventory/${entity}/${doc.id}/post`, { version: doc.version }));
  return doc;
};
const pos = (name: string, body: unknown) => dewi.post(`/api/ops/pointofsales.${name}`, body, { 'idempotency-key': crypto.randomUUID() });

/** The pantry's own lots, so the averages are known whatever else the demo bought: [code, name, group, stock unit, purchase unit]. */
const PANTRY: [string, string, string, string, string][] = [
  ['F-101', 'Pandan wangi rice', 'FOOD', 'KG', 'KG'],
  ['F-102', 'Chicken thigh fillet', 'FOOD', 'KG', 'KG'],
  ['F-103', 'Free-range eggs', 'FOOD', 'PCS', 'TRAY'],
  ['F-104', 'Palm cooking oil', 'FOOD', 'L', 'L'],
  ['F-105', 'Brebes shallots', 'FOOD', 'KG', 'KG'],
  ['F-106', 'UHT full-cream milk', 'FOOD', 'L', 'L'],
  ['F-107', 'Kecap manis bottle 620 ml', 'FOOD', 'BTL', 'BTL'],
  ['B-101', 'Gayo arabica beans', 'BEV', 'G', 'KG'],
];

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  admin = await t.login('admin');
  dewi = await t.login('cashier');
  gnb = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  admin.branchId = gnb;
  dewi.branchId = gnb;
  await ids(gnb, 'inv_store', 'store:');
  await ids(gnb, 'inv_unit', 'unit:');
  await ids(gnb, 'inv_item_group', 'group:');
  await ids(gnb, 'outlet', 'outlet:');
  await ids(gnb, 'department', 'dept:');
  await ids(gnb, 'pay_article', 'pay:');
  await ids(gnb, 'pos_menu', 'rsvc:', sql`outlet_id = ${id['outlet:RSVC']}`);
  for (const [code, name, group, stock, purchase] of PANTRY) {
    const item = await ok(
      await admin.post('/api/data/purchasing/item', {
        code,
        name,
        name_id: name,
        group_id: id[`group:${group}`],
        stock_unit_id: id[`unit:${stock}`],
        purchase_unit_id: id[`unit:${purchase}`],
      }),
      201,
    );
    id[`item:${code}`] = item.id;
  }
  // the main store's lots: rice Rp 15.000/kg, chicken Rp 60.000/kg, eggs Rp 2.500, oil Rp 20.000/L, shallots
  // Rp 40.000/kg, milk Rp 22.000/L, kecap Rp 28.000 a bottle, beans Rp 300/g
  await posted('opening-stock', {
    store_id: id['store:MAIN'],
    description: 'Room-service pantry lots',
    lines: [
      ['F-101', '50', '750000'],
      ['F-102', '20', '1200000'],
      ['F-103', '300', '750000'],
      ['F-104', '20', '400000'],
      ['F-105', '10', '400000'],
      ['F-106', '12', '264000'],
      ['F-107', '12', '336000'],
      ['B-101', '5000', '1500000'],
    ].map(([item, quantity, value]) => ({ item_id: id[`item:${item}`], quantity, value })),
  });
});
afterAll(() => t.close());

const line = (item: string, quantity: string, unit?: string, waste_pct?: string) => ({
  item_id: id[`item:${item}`],
  quantity,
  ...(unit && { unit_id: id[`unit:${unit}`] }),
  ...(waste_pct && { waste_pct }),
});
let nasiGoreng: number;

describe('a recipe costed at today’s average', () => {
  it('costs nasi goreng from grams, millilitres and pieces in the items’ stock units, the chicken grossed up for its trim', async () => {
    const recipe = await ok(
      await admin.post('/api/data/inventory/recipe', {
        outlet_id: id['outlet:RSVC'],
        menu_id: id['rsvc:R01'],
        portions: 1,
        method: 'Fry the shallots, add rice and chicken, finish with kecap and a fried egg.',
        lines: [
          line('F-101', '200', 'G'),
          line('F-102', '100', 'G', '20'),
          line('F-103', '1'),
          line('F-104', '30', 'ML'),
          line('F-105', '20', 'G'),
        ],
      }),
      201,
    );
    nasiGoreng = recipe.id;
    expect(recipe.number).toMatch(/^RC-\d{4}$/);
    const read = await ok(await admin.get(`/api/data/inventory/recipe/${recipe.id}`));
    // 100 g of chicken with 20 % trim is 125 g from the store
    expect(
      read.lines.map((l: { stock_quantity: string; unit_cost: string; cost: string }) => [l.stock_quantity, l.unit_cost, l.cost]),
    ).toEqual([
      ['0.200000', '15000.0000', '3000.0000'],
      ['0.125000', '60000.0000', '7500.0000'],
      ['1.000000', '2500.0000', '2500.0000'],
      ['0.030000', '20000.0000', '600.0000'],
      ['0.020000', '40000.0000', '800.0000'],
    ]);
    // 14.400 of a price of Rp 90.000 (++: room service's Rp 75.000 + Rp 15.000 tray charge) = 16,00 %
    expect(read).toMatchObject({ cost_per_portion: '14400.00', price: '90000.00', net_price: '90000.00', cost_pct: '16.00' });
    const list = await ok(await admin.get('/api/data/inventory/recipe?limit=100'));
    expect(list.rows.find((r: { id: number }) => r.id === recipe.id)).toMatchObject({ cost_per_portion: '14400.00', cost_pct: '16.00' });
  });

  it('keeps two decimals of the cost % from the unrounded cost: a cappuccino of two portions', async () => {
    const recipe = await ok(
      await admin.post('/api/data/inventory/recipe', {
        outlet_id: id['outlet:RSVC'],
        menu_id: id['rsvc:C02'],
        portions: 2,
        lines: [line('B-101', '36'), line('F-106', '0.3', 'L')],
      }),
      201,
    );
    // (36 g × 300 + 0,3 L × 22.000) / 2 = 8.700 of Rp 57.000 = 15,263… %
    expect(await ok(await admin.get(`/api/data/inventory/recipe/${recipe.id}`))).toMatchObject({
      cost_per_portion: '8700.00',
      price: '57000.00',
      cost_pct: '15.26',
    });
  });

  it('follows the average when a dearer lot comes in: the recipe is costed again on the next read, and the save is in the audit log', async () => {
    await posted('opening-stock', { store_id: id['store:MAIN'], lines: [{ item_id: id['item:F-101'], quantity: '50', value: '900000' }] });
    // (750.000 + 900.000) / 100 kg = 16.500 → 0,2 kg is 3.300
    const read = await ok(await admin.get(`/api/data/inventory/recipe/${nasiGoreng}`));
    expect(read.lines[0]).toMatchObject({ unit_cost: '16500.0000', cost: '3300.0000' });
    expect(read).toMatchObject({ cost_per_portion: '14700.00', cost_pct: '16.33' });
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_log WHERE entity = 'inventory/recipe' AND entity_id = ${String(nasiGoreng)}`.execute(db);
    expect(rows[0].n).toBe(1);
  });

  it('refuses an ingredient in a unit that does not convert to its stock unit, naming the line and both units', async () => {
    expectApiError(
      await admin.post('/api/data/inventory/recipe', {
        outlet_id: id['outlet:RSVC'],
        menu_id: id['rsvc:R02'],
        lines: [line('F-101', '150', 'G'), line('F-107', '15', 'ML')],
      }),
      400,
      { fields: { 'lines/1/unit_id': 'Line 2: ML does not convert to BTL, the stock unit of F-107 Kecap manis bottle 620 ml.' } },
    );
  });

  it('refuses a second recipe for the same menu item, and a menu item of another outlet', async () => {
    expectApiError(
      await admin.post('/api/data/inventory/recipe', {
        outlet_id: id['outlet:RSVC'],
        menu_id: id['rsvc:R01'],
        lines: [line('F-101', '1')],
      }),
      409,
    );
    expectApiError(
      await admin.post('/api/data/inventory/recipe', {
        outlet_id: id['outlet:RESTO'],
        menu_id: id['rsvc:R02'],
        lines: [line('F-101', '1')],
      }),
      400,
    );
  });

  it("hides another property's recipe and refuses those without the right", async () => {
    const bali = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'NBR'`.execute(db)).rows[0].id;
    const atBali = await t.login('admin');
    atBali.branchId = bali;
    expectApiError(await atBali.get(`/api/data/inventory/recipe/${nasiGoreng}`), 404);
    const frontdesk = await t.login('frontdesk');
    expectApiError(await frontdesk.get('/api/data/inventory/recipe'), 403);
    expectApiError(await frontdesk.get('/api/reports/daily-fbflash?date=2026-11-23'), 403);
  });
});

describe("the day's F&B cost against what the point of sale sold", () => {
  let before: Record<string, unknown>[];

  it('issues the pantry to In-Room Dining and sells three nasi goreng and two cappuccinos, paid by card', async () => {
    before = await report('fbreconciliation', { date: '2026-11-23' });
    // 1 kg rice at 16.500, 0,5 kg chicken 30.000, 4 eggs 10.000, 0,1 L oil 2.000, 0,1 kg shallots 4.000 = 62.500
    // food; 60 g of beans 18.000 beverage
    await posted('outgoing', {
      kind: 'issue',
      store_id: id['store:MAIN'],
      outlet_id: id['outlet:RSVC'],
      lines: [
        line('F-101', '1'),
        line('F-102', '0.5'),
        line('F-103', '4'),
        line('F-104', '0.1'),
        line('F-105', '0.1'),
        line('B-101', '60'),
      ],
    });
    await ok(await pos('openShift', { outlet_id: id['outlet:RSVC'], opening_float: '500.000' }));
    const bill = await ok(
      await dewi.post('/api/data/pointofsales/check', {
        outlet_id: id['outlet:RSVC'],
        guest_name: 'Room 1203',
        covers: 3,
        items: [
          { menu_id: id['rsvc:R01'], quantity: 3 },
          { menu_id: id['rsvc:C02'], quantity: 2 },
        ],
      }),
      201,
    );
    // 270.000 food + 114.000 beverage, ++ service 38.400 and PBJT 42.240
    expect(bill).toMatchObject({ subtotal: '384000.00', total: '464640.00' });
    await ok(await pos('sendOrder', { id: bill.id }));
    expect(await ok(await pos('pay', { id: bill.id, kind: 'card', pay_article_id: id['pay:VISA'], card_last4: '1203' }))).toMatchObject({
      status: 'paid',
    });
  });

  it("shows In-Room Dining's food cost % and beverage cost % in the daily flash, today and month to date", async () => {
    const rows = await report('daily-fbflash', { date: '2026-11-23' });
    const rsvc = rows.filter((r) => String(r.outlet).startsWith('RSVC'));
    expect(rsvc).toEqual([
      // 18.000 / 114.000 = 15,789… %
      {
        cost_kind: 'beverage',
        outlet: 'RSVC - In-Room Dining',
        revenue_today: '114000.00',
        cost_today: '18000.00',
        cost_pct_today: '15.79',
        revenue_mtd: '114000.00',
        cost_mtd: '18000.00',
        cost_pct_mtd: '15.79',
      },
      // 62.500 / 270.000 = 23,148… %
      {
        cost_kind: 'food',
        outlet: 'RSVC - In-Room Dining',
        revenue_today: '270000.00',
        cost_today: '62500.00',
        cost_pct_today: '23.15',
        revenue_mtd: '270000.00',
        cost_mtd: '62500.00',
        cost_pct_mtd: '23.15',
      },
    ]);
  });

  it('works out the theoretical consumption of the sales from the recipes and sets it against what was issued', async () => {
    const rows = await report('material-reconciliation', { date_from: '2026-11-23', date_to: '2026-11-23', outlet_id: id['outlet:RSVC'] });
    const pick = (r: Record<string, unknown>) => [
      r.code,
      r.theoretical,
      r.actual,
      r.difference,
      r.unit_cost,
      r.theoretical_value,
      r.actual_value,
      r.difference_value,
    ];
    expect(rows.map(pick)).toEqual([
      // 2 cappuccinos: 2/2 × 36 g; 3 nasi goreng: 3 × 0,2 kg …
      ['B-101', '36.000', '60.000', '24.000', '300.00', '10800.00', '18000.00', '7200.00'],
      ['F-101', '0.600', '1.000', '0.400', '16500.00', '9900.00', '16500.00', '6600.00'],
      ['F-102', '0.375', '0.500', '0.125', '60000.00', '22500.00', '30000.00', '7500.00'],
      ['F-103', '3.000', '4.000', '1.000', '2500.00', '7500.00', '10000.00', '2500.00'],
      ['F-104', '0.090', '0.100', '0.010', '20000.00', '1800.00', '2000.00', '200.00'],
      ['F-105', '0.060', '0.100', '0.040', '40000.00', '2400.00', '4000.00', '1600.00'],
      // the milk went out with no issue to room service: valued at today's average
      ['F-106', '0.300', '0.000', '-0.300', '22000.00', '6600.00', '0', '-6600.00'],
    ]);
  });

  it("reconciles the month: the issue is cost issued straight to an outlet, the bill's revenue beside it", async () => {
    const after = await report('fbreconciliation', { date: '2026-11-23' });
    const delta = (kind: string, field: string) =>
      Number(after.find((r) => r.cost_kind === kind)![field]) - Number(before.find((r) => r.cost_kind === kind)![field]);
    expect([delta('food', 'direct'), delta('food', 'revenue'), delta('food', 'consumed')]).toEqual([62500, 270000, 0]);
    expect([delta('beverage', 'direct'), delta('beverage', 'revenue')]).toEqual([18000, 114000]);
  });

  it('counts stock sent into the kitchen as cost of its outlet, and a staff meal issued from the kitchen as cost taken back', async () => {
    const resto = async () =>
      (await report('daily-fbflash', { date: '2026-11-23' })).find((r) => r.cost_kind === 'food' && String(r.outlet).startsWith('RESTO'));
    const was = Number((await resto())?.cost_today ?? 0);
    await posted('outgoing', { kind: 'transfer', store_id: id['store:MAIN'], to_store_id: id['store:KIT'], lines: [line('F-102', '2')] });
    expect(Number((await resto())!.cost_today) - was).toBe(120000);
    await posted('outgoing', {
      kind: 'issue',
      store_id: id['store:KIT'],
      department_id: id['dept:HR'],
      description: 'Staff canteen',
      lines: [line('F-102', '0.5')],
    });
    expect(Number((await resto())!.cost_today) - was).toBe(90000);
    const dashboard = (await report('icc-dashboard', { date: '2026-11-23' }))[0];
    expect(Object.keys(dashboard)).toEqual([
      'food_cost_pct_today',
      'beverage_cost_pct_today',
      'food_cost_pct_mtd',
      'beverage_cost_pct_mtd',
      'fb_cost_mtd',
      'stock_value',
    ]);
  });

  it('refuses a material reconciliation over more than 92 days', async () => {
    expectApiError(await admin.get('/api/reports/material-reconciliation?date_from=2026-01-01&date_to=2026-11-23'), 400);
  });
});
