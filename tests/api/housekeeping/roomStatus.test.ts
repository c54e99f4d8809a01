import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import { roomsForNewDay } from '../../../server/domain/housekeeping/roomStatus.js';
import { availabilityRows } from '../../support/availability.js';

/**
 * The room status board of Grand Nusantara Bandung on 23/11/2026: Made (housekeeping) cleans and inspects,
 * Wayan (an attendant: may change one room at a time, not inspect) cleans, Siti (front desk) only looks.
 */
let t: TestApp;
let made: ApiClient;
let wayan: ApiClient;
let desk: ApiClient;
type Room = {
  id: number;
  code: string;
  hk_status: string;
  fo: string;
  ooo_from: string | null;
  ooo_to: string | null;
  changed_by: string | null;
};
let rooms: Room[];

const board = async (c: ApiClient = made, query = '') => {
  const res = await c.get(`/api/housekeeping/room-status${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { businessDate: string; rooms: Room[] };
};
const room = async (code: string) => (await board()).rooms.find((r) => r.code === code)!;
const set = (c: ApiClient, codes: string[], status: string, extra: object = {}) =>
  c.post('/api/ops/housekeeping.setRoomStatus', {
    room_ids: codes.map((code) => rooms.find((r) => r.code === code)!.id),
    status,
    ...extra,
  });
/** a vacant room with no arrival today, put in the state a test starts from */
const vacant = (n: number) => rooms.filter((r) => r.fo === 'vacant' && r.hk_status !== 'out_of_order')[n].code;
const putStatus = (code: string, status: string) =>
  sql`UPDATE room SET hk_status = ${status}, ooo_from = NULL, ooo_to = NULL, ooo_reason = NULL WHERE branch_id = 1 AND code = ${code}`.execute(
    t.database.db,
  );

beforeAll(async () => {
  t = await startTestApp();
  made = await t.login('housekeeping');
  desk = await t.login('frontdesk');
  const admin = await t.login('admin');
  const group = (await admin.post('/api/data/system/group', { code: 'HK-ATT', name: 'Room attendants' })).json();
  const rights = await admin.post('/api/ops/system.saveGroupRights', {
    id: group.id,
    rights: ['housekeeping.room-status:view', 'housekeeping.room-status:edit'],
  });
  expect(rights.statusCode, rights.body).toBe(200);
  const branch = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(t.database.db)).rows[0].id;
  const user = await admin.post('/api/data/system/user', {
    username: 'wayan.attendant',
    full_name: 'Wayan Suarta',
    group_id: group.id,
    password: 'Sapu-Lidi-2026',
    branch_ids: [Number(branch)],
    default_branch_id: Number(branch),
  });
  expect(user.statusCode, user.body).toBe(201);
  await sql`UPDATE app_user SET must_change_password = false WHERE id = ${user.json().id}`.execute(t.database.db);
  wayan = await t.login('wayan.attendant', 'Sapu-Lidi-2026');
  rooms = (await board()).rooms;
});
afterAll(() => t?.close());

describe('the room status board', () => {
  it('shows every room with its front-office state beside its housekeeping status, and filters them', async () => {
    // the demo's guests leaving today have left already: one in-house guest shortens the stay to leave today
    await sql`UPDATE reservation SET departure = ${BUSINESS_DATE}::date
               WHERE id = (SELECT min(id) FROM reservation WHERE branch_id = 1 AND status = 'in_house' AND arrival < ${BUSINESS_DATE}::date)`.execute(
      t.database.db,
    );
    const all = await board(desk);
    expect(all.businessDate).toBe(BUSINESS_DATE);
    expect(all.rooms).toHaveLength(120);
    const fo = new Set(all.rooms.map((r) => r.fo));
    for (const state of ['vacant', 'occupied', 'due_out', 'arrival']) expect(fo).toContain(state);
    for (const r of all.rooms.filter((r) => r.fo === 'occupied' || r.fo === 'due_out')) expect(r.hk_status).toMatch(/^occupied_/);
    const dirty = await board(desk, '?hk=vacant_dirty');
    expect(dirty.rooms.length).toBeGreaterThan(0);
    for (const r of dirty.rooms) expect(r.hk_status).toBe('vacant_dirty');
    const dueOut = await board(desk, '?fo=due_out');
    expect(dueOut.rooms.length).toBe(all.rooms.filter((r) => r.fo === 'due_out').length);
  });

  it('keeps the room master from changing a status past the rules', async () => {
    const admin = await t.login('admin');
    const r = (await admin.get(`/api/data/frontoffice/room/${rooms.find((x) => x.code === vacant(0))!.id}`)).json();
    const res = await admin.patch(`/api/data/frontoffice/room/${r.id}`, { version: r.version, hk_status: 'vacant_inspected' });
    expectApiError(res, 400);
    expect(res.json().error.message).toContain('Room status');
    expect((await admin.patch(`/api/data/frontoffice/room/${r.id}`, { version: r.version, smoking: true })).statusCode).toBe(200);
  });

  it('lets the front desk look but not change, and refuses an unknown state to filter by', async () => {
    expectApiError(await set(desk, [vacant(0)], 'clean'), 403);
    expectApiError(await desk.get('/api/housekeeping/room-status?hk=flooded'), 400);
  });
});

describe('transition rules', () => {
  it('cleans a dirty vacant room, then a supervisor inspects it; every change logged with who and when', async () => {
    const code = vacant(1);
    await putStatus(code, 'vacant_dirty');
    const cleaned = await set(wayan, [code], 'clean');
    expect(cleaned.statusCode, cleaned.body).toBe(200);
    expect((await room(code)).hk_status).toBe('vacant_clean');
    expectApiError(await set(wayan, [code], 'inspected'), 403);
    expect((await set(made, [code], 'inspected')).statusCode).toBe(200);
    const r = await room(code);
    expect(r).toMatchObject({ hk_status: 'vacant_inspected', changed_by: 'Made Sudarsana' });
    const log = (await made.get(`/api/housekeeping/room-status/${r.id}/log`)).json().rows;
    expect(log.slice(0, 2)).toMatchObject([
      { from_status: 'vacant_clean', to_status: 'vacant_inspected', source: 'housekeeping', changed_by: 'Made Sudarsana' },
      { from_status: 'vacant_dirty', to_status: 'vacant_clean', source: 'housekeeping', changed_by: 'Wayan Suarta' },
    ]);
    expect(new Date(log[0].changed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses to inspect a dirty room, and to inspect at all where the property does not inspect', async () => {
    const code = vacant(2);
    await putStatus(code, 'vacant_dirty');
    const dirty = await set(made, [code], 'inspected');
    expectApiError(dirty, 409);
    expect(dirty.json().error.message).toContain(code);
    await putStatus(code, 'vacant_clean');
    await sql`UPDATE hotel_setup SET hk_inspects = false WHERE branch_id = 1`.execute(t.database.db);
    expectApiError(await set(made, [code], 'inspected'), 400);
    await sql`UPDATE hotel_setup SET hk_inspects = true WHERE branch_id = 1`.execute(t.database.db);
  });

  it('keeps an occupied room occupied: cleaning it gives occupied clean, and it cannot go out of order', async () => {
    const code = rooms.find((r) => r.fo === 'occupied' && r.hk_status === 'occupied_dirty')!.code;
    expect((await set(made, [code], 'clean')).statusCode).toBe(200);
    expect((await room(code)).hk_status).toBe('occupied_clean');
    const closed = await set(made, [code], 'out_of_order', { reason: 'AC leaking', ooo_from: BUSINESS_DATE, ooo_to: '2026-11-25' });
    expectApiError(closed, 409);
  });

  it('puts a room out of order only with a reason and a date range; the front office then sees it unavailable; back in service it is dirty', async () => {
    const code = vacant(3);
    await putStatus(code, 'vacant_clean');
    expectApiError(await set(made, [code], 'out_of_order', { ooo_from: BUSINESS_DATE, ooo_to: '2026-11-26' }), 400);
    expectApiError(await set(made, [code], 'out_of_order', { reason: 'Bathroom tiles broken' }), 400);
    expectApiError(
      await set(made, [code], 'out_of_order', { reason: 'Bathroom tiles broken', ooo_from: '2026-11-20', ooo_to: '2026-11-26' }),
      400,
    );
    const r = rooms.find((x) => x.code === code)!;
    const typeOf = (await desk.get(`/api/data/frontoffice/room/${r.id}`)).json().room_type_id;
    const free = async () =>
      availabilityRows((await desk.get(`/api/frontoffice/availability?from=${BUSINESS_DATE}&to=2026-11-24&roomType=${typeOf}`)).json())[0]
        .out_of_order as number;
    const before = await free();
    const ok = await set(made, [code], 'out_of_order', { reason: 'Bathroom tiles broken', ooo_from: BUSINESS_DATE, ooo_to: '2026-11-26' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await room(code)).toMatchObject({ hk_status: 'out_of_order', ooo_from: BUSINESS_DATE, ooo_to: '2026-11-26' });
    expect(await free()).toBe(before + 1);
    expectApiError(await set(made, [code], 'clean'), 409);
    expect((await set(made, [code], 'in_service')).statusCode).toBe(200);
    expect(await room(code)).toMatchObject({ hk_status: 'vacant_dirty', ooo_from: null, ooo_to: null });
    expect(await free()).toBe(before);
  });

  it('changes several rooms at once only with the bulk right, and all or none', async () => {
    const [a, b] = [vacant(4), vacant(5)];
    await putStatus(a, 'vacant_dirty');
    await putStatus(b, 'vacant_dirty');
    expectApiError(await set(wayan, [a, b], 'clean'), 403);
    await putStatus(b, 'vacant_clean');
    expectApiError(await set(made, [a, b], 'clean'), 409);
    expect((await room(a)).hk_status).toBe('vacant_dirty');
    await putStatus(b, 'vacant_dirty');
    expect((await set(made, [a, b], 'clean')).statusCode).toBe(200);
    expect([(await room(a)).hk_status, (await room(b)).hk_status]).toEqual(['vacant_clean', 'vacant_clean']);
  });

  it('books a closure that starts later: sold out for those nights now, the room closed by the roll to its first day', async () => {
    const code = vacant(6);
    await putStatus(code, 'vacant_clean');
    const r = rooms.find((x) => x.code === code)!;
    const typeOf = (await desk.get(`/api/data/frontoffice/room/${r.id}`)).json().room_type_id;
    const closedOn = async (night: string, next: string) =>
      availabilityRows((await desk.get(`/api/frontoffice/availability?from=${night}&to=${next}&roomType=${typeOf}`)).json())[0]
        .out_of_order as number;
    const before = await closedOn('2026-11-25', '2026-11-26');
    const ok = await set(made, [code], 'out_of_order', { reason: 'Repainting', ooo_from: '2026-11-25', ooo_to: '2026-11-27' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await room(code)).toMatchObject({ hk_status: 'vacant_clean', ooo_from: '2026-11-25', ooo_to: '2026-11-27' });
    expect(await closedOn('2026-11-25', '2026-11-26')).toBe(before + 1);
    // the night audit's roll into 25/11 (its last step's transaction)
    const admin = (await sql<{ id: number }>`SELECT id::int AS id FROM app_user WHERE username = 'admin'`.execute(t.database.db)).rows[0]
      .id;
    await t.database.db.transaction().execute((trx) => roomsForNewDay(trx, 1, admin, '2026-11-25'));
    expect((await room(code)).hk_status).toBe('out_of_order');
    const log = (await made.get(`/api/housekeeping/room-status/${r.id}/log`)).json().rows;
    expect(log[0]).toMatchObject({ from_status: 'vacant_clean', to_status: 'out_of_order', source: 'night_audit', reason: 'Repainting' });
  });
});

describe('changes reaching other screens', () => {
  it('hands a waiting room plan the change as soon as it is committed, and nothing twice', async () => {
    const code = vacant(7);
    await putStatus(code, 'vacant_dirty');
    const start = (await desk.get('/api/housekeeping/room-status/changes')).json();
    expect(start.changes).toEqual([]);
    const waiting = desk.get(`/api/housekeeping/room-status/changes?after=${start.last}&wait=10`);
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    expect((await set(made, [code], 'clean')).statusCode).toBe(200);
    const got = (await waiting).json();
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(got.changes).toEqual([expect.objectContaining({ code, hk_status: 'vacant_clean' })]);
    expect(got.last).toBeGreaterThan(start.last);
    const nothing = (await desk.get(`/api/housekeeping/room-status/changes?after=${got.last}&wait=0`)).json();
    expect(nothing).toEqual({ last: got.last, changes: [] });
    expectApiError(await desk.get('/api/housekeeping/room-status/changes?after=0&wait=600'), 400);
  });

  it("wakes every screen waiting, the room plan and a supervisor's board that started waiting at the same moment", async () => {
    const code = vacant(8);
    await putStatus(code, 'vacant_dirty');
    const { last } = (await desk.get('/api/housekeeping/room-status/changes')).json();
    const both = [desk, made].map((who) => who.get(`/api/housekeeping/room-status/changes?after=${last}&wait=10`));
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    expect((await set(made, [code], 'clean')).statusCode).toBe(200);
    for (const res of await Promise.all(both))
      expect(res.json().changes).toEqual([expect.objectContaining({ code, hk_status: 'vacant_clean' })]);
    // within a tick or two, not at the end of a 10-second wait
    expect(Date.now() - t0).toBeLessThan(3000);
  });
});

describe("housekeeping's lists and reports", () => {
  const report = async (c: ApiClient, code: string, params: Record<string, string> = {}) => {
    const res = await c.get(`/api/reports/${code}?${new URLSearchParams(params)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: Record<string, unknown>[] };
  };

  it('lists the rooms out of order now with their dates, reason and who took them out, and the period report keeps them', async () => {
    const code = vacant(3);
    await putStatus(code, 'vacant_dirty');
    const res = await set(made, [code], 'out_of_order', { reason: 'Shower valve replaced', ooo_from: BUSINESS_DATE, ooo_to: '2026-11-26' });
    expect(res.statusCode, res.body).toBe(200);
    const now = (await report(made, 'hk-out-of-order')).rows.find((r) => r.room === code);
    expect(now).toMatchObject({
      status: 'Out of order / Rusak',
      ooo_from: BUSINESS_DATE,
      ooo_to: '2026-11-26',
      nights: 3,
      reason: 'Shower valve replaced',
    });
    expect(now?.set_by).toBeTruthy();
    const history = (await report(made, 'hk-ooo-history', { date_from: '2026-11-01', date_to: '2026-11-30' })).rows;
    expect(history.some((r) => r.room === code && r.reason === 'Shower valve replaced')).toBe(true);
    expect((await made.get('/api/reports/hk-ooo-history?date_from=2025-01-01&date_to=2026-11-30')).statusCode).toBe(400);
  });

  it('shows the front desk a sleeper (guest in house, room found vacant) and a skip (room vacant, found occupied)', async () => {
    const inHouse = (await board()).rooms.find((r) => r.fo === 'occupied' && r.hk_status.startsWith('occupied'))!.code;
    const empty = vacant(4);
    await putStatus(inHouse, 'vacant_clean');
    await putStatus(empty, 'occupied_dirty');
    const rows = (await report(desk, 'hk-discrepancy')).rows;
    expect(rows.find((r) => r.room === inHouse)).toMatchObject({ kind: 'Sleep / Sleep', front_office: 'Occupied / Terisi' });
    expect(rows.find((r) => r.room === empty)).toMatchObject({ kind: 'Skip / Skip', front_office: 'Vacant / Kosong', guest: null });
    await putStatus(inHouse, 'occupied_clean');
    await putStatus(empty, 'vacant_clean');
    expect((await report(desk, 'hk-discrepancy')).rows.filter((r) => r.room === inHouse || r.room === empty)).toEqual([]);
  });

  it("counts the day's rooms by state, lists today's arrivals with their rooms, and the dashboard adds them up", async () => {
    const sheet = (await report(made, 'hk-room-count')).rows;
    const total = sheet.reduce((n, r) => n + Number(r.rooms), 0);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM room WHERE branch_id = 1 AND active`.execute(t.database.db);
    expect(total).toBe(rows[0].n);
    const arrivals = (await report(made, 'hk-rooming-list', { date: BUSINESS_DATE })).rows;
    const expected = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM reservation WHERE branch_id = 1 AND arrival = ${BUSINESS_DATE} AND status IN ('tentative', 'confirmed', 'in_house')`.execute(
      t.database.db,
    );
    expect(arrivals).toHaveLength(expected.rows[0].n);
    expect(arrivals.length).toBeGreaterThan(0);
    const dash = (await report(made, 'hk-dashboard')).rows[0];
    const dirty = sheet.filter((r) => String(r.state).includes('dirty')).reduce((n, r) => n + Number(r.rooms), 0);
    expect(Number(dash.dirty)).toBe(dirty);
  });
});

