import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

/** The room plan's "assign all" and its filters at Grand Nusantara Bandung. */
let t: TestApp;
let desk: ApiClient;
const ids: Record<string, number> = {};
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  ids.STE = (await desk.get(`/api/data/frontoffice/room-type?filter=${q({ code: { op: 'eq', value: 'STE' } })}`)).json().rows[0].id;
  ids.guest = (await desk.post('/api/data/frontoffice/guest', { name: 'Putu Ardana', nationality: 'ID' })).json().id;
  // the suites' demo bookings in March 2027 are moved out of the way
  await sql`UPDATE reservation SET status = 'cancelled' WHERE room_type_id = ${ids.STE} AND arrival >= '2027-03-01'`.execute(t.database.db);
});
afterAll(() => t?.close());

const unassigned = (arrival: string, departure: string) =>
  desk.post('/api/data/frontoffice/reservation', {
    guest_id: ids.guest,
    room_type_id: ids.STE,
    adults: 2,
    status: 'confirmed',
    arrival,
    departure,
  });

describe('assign all', () => {
  it('gives each booking without a room a different free suite, earliest arrival first, and audits each', async () => {
    const a = (await unassigned('2027-03-10', '2027-03-12')).json();
    const b = (await unassigned('2027-03-11', '2027-03-13')).json();
    const res = await desk.post('/api/ops/frontoffice.assignRooms', { from: '2027-03-10', to: '2027-03-12', room_type_id: ids.STE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ assigned: 2, left: 0 });
    const rooms = await Promise.all([a, b].map(async (r) => (await desk.get(`/api/data/frontoffice/reservation/${r.id}`)).json().room_id));
    expect(rooms[0]).toBeTruthy();
    expect(rooms[0]).not.toBe(rooms[1]);
    const audited = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_log WHERE action = 'assignRoom' AND entity_id IN (${String(a.id)}, ${String(b.id)})`.execute(
      t.database.db,
    );
    expect(audited.rows[0].n).toBe(2);
  });

  it('refuses a window longer than two months in words', async () => {
    expectApiError(await desk.post('/api/ops/frontoffice.assignRooms', { from: '2027-03-01', to: '2027-06-01' }), 400);
  });
});

describe('the room plan filters', () => {
  it('shows only the suites, with their floor and housekeeping status, when asked for the suite type', async () => {
    const res = await desk.get(`/api/frontoffice/roomplan?from=2027-03-10&days=30&roomType=${ids.STE}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rooms.length).toBeGreaterThan(0);
    expect(body.totalRooms).toBe(body.rooms.length);
    for (const r of body.rooms) {
      expect(r.room_type_id).toBe(ids.STE);
      expect(r.floor).toBeTruthy();
      expect(['vacant_clean', 'vacant_dirty', 'occupied_clean', 'occupied_dirty', 'out_of_order', 'out_of_service']).toContain(r.hk_status);
    }
  });
});
