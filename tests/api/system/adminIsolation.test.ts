import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError, idOf } from '../expectations.js';

/**
 * User administration stays inside the properties one holds. Wulan runs HR at Grand Nusantara Bandung with
 * every right on users and groups, and nothing at Nusantara Beach Resort Bali: she may not grant Bali, see or
 * touch Bali's staff, or change a group Bali's staff belong to. (Each of these answered 200 before.)
 */
let t: TestApp;
let admin: ApiClient;
let wulan: ApiClient;
let GNB: number;
let NBR: number;
let FO: number;
let HR: number;
let ketut: { id: number; version: number };
let wulanId: number;

const USER_RIGHTS = ['view', 'create', 'edit', 'delete', 'resetPassword', 'lock'].map((a) => `system.user:${a}`);
const GROUP_RIGHTS = ['view', 'create', 'edit', 'delete'].map((a) => `system.group-user:${a}`);

async function newUser(username: string, group: number, branchIds: number[]) {
  const res = await admin.post('/api/data/system/user', {
    username,
    full_name: username,
    group_id: group,
    password: 'Kopi-Tubruk-2026',
    branch_ids: branchIds,
    default_branch_id: branchIds[0],
  });
  expect(res.statusCode, res.body).toBe(201);
  await sql`UPDATE app_user SET must_change_password = false WHERE id = ${res.json().id}`.execute(t.database.db);
  return res.json() as { id: number; version: number };
}

const hashOf = async (id: number) =>
  (await sql<{ password_hash: string }>`SELECT password_hash FROM app_user WHERE id = ${id}`.execute(t.database.db)).rows[0].password_hash;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  GNB = await idOf(t.database.db, 'branch', 'GNB');
  NBR = await idOf(t.database.db, 'branch', 'NBR');
  FO = await idOf(t.database.db, 'user_group', 'FO');
  const group = await admin.post('/api/data/system/group', { code: 'HR', name: 'Human resources Bandung' });
  HR = group.json().id;
  expect((await admin.post('/api/ops/system.saveGroupRights', { id: HR, rights: [...USER_RIGHTS, ...GROUP_RIGHTS] })).statusCode).toBe(200);
  wulanId = (await newUser('wulan.hr', HR, [GNB])).id;
  ketut = await newUser('ketut.bali', FO, [NBR]);
  wulan = await t.login('wulan.hr', 'Kopi-Tubruk-2026');
});
afterAll(async () => {
  await t?.close();
});

