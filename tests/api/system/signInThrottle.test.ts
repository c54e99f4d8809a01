import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { auditSince, expectApiError, idOf, lastAuditId } from '../expectations.js';

/** Sign-in throttling: growing waits per account, a cut-off per address, each attempt counted before it is checked. */
let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

async function newClerk(username: string, password = 'Kopi-Tubruk-2026') {
  const res = await admin.post('/api/data/system/user', {
    username,
    full_name: username,
    group_id: await idOf(t.database.db, 'user_group', 'FO'),
    password,
    branch_ids: [admin.session.branchId],
  });
  expect(res.statusCode, res.body).toBe(201);
  await sql`UPDATE app_user SET must_change_password = false WHERE id = ${res.json().id}`.execute(t.database.db);
  return res.json();
}

/** A browser at a given address. */
function from(address: string) {
  const c = t.anonymous();
  c.remoteAddress = address;
  return c;
}

const signIn = (client: ApiClient, username: string, password: string) => client.post('/api/auth/login', { username, password });

/** Moves an account's last failure into the past, as if the clerk had waited. */
async function wait(username: string, seconds: number) {
  await sql`UPDATE login_throttle SET last_failure_at = last_failure_at - make_interval(secs => ${seconds}) WHERE key = ${`user:${username}`}`.execute(
    t.database.db,
  );
}

describe('per account: growing waits', () => {
  it('lets three mistakes pass, then makes the next try wait 1, 2, then 4 seconds (429 with Retry-After)', async () => {
    await newClerk('lina.marlina');
    const desk = from('10.1.1.1');
    for (let i = 0; i < 3; i++) expectApiError(await signIn(desk, 'lina.marlina', `wrong-${i}`), 401);

    let res = await signIn(desk, 'lina.marlina', 'wrong-3');
    expectApiError(res, 429, { code: 'TOO_MANY_ATTEMPTS', message: 'Too many failed sign-ins. Wait 1 s and try again.' });
    expect(res.headers['retry-after']).toBe('1');

    await wait('lina.marlina', 2);
    expectApiError(await signIn(desk, 'lina.marlina', 'wrong-4'), 401);
    res = await signIn(desk, 'lina.marlina', 'wrong-5');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('2');

    await wait('lina.marlina', 3);
    expectApiError(await signIn(desk, 'lina.marlina', 'wrong-6'), 401);
    res = await signIn(desk, 'lina.marlina', 'wrong-7');
    expect(res.headers['retry-after']).toBe('4');
  });

  it('makes even the right password wait, then accepts it and starts counting afresh', async () => {
    await newClerk('maya.sari');
    const desk = from('10.1.1.2');
    for (let i = 0; i < 4; i++) await signIn(desk, 'maya.sari', `wrong-${i}`);
    expectApiError(await signIn(desk, 'maya.sari', 'Kopi-Tubruk-2026'), 429);
    await wait('maya.sari', 60);
    expect((await signIn(desk, 'maya.sari', 'Kopi-Tubruk-2026')).statusCode).toBe(200);
    const { rows } = await sql`SELECT 1 FROM login_throttle WHERE key = 'user:maya.sari'`.execute(t.database.db);
    expect(rows).toEqual([]);
    expectApiError(await signIn(desk, 'maya.sari', 'wrong-again'), 401);
  });

  it('keeps another account at the same desk unaffected', async () => {
    await newClerk('nina.ratna');
    const desk = from('10.1.1.3');
    for (let i = 0; i < 5; i++) await signIn(desk, 'nina.ratna', `wrong-${i}`);
    expect((await signIn(desk, 'housekeeping', 'hotelier')).statusCode).toBe(200);
  });

  it('writes every failure and every throttled try to the audit log, with the address', async () => {
    await newClerk('oki.setiawan');
    const desk = from('10.1.1.4');
    const since = await lastAuditId(t.database.db);
    for (let i = 0; i < 4; i++) await signIn(desk, 'oki.setiawan', `wrong-${i}`);
    const rows = await auditSince(t.database.db, since);
    expect(rows.map((r) => r.action)).toEqual(['login-failed', 'login-failed', 'login-failed', 'login-throttled']);
    expect(rows.every((r) => r.summary === 'oki.setiawan')).toBe(true);
    const { rows: ips } = await sql<{ ip: string }>`SELECT DISTINCT ip FROM audit_log WHERE id > ${since}`.execute(t.database.db);
    expect(ips).toEqual([{ ip: '10.1.1.4' }]);
  });
});

