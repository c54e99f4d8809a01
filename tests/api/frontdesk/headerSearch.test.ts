import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

/** The header's search box at Grand Nusantara Bandung: anyone found from one place, each part for who may see it. */
let t: TestApp;
let desk: ApiClient;
let housekeeping: ApiClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  housekeeping = await t.login('housekeeping');
  const type = (await desk.get('/api/data/frontoffice/room-type?limit=1&sort=code')).json().rows[0];
  const guest = (await desk.post('/api/data/frontoffice/guest', { name: 'Kadek Wiranatha', phone: '+62 361 777 8899' })).json();
  const booking = await desk.post('/api/data/frontoffice/reservation', {
    guest_id: guest.id,
    room_type_id: type.id,
    adults: 2,
    arrival: '2027-01-12',
    departure: '2027-01-14',
    status: 'confirmed',
    company: 'PT Sinar Laut Nusantara',
    voucher_no: 'TRV-558210',
  });
  expect(booking.statusCode, booking.body).toBe(201);
  ids.booking = booking.json().id;
  ids.guest = guest.id;
});
afterAll(() => t?.close());

const search = async (c: ApiClient, q: string) => {
  const res = await c.get(`/api/frontoffice/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('find anyone from the header', () => {
  it("finds the booking by the guest's surname, the voucher, the company and the number, and the guest profile", async () => {
    for (const q of ['Wiranatha', 'TRV-558210', 'Sinar Laut']) {
      const found = await search(desk, q);
      expect(
        found.reservations.map((r: any) => r.id),
        q,
      ).toContain(ids.booking);
    }
    const byName = await search(desk, 'wiranatha');
    expect(byName.reservations[0]).toMatchObject({ guest: 'Kadek Wiranatha', arrival: '2027-01-12', status: 'confirmed' });
    expect(byName.guests.map((g: any) => g.id)).toContain(ids.guest);
    expect((await search(desk, 'Sinar Laut')).companies).toEqual([{ company: 'PT Sinar Laut Nusantara', stays: 1 }]);
  });

  it('finds rooms by their number', async () => {
    const found = await search(desk, '20');
    expect(found.rooms.length).toBeGreaterThan(0);
    for (const r of found.rooms) expect(r.code.startsWith('20')).toBe(true);
  });

  it('answers nothing for one letter, and refuses a search longer than 100 characters in words', async () => {
    expect(await search(desk, 'a')).toEqual({ reservations: [], guests: [], rooms: [], companies: [] });
    expectApiError(await desk.get(`/api/frontoffice/search?q=${'x'.repeat(101)}`), 400);
  });

  it('shows housekeeping rooms only, never guests or bookings', async () => {
    const res = await housekeeping.get('/api/frontoffice/search?q=Wiranatha');
    if (res.statusCode === 403) return expectApiError(res, 403);
    expect(res.json()).toMatchObject({ reservations: [], guests: [], companies: [] });
  });
});