describe('a Bandung HR clerk cannot reach Bali', () => {
  it('cannot grant herself Bali', async () => {
    const me = (await wulan.get(`/api/data/system/user/${wulanId}`)).json();
    expectApiError(await wulan.patch(`/api/data/system/user/${wulanId}`, { version: me.version, branch_ids: [GNB, NBR] }), 403, {
      message: 'You can only manage users and grant access within the properties you hold yourself',
    });
    expectApiError(await wulan.patch(`/api/data/system/user/${wulanId}`, { version: me.version, default_branch_id: NBR }), 403);
    const { rows } = await sql`SELECT branch_id FROM user_branch WHERE user_id = ${wulanId}`.execute(t.database.db);
    expect(rows).toEqual([{ branch_id: GNB }]);
  });

  it('cannot create a user for Bali, nor a user without any of her properties', async () => {
    const base = { full_name: 'Nyoman Artha', group_id: HR, password: 'Kopi-Tubruk-2026' };
    expectApiError(await wulan.post('/api/data/system/user', { ...base, username: 'nyoman.a', branch_ids: [GNB, NBR] }), 403);
    expectApiError(await wulan.post('/api/data/system/user', { ...base, username: 'nyoman.b', branch_ids: [NBR] }), 403);
    expectApiError(await wulan.post('/api/data/system/user', { ...base, username: 'nyoman.c', branch_ids: [] }), 400);
    const { rows } = await sql`SELECT 1 FROM app_user WHERE username LIKE 'nyoman.%'`.execute(t.database.db);
    expect(rows).toEqual([]);
  });

  it("does not see Bali's staff: not in the list, not by id, not in the lookup", async () => {
    const list = (await wulan.get('/api/data/system/user?limit=500')).json();
    const names = list.rows.map((r: any) => r.username);
    expect(names).toContain('frontdesk');
    expect(names).toContain('accountant'); // works in both hotels, Bandung among them
    expect(names).not.toContain('ketut.bali');
    expectApiError(await wulan.get(`/api/data/system/user/${ketut.id}`), 404);
    const lookup = (await wulan.get('/api/data/system/user/lookup?limit=100')).json().rows.map((r: any) => r.label);
    expect(lookup.some((l: string) => l.startsWith('ketut.bali'))).toBe(false);
    const byId = (await wulan.get(`/api/data/system/user/lookup?ids=${ketut.id}`)).json().rows;
    expect(byId).toEqual([]);
  });

  it("cannot reset, lock, change or delete a Bali clerk's account (as if it did not exist)", async () => {
    const hash = await hashOf(ketut.id);
    expectApiError(await wulan.post('/api/ops/system.resetPassword', { id: ketut.id }), 404);
    expectApiError(await wulan.post('/api/ops/system.lockUser', { id: ketut.id }), 404);
    expectApiError(await wulan.patch(`/api/data/system/user/${ketut.id}`, { version: ketut.version, full_name: 'Taken over' }), 404);
    expectApiError(await wulan.delete(`/api/data/system/user/${ketut.id}?version=${ketut.version}`), 404);
    expect(await hashOf(ketut.id)).toBe(hash);
    const { rows } = await sql`SELECT locked, full_name, active FROM app_user WHERE id = ${ketut.id}`.execute(t.database.db);
    expect(rows[0]).toEqual({ locked: false, full_name: 'ketut.bali', active: true });
  });

  it('cannot reset or lock someone who also works in Bali (the accountant)', async () => {
    const id = (await sql<{ id: number }>`SELECT id FROM app_user WHERE username = 'accountant'`.execute(t.database.db)).rows[0].id;
    expectApiError(await wulan.post('/api/ops/system.resetPassword', { id }), 403, {
      message: 'You can only manage users and grant access within the properties you hold yourself',
    });
    expectApiError(await wulan.post('/api/ops/system.lockUser', { id }), 403);
  });

  it("cannot change a group Bali's staff belong to: its rights, its name or its existence", async () => {
    const fo = (await wulan.get(`/api/data/system/group/${FO}`)).json();
    const rightsBefore = (await admin.get(`/api/system/groups/${FO}/rights`)).json().rights;
    expectApiError(await wulan.post('/api/ops/system.saveGroupRights', { id: FO, rights: [] }), 403, {
      message: 'This group also has members in properties you do not hold (1); only an administrator can change it',
    });
    expectApiError(await wulan.patch(`/api/data/system/group/${FO}`, { version: fo.version, name: 'Front office (Bandung)' }), 403);
    expectApiError(await wulan.delete(`/api/data/system/group/${FO}?version=${fo.version}`), 403);
    expect((await admin.get(`/api/system/groups/${FO}/rights`)).json().rights).toEqual(rightsBefore);
  });
});

describe('within Bandung she still does her job', () => {
  it('creates a Bandung clerk, resets their password, locks and unlocks them', async () => {
    const res = await wulan.post('/api/data/system/user', {
      username: 'dimas.pratama',
      full_name: 'Dimas Pratama',
      group_id: HR,
      password: 'Kopi-Tubruk-2026',
      branch_ids: [GNB],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect((await wulan.post('/api/ops/system.resetPassword', { id })).statusCode).toBe(200);
    expect((await wulan.post('/api/ops/system.lockUser', { id })).statusCode).toBe(200);
    expect((await wulan.post('/api/ops/system.unlockUser', { id })).statusCode).toBe(200);
  });

  it('never grants a right she does not hold, even to a Bandung-only group', async () => {
    const night = await wulan.post('/api/data/system/group', { code: 'NIGHT', name: 'Night auditors' });
    expect(night.statusCode, night.body).toBe(201);
    expectApiError(
      await wulan.post('/api/ops/system.saveGroupRights', { id: night.json().id, rights: ['frontoffice.reservation:view'] }),
      403,
    );
    expect((await wulan.post('/api/ops/system.saveGroupRights', { id: night.json().id, rights: ['system.user:view'] })).statusCode).toBe(
      200,
    );
  });
});

describe('lookups need the right to read what they name', () => {
  it('refuses guest names to the storekeeper, who holds no right on guests or on anything that names one', async () => {
    const store = await t.login('purchasing');
    expectApiError(await store.get('/api/data/frontoffice/guest/lookup'), 403);
    expectApiError(await store.get('/api/data/system/user/lookup'), 403);
  });

  it('gives them to the front desk, who book guests, to sales, who may view the front office, and to housekeeping, who log what a guest left behind', async () => {
    for (const who of ['frontdesk', 'sales', 'housekeeping']) {
      const c = await t.login(who);
      const res = await c.get('/api/data/frontoffice/guest/lookup?limit=5');
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      expect(res.json().rows.length).toBe(5);
    }
  });
});
