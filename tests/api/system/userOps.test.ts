import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { projectRoot } from '../../../server/config.js';
import { auditSince, expectApiError, idOf, lastAuditId } from '../expectations.js';

/** The System commands: reset a password, lock and unlock a user, save a group's rights, save the menu overlay. */
let t: TestApp;
let admin: ApiClient;
let GNB: number;
let NBR: number;
let FO: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  GNB = await idOf(t.database.db, 'branch', 'GNB');
  NBR = await idOf(t.database.db, 'branch', 'NBR');
  FO = await idOf(t.database.db, 'user_group', 'FO');
});
afterAll(async () => {
  await t?.close();
});

async function userId(username: string) {
  const { rows } = await sql<{ id: number }>`SELECT id FROM app_user WHERE username = ${username}`.execute(t.database.db);
  return rows[0].id;
}

async function newClerk(username: string) {
  const res = await admin.post('/api/data/system/user', {
    username,
    full_name: username,
    group_id: FO,
    password: 'Kopi-Tubruk-2026',
    branch_ids: [GNB],
    language: 'en',
  });
  expect(res.statusCode, res.body).toBe(201);
  await sql`UPDATE app_user SET must_change_password = false WHERE id = ${res.json().id}`.execute(t.database.db);
  return res.json().id as number;
}

describe('reset password', () => {
  it('gives a readable temporary password once, ends the user’s sessions and forces a change at sign-in', async () => {
    const id = await newClerk('rahmat.hidayat');
    const session = await t.login('rahmat.hidayat', 'Kopi-Tubruk-2026');
    const since = await lastAuditId(t.database.db);
    const res = await admin.post('/api/ops/system.resetPassword', { id });
    expect(res.statusCode, res.body).toBe(200);
    const temporary = res.json().temporaryPassword as string;
    expect(temporary).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{12}$/);

    expectApiError(await session.get('/api/auth/me'), 401);
    expectApiError(await t.anonymous().post('/api/auth/login', { username: 'rahmat.hidayat', password: 'Kopi-Tubruk-2026' }), 401);
    const again = await t.login('rahmat.hidayat', temporary);
    expect(again.session.user.mustChangePassword).toBe(true);
    expectApiError(await again.get('/api/data/system/tax-service'), 403, { code: 'PASSWORD_CHANGE_REQUIRED' });

    const audit = await auditSince(t.database.db, since);
    expect(audit.map((a) => a.action)).toContain('system.resetPassword');
    expect(JSON.stringify(audit)).not.toContain(temporary);
  });

  it('sets the password the administrator chose, which is never written to the audit log', async () => {
    const id = await newClerk('sri.wahyuni');
    const since = await lastAuditId(t.database.db);
    const res = await admin.post('/api/ops/system.resetPassword', { id, password: 'Dipilih-Admin-2026' });
    expect(res.json()).toEqual({ ok: true });
    expect((await t.login('sri.wahyuni', 'Dipilih-Admin-2026')).session.user.mustChangePassword).toBe(true);
    const [audit] = await auditSince(t.database.db, since);
    expect(audit.after).toEqual({ id });
    expect(JSON.stringify(audit)).not.toContain('Dipilih-Admin-2026');
  });

  it('refuses a weak password and an unknown user', async () => {
    const id = await userId('sri.wahyuni');
    expectApiError(await admin.post('/api/ops/system.resetPassword', { id, password: 'short' }), 400, {
      fields: { password: 'Use at least 8 characters' },
    });
    expectApiError(await admin.post('/api/ops/system.resetPassword', { id: 999999 }), 404, { message: 'User was not found' });
  });
});

describe('lock and unlock', () => {
  it('locks a user out: their sessions end and sign-in is refused; the reason is kept', async () => {
    const id = await newClerk('teguh.santoso');
    const session = await t.login('teguh.santoso', 'Kopi-Tubruk-2026');
    const res = await admin.post('/api/ops/system.lockUser', { id, reason: 'Left the hotel on 20/11/2026' });
    expect(res.statusCode, res.body).toBe(200);
    expectApiError(await session.get('/api/auth/me'), 401);
    expectApiError(await t.anonymous().post('/api/auth/login', { username: 'teguh.santoso', password: 'Kopi-Tubruk-2026' }), 403, {
      code: 'ACCOUNT_LOCKED',
    });
    const row = (await admin.get(`/api/data/system/user/${id}`)).json();
    expect(row).toMatchObject({ locked: true, locked_reason: 'Left the hotel on 20/11/2026' });
  });

  it('unlocks: the user signs in again', async () => {
    const id = await userId('teguh.santoso');
    expect((await admin.post('/api/ops/system.unlockUser', { id })).statusCode).toBe(200);
    expect((await admin.get(`/api/data/system/user/${id}`)).json()).toMatchObject({ locked: false, locked_reason: null });
    expect((await t.anonymous().post('/api/auth/login', { username: 'teguh.santoso', password: 'Kopi-Tubruk-2026' })).statusCode).toBe(200);
  });

  it('ends sessions when a user is deactivated through the form', async () => {
    const id = await newClerk('umar.bakri');
    const session = await t.login('umar.bakri', 'Kopi-Tubruk-2026');
    const row = (await admin.get(`/api/data/system/user/${id}`)).json();
    expect((await admin.patch(`/api/data/system/user/${id}`, { version: row.version, active: false })).statusCode).toBe(200);
    expectApiError(await session.get('/api/auth/me'), 401);
  });

  it('does not let an administrator lock themselves out', async () => {
    expectApiError(await admin.post('/api/ops/system.lockUser', { id: admin.session.user.id }), 400, {
      message: 'You cannot lock, deactivate or delete your own account',
    });
  });

  it('refuses an unknown user', async () => {
    expectApiError(await admin.post('/api/ops/system.lockUser', { id: 999999 }), 404, { message: 'User was not found' });
  });
});

