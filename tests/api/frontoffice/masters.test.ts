import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

let t: TestApp;
let desk: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
});
afterAll(() => t.close());

describe('the demo rooms', () => {
  it('has 120 rooms in Bandung over five room types, and its own rooms in Bali', async () => {
    const rooms = (await desk.get('/api/data/frontoffice/room?limit=1')).json();
    expect(rooms.total).toBe(120);
    const types = (await desk.get('/api/data/frontoffice/room-type?limit=50&sort=sort_order'))
      .json()
      .rows.map((r: { code: string }) => r.code);
    expect(types).toEqual(['SUP', 'DLX', 'EXE', 'JS', 'STE']);
    const admin = await t.login('admin');
    admin.branchId = admin.session.branches.find((b: { code: string }) => b.code === 'NBR').id;
    expect((await admin.get('/api/data/frontoffice/room?limit=1')).json().total).toBe(16);
  });

  it('marks room 512 out of order around the business date', async () => {
    const room = (await desk.get('/api/data/frontoffice/room?q=512&limit=1')).json().rows[0];
    expect(room).toMatchObject({ code: '512', hk_status: 'out_of_order', ooo_from: '2026-11-22', ooo_to: '2026-11-26' });
  });
});

describe('room master', () => {
  it('creates a room with lookups and refuses a second room with the same number', async () => {
    const type = (await desk.get('/api/data/frontoffice/room-type?q=DLX&limit=1')).json().rows[0];
    const floor = (await desk.get('/api/data/frontoffice/floor?q=M5&limit=1')).json().rows[0];
    const res = await desk.post('/api/data/frontoffice/room', {
      code: '525',
      room_type_id: type.id,
      floor_id: floor.id,
      hk_status: 'vacant_dirty',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()._refs).toMatchObject({ room_type_id: 'DLX - Deluxe', floor_id: 'M5 - Main 5th floor' });
    expectApiError(
      await desk.post('/api/data/frontoffice/room', { code: '525', room_type_id: type.id, floor_id: floor.id, hk_status: 'vacant_clean' }),
      409,
    );
  });

  it('refuses an out-of-order range that ends before it starts, and an unknown status', async () => {
    const room = (await desk.get('/api/data/frontoffice/room?q=201&limit=1')).json().rows[0];
    expectApiError(
      await desk.patch(`/api/data/frontoffice/room/${room.id}`, {
        version: room.version,
        hk_status: 'out_of_order',
        ooo_from: '2026-11-25',
        ooo_to: '2026-11-24',
        ooo_reason: 'Broken window',
      }),
      400,
    );
    expectApiError(await desk.patch(`/api/data/frontoffice/room/${room.id}`, { version: room.version, hk_status: 'flooded' }), 400);
  });

  it("keeps a property's rooms to itself", async () => {
    const admin = await t.login('admin');
    admin.branchId = admin.session.branches.find((b: { code: string }) => b.code === 'NBR').id;
    const bandung = (await desk.get('/api/data/frontoffice/room?q=201&limit=1')).json().rows[0];
    expectApiError(await admin.get(`/api/data/frontoffice/room/${bandung.id}`), 404);
  });

  it('is closed to a user without the right: the cashier may not change rooms', async () => {
    const cashier = await t.login('cashier');
    expectApiError(await cashier.get('/api/data/frontoffice/room?limit=1'), 403);
  });
});
