import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { hashSecret } from '../../../server/auth/tokens.js';
import { forgetCachedSessions } from '../../../server/http/session.js';
import { auditSince, expectApiError, idOf, lastAuditId } from '../expectations.js';

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

/** The session row behind a client's cookie. */
async function sessionOf(client: ApiClient) {
  const secret = client.cookie!.split('=').slice(1).join('=');
  const { rows } = await sql<{
    id: number;
    revoked_at: Date | null;
  }>`SELECT id, revoked_at FROM user_session WHERE token_hash = ${hashSecret(secret)}`.execute(t.database.db);
  return rows[0];
}

/** A new front-office clerk created by the administrator, who has changed the initial password already. */
async function newClerk(username: string, password = 'Kopi-Tubruk-2026', extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/data/system/user', {
    username,
    full_name: username.replace('.', ' '),
    group_id: FO,
    email: `${username}@grandnusantara.co.id`,
    password,
    branch_ids: [GNB],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  await sql`UPDATE app_user SET must_change_password = false WHERE id = ${res.json().id}`.execute(t.database.db);
  return res.json();
}

describe('sign-in', () => {
  it('signs the front-office clerk in and sets an HttpOnly, Secure, SameSite=Strict __Host- cookie', async () => {
    const client = t.anonymous();
    const res = await client.post('/api/auth/login', { username: 'frontdesk', password: 'hotelier' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-hotelier_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.secure).toBe(true);
    expect(cookie.path).toBe('/');
    expect(res.json().user.fullName).toBe('Siti Rahmawati');
    expect(res.body).not.toContain(cookie.value);
  });

  it('answers who is signed in, where, and what they may do — never a secret', async () => {
    const res = await t.anonymous().post('/api/auth/login', { username: 'frontdesk', password: 'hotelier' });
    const s = res.json();
    expect(s.user).toEqual({
      id: expect.any(Number),
      username: 'frontdesk',
      fullName: 'Siti Rahmawati',
      email: 'siti.rahmawati@grandnusantara.co.id',
      groupId: FO,
      isAdmin: false,
      language: 'id',
      mustChangePassword: false,
    });
    expect(s.branchId).toBe(GNB);
    expect(s.branches).toEqual([{ id: GNB, code: 'GNB', name: 'Grand Nusantara Bandung', city: 'Bandung' }]);
    expect(s.rights).toContain('system.tax-service:view');
    expect(s.rights).not.toContain('system.tax-service:edit');
    expect(typeof s.csrfToken).toBe('string');
    expect(new Date(s.expiresAt).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect(res.body).not.toMatch(/scrypt|password_hash|token_hash/);
  });

  it("says where each user lands: the front desk on the front office (its group's main module), the administrator on the main dashboard", async () => {
    const clerk = await t.anonymous().post('/api/auth/login', { username: 'frontdesk', password: 'hotelier' });
    expect(clerk.json().home).toBe('/frontoffice');
    expect((await admin.get('/api/auth/me')).json().home).toBe('/dashboard');
    const sales = await t.anonymous().post('/api/auth/login', { username: 'sales', password: 'hotelier' });
    expect(sales.json().home).toBe('/sales');
  });

  it('accepts the user name in any case and with stray spaces', async () => {
    const res = await t.anonymous().post('/api/auth/login', { username: '  FrontDesk ', password: 'hotelier' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same sentence and no cookie', async () => {
    const wrong = await t.anonymous().post('/api/auth/login', { username: 'housekeeping', password: 'wrong-password' });
    expectApiError(wrong, 401, { code: 'BAD_CREDENTIALS', message: 'Wrong user name or password' });
    expect(wrong.cookies).toHaveLength(0);
    const unknown = await t.anonymous().post('/api/auth/login', { username: 'nobody.here', password: 'hotelier' });
    expectApiError(unknown, 401, { code: 'BAD_CREDENTIALS', message: 'Wrong user name or password' });
  });

  it('tells an Indonesian desk in Indonesian', async () => {
    const client = t.anonymous();
    client.lang = 'id';
    expectApiError(await client.post('/api/auth/login', { username: 'purchasing', password: 'salah-sandi' }), 401, {
      message: 'Nama pengguna atau kata sandi salah',
    });
  });

  it('refuses a locked or an inactive account with the right password, and logs the refusal', async () => {
    const locked = await newClerk('joko.locked');
    await sql`UPDATE app_user SET locked = true WHERE id = ${locked.id}`.execute(t.database.db);
    const since = await lastAuditId(t.database.db);
    expectApiError(await t.anonymous().post('/api/auth/login', { username: 'joko.locked', password: 'Kopi-Tubruk-2026' }), 403, {
      code: 'ACCOUNT_LOCKED',
      message: 'This account is locked. Ask an administrator to unlock it.',
    });
    expect((await auditSince(t.database.db, since)).map((a) => [a.action, a.summary])).toEqual([['login-refused', 'joko.locked: locked']]);
    const inactive = await newClerk('joko.inactive');
    await sql`UPDATE app_user SET active = false WHERE id = ${inactive.id}`.execute(t.database.db);
    expectApiError(await t.anonymous().post('/api/auth/login', { username: 'joko.inactive', password: 'Kopi-Tubruk-2026' }), 403, {
      message: 'This account is not active. Ask an administrator.',
    });
  });

  it('refuses a user with no property granted', async () => {
    await newClerk('joko.nowhere', 'Kopi-Tubruk-2026', { branch_ids: [] });
    expectApiError(await t.anonymous().post('/api/auth/login', { username: 'joko.nowhere', password: 'Kopi-Tubruk-2026' }), 403, {
      code: 'NO_BRANCH',
      message: 'No property is assigned to your account. Ask an administrator.',
    });
  });

  it('records sign-ins and failures in the audit log', async () => {
    const since = await lastAuditId(t.database.db);
    await t.login('sales');
    await t.anonymous().post('/api/auth/login', { username: 'sales', password: 'not-the-password' });
    const rows = await auditSince(t.database.db, since);
    expect(rows.map((r) => [r.entity, r.action, r.username])).toEqual([
      ['auth', 'login', 'sales'],
      ['auth', 'login-failed', 'sales'],
    ]);
    await t.login('sales');
  });
});

describe('the session', () => {
  it('answers /api/auth/me with the session, and 401 "Please sign in" without one', async () => {
    const clerk = await t.login('frontdesk');
    const me = await clerk.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe('frontdesk');
    expect(me.json().csrfToken).toBe(clerk.csrf);
    expectApiError(await t.anonymous().get('/api/auth/me'), 401, { code: 'UNAUTHENTICATED', message: 'Please sign in' });
  });

  it('signs out: the cookie is cleared, the session revoked, the old cookie refused', async () => {
    const clerk = await t.login('frontdesk');
    const cookie = clerk.cookie;
    const res = await clerk.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.cookies.find((c) => c.name === '__Host-hotelier_session')?.value).toBe('');
    clerk.cookie = cookie;
    expect((await sessionOf(clerk)).revoked_at).not.toBeNull();
    expectApiError(await clerk.get('/api/auth/me'), 401, { message: 'Your session has ended. Please sign in again.' });
  });

  it('refuses a state change without the CSRF token, or with another session’s token', async () => {
    const clerk = await t.login('accountant');
    const other = await t.login('accountant');
    const token = clerk.csrf;
    clerk.csrf = undefined;
    expectApiError(await clerk.post('/api/auth/branch', { branchId: NBR }), 403, {
      code: 'CSRF',
      message: 'The request is missing its security token. Reload the page.',
    });
    clerk.csrf = other.csrf;
    expectApiError(await clerk.post('/api/auth/branch', { branchId: NBR }), 403, { code: 'CSRF' });
    clerk.csrf = token;
    expect((await clerk.post('/api/auth/branch', { branchId: NBR })).statusCode).toBe(200);
  });

  it('ends after 2 idle hours', async () => {
    const clerk = await t.login('cashier');
    await sql`UPDATE user_session SET last_seen_at = now() - interval '121 minutes' WHERE id = ${(await sessionOf(clerk)).id}`.execute(
      t.database.db,
    );
    forgetCachedSessions();
    expectApiError(await clerk.get('/api/auth/me'), 401, {
      code: 'UNAUTHENTICATED',
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('stays alive while used, touching its last-seen time', async () => {
    const clerk = await t.login('cashier');
    const { id } = await sessionOf(clerk);
    await sql`UPDATE user_session SET last_seen_at = now() - interval '119 minutes' WHERE id = ${id}`.execute(t.database.db);
    forgetCachedSessions();
    expect((await clerk.get('/api/auth/me')).statusCode).toBe(200);
    const { rows } = await sql<{
      idle: number;
    }>`SELECT extract(epoch FROM now() - last_seen_at)::int AS idle FROM user_session WHERE id = ${id}`.execute(t.database.db);
    expect(rows[0].idle).toBeLessThan(5);
  });

  it('ends at its absolute expiry, however busy', async () => {
    const clerk = await t.login('cashier');
    await sql`UPDATE user_session SET expires_at = now() - interval '1 second' WHERE id = ${(await sessionOf(clerk)).id}`.execute(
      t.database.db,
    );
    forgetCachedSessions();
    expectApiError(await clerk.get('/api/auth/me'), 401, { message: 'Your session has ended. Please sign in again.' });
  });

  it('ends when revoked', async () => {
    const clerk = await t.login('cashier');
    await sql`UPDATE user_session SET revoked_at = now() WHERE id = ${(await sessionOf(clerk)).id}`.execute(t.database.db);
    forgetCachedSessions();
    expectApiError(await clerk.get('/api/auth/me'), 401);
  });

  it('rotates at every sign-in: signing in again in the same browser revokes the old session', async () => {
    const clerk = await t.login('housekeeping');
    const oldCookie = clerk.cookie!;
    const oldSession = await sessionOf(clerk);
    const again = await clerk.post('/api/auth/login', { username: 'housekeeping', password: 'hotelier' });
    expect(again.statusCode).toBe(200);
    expect(clerk.cookie).not.toBe(oldCookie);
    const old = t.anonymous();
    old.cookie = oldCookie;
    expectApiError(await old.get('/api/auth/me'), 401);
    const { rows } = await sql<{ revoked_at: Date | null }>`SELECT revoked_at FROM user_session WHERE id = ${oldSession.id}`.execute(
      t.database.db,
    );
    expect(rows[0].revoked_at).not.toBeNull();
    expect((await clerk.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('switching the active property', () => {
  it('moves the accountant from Bandung to Bali for the rest of the session', async () => {
    const accountant = await t.login('accountant');
    expect(accountant.session.branchId).toBe(GNB);
    const res = await accountant.post('/api/auth/branch', { branchId: NBR });
    expect(res.statusCode).toBe(200);
    expect(res.json().branchId).toBe(NBR);
    expect((await accountant.get('/api/auth/me')).json().branchId).toBe(NBR);
    const banks = (await accountant.get('/api/data/system/bank')).json().rows;
    expect(banks.every((b: any) => b.branch_id === NBR)).toBe(true);
  });

  it('refuses a property not granted, by body or by header', async () => {
    const clerk = await t.login('frontdesk');
    expectApiError(await clerk.post('/api/auth/branch', { branchId: NBR }), 403, {
      code: 'FORBIDDEN',
      message: 'You have no access to that property',
    });
    expectApiError(await clerk.post('/api/auth/branch', { branchId: 424242 }), 403);
    clerk.branchId = NBR;
    expectApiError(await clerk.get('/api/data/system/tax-service'), 403, { message: 'You have no access to that property' });
    expect((await clerk.get('/api/data/system/tax-service', { 'x-branch-id': 'Bali' })).statusCode).toBe(403);
  });

  it('lets a clerk whose property was just taken away recover: me, sign-out and sign-in ignore the stale property', async () => {
    const clerk = await newClerk('lestari.bali', 'Kopi-Tubruk-2026', { branch_ids: [GNB, NBR] });
    const lestari = await t.login('lestari.bali', 'Kopi-Tubruk-2026');
    lestari.branchId = NBR;
    expect((await lestari.post('/api/auth/branch', { branchId: NBR })).statusCode).toBe(200);
    const row = (await admin.get(`/api/data/system/user/${clerk.id}`)).json();
    expect((await admin.patch(`/api/data/system/user/${clerk.id}`, { version: row.version, branch_ids: [GNB] })).statusCode).toBe(200);

    expectApiError(await lestari.get('/api/data/system/tax-service'), 403, { message: 'You have no access to that property' });
    const me = await lestari.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().branchId).toBe(GNB);
    expect((await lestari.post('/api/auth/logout')).statusCode).toBe(200);
    const again = await lestari.post('/api/auth/login', { username: 'lestari.bali', password: 'Kopi-Tubruk-2026' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().branchId).toBe(GNB);
  });

  it('lets an administrator act on any property by header, one request at a time', async () => {
    const res = await admin.get('/api/data/system/bank', { 'x-branch-id': String(NBR) });
    expect(res.json().rows.every((b: any) => b.branch_id === NBR)).toBe(true);
    expect((await admin.get('/api/auth/me')).json().branchId).toBe(GNB);
  });
});

describe('changing your own password', () => {
  it('refuses a wrong current password, the same password and a weak one, field by field', async () => {
    const clerk = await t.login('purchasing');
    expectApiError(await clerk.post('/api/auth/password', { currentPassword: 'not-it', newPassword: 'Gudang-Kering-2026' }), 400, {
      code: 'VALIDATION',
      fields: { currentPassword: 'The password is not correct' },
    });
    expectApiError(await clerk.post('/api/auth/password', { currentPassword: 'hotelier', newPassword: 'hotelier' }), 400, {
      fields: { newPassword: 'The new password must differ from the current one' },
    });
    expectApiError(await clerk.post('/api/auth/password', { currentPassword: 'hotelier', newPassword: 'gudang' }), 400, {
      fields: { newPassword: 'Use at least 8 characters' },
    });
    expectApiError(await clerk.post('/api/auth/password', { currentPassword: 'hotelier', newPassword: 'Purchasing-2026' }), 400, {
      fields: { newPassword: 'The password must not contain the user name' },
    });
  });

  it('changes it, keeps this session, ends the others, and the old password stops working', async () => {
    await newClerk('dian.pratiwi', 'Kopi-Tubruk-2026');
    const here = await t.login('dian.pratiwi', 'Kopi-Tubruk-2026');
    const elsewhere = await t.login('dian.pratiwi', 'Kopi-Tubruk-2026');
    const res = await here.post('/api/auth/password', { currentPassword: 'Kopi-Tubruk-2026', newPassword: 'Teh-Manis-Hangat-2026' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
    expectApiError(await elsewhere.get('/api/auth/me'), 401);
    expectApiError(await t.anonymous().post('/api/auth/login', { username: 'dian.pratiwi', password: 'Kopi-Tubruk-2026' }), 401);
    expect((await t.anonymous().post('/api/auth/login', { username: 'dian.pratiwi', password: 'Teh-Manis-Hangat-2026' })).statusCode).toBe(
      200,
    );
  });
});

describe('a password set by an administrator must be changed first', () => {
  it('blocks every other API with 403 PASSWORD_CHANGE_REQUIRED until it is changed', async () => {
    const res = await admin.post('/api/data/system/user', {
      username: 'eko.prasetyo',
      full_name: 'Eko Prasetyo',
      group_id: FO,
      password: 'Sementara-2026',
      branch_ids: [GNB],
    });
    expect(res.statusCode).toBe(201);
    const eko = await t.login('eko.prasetyo', 'Sementara-2026');
    expect(eko.session.user.mustChangePassword).toBe(true);
    const blocked = { code: 'PASSWORD_CHANGE_REQUIRED', message: 'Change your password before you continue' };
    expectApiError(await eko.get('/api/data/system/tax-service'), 403, blocked);
    expectApiError(await eko.get('/api/meta/menu'), 403, blocked);
    expectApiError(await eko.patch('/api/account/profile', { phone: '+62 811 000 111' }), 403, blocked);
    expectApiError(await eko.post('/api/auth/branch', { branchId: GNB }), 403, blocked);
    expect((await eko.get('/api/auth/me')).statusCode).toBe(200);

    const changed = await eko.post('/api/auth/password', { currentPassword: 'Sementara-2026', newPassword: 'Lobi-Hotel-Pagi-2026' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await eko.get('/api/auth/me')).json().user.mustChangePassword).toBe(false);
    expect((await eko.get('/api/data/system/tax-service')).statusCode).toBe(200);
  });

  it('still lets them sign out', async () => {
    const res = await admin.post('/api/data/system/user', {
      username: 'fajar',
      full_name: 'Fajar Nugroho',
      group_id: FO,
      password: 'Sementara-2026',
      branch_ids: [GNB],
    });
    expect(res.statusCode).toBe(201);
    const fajar = await t.login('fajar', 'Sementara-2026');
    expect((await fajar.post('/api/auth/logout')).statusCode).toBe(200);
  });
});

describe('forgotten password', () => {
  const linkToken = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1];

  it('mails a link, which sets a new password that signs in; the old one no longer does', async () => {
    await newClerk('gita.savitri', 'Kopi-Tubruk-2026', { language: 'en' });
    const session = await t.login('gita.savitri', 'Kopi-Tubruk-2026');
    const before = t.mails.length;
    const res = await t.anonymous().post('/api/auth/forgot', { login: 'Gita.Savitri@grandnusantara.co.id' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = t.mails[before];
    expect(t.mails).toHaveLength(before + 1);
    expect(mail.to).toBe('gita.savitri@grandnusantara.co.id');
    expect(mail.subject).toBe('Hotelier: set a new password');
    expect(mail.text).toContain("account 'gita.savitri'");
    expect(mail.text).toMatch(/\/forgot-password\?token=/);

    const reset = await t.anonymous().post('/api/auth/reset', { token: linkToken(mail.text), password: 'Angklung-Sore-2026' });
    expect(reset.statusCode, reset.body).toBe(200);
    expectApiError(await session.get('/api/auth/me'), 401);
    expectApiError(await t.anonymous().post('/api/auth/login', { username: 'gita.savitri', password: 'Kopi-Tubruk-2026' }), 401);
    expect((await t.anonymous().post('/api/auth/login', { username: 'gita.savitri', password: 'Angklung-Sore-2026' })).statusCode).toBe(
      200,
    );
  });

  it('answers the same for an unknown account, and mails nothing', async () => {
    const before = t.mails.length;
    const res = await t.anonymous().post('/api/auth/forgot', { login: 'stranger@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(t.mails).toHaveLength(before);
  });

  it('refuses a link used twice, an expired link, and an older link once a newer one was sent', async () => {
    await newClerk('hadi.susanto');
    const ask = async () => {
      await t.anonymous().post('/api/auth/forgot', { login: 'hadi.susanto' });
      return linkToken(t.mails[t.mails.length - 1].text);
    };
    const invalid = { code: 'BAD_REQUEST', message: 'This link is no longer valid. Ask for a new one.' };

    const first = await ask();
    const second = await ask();
    expectApiError(await t.anonymous().post('/api/auth/reset', { token: first, password: 'Gamelan-Malam-2026' }), 400, invalid);
    expect((await t.anonymous().post('/api/auth/reset', { token: second, password: 'Gamelan-Malam-2026' })).statusCode).toBe(200);
    expectApiError(await t.anonymous().post('/api/auth/reset', { token: second, password: 'Gamelan-Pagi-2026' }), 400, invalid);

    const late = await ask();
    await sql`UPDATE auth_token SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashSecret(late)}`.execute(t.database.db);
    expectApiError(await t.anonymous().post('/api/auth/reset', { token: late, password: 'Gamelan-Sore-2026' }), 400, invalid);
    expectApiError(await t.anonymous().post('/api/auth/reset', { token: 'x'.repeat(43), password: 'Gamelan-Sore-2026' }), 400, invalid);
  });

  it('refuses a weak new password and keeps the link usable', async () => {
    await newClerk('indah.permata');
    await t.anonymous().post('/api/auth/forgot', { login: 'indah.permata' });
    const token = linkToken(t.mails[t.mails.length - 1].text);
    expectApiError(await t.anonymous().post('/api/auth/reset', { token, password: 'hotelier' }), 400, {
      fields: { password: 'This password is too easy to guess' },
    });
    expect((await t.anonymous().post('/api/auth/reset', { token, password: 'Bunga-Melati-2026' })).statusCode).toBe(200);
  });

  it('mails an Indonesian user in Indonesian', async () => {
    await t.anonymous().post('/api/auth/forgot', { login: 'frontdesk' });
    const mail = t.mails[t.mails.length - 1];
    expect(mail.to).toBe('siti.rahmawati@grandnusantara.co.id');
    expect(mail.subject).toBe('Hotelier: buat kata sandi baru');
    expect(mail.text).toContain('Halo Siti Rahmawati');
  });
});

describe('forgotten-password throttling', () => {
  it('mails one account at most three links an hour, answering the same after that', async () => {
    await newClerk('lestari.ayu');
    const before = t.mails.length;
    const client = t.anonymous();
    client.remoteAddress = '10.20.30.41';
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/auth/forgot', { login: 'lestari.ayu' });
      expect(res.json()).toEqual({ ok: true });
    }
    expect(t.mails.length - before).toBe(3);
  });

  it('answers 429 to an address that keeps asking, whatever the account', async () => {
    const client = t.anonymous();
    client.remoteAddress = '10.20.30.42';
    for (let i = 0; i < 10; i++) expect((await client.post('/api/auth/forgot', { login: `nobody${i}@example.com` })).statusCode).toBe(200);
    const res = await client.post('/api/auth/forgot', { login: 'frontdesk' });
    expectApiError(res, 429, {
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many requests for a new password from this address. Wait 15 min and try again.',
    });
    expect(res.headers['retry-after']).toBe('900');
    const other = t.anonymous();
    other.remoteAddress = '10.20.30.43';
    expect((await other.post('/api/auth/forgot', { login: 'frontdesk' })).statusCode).toBe(200);
  });
});

describe('changing your e-mail address', () => {
  const linkToken = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1];

  it('mails a confirmation link to the new address; the link makes it the account address once', async () => {
    await newClerk('joko.widodo');
    const joko = await t.login('joko.widodo', 'Kopi-Tubruk-2026');
    const res = await joko.post('/api/auth/change-email', { newEmail: 'joko.w@nusantarabeach.co.id', password: 'Kopi-Tubruk-2026' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = t.mails[t.mails.length - 1];
    expect(mail.to).toBe('joko.w@nusantarabeach.co.id');
    expect(mail.text).toMatch(/\/change-email\?token=/);
    expect((await joko.get('/api/auth/me')).json().user.email).toBe('joko.widodo@grandnusantara.co.id');

    const token = linkToken(mail.text);
    const confirm = await t.anonymous().post('/api/auth/confirm-email', { token });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toEqual({ ok: true, email: 'joko.w@nusantarabeach.co.id' });
    expect((await joko.get('/api/auth/me')).json().user.email).toBe('joko.w@nusantarabeach.co.id');
    // the old address is told, so a change nobody asked for does not pass in silence
    const notice = t.mails[t.mails.length - 1];
    expect(notice.to).toBe('joko.widodo@grandnusantara.co.id');
    expect(notice.text).toContain('sekarang joko.w@nusantarabeach.co.id');
    expectApiError(await t.anonymous().post('/api/auth/confirm-email', { token }), 400, {
      message: 'This link is no longer valid. Ask for a new one.',
    });
  });

  it('refuses without the current password, and an address another user has', async () => {
    const clerk = await t.login('sales');
    expectApiError(await clerk.post('/api/auth/change-email', { newEmail: 'rina@nusantara.co.id', password: 'wrong-one' }), 400, {
      fields: { password: 'The password is not correct' },
    });
    expectApiError(
      await clerk.post('/api/auth/change-email', { newEmail: 'Budi.Santoso@grandnusantara.co.id', password: 'hotelier' }),
      400,
      {
        fields: { newEmail: 'Another user already has this e-mail address' },
      },
    );
    expectApiError(await clerk.post('/api/auth/change-email', { newEmail: 'rina@nusantara', password: 'hotelier' }), 400, {
      fields: { newEmail: 'Invalid email address' },
    });
  });

  it('records who changed the address, so an administrator editing the user is told', async () => {
    const clerk = await newClerk('kartika.sari');
    const kartika = await t.login('kartika.sari', 'Kopi-Tubruk-2026');
    await kartika.post('/api/auth/change-email', { newEmail: 'kartika@nusantarabeach.co.id', password: 'Kopi-Tubruk-2026' });
    await t.anonymous().post('/api/auth/confirm-email', { token: linkToken(t.mails[t.mails.length - 1].text) });
    const stale = await admin.patch(`/api/data/system/user/${clerk.id}`, { version: clerk.version, phone: '+62 811 222 333' });
    expect(expectApiError(stale, 409).message).toMatch(/^This record was changed by kartika sari at /);
  });
});
