import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { availabilityRows } from '../../support/availability.js';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('every shipped report', () => {
  it('runs on the demo hotel with its default parameters', async () => {
    const codes = [...t.meta.reports.keys()].sort();
    expect(codes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    // a report of one thing (an outlet bill's payments, an item's stock, an account's statement) has no default for the thing it is given: the demo's first
    const first = async (table: 'pos_check' | 'inv_item' | 'business_account') =>
      String(
        (await sql<{ id: number }>`SELECT coalesce(min(id), 1)::int AS id FROM ${sql.table(table)}`.execute(t.database.db)).rows[0].id,
      );
    const given: Record<string, string> = {
      check_id: await first('pos_check'),
      item_id: await first('inv_item'),
      account_id: await first('business_account'),
    };
    for (const code of codes) {
      const required = (t.meta.reports.get(code)!.parameters?.required ?? []) as string[];
      const query = new URLSearchParams(Object.fromEntries(required.filter((p) => p in given).map((p) => [p, given[p]])));
      const res = await admin.get(`/api/reports/${code}${query.size ? `?${query}` : ''}`);
      if (res.statusCode !== 200 || !Array.isArray(res.json().rows)) failures.push(`${code}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('front-office figures', () => {
  it('the room count sheet counts the 120 rooms, room 512 out of order, and agrees with availability', async () => {
    const sheet = (await admin.get('/api/reports/room-count-sheet')).json();
    expect(sheet.grandTotals.total).toBe('120');
    expect(sheet.grandTotals.ooo).toBe('1');
    const free = availabilityRows((await admin.get('/api/frontoffice/availability?from=2026-11-23&to=2026-11-24')).json());
    const booked = free.reduce((n: number, r: { booked: number }) => n + r.booked, 0);
    expect(Number(sheet.grandTotals.occupied)).toBe(booked);
  });

  it('the forecast follows USALI: out-of-order rooms stay available unless the setup excludes them, comp rooms are not sold', async () => {
    const f = (await admin.get('/api/reports/forecast-room?days=3')).json();
    expect(f.rows).toHaveLength(3);
    for (const r of f.rows) {
      expect(Number(r.occupancy)).toBeCloseTo((100 * Number(r.sold)) / Number(r.available), 2);
      expect(Number(r.occupancy_comp)).toBeCloseTo((100 * (Number(r.sold) + Number(r.comp))) / Number(r.available), 2);
      if (Number(r.sold)) expect(Number(r.adr)).toBe(Math.round(Number(r.revenue) / Number(r.sold)));
    }
    expect(f.rows[0]).toMatchObject({ available: 120, ooo: 1 });
    await sql`UPDATE hotel_setup SET exclude_ooo_from_available = true WHERE branch_id = 1`.execute(t.database.db);
    const excl = (await admin.get('/api/reports/forecast-room?days=1')).json();
    await sql`UPDATE hotel_setup SET exclude_ooo_from_available = false WHERE branch_id = 1`.execute(t.database.db);
    expect(excl.rows[0].available).toBe(119);
  });

  it('stays behind the front-office right: the cashier may not run it', async () => {
    const cashier = await t.login('cashier');
    expect((await cashier.get('/api/reports/forecast-room')).statusCode).toBe(403);
  });
});