describe("a group's rights", () => {
  it('take effect at once: ticking Banks for the front office shows them the banks and the menu entry', async () => {
    const clerk = await t.login('frontdesk');
    expectApiError(await clerk.get('/api/data/system/bank'), 403, { message: "Your group does not have the right 'View' on Banks" });
    const current = (await admin.get(`/api/system/groups/${FO}/rights`)).json();
    expect(current.isAdmin).toBe(false);
    expect(current.rights.filter((r: string) => r.startsWith('system.'))).toEqual(['system.pay-article:view', 'system.tax-service:view']);

    const res = await admin.post('/api/ops/system.saveGroupRights', { id: FO, rights: [...current.rights, 'system.masterbank:view'] });
    expect(res.json()).toEqual({ ok: true, added: 1, removed: 0 });
    expect((await clerk.get('/api/data/system/bank')).statusCode).toBe(200);
    const menu = JSON.stringify((await clerk.get('/api/meta/menu')).json());
    expect(menu).toContain('/system/global-master/masterbank');
    expectApiError(await clerk.post('/api/data/system/bank', { code: 'BJB', name: 'Bank BJB' }), 403, {
      message: "Your group does not have the right 'Add' on Banks",
    });

    const back = await admin.post('/api/ops/system.saveGroupRights', { id: FO, rights: current.rights });
    expect(back.json()).toEqual({ ok: true, added: 0, removed: 1 });
    expectApiError(await clerk.get('/api/data/system/bank'), 403);
  });

  it('refuses rights that do not exist, naming them, and changes nothing', async () => {
    const before = (await admin.get(`/api/system/groups/${FO}/rights`)).json().rights;
    expectApiError(
      await admin.post('/api/ops/system.saveGroupRights', {
        id: FO,
        rights: ['system.masterbank:view', 'system.masterbank:approve', 'system.casino:view'],
      }),
      400,
      {
        fields: { rights: 'These rights do not exist: system.masterbank:approve, system.casino:view' },
      },
    );
    expect((await admin.get(`/api/system/groups/${FO}/rights`)).json().rights).toEqual(before);
  });

  it('refuses an unknown group', async () => {
    expectApiError(await admin.post('/api/ops/system.saveGroupRights', { id: 999999, rights: [] }), 404, {
      message: 'User group was not found',
    });
    expectApiError(await admin.get('/api/system/groups/999999/rights'), 404, { message: 'User group was not found' });
  });
});

