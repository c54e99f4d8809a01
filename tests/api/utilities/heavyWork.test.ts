import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import type { ReportDefinition } from '../../../src/core/meta/types.js';

const ROWS = 60_000;

/** The controller's bank ledger over 60,000 accounts: a long export, the kind that used to freeze the desk. */
const LEDGER: ReportDefinition = {
  code: 'bank-ledger-long',
  name: { en: 'Bank ledger', id: 'Buku bank' },
  sql: 'SELECT bank_branch, code, name, account_no, (id % 1000) * 1250.50 AS balance FROM bank WHERE branch_id = :branch_id',
  columns: [
    { field: 'bank_branch', title: { en: 'Office', id: 'Kantor' } },
    { field: 'code', title: { en: 'Code', id: 'Kode' } },
    { field: 'name', title: { en: 'Name', id: 'Nama' } },
    { field: 'account_no', title: { en: 'Account', id: 'Rekening' } },
    { field: 'balance', title: { en: 'Balance', id: 'Saldo' }, type: 'money' },
  ],
  groupBy: ['bank_branch'],
  sort: [{ field: 'code' }],
  totals: ['balance'],
  rowCap: 100_000,
};

describe('heavy work never freezes the front desk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.database.db;
    await sql`INSERT INTO bank (branch_id, code, name, account_no, account_name, bank_branch)
              SELECT 1, 'L' || g, 'Bank ' || md5(g::text), lpad(g::text, 10, '0'), 'PT Nusantara Hospitality Indonesia', 'KC ' || (g % 97)
                FROM generate_series(1, ${ROWS}) g`.execute(db);
    await sql`INSERT INTO report_version (branch_id, code, version, action, definition, created_by)
              VALUES (1, ${LEDGER.code}, 1, 'save', ${JSON.stringify(LEDGER)}::jsonb, 1)`.execute(db);
  });
  afterAll(() => t?.close());

  it('answers a one-row read while a 60,000-row XLSX export runs', async () => {
    const accountant = await t.login('admin');
    const desk = await t.login('frontdesk');
    const { rows } = await sql<{ id: number }>`SELECT id FROM guest WHERE branch_id = 1 ORDER BY id LIMIT 1`.execute(t.database.db);
    let exportDone = 0;
    const exporting = accountant.get(`/api/reports/${LEDGER.code}?format=xlsx`).then((res) => {
      exportDone = performance.now();
      return res;
    });
    const reads: { ms: number; end: number }[] = [];
    while (!exportDone && reads.length < 40) {
      const t0 = performance.now();
      const res = await desk.get(`/api/data/frontoffice/guest/${rows[0].id}`);
      expect(res.statusCode).toBe(200);
      reads.push({ ms: performance.now() - t0, end: performance.now() });
    }
    const exported = await exporting;
    expect(exported.statusCode).toBe(200);
    expect(exported.rawPayload.length).toBeGreaterThan(500_000);
    // the reads were answered during the export, not after it (generous bounds: the machine is shared)
    const during = reads.filter((r) => r.end < exportDone);
    expect(during.length).toBeGreaterThanOrEqual(5);
    const sorted = during.map((r) => r.ms).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(1000);
  });

  it("answers the dashboard's light property summary while reports hold every heavy-work slot, and queues a full report", async () => {
    const desk = await t.login('frontdesk');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // four reports running or queued: every slot of either database's queue taken
    const reports = Array.from({ length: 4 }, () => t.app.ctx.work.run('report', () => held));
    const tile = await desk.get('/api/reports/property-summary');
    expect(tile.statusCode).toBe(200);
    expect(tile.json().rows[0].business_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    let full = 0;
    const queued = desk.get('/api/reports/guest-history').then((res) => ((full = performance.now()), res));
    await new Promise((r) => setTimeout(r, 300));
    expect(full).toBe(0);
    release();
    await Promise.all(reports);
    expect((await queued).statusCode).toBe(200);
  });

  it('runs heavy work in turn within its bound and refuses more than the queue holds', async () => {
    const { WorkQueue } = await import('../../../server/work/workQueue.js');
    const q = new WorkQueue({ concurrency: 1, maxQueued: 1, busy: () => new Error('busy') });
    const order: string[] = [];
    let release!: () => void;
    const first = q.run('report', () => new Promise<void>((r) => (release = r)).then(() => void order.push('first')));
    const second = q.run('report', async () => void order.push('second'));
    await expect(q.run('report', async () => undefined)).rejects.toThrow('busy');
    expect(q.stats()).toMatchObject({ running: 1, queued: 1 });
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });
});
