import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

/**
 * The reservation form's dependent lookups at Grand Nusantara Bandung: the room offered is of the chosen
 * room type and free for the chosen nights, the rate code is one of the room type valid for those nights —
 * and the server refuses on save what the lookup would not have offered.
 */
let t: TestApp;
let desk: ApiClient;
const ids: Record<string, number> = {};
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

const one = async (entity: string, filter: Record<string, unknown>) =>
  (await desk.get(`/api/data/${entity}?limit=1&filter=${q(filter)}`)).json().rows[0];

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  ids.STE = (await one('frontoffice/room-type', { code: { op: 'eq', value: 'STE' } })).id;
  ids.DLX = (await one('frontoffice/room-type', { code: { op: 'eq', value: 'DLX' } })).id;
  ids.barDlx = (await one('frontoffice/rate-code', { code: { op: 'eq', value: 'BAR' }, room_type_id: { op: 'eq', value: ids.DLX } })).id;
  ids.barSte = (await one('frontoffice/rate-code', { code: { op: 'eq', value: 'BAR' }, room_type_id: { op: 'eq', value: ids.STE } })).id;
  ids.guest = (
    await desk.post('/api/data/frontoffice/guest', { name: 'Putu Ayu Lestari', nationality: 'ID', phone: '+62 811 3900 2211' })
  ).json().id;
  await sql`UPDATE reservation SET status = 'cancelled' WHERE room_type_id = ${ids.STE} AND arrival >= '2027-03-01'`.execute(t.database.db);
});
afterAll(() => t?.close());

const rooms = async (filter: unknown, scope?: unknown) =>
  (await desk.get(`/api/data/frontoffice/room/lookup?limit=100&filter=${q(filter)}${scope ? `&scope=${q(scope)}` : ''}`))
    .json()
    .rows.map((r: { label: string }) => r.label.split(' - ')[0]) as string[];

describe('the room of a reservation', () => {
  it('is offered among the free suites of the nights only, and again to the booking that holds it', async () => {
    const suites = await rooms({ room_type_id: { op: 'eq', value: ids.STE } });
    expect(suites.length).toBeGreaterThan(1);
    const [first] = suites;
    const firstId = (await one('frontoffice/room', { code: { op: 'eq', value: first } })).id;
    const booked = await desk.post('/api/data/frontoffice/reservation', {
      guest_id: ids.guest,
      room_type_id: ids.STE,
      room_id: firstId,
      arrival: '2027-03-10',
      departure: '2027-03-13',
      adults: 2,
      status: 'confirmed',
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const stay = { arrival: '2027-03-12', departure: '2027-03-14' };
    const free = await rooms({ room_type_id: { op: 'eq', value: ids.STE } }, { name: 'freeForStay', params: stay });
    expect(free).toEqual(suites.slice(1));
    // the departure day is free again
    const after = await rooms(
      { room_type_id: { op: 'eq', value: ids.STE } },
      { name: 'freeForStay', params: { arrival: '2027-03-13', departure: '2027-03-15' } },
    );
    expect(after).toEqual(suites);
    const forItself = await rooms(
      { room_type_id: { op: 'eq', value: ids.STE } },
      { name: 'freeForStay', params: { ...stay, reservation: booked.json().id } },
    );
    expect(forItself).toEqual(suites);
  });

  it('refuses an unknown lookup rule and rule values it cannot use, in a sentence', async () => {
    expectApiError(await desk.get(`/api/data/frontoffice/room/lookup?scope=${q({ name: 'seaView', params: {} })}`), 400, {
      message: "The lookup rule 'seaView' does not exist",
    });
    expectApiError(
      await desk.get(`/api/data/frontoffice/room/lookup?scope=${q({ name: 'freeForStay', params: { arrival: '12/03/2027' } })}`),
      400,
      {
        message: "The lookup rule 'freeForStay' got values it cannot use",
      },
    );
    expectApiError(
      await desk.get(
        `/api/data/frontoffice/room/lookup?scope=${q({ name: 'freeForStay', params: { arrival: "'; DROP TABLE room; --", departure: '2027-03-14' } })}`,
      ),
      400,
    );
  });
});

describe('the rate code of a reservation', () => {
  const rateLookup = async (roomType: number, arrival: string, departure: string) => {
    const lastNight = new Date(Date.parse(`${departure}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const filter = {
      room_type_id: { op: 'eq', value: roomType },
      valid_from: { op: 'lte', value: arrival },
      valid_to: { op: 'gte', value: lastNight },
    };
    return (await desk.get(`/api/data/frontoffice/rate-code/lookup?limit=50&filter=${q(filter)}`))
      .json()
      .rows.map((r: { id: number }) => r.id) as number[];
  };

  it('is offered for the room type and for every night of the stay: BAR Deluxe up to the night of 31/12/2027', async () => {
    expect(await rateLookup(ids.DLX, '2027-12-30', '2028-01-01')).toContain(ids.barDlx);
    expect(await rateLookup(ids.DLX, '2027-12-30', '2028-01-02')).not.toContain(ids.barDlx);
    expect(await rateLookup(ids.DLX, '2027-09-09', '2027-09-12')).not.toContain(ids.barSte);
  });

  it('is refused on save when it is of another room type, or when new dates leave its validity', async () => {
    const body = {
      guest_id: ids.guest,
      room_type_id: ids.DLX,
      arrival: '2027-12-28',
      departure: '2027-12-30',
      adults: 2,
      status: 'confirmed',
    };
    expectApiError(await desk.post('/api/data/frontoffice/reservation', { ...body, rate_code_id: ids.barSte }), 400, {
      fields: { rate_code_id: 'Rate code is not among the choices for the chosen Room type, Arrival, Departure' },
    });
    const made = await desk.post('/api/data/frontoffice/reservation', { ...body, rate_code_id: ids.barDlx });
    expect(made.statusCode, made.body).toBe(201);
    const r = made.json();
    expectApiError(await desk.patch(`/api/data/frontoffice/reservation/${r.id}`, { version: r.version, departure: '2028-01-03' }), 400, {
      fields: { rate_code_id: 'Rate code is not among the choices for the chosen Room type, Arrival, Departure' },
    });
    const changed = await desk.patch(`/api/data/frontoffice/reservation/${r.id}`, {
      version: r.version,
      special_requests: 'Kamar bebas asap rokok',
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
