import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

/**
 * The point of sales' masters at the Grand Nusantara Bandung: Dewi, the restaurant cashier, keeps the Kembang
 * Restaurant's menu (groups, prices, modifiers), its tables and the reasons a void or a discount needs; the
 * outlets charge the property's tax and service; the front desk sees none of it.
 */
let t: TestApp;
let dewi: ApiClient;
let desk: ApiClient;
let branch: number;

const ok = async (res: Awaited<ReturnType<ApiClient['post']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

beforeAll(async () => {
  t = await startTestApp();
  dewi = await t.login('cashier');
  desk = await t.login('frontdesk');
  branch = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(t.database.db)).rows[0].id;
  dewi.branchId = branch;
  desk.branchId = branch;
});
afterAll(() => t.close());

describe('the outlets and their menus', () => {
  it('ship the restaurant with its tax and service, main groups on their revenue accounts, and forty dishes with modifiers', async () => {
    const outlets = (await ok(await dewi.get('/api/data/system/outlet'))).rows;
    const resto = outlets.find((o: { code: string }) => o.code === 'RESTO');
    expect(resto).toMatchObject({ kind: 'restaurant', covers: 80, _refs: { tax_service_id: expect.stringContaining('TS21') } });
    const mains = (await ok(await dewi.get('/api/data/pointofsales/main-group'))).rows;
    expect(
      mains.map((m: { code: string; _refs: { revenue_account_id: string } }) => [m.code, m._refs.revenue_account_id.slice(0, 7)]),
    ).toEqual([
      ['FOOD', '4203.01'],
      ['BEV', '4204.01'],
      ['OTH', '4205.01'],
    ]);
    const menu = await ok(
      await dewi.get(
        `/api/data/pointofsales/menu?limit=200&filter=${encodeURIComponent(JSON.stringify({ outlet_id: { op: 'eq', value: resto.id } }))}`,
      ),
    );
    expect(menu.rows).toHaveLength(41);
    const friedRice = menu.rows.find((m: { code: string }) => m.code === 'R01');
    expect(friedRice).toMatchObject({ name: 'Nasi goreng kampung', price: '75000.00', station: 'kitchen' });
    const full = await ok(await dewi.get(`/api/data/pointofsales/menu/${friedRice.id}`));
    expect(full.modifiers.map((m: { name: string; price: string }) => [m.name, m.price])).toEqual([
      ['Extra egg', '8000.00'],
      ['No chilli', '0.00'],
      ['Add chicken satay', '25000.00'],
    ]);
  });

  it('adds a dish with its modifiers, refuses a second dish under the same code in the outlet, and a price below zero', async () => {
    const resto = (await ok(await dewi.get('/api/data/system/outlet?q=RESTO'))).rows[0];
    const group = (await ok(await dewi.get('/api/data/pointofsales/menu-group?q=MAIN'))).rows[0];
    const dish = {
      outlet_id: resto.id,
      code: 'M09',
      name: 'Gurame asam manis',
      name_id: 'Gurame asam manis',
      group_id: group.id,
      price: '155000',
      cost: '61000',
      modifiers: [
        { name: 'Whole fish fried dry', price: null },
        { name: 'Extra sweet and sour sauce', price: '10000' },
      ],
    };
    const saved = await ok(await dewi.post('/api/data/pointofsales/menu', dish), 201);
    expect(saved.modifiers).toHaveLength(2);
    expectApiError(await dewi.post('/api/data/pointofsales/menu', { ...dish, name: 'Gurame bakar' }), 409);
    expectApiError(await dewi.post('/api/data/pointofsales/menu', { ...dish, code: 'M10', price: '-1000' }), 400);
  });

  it('keeps twenty tables in the restaurant, the reasons by kind, the service periods, and Dewi as its cashier', async () => {
    const tables = await ok(await dewi.get('/api/data/pointofsales/table?limit=100&q=T'));
    expect(tables.rows.filter((r: { code: string }) => r.code.startsWith('T'))).toHaveLength(20);
    const reasons = (await ok(await dewi.get('/api/data/pointofsales/reason?limit=50'))).rows;
    expect(new Set(reasons.map((r: { kind: string }) => r.kind))).toEqual(new Set(['void', 'discount', 'complimentary', 'cancel']));
    expectApiError(
      await dewi.post('/api/data/pointofsales/shift', { code: 'BRUNCH', name: 'Brunch', starts: '25:00', ends: '14:00' }),
      400,
    );
    const cashiers = (await ok(await dewi.get('/api/data/pointofsales/cashier'))).rows;
    expect(cashiers[0]).toMatchObject({ default_float: '1000000.00', _refs: { outlet_id: expect.stringContaining('RESTO') } });
  });

  it('is not the front desk’s to see', async () => {
    expectApiError(await desk.get('/api/data/pointofsales/menu'), 403);
  });
});

describe('copying a menu to another outlet', () => {
  it("copies the lounge's drinks to the spa with their modifiers, once, and never onto itself", async () => {
    const outlets = (await ok(await dewi.get('/api/data/system/outlet'))).rows as { id: number; code: string }[];
    const lounge = outlets.find((o) => o.code === 'LOUNGE')!.id;
    const spa = outlets.find((o) => o.code === 'SPA')!.id;
    const copy = () => dewi.post('/api/ops/pointofsales.duplicateMenu', { id: lounge, to_outlet_id: spa });
    expect(await ok(await copy())).toEqual({ count: 15 });
    expect(await ok(await copy())).toEqual({ count: 0 });
    const spaMenu = await ok(
      await dewi.get(
        `/api/data/pointofsales/menu?limit=50&filter=${encodeURIComponent(JSON.stringify({ outlet_id: { op: 'eq', value: spa } }))}`,
      ),
    );
    const cappuccino = spaMenu.rows.find((m: { code: string }) => m.code === 'C02');
    expect(
      (await ok(await dewi.get(`/api/data/pointofsales/menu/${cappuccino.id}`))).modifiers.map((m: { name: string }) => m.name),
    ).toEqual(['Oat milk', 'Extra shot']);
    expectApiError(await dewi.post('/api/ops/pointofsales.duplicateMenu', { id: lounge, to_outlet_id: lounge }), 400);
  });
});