describe("the property's menu overlay", () => {
  const routesHash = () =>
    crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(projectRoot, 'routes.json')))
      .digest('hex');

  it('renames, reorders and hides entries for this property only, and never touches routes.json', async () => {
    const before = routesHash();
    const res = await admin.post('/api/ops/system.saveMenu', {
      items: [
        { path: '/system/log', label_en: 'Activity log', label_id: 'Log aktivitas', sort_order: 0 },
        { path: '/system/sett-print-pos', hidden: true },
        { path: '/dashboard', label_en: '', label_id: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(routesHash()).toBe(before);

    const system = (await admin.get('/api/meta/menu')).json().items.find((i: any) => i.path === '/system');
    expect(system.children[0]).toEqual({ path: '/system/log', name: { en: 'Activity log', id: 'Log aktivitas' } });
    expect(JSON.stringify(system)).not.toContain('/system/sett-print-pos');

    const bali = (await admin.get('/api/meta/menu', { 'x-branch-id': String(NBR) })).json().items.find((i: any) => i.path === '/system');
    expect(bali.children[0].path).toBe('/system/system-user');
    expect(JSON.stringify(bali)).toContain('/system/sett-print-pos');

    const editor = (await admin.get('/api/system/menu-editor')).json();
    expect(editor.overrides).toHaveLength(2);
    expect(JSON.stringify(editor.items)).toContain('/system/sett-print-pos');
  });

  it('is replaced as a whole: saving an empty overlay restores the shipped menu', async () => {
    expect((await admin.post('/api/ops/system.saveMenu', { items: [] })).statusCode).toBe(200);
    const system = (await admin.get('/api/meta/menu')).json().items.find((i: any) => i.path === '/system');
    expect(system.children[0].path).toBe('/system/system-user');
    expect((await admin.get('/api/system/menu-editor')).json().overrides).toEqual([]);
  });

  it('refuses a path that is not a menu entry', async () => {
    expectApiError(await admin.post('/api/ops/system.saveMenu', { items: [{ path: '/system/casino', hidden: true }] }), 400, {
      fields: { items: '/system/casino is not a menu entry' },
    });
  });
});

describe('a user manager who is not an administrator (an HR clerk) cannot raise anyone’s rights', () => {
  let hr: ApiClient;
  let hrGroup: number;
  let trainees: number;
  const HR_RIGHTS = [
    'system.user:view',
    'system.user:create',
    'system.user:edit',
    'system.user:resetPassword',
    'system.user:lock',
    'system.group-user:view',
    'system.group-user:create',
    'system.group-user:edit',
  ];

  beforeAll(async () => {
    hrGroup = (await admin.post('/api/data/system/group', { code: 'HR', name: 'Human resources' })).json().id;
    expect((await admin.post('/api/ops/system.saveGroupRights', { id: hrGroup, rights: HR_RIGHTS })).statusCode).toBe(200);
    trainees = (await admin.post('/api/data/system/group', { code: 'TRAINEE', name: 'Trainees' })).json().id;
    const wulan = await admin.post('/api/data/system/user', {
      username: 'wulan.hr',
      full_name: 'Wulandari',
      group_id: hrGroup,
      password: 'Personalia-2026',
      branch_ids: [GNB],
    });
    await sql`UPDATE app_user SET must_change_password = false WHERE id = ${wulan.json().id}`.execute(t.database.db);
    hr = await t.login('wulan.hr', 'Personalia-2026');
  });

  const adminOnly = { code: 'FORBIDDEN', message: 'Only an administrator can manage administrator accounts and groups' };

  it('manages ordinary staff: a trainee is created and their password reset', async () => {
    const res = await hr.post('/api/data/system/user', {
      username: 'yoga.trainee',
      full_name: 'Yoga Pratama',
      group_id: trainees,
      password: 'Magang-Hotel-2026',
      branch_ids: [GNB],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await hr.post('/api/ops/system.resetPassword', { id: res.json().id })).statusCode).toBe(200);
  });

  it('cannot move herself or anyone into the administrators', async () => {
    const ADMIN = await idOf(t.database.db, 'user_group', 'ADMIN');
    const me = (await hr.get(`/api/data/system/user/${hr.session.user.id}`)).json();
    expectApiError(await hr.patch(`/api/data/system/user/${me.id}`, { version: me.version, group_id: ADMIN }), 403, adminOnly);
    expectApiError(
      await hr.post('/api/data/system/user', { username: 'shadow.admin', full_name: 'Shadow', group_id: ADMIN, password: 'Bayangan-2026' }),
      403,
      adminOnly,
    );
  });

  it('cannot put a user into a group holding rights she does not hold', async () => {
    const ACC = await idOf(t.database.db, 'user_group', 'ACC');
    const res = await hr.post('/api/data/system/user', {
      username: 'fake.accountant',
      full_name: 'Fake',
      group_id: ACC,
      password: 'Pembukuan-2026',
    });
    expectApiError(res, 403, {
      message: /^You cannot give rights you do not hold yourself: accountpayable\.ap-advance:apply, accountpayable\.ap-advance:create, /,
    });
  });

  it('cannot take over an administrator account: no password reset, no lock, no edit, no delete', async () => {
    const adminRow = (await hr.get(`/api/data/system/user/${admin.session.user.id}`)).json();
    expectApiError(await hr.post('/api/ops/system.resetPassword', { id: adminRow.id }), 403, adminOnly);
    expectApiError(await hr.post('/api/ops/system.lockUser', { id: adminRow.id }), 403, adminOnly);
    expectApiError(
      await hr.patch(`/api/data/system/user/${adminRow.id}`, { version: adminRow.version, email: 'wulan@evil.example' }),
      403,
      adminOnly,
    );
    expect((await t.login('admin')).session.user.email).toBe('admin@grandnusantara.co.id');
  });

  it('cannot grant her own group rights she does not hold, nor make a group an administrator group', async () => {
    expectApiError(
      await hr.post('/api/ops/system.saveGroupRights', { id: hrGroup, rights: [...HR_RIGHTS, 'system.masterbank:view'] }),
      403,
      {
        message: 'You cannot give rights you do not hold yourself: system.masterbank:view',
      },
    );
    const group = (await hr.get(`/api/data/system/group/${trainees}`)).json();
    expectApiError(await hr.patch(`/api/data/system/group/${trainees}`, { version: group.version, is_admin: true }), 403, adminOnly);
    expectApiError(await hr.post('/api/data/system/group', { code: 'ROOT', name: 'Root', is_admin: true }), 403, adminOnly);
    expect((await admin.get(`/api/system/groups/${hrGroup}/rights`)).json().rights.sort()).toEqual([...HR_RIGHTS].sort());
  });

  it('may still take rights away from a group', async () => {
    expect((await hr.post('/api/ops/system.saveGroupRights', { id: trainees, rights: [] })).statusCode).toBe(200);
  });
});