describe('lost and found', () => {
  it('logs a phone found in a room, kept 180 days, returned once to its owner and never changed after', async () => {
    const roomId = rooms.find((r) => r.code === vacant(5))!.id;
    const item = {
      found_on: BUSINESS_DATE,
      room_id: roomId,
      item: 'Samsung Galaxy phone, black',
      category: 'electronics',
      found_by: 'Wayan Suarta',
      stored_in: 'HK office safe',
    };
    expectApiError(await made.post('/api/data/housekeeping/lost-found', { ...item, room_id: undefined }), 400, {
      fields: { place: expect.stringMatching(/room or a place/) },
    });
    const logged = (await made.post('/api/data/housekeeping/lost-found', item)).json();
    expect(logged).toMatchObject({ number: 'LF-202611-0001', status: 'kept', keep_until: '2027-05-22' });
    expectApiError(
      await made.patch(`/api/data/housekeeping/lost-found/${logged.id}`, { version: logged.version, status: 'returned' }),
      400,
      {
        fields: { returned_to: expect.any(String), returned_on: expect.any(String) },
      },
    );
    expectApiError(
      await made.patch(`/api/data/housekeeping/lost-found/${logged.id}`, {
        version: logged.version,
        status: 'disposed',
        disposed_on: '2026-12-01',
      }),
      400,
      { fields: { disposed_on: 'It is kept until 22/05/2027; it cannot be disposed of before' } },
    );
    const returned = await made.patch(`/api/data/housekeeping/lost-found/${logged.id}`, {
      version: logged.version,
      status: 'returned',
      returned_to: 'Mr. Hendra Wijaya (passport checked)',
      returned_on: '2026-11-24',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expectApiError(
      await made.patch(`/api/data/housekeeping/lost-found/${logged.id}`, { version: returned.json().version, status: 'kept' }),
      409,
    );
  });
});