describe('per address: a cut-off against password spraying', () => {
  it('cuts an address off after 30 failures across accounts, for every account, for 15 minutes', async () => {
    const sprayer = from('203.0.113.7');
    for (let i = 0; i < 30; i++) expectApiError(await signIn(sprayer, `guess${i}`, 'Password123!'), 401);
    const res = await signIn(sprayer, 'frontdesk', 'hotelier');
    expectApiError(res, 429, { code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(895);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect((await signIn(from('10.1.1.5'), 'frontdesk', 'hotelier')).statusCode).toBe(200);
  });

  it('keeps the cut-off for the full 15 minutes even when the 30 failures were spread over 14 of them', async () => {
    const sprayer = from('203.0.113.8');
    await sql`INSERT INTO login_throttle (key, failures, first_failure_at, last_failure_at)
              VALUES ('ip:203.0.113.8', 29, now() - interval '14 minutes', now() - interval '1 minute')`.execute(t.database.db);
    expectApiError(await signIn(sprayer, 'guess-last', 'Password123!'), 401);
    const res = await signIn(sprayer, 'frontdesk', 'hotelier');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(895);
  });

  it('lets the address in again once the cut-off has passed, counting from one', async () => {
    const desk = from('203.0.113.9');
    await sql`INSERT INTO login_throttle (key, failures, first_failure_at, last_failure_at)
              VALUES ('ip:203.0.113.9', 30, now() - interval '31 minutes', now() - interval '16 minutes')`.execute(t.database.db);
    expect((await signIn(desk, 'frontdesk', 'hotelier')).statusCode).toBe(200);
    expectApiError(await signIn(desk, 'guess', 'Password123!'), 401);
    const { rows } = await sql<{ failures: number }>`SELECT failures FROM login_throttle WHERE key = 'ip:203.0.113.9'`.execute(
      t.database.db,
    );
    expect(rows[0].failures).toBe(1);
  });
});

describe('every attempt is counted before its password is checked', () => {
  it('checks one of 100 parallel wrong passwords when one try is due, and throttles the rest', async () => {
    await newClerk('rudi.hartono');
    // one try due, the next 128 s later: however slowly a loaded machine works through the burst, no wait runs out
    await sql`INSERT INTO login_throttle (key, failures, last_failure_at)
              VALUES ('user:rudi.hartono', 9, now() - interval '1 hour')`.execute(t.database.db);
    const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(from(`10.2.0.${i}`), 'rudi.hartono', `wrong-${i}`)));
    const checked = burst.filter((r) => r.statusCode === 401).length;
    expect(checked).toBe(1);
    expect(burst.filter((r) => r.statusCode === 429).length).toBe(99);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM audit_log WHERE action = 'login-failed' AND summary = 'rudi.hartono'`.execute(t.database.db);
    expect(rows[0].n).toBe(checked);
  });

  it('does not let the right password ride in on a burst of 19 wrong ones', async () => {
    await newClerk('sri.wahyuni');
    // Nine failures an hour ago: the account's next try is due, and the one after it waits 128 s — long
    // enough that no machine, however loaded, lets the burst's wait run out before the right password comes.
    await sql`INSERT INTO login_throttle (key, failures, last_failure_at)
              VALUES ('user:sri.wahyuni', 9, now() - interval '1 hour')`.execute(t.database.db);
    const burst = await Promise.all(Array.from({ length: 19 }, (_, i) => signIn(from('10.2.1.1'), 'sri.wahyuni', `wrong-${i}`)));
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(1);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(18);
    expectApiError(await signIn(from('10.2.1.1'), 'sri.wahyuni', 'Kopi-Tubruk-2026'), 429);
  });
});

describe('a stranger cannot lock anyone out for longer than the throttle window', () => {
  it('leaves the account unlocked after 100 failures; the owner signs in once 15 minutes have passed', async () => {
    const clerk = await newClerk('putu.ayu');
    await sql`INSERT INTO login_throttle (key, failures, last_failure_at) VALUES ('user:putu.ayu', 99, now() - interval '1 hour')`.execute(
      t.database.db,
    );
    expectApiError(await signIn(from('198.51.100.4'), 'putu.ayu', 'wrong-100'), 401);
    const { rows } = await sql<{ locked: boolean }>`SELECT locked FROM app_user WHERE id = ${clerk.id}`.execute(t.database.db);
    expect(rows[0].locked).toBe(false);

    const res = await signIn(from('10.1.1.6'), 'putu.ayu', 'Kopi-Tubruk-2026');
    expectApiError(res, 429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(900);
    await wait('putu.ayu', 14 * 60);
    expect(Number((await signIn(from('10.1.1.6'), 'putu.ayu', 'Kopi-Tubruk-2026')).headers['retry-after'])).toBeLessThanOrEqual(60);
    await wait('putu.ayu', 60);
    expect((await signIn(from('10.1.1.6'), 'putu.ayu', 'Kopi-Tubruk-2026')).statusCode).toBe(200);
  });

  it('treats the administrator the same: throttled, never locked', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(from(`198.51.100.${i}`), 'admin', `guess-${i}`)));
    expect(burst.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    const { rows } = await sql<{ locked: boolean }>`SELECT locked FROM app_user WHERE username = 'admin'`.execute(t.database.db);
    expect(rows[0].locked).toBe(false);
    await wait('admin', 900);
    expect((await signIn(from('10.1.1.7'), 'admin', 'hotelier')).statusCode).toBe(200);
  });
});
