import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { ALL_TABLES, expectApiError, snapshotCounts } from '../expectations.js';

/**
 * Look to book at Grand Nusantara Bandung (business date 23/11/2026): a stay's offers per room type and
 * rate code priced as the guest pays, the guest found or made, and the booking in one transaction.
 */
let t: TestApp;
let desk: ApiClient;
const ids: Record<string, number> = {};
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const STAY = { arrival: '2027-02-08', departure: '2027-02-10' };

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  const first = async (entity: string, filter: Record<string, unknown>) =>
    (await desk.get(`/api/data/${entity}?limit=1&sort=code&filter=${q(filter)}`)).json().rows[0].id as number;
  ids.DLX = await first('frontoffice/room-type', { code: { op: 'eq', value: 'DLX' } });
  ids.SUP = await first('frontoffice/room-type', { code: { op: 'eq', value: 'SUP' } });
  ids.room = await first('frontoffice/room', { room_type_id: { op: 'eq', value: ids.DLX } });
  ids.supBar = await first('frontoffice/rate-code', { code: { op: 'eq', value: 'BAR' }, room_type_id: { op: 'eq', value: ids.SUP } });
  ids.dlxBar = await first('frontoffice/rate-code', { code: { op: 'eq', value: 'BAR' }, room_type_id: { op: 'eq', value: ids.DLX } });
  ids.guest = (
    await desk.post('/api/data/frontoffice/guest', { name: 'Ayu Lestari', phone: '+62 812 2233 4455', email: 'ayu.lestari@example.co.id' })
  ).json().id;
});
afterAll(() => t?.close());

const book = (body: Record<string, unknown>) =>
  desk.post('/api/ops/frontoffice.book', { ...STAY, adults: 2, room_type_id: ids.DLX, rate_code_id: ids.dlxBar, ...body });
const guestsNamed = async (name: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM guest WHERE name = ${name}`.execute(t.database.db)).rows[0].n;

describe('offers for a stay', () => {
  it('lists every room type with its free rooms and only its own rate codes, priced per night and in total as the guest pays', async () => {
    const res = await desk.get(`/api/frontoffice/offers?arrival=${STAY.arrival}&departure=${STAY.departure}&adults=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.nights).toBe(2);
    const deluxe = body.roomTypes.find((r: any) => r.room_type_id === ids.DLX);
    expect(deluxe.free).toBeGreaterThan(0);
    expect(deluxe.rates.length).toBeGreaterThan(0);
    // each rate code once, and none of another room type's (the old form offered Superior BAR for a Deluxe)
    expect(new Set(deluxe.rates.map((r: any) => r.rate_code_id)).size).toBe(deluxe.rates.length);
    expect(deluxe.rates.map((r: any) => r.rate_code_id)).not.toContain(ids.supBar);
    // the offer's price is the price endpoint's, night by night and in total
    const bar = deluxe.rates.find((r: any) => r.rate_code_id === ids.dlxBar);
    const price = (
      await desk.get(`/api/frontoffice/price?rateCode=${ids.dlxBar}&from=${STAY.arrival}&to=${STAY.departure}&adults=2`)
    ).json();
    expect(bar.totals).toEqual(price.totals);
    expect(bar.nights.map((n: any) => n.total)).toEqual(price.nights.map((n: any) => n.total));
    expect(bar.nights).toHaveLength(2);
    // cheapest first
    const totals = deluxe.rates.map((r: any) => Number(r.totals.total));
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
  });

  it('says a room type is too small for the party instead of leaving it out', async () => {
    const res = await desk.get(`/api/frontoffice/offers?arrival=${STAY.arrival}&departure=${STAY.departure}&adults=6`);
    expect(res.json().roomTypes.find((r: any) => r.room_type_id === ids.SUP).refused).toBe('occupancy');
  });

  it('refuses a stay longer than a year or ending before it starts, in words', async () => {
    expectApiError(await desk.get('/api/frontoffice/offers?arrival=2027-02-10&departure=2027-02-08'), 400);
    expectApiError(await desk.get('/api/frontoffice/offers?arrival=2027-01-01&departure=2028-06-01'), 400);
  });
});

describe('finding the guest', () => {
  it('finds a guest by a telephone number written another way, by e-mail and by part of the name', async () => {
    for (const text of ['0812-2233-4455', 'ayu.lestari@example', 'Ayu Lestari']) {
      const rows = (await desk.get(`/api/frontoffice/guest-search?q=${encodeURIComponent(text)}`)).json().rows;
      expect(
        rows.map((r: any) => r.id),
        text,
      ).toContain(ids.guest);
    }
  });

  it('offers the likely duplicates of a new name typed the other way round, and of the same phone line', async () => {
    const byName = (await desk.get('/api/frontoffice/guest-matches?name=Lestari%20Ayu')).json().rows;
    expect(byName[0]).toMatchObject({ id: ids.guest, same: ['name'] });
    const byPhone = (await desk.get('/api/frontoffice/guest-matches?name=Ibu%20Ayu%20L&phone=081222334455')).json().rows;
    expect(byPhone[0]).toMatchObject({ id: ids.guest });
    expect(byPhone[0].same).toContain('phone');
  });
});

describe('booking in one transaction', () => {
  it('makes a new guest and the booking together, each audited', async () => {
    const res = await book({ guest: { name: 'Bambang Suryadi', phone: '+62 813 9988 7766' }, room_id: ids.room });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: expect.stringMatching(/^R\d+$/), guest_created: true, guest: 'Bambang Suryadi' });
    const stored = (await desk.get(`/api/data/frontoffice/reservation/${res.json().id}`)).json();
    expect(stored).toMatchObject({ guest_id: res.json().guest_id, room_id: ids.room, rate_code_id: ids.dlxBar, status: 'confirmed' });
    const audited = await sql<{ entity: string }>`
      SELECT entity FROM audit_log WHERE entity IN ('frontoffice/guest', 'frontoffice/reservation')
         AND entity_id IN (${String(res.json().guest_id)}, ${String(res.json().id)}) AND action = 'create'`.execute(t.database.db);
    expect(audited.rows.map((r) => r.entity).sort()).toEqual(['frontoffice/guest', 'frontoffice/reservation']);
  });

  it('refuses a new profile that looks like an existing guest until the desk confirms it is someone else', async () => {
    const err = expectApiError(await book({ guest: { name: 'ayu lestari' } }), 409, { code: 'CONFLICT' });
    expect(err.message).toContain('ayu lestari');
    expect((err.details as any).matches[0].id).toBe(ids.guest);
    expect(await guestsNamed('ayu lestari')).toBe(0);
    const again = await book({ guest: { name: 'ayu lestari' }, new_guest_confirmed: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(await guestsNamed('ayu lestari')).toBe(1);
  });

  it('a refused booking writes nothing: no guest row either (the room taken, a rate of another room type)', async () => {
    const before = await snapshotCounts(t.database.db, ALL_TABLES);
    // the room was booked for these nights by the first test
    expectApiError(await book({ guest: { name: 'Yohanes Pranata' }, room_id: ids.room }), 409, { message: /already booked/ });
    expectApiError(await book({ guest: { name: 'Yohanes Pranata' }, rate_code_id: ids.supBar }), 400);
    expectApiError(await book({ guest: { name: 'Yohanes Pranata' }, guest_id: ids.guest }), 400);
    expect(await guestsNamed('Yohanes Pranata')).toBe(0);
    expect(await snapshotCounts(t.database.db, ALL_TABLES)).toEqual(before);
  });
});
