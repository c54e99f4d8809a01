import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

/**
 * Period statistics at Grand Nusantara Bandung for the nights of Monday 06/09 to Wednesday 08/09/2027,
 * with every demo stay in those nights cancelled first, against figures worked out by hand (USALI):
 * Deluxe rates at Rp 1.000.000 ++ room only and Rp 1.250.000 ++ with breakfast (Rp 125.000 per adult
 * before service and tax), a complimentary rate sold on a transient segment, and a tentative booking.
 */
let t: TestApp;
let desk: ApiClient;
let sales: ApiClient;
const ids: Record<string, number> = {};
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function first(c: ApiClient, entity: string, filter: Record<string, unknown>) {
  return (await c.get(`/api/data/${entity}?limit=1&filter=${q(filter)}`)).json().rows[0].id as number;
}
async function rate(code: string, price: string, extra: Record<string, unknown> = {}) {
  const res = await sales.post('/api/data/frontoffice/rate-code', {
    code,
    name: `Statistics ${code}`,
    room_type_id: ids.DLX,
    tax_service_id: ids.TS21,
    valid_from: '2027-01-01',
    valid_to: '2027-12-31',
    weekday_price: price,
    weekend_price: price,
    dynamic: false,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
async function stay(rateId: number, arrival: string, departure: string, status = 'confirmed', segment?: number) {
  const res = await desk.post('/api/data/frontoffice/reservation', {
    guest_id: ids.guest,
    room_type_id: ids.DLX,
    rate_code_id: rateId,
    adults: 2,
    arrival,
    departure,
    status,
    ...(segment ? { segment_id: segment } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  sales = await t.login('sales');
  await sql`UPDATE reservation SET status = 'cancelled' WHERE arrival < '2027-09-09' AND departure > '2027-09-06'`.execute(t.database.db);
  ids.DLX = await first(desk, 'frontoffice/room-type', { code: { op: 'eq', value: 'DLX' } });
  ids.TS21 = (await sales.get('/api/data/system/tax-service/lookup?q=TS21')).json().rows.find((r: any) => r.label.startsWith('TS21 '))?.id;
  ids.RB = await first(sales, 'sales/arrangement', { code: { op: 'eq', value: 'RB' } });
  ids.transient = (await desk.get('/api/data/frontoffice/segment?limit=50')).json().rows.find((s: any) => s.kind === 'transient').id;
  ids.guest = (await desk.post('/api/data/frontoffice/guest', { name: 'Ketut Statistika', nationality: 'ID' })).json().id;
  ids.room = await rate('STATRO', '1000000');
  ids.breakfast = await rate('STATRB', '1250000', { arrangement_id: ids.RB });
  ids.comp = await rate('STATCP', '1000000', { usage: 'complimentary' });
  await stay(ids.room, '2027-09-06', '2027-09-08'); // 2 paid nights, Rp 1.000.000 each
  await stay(ids.breakfast, '2027-09-06', '2027-09-09'); // 3 paid nights, Rp 1.250.000 − 2 × 125.000 each
  await stay(ids.comp, '2027-09-08', '2027-09-09', 'confirmed', ids.transient); // complimentary whatever the segment
  await stay(ids.room, '2027-09-07', '2027-09-08', 'tentative'); // apart
});
afterAll(() => t?.close());

describe('period statistics', () => {
  it('equal the figures worked out by hand for the three nights', async () => {
    const rooms = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM room WHERE branch_id = 1 AND active`.execute(t.database.db))
      .rows[0].n;
    const res = await desk.get('/api/frontoffice/statistics?from=2027-09-06&to=2027-09-08');
    expect(res.statusCode, res.body).toBe(200);
    const { period, nights, basis } = res.json();
    expect(basis).toBe('inventory');
    const available = 3 * rooms; // 120 rooms × 3 nights = 360
    // 2 × 1.000.000 + 3 × (1.250.000 − 250.000) = 5.000.000 for 5 rooms sold
    expect(period).toEqual({
      available,
      out_of_order: period.out_of_order,
      sold: 5,
      complimentary: 1,
      house_use: 0,
      tentative: 1,
      room_revenue: '5000000',
      // from the period's sums, two decimals: 5 ÷ 360 = 1,39 %, not a mean of the nights' rounded figures
      occupancy: ((5 / available) * 100).toFixed(2),
      occupancy_with_comp: ((6 / available) * 100).toFixed(2), // 1.67
      adr: '1000000',
      revpar: String(Math.round(5_000_000 / available)), // 13.889
    });
    expect(nights.map((n: any) => [n.night, n.sold, n.complimentary, n.tentative, n.room_revenue])).toEqual([
      ['2027-09-06', 2, 0, 0, '2000000'],
      ['2027-09-07', 2, 0, 1, '2000000'],
      ['2027-09-08', 1, 1, 0, '1000000'],
    ]);
  });

  it("shows the same period figures in the occupancy forecast's total row: ratios of the period's sums, never sums of rates", async () => {
    const res = await desk.get('/api/reports/forecast-room?date_from=2027-09-06&days=3');
    expect(res.statusCode, res.body).toBe(200);
    const { period } = (await desk.get('/api/frontoffice/statistics?from=2027-09-06&to=2027-09-08')).json();
    const total = res.json().grandTotals;
    expect(total).toMatchObject({
      available: String(period.available),
      sold: String(period.sold),
      revenue: period.room_revenue,
      occupancy: period.occupancy,
      occupancy_comp: period.occupancy_with_comp,
      adr: period.adr,
      revpar: period.revpar,
    });
  });

  it("takes the breakfast share out of the breakfast rate's room revenue", async () => {
    const rn = await sql<{ room_revenue: string; package: string }>`
      SELECT room_revenue::text, package::text FROM reservation_night WHERE rate_code_id = ${ids.breakfast} AND night = '2027-09-06'`.execute(
      t.database.db,
    );
    expect(rn.rows[0]).toEqual({ room_revenue: '1000000.00', package: '250000.00' });
  });

  it('refuses a period over a year, in words', async () => {
    expectApiError(await desk.get('/api/frontoffice/statistics?from=2027-01-01&to=2028-03-01'), 400);
  });
});
