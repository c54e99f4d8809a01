import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';

/** The reservation list's own search box at Grand Nusantara Bandung finds bookings by their guest, not only by number. */
let t: TestApp;
let desk: ApiClient;
const ids: { budi: number[]; other: number } = { budi: [], other: 0 };

const book = async (guestId: number, arrival: string, departure: string) => {
  const type = (await desk.get('/api/data/frontoffice/room-type?limit=1&sort=code')).json().rows[0];
  const res = await desk.post('/api/data/frontoffice/reservation', {
    guest_id: guestId,
    room_type_id: type.id,
    adults: 2,
    arrival,
    departure,
    status: 'confirmed',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

/** The list searched as the desk does, over the test's own booking window (the demo hotel has Wijayas of its own). */
const listSearch = async (q: string, filter: object = { arrival: { op: 'gte', value: '2027-02-01' } }) => {
  const res = await desk.get(
    `/api/data/frontoffice/reservation?limit=500&sort=arrival&q=${encodeURIComponent(q)}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows as Record<string, unknown>[];
};

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  const budi = (
    await desk.post('/api/data/frontoffice/guest', { name: 'Budi Wijaya', phone: '+62 812 2233 4455', email: 'budi.wijaya@telkom.co.id' })
  ).json();
  const other = (await desk.post('/api/data/frontoffice/guest', { name: 'Ni Luh Sukerti', phone: '+62 361 700 1122' })).json();
  ids.budi.push(await book(budi.id, '2027-02-03', '2027-02-05'), await book(budi.id, '2027-03-10', '2027-03-13'));
  ids.other = await book(other.id, '2027-02-03', '2027-02-04');
});
afterAll(() => t?.close());

describe('reservation list search by guest', () => {
  it("searching 'Wijaya' finds Budi Wijaya's two bookings and not another guest's", async () => {
    expect((await listSearch('Wijaya')).map((r) => r.id)).toEqual(ids.budi);
    const everyWijaya = await listSearch('wijaya', {});
    expect(everyWijaya.map((r) => r.id)).toEqual(expect.arrayContaining(ids.budi));
    const guests = await Promise.all(
      [...new Set(everyWijaya.map((r) => r.guest_id))].map(
        async (id) => (await desk.get(`/api/data/frontoffice/guest/${id}`)).json().name as string,
      ),
    );
    for (const name of guests) expect(name).toMatch(/wijaya/i);
  });

  it("finds them by the guest's telephone and e-mail too, and never returns the copied search text", async () => {
    for (const q of ['2233 4455', 'budi.wijaya@telkom'])
      expect((await listSearch(q)).map((r) => r.id)).toEqual(expect.arrayContaining(ids.budi));
    for (const row of await listSearch('Wijaya')) expect(row).not.toHaveProperty('guest_search');
  });

  it('follows the guest profile: a corrected name is found at once, the old one no longer', async () => {
    const guest = (await desk.get(`/api/data/frontoffice/reservation/${ids.other}`)).json().guest_id;
    const profile = (await desk.get(`/api/data/frontoffice/guest/${guest}`)).json();
    const res = await desk.patch(`/api/data/frontoffice/guest/${guest}`, { name: 'Ni Luh Putu Sukerti', version: profile.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listSearch('Putu Sukerti')).map((r) => r.id)).toEqual([ids.other]);
    expect(await listSearch('Luh Sukerti')).toEqual([]);
  });

  it('moves a booking to another guest and searches by the new guest', async () => {
    const booking = (await desk.get(`/api/data/frontoffice/reservation/${ids.budi[1]}`)).json();
    const guest = (await desk.get(`/api/data/frontoffice/reservation/${ids.other}`)).json().guest_id;
    const res = await desk.patch(`/api/data/frontoffice/reservation/${ids.budi[1]}`, { guest_id: guest, version: booking.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listSearch('Wijaya')).map((r) => r.id)).toEqual([ids.budi[0]]);
    expect((await listSearch('Putu Sukerti')).map((r) => r.id).sort()).toEqual([ids.other, ids.budi[1]].sort());
  });
});
