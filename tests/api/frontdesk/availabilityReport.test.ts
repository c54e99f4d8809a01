import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, BUSINESS_DATE, type ApiClient, type TestApp } from '../../support/testApp.js';
import { availabilityRows } from '../../support/availability.js';

/** "Availability by room type" at Grand Nusantara Bandung shows the rooms the desk can still sell, night by night. */
let t: TestApp;
let desk: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
});
afterAll(() => t?.close());

describe('availability by room type', () => {
  it('shows per room type and night the free rooms look to book and the room plan sell (rooms less out of order, bookings and allotment holds)', async () => {
    const report = await desk.get(`/api/reports/avb-report?date_from=${BUSINESS_DATE}&days=7`);
    expect(report.statusCode, report.body).toBe(200);
    const to = new Date(Date.parse(BUSINESS_DATE) + 7 * 86_400_000).toISOString().slice(0, 10);
    const api = availabilityRows((await desk.get(`/api/frontoffice/availability?from=${BUSINESS_DATE}&to=${to}`)).json());
    const rows = report.json().rows as Record<string, unknown>[];
    const byKey = (night: unknown, type: unknown) => `${String(night).slice(0, 10)} ${String(type)}`;
    const fromReport = new Map(rows.map((r) => [byKey(r.night, r.room_type), r]));
    expect(rows).toHaveLength(api.length);
    for (const a of api) {
      const r = fromReport.get(byKey(a.date, a.room_type));
      expect(r, `${a.date} ${a.room_type}`).toBeDefined();
      expect([Number(r!.ooo), Number(r!.booked), Number(r!.held), Number(r!.available)], `${a.date} ${a.room_type}`).toEqual([
        a.out_of_order,
        a.booked,
        a.held,
        a.available,
      ]);
    }
    // the demo hotel is not full on its first night: some rooms are free
    expect(api.filter((a) => a.date === BUSINESS_DATE).reduce((s, a) => s + a.available, 0)).toBeGreaterThan(0);
  });
});
