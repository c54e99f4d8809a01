import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';

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
    for (const code of codes) {
      const res = await admin.get(`/api/reports/${code}`);
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
    const free = (await admin.get('/api/frontoffice/availability?from=2026-11-23&to=2026-11-24')).json().rows;
    const booked = free.reduce((n: number, r: { booked: number }) => n + r.booked, 0);
    expect(Number(sheet.grandTotals.occupied)).toBe(booked);
  });

  it('the forecast gives occupancy as sold over rooms to sell, and ADR as net revenue over rooms sold', async () => {
    const f = (await admin.get('/api/reports/forecast-room?days=3')).json();
    expect(f.rows).toHaveLength(3);
    for (const r of f.rows) {
      expect(Number(r.occupancy)).toBeCloseTo((100 * Number(r.sold)) / Number(r.to_sell), 2);
      if (Number(r.sold)) expect(Number(r.adr)).toBe(Math.round(Number(r.revenue) / Number(r.sold)));
    }
    expect(f.rows[0].to_sell).toBe(119);
  });

  it('stays behind the front-office right: the cashier may not run it', async () => {
    const cashier = await t.login('cashier');
    expect((await cashier.get('/api/reports/forecast-room')).statusCode).toBe(403);
  });
});
