import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { auditSince, countRows, idOf, lastAuditId } from '../expectations.js';

/** The audit log: every write leaves a row with who, where, what and the values before and after; nobody can change it. */
let t: TestApp;
let accountant: ApiClient;
let GNB: number;

beforeAll(async () => {
  t = await startTestApp();
  accountant = await t.login('accountant');
  accountant.remoteAddress = '192.168.10.55';
  GNB = await idOf(t.database.db, 'branch', 'GNB');
});
afterAll(async () => {
  await t?.close();
});

describe('the audit trail of a bank account', () => {
  it('records the accountant creating, changing and deleting Bank Syariah Indonesia, with before and after', async () => {
    const since = await lastAuditId(t.database.db);
    const created = (
      await accountant.post('/api/data/system/bank', { code: 'BSI', name: 'Bank Syariah Indonesia', account_no: '721 000 1234' })
    ).json();
    const changed = (
      await accountant.patch(`/api/data/system/bank/${created.id}`, {
        version: 1,
        account_no: '721 000 9876',
        bank_branch: 'KC Bandung Buah Batu',
      })
    ).json();
    expect((await accountant.delete(`/api/data/system/bank/${created.id}?version=${changed.version}`)).json().deleted).toBe(true);

    const rows = await auditSince(t.database.db, since);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    for (const r of rows) {
      expect(r).toMatchObject({
        username: 'accountant',
        user_id: accountant.session.user.id,
        branch_id: GNB,
        entity: 'system/bank',
        entity_id: String(created.id),
      });
    }
    expect(rows[0].before).toBeNull();
    expect(rows[0].after).toMatchObject({
      code: 'BSI',
      name: 'Bank Syariah Indonesia',
      account_no: '721 000 1234',
      currency: 'IDR',
      active: true,
    });
    expect(rows[1].before).toEqual({ account_no: '721 000 1234', bank_branch: null });
    expect(rows[1].after).toEqual({ account_no: '721 000 9876', bank_branch: 'KC Bandung Buah Batu' });
    expect(rows[2].before).toMatchObject({ code: 'BSI', account_no: '721 000 9876' });
    expect(rows[2].after).toBeNull();
    const { rows: ips } = await sql<{ ip: string }>`SELECT DISTINCT ip FROM audit_log WHERE id > ${since}`.execute(t.database.db);
    expect(ips).toEqual([{ ip: '192.168.10.55' }]);
  });

  it('is readable in the audit log screen, filtered by entity and row', async () => {
    const bsi = (await auditSince(t.database.db, 0)).find((r) => r.entity === 'system/bank' && r.action === 'create')!;
    const filter = encodeURIComponent(
      JSON.stringify({ entity: { op: 'eq', value: 'system/bank' }, entity_id: { op: 'eq', value: bsi.entity_id } }),
    );
    const res = await accountant.get(`/api/data/system/audit-log?filter=${filter}&sort=at&dir=asc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: any) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(res.json().rows[0]._refs.branch_id).toBe('GNB - Grand Nusantara Bandung');
  });

  it("shows a property's staff only that property's trail; administrators see every property", async () => {
    const NBS = await idOf(t.database.db, 'branch', 'NBR');
    await sql`INSERT INTO audit_log (branch_id, entity, action, summary) VALUES (${NBS}, 'system/bank', 'create', 'Bank Kuta')`.execute(
      t.database.db,
    );
    const q = `/api/data/system/audit-log?limit=500&filter=${encodeURIComponent(JSON.stringify({ summary: { op: 'eq', value: 'Bank Kuta' } }))}`;
    expect((await accountant.get(q)).json().rows).toEqual([]);
    const { rows } = await sql<{ id: number }>`SELECT id FROM audit_log WHERE summary = 'Bank Kuta'`.execute(t.database.db);
    expect((await accountant.get(`/api/data/system/audit-log/${rows[0].id}`)).statusCode).toBe(404);
    const admin = await t.login('admin');
    expect((await admin.get(q)).json().rows.map((r: { summary: string }) => r.summary)).toEqual(['Bank Kuta']);
  });

  it('records commands and sign-in events as well', async () => {
    const since = await lastAuditId(t.database.db);
    const admin = await t.login('admin');
    await admin.post('/api/ops/system.lockUser', { id: await userId('purchasing'), reason: 'On leave until 01/12/2026' });
    await admin.post('/api/auth/branch', { branchId: await idOf(t.database.db, 'branch', 'NBR') });
    await admin.post('/api/auth/logout');
    const rows = await auditSince(t.database.db, since);
    expect(rows.map((r) => `${r.entity}:${r.action}`)).toEqual([
      'auth:login',
      'system/user:lock',
      'system:system.lockUser',
      'auth:switch-branch',
      'auth:logout',
    ]);
    expect(rows[2].after).toEqual({ id: await userId('purchasing'), reason: 'On leave until 01/12/2026' });
  });
});

async function userId(username: string) {
  const { rows } = await sql<{ id: number }>`SELECT id FROM app_user WHERE username = ${username}`.execute(t.database.db);
  return rows[0].id;
}

describe('the audit log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even straight in SQL', async () => {
    const n = await countRows(t.database.db, 'audit_log');
    await expect(sql`UPDATE audit_log SET username = 'nobody'`.execute(t.database.db)).rejects.toThrow(
      'audit_log is append-only: post a correction instead',
    );
    await expect(sql`DELETE FROM audit_log WHERE action = 'login'`.execute(t.database.db)).rejects.toThrow('audit_log is append-only');
    await expect(sql`TRUNCATE audit_log`.execute(t.database.db)).rejects.toThrow('audit_log is append-only');
    expect(await countRows(t.database.db, 'audit_log')).toBe(n);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE username = 'nobody'`.execute(t.database.db);
    expect(rows[0].n).toBe(0);
  });

  it('cannot be written through the data API', async () => {
    const admin = await t.login('admin');
    expect((await admin.post('/api/data/system/audit-log', { entity: 'system/bank', action: 'delete' })).statusCode).toBe(404);
    expect((await admin.delete('/api/data/system/audit-log/1?version=1')).statusCode).toBe(404);
  });
});
