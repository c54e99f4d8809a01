import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { countRows, expectApiError } from '../expectations.js';
import { STAY_RANGE } from '../../../server/domain/frontoffice/reservations.js';

/**
 * Every date range a route takes has a stated maximum, checked by its schema (x-dateRanges), and every date
 * lies between 1900 and 2100. A booking from 2040 to 2140 used to be priced night by night for 12.6 s while
 * every other request waited; now it is a 400 before any work starts.
 */
let t: TestApp;
let desk: ApiClient;
const ids: Record<string, number> = {};

const one = async (client: ApiClient, entity: string, q: string) =>
  (await client.get(`/api/data/${entity}?q=${encodeURIComponent(q)}&limit=1`)).json().rows[0];

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  ids.DLX = (await one(desk, 'frontoffice/room-type', 'DLX')).id;
  ids.guest = (await desk.post('/api/data/frontoffice/guest', { name: 'Yohanes Simanjuntak', nationality: 'ID' })).json().id;
  ids.rate = (await one(desk, 'frontoffice/rate-code', 'RACK')).id;
});
afterAll(() => t.close());

const book = (body: Record<string, unknown>) =>
  desk.post('/api/data/frontoffice/reservation', { guest_id: ids.guest, room_type_id: ids.DLX, adults: 2, status: 'confirmed', ...body });

describe('a stay', () => {
  it('refuses a booking from 2040 to 2140 at once, naming the date', async () => {
    const before = await countRows(t.database.db, 'reservation');
    expectApiError(await book({ arrival: '2040-01-01', departure: '2140-01-01' }), 400, {
      fields: { departure: 'Departure must be a date (DD/MM/YYYY) between 1900 and 2100' },
    });
    expectApiError(await book({ arrival: '0001-01-01', departure: '9999-12-31' }), 400);
    expect(await countRows(t.database.db, 'reservation')).toBe(before);
  });

  it('refuses a stay of more than 365 nights, and accepts exactly 365', async () => {
    expectApiError(await book({ arrival: '2040-01-01', departure: '2041-01-01' }), 400, {
      message: 'Departure can be at most 365 days after Arrival',
    });
    expect((await book({ arrival: '2041-01-01', departure: '2042-01-01' })).statusCode).toBe(201);
  });

  it('checks a change of one end against the other end as stored', async () => {
    const r = (await book({ arrival: '2043-03-02', departure: '2043-03-05' })).json();
    expectApiError(await desk.patch(`/api/data/frontoffice/reservation/${r.id}`, { version: r.version, departure: '2044-06-01' }), 400, {
      message: 'Departure can be at most 365 days after Arrival',
    });
    expectApiError(await desk.patch(`/api/data/frontoffice/reservation/${r.id}`, { version: r.version, arrival: '2043-03-05' }), 400, {
      message: 'Departure must be after Arrival',
    });
  });

  it('bounds a group booking, availability and prices the same way', async () => {
    const group = await desk.post('/api/ops/frontoffice.groupBook', {
      group_name: 'Rombongan Dinas Kesehatan',
      guest_id: ids.guest,
      arrival: '2045-01-01',
      departure: '2046-06-01',
      rooms: [{ room_type_id: ids.DLX, count: 2 }],
    });
    expectApiError(group, 400, { message: 'Departure can be at most 365 days after Arrival' });
    expectApiError(await desk.get('/api/frontoffice/availability?from=2040-01-01&to=2140-01-01'), 400);
    expectApiError(await desk.get('/api/frontoffice/availability?from=2040-01-01&to=2041-06-01'), 400);
    expectApiError(await desk.get(`/api/frontoffice/price?rateCode=${ids.rate}&from=2040-01-01&to=2041-06-01`), 400);
    expect(STAY_RANGE).toEqual(t.meta.entities.get('frontoffice/reservation')!['x-dateRanges']![0]);
  });
});

describe('other ranges and single dates', () => {
  it('bounds an allotment to a year', async () => {
    const res = await desk.post('/api/data/frontoffice/allotment', {
      code: 'GARUDA',
      company: 'PT Garuda Indonesia',
      room_type_id: ids.DLX,
      from_date: '2027-01-01',
      to_date: '2029-01-01',
      rooms: 5,
      cutoff_days: 7,
    });
    expectApiError(res, 400, { message: /^Until \(exclusive\) can be at most 366 days after / });
  });

  it('bounds a report period to 366 days and refuses an end before the start', async () => {
    expectApiError(await desk.get('/api/reports/fo-nationality?date_from=2020-01-01&date_to=2026-01-01'), 400);
    expectApiError(await desk.get('/api/reports/fo-nationality?date_from=2026-02-01&date_to=2026-01-01'), 400);
    expect((await desk.get('/api/reports/fo-nationality?date_from=2026-01-01&date_to=2026-12-31')).statusCode).toBe(200);
  });

  it('keeps every date between 1900 and 2100: a birth date in 1899 is refused, 1900 is fine', async () => {
    expectApiError(await desk.post('/api/data/frontoffice/guest', { name: 'Oma Sutinah', birth_date: '1899-12-31' }), 400);
    expect((await desk.post('/api/data/frontoffice/guest', { name: 'Oma Sutinah', birth_date: '1900-01-01' })).statusCode).toBe(201);
  });
});

describe('every route that takes two dates declares their range', () => {
  const datesOf = (s: any) =>
    Object.entries<any>(s?.properties ?? {})
      .filter(([, p]) => p?.format === 'date' || p?.format === 'date-time')
      .map(([k]) => k);

  /** Object schemas within a schema (nested objects and array items too). */
  function* objects(s: any): Generator<any> {
    if (!s || typeof s !== 'object') return;
    if (s.properties) yield s;
    for (const p of Object.values<any>(s.properties ?? {})) yield* objects(p);
    if (s.items) yield* objects(s.items);
  }

  it('in bodies and queries of every registered route, and in every report', () => {
    const missing: string[] = [];
    const check = (where: string, s: any) => {
      for (const o of objects(s)) {
        const dates = datesOf(o);
        if (dates.length < 2) continue;
        const covered = new Set((o['x-dateRanges'] ?? []).flatMap((r: any) => [r.from, r.to]));
        const loose = dates.filter((d) => !covered.has(d));
        if (loose.length) missing.push(`${where}: ${loose.join(', ')}`);
      }
    };
    const routes: RouteOptions[] = t.app.routeTable;
    for (const r of routes) {
      const schema = r.schema as any;
      check(`${String(r.method)} ${r.url} body`, schema?.body);
      check(`${String(r.method)} ${r.url} query`, schema?.querystring);
    }
    for (const [code, def] of t.meta.reports) check(`report ${code}`, def.parameters);
    expect(routes.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
