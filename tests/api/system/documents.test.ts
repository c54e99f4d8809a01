import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMeta } from '../../../server/meta/load.js';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { copyOfRepository, type FixtureProject } from '../../meta/fixtureProject.js';
import { addJournalVoucher } from '../../support/journalVoucher.js';
import { auditSince, expectApiError, lastAuditId, snapshotCounts } from '../expectations.js';

/**
 * The document kind through the generic data API, on a journal voucher declared in JSON only (managed
 * tables, no hook): header and lines saved in one transaction with the version, every bad line named with
 * its field, the same checks the browser runs, dependent line lookups, and a posted voucher read-only.
 */
let project: FixtureProject;
let t: TestApp;
let accountant: ApiClient;
const account: Record<string, number> = {};
const JOURNAL = '/api/data/fixture/sample-journal';

beforeAll(async () => {
  project = copyOfRepository();
  addJournalVoucher(project);
  t = await startTestApp({ meta: loadMeta(project.root), root: project.root });
  accountant = await t.login('accountant');
  for (const [code, name, extra] of [
    ['1101', 'Kas besar', {}],
    ['1100', 'Kas dan setara kas', { posting: false }],
    ['1120', 'Bank BCA USD', { currency: 'USD' }],
    ['4101', 'Pendapatan kamar', {}],
    ['4201', 'Pendapatan makanan', {}],
    ['2105', 'PB1 terutang', {}],
  ] as const) {
    const res = await accountant.post('/api/data/fixture/sample-account', { code, name, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    account[code] = res.json().id;
  }
});
afterAll(async () => {
  await t?.close();
  project?.dispose();
});

/** A room-revenue voucher of Grand Nusantara Bandung: cash 2.750.000 = room 2.500.000 + PB1 250.000. */
const roomRevenue = (number: string) => ({
  number,
  voucher_date: '2026-11-23',
  memo: 'Pendapatan kamar walk-in 23/11/2026',
  lines: [
    { account_id: account['1101'], description: 'Kas diterima', debit: '2750000', credit: null },
    { account_id: account['4101'], description: 'Kamar 1205, 2 malam', debit: null, credit: '2500000' },
    { account_id: account['2105'], description: 'PB1 10 %', debit: null, credit: '250000' },
  ],
});

const tables = ['sample_journal', 'sample_journal_line'];

describe('a journal voucher saved with its lines', () => {
  it('creates the voucher and its three lines in one request: lines numbered and named, the total stored, audited with its lines', async () => {
    const since = await lastAuditId(t.database.db);
    const res = await accountant.post(JOURNAL, roomRevenue('JV-2611-001'));
    expect(res.statusCode, res.body).toBe(201);
    const jv = res.json();
    expect(jv).toMatchObject({ number: 'JV-2611-001', status: 'draft', total: '2750000.00', version: 1 });
    expect(jv.lines.map((l: any) => [l.description, l.debit, l.credit, l._refs.account_id])).toEqual([
      ['Kas diterima', '2750000.00', null, '1101 - Kas besar'],
      ['Kamar 1205, 2 malam', null, '2500000.00', '4101 - Pendapatan kamar'],
      ['PB1 10 %', null, '250000.00', '2105 - PB1 terutang'],
    ]);
    expect(new Set(jv.lines.map((l: any) => l.id)).size).toBe(3);
    const [created] = (await auditSince(t.database.db, since)).filter((a) => a.entity === 'fixture/sample-journal');
    expect(created.action).toBe('create');
    expect(created.after!.lines.map((l: any) => l.description)).toEqual(['Kas diterima', 'Kamar 1205, 2 malam', 'PB1 10 %']);
  });

  it('refuses a voucher whose third line names an account of another property, storing neither the header nor any line', async () => {
    const before = await snapshotCounts(t.database.db, tables);
    const voucher = roomRevenue('JV-2611-002');
    voucher.lines[2].account_id = 987654;
    expectApiError(await accountant.post(JOURNAL, voucher), 400, {
      fields: { 'lines/2/account_id': 'Line 3, Account: the chosen record does not exist in this property' },
    });
    expect(await snapshotCounts(t.database.db, tables)).toEqual(before);
  });

  it('names the line and the field of a bad amount, a missing account and a broken line rule, all at once where it can', async () => {
    const voucher = roomRevenue('JV-2611-003');
    (voucher.lines[1] as any).credit = 'dua juta';
    delete (voucher.lines[2] as any).account_id;
    expectApiError(await accountant.post(JOURNAL, voucher), 400, {
      fields: {
        'lines/1/credit': 'Line 2, Credit must be an amount with at most 2 decimals',
        'lines/2/account_id': 'Line 3, Account is required',
      },
    });
    const twoSided = roomRevenue('JV-2611-003');
    twoSided.lines[0].credit = '2750000';
    twoSided.lines[1].credit = null;
    expectApiError(await accountant.post(JOURNAL, twoSided), 400, {
      message: 'Some fields need attention',
      fields: { 'lines/0/credit': 'Line 1: a debit or a credit, not both', 'lines/1/debit': 'Line 2: enter a debit or a credit' },
    });
  });

  it('offers a line only the posting accounts of the voucher currency, and refuses another one on save', async () => {
    const filter = encodeURIComponent(JSON.stringify({ posting: { op: 'eq', value: true }, currency: { op: 'eq', value: 'USD' } }));
    const usd = (await accountant.get(`/api/data/fixture/sample-account/lookup?filter=${filter}`)).json().rows;
    expect(usd.map((r: any) => r.label)).toEqual(['1120 - Bank BCA USD']);

    const summary = roomRevenue('JV-2611-004');
    summary.lines[0].account_id = account['1100'];
    expectApiError(await accountant.post(JOURNAL, summary), 400, {
      fields: { 'lines/0/account_id': 'Line 1, Account is not among the choices for the chosen Currency' },
    });
    const dollars = { ...roomRevenue('JV-2611-004'), currency: 'USD' };
    const refused = expectApiError(await accountant.post(JOURNAL, dollars), 400);
    expect(Object.keys(refused.fields!)).toEqual(['lines/0/account_id', 'lines/1/account_id', 'lines/2/account_id']);
  });

  it('keeps a line by its id when lines are changed, reordered and one is removed; the version moves once', async () => {
    const jv = (await accountant.post(JOURNAL, roomRevenue('JV-2611-005'))).json();
    const [cash, room, tax] = jv.lines;
    const res = await accountant.patch(`${JOURNAL}/${jv.id}`, {
      version: 1,
      lines: [
        { id: room.id, account_id: room.account_id, description: room.description, credit: '2500000' },
        { account_id: account['4201'], description: 'Sarapan 2 pax', credit: '250000' },
        { id: cash.id, account_id: cash.account_id, description: 'Kas diterima', debit: '2750000' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.version).toBe(2);
    expect(after.lines.map((l: any) => [l.id === room.id, l.id === cash.id, l.description])).toEqual([
      [true, false, 'Kamar 1205, 2 malam'],
      [false, false, 'Sarapan 2 pax'],
      [false, true, 'Kas diterima'],
    ]);
    expect(after.lines.some((l: any) => l.id === tax.id)).toBe(false);
    expectApiError(
      await accountant.patch(`${JOURNAL}/${jv.id}`, { version: 2, lines: [{ id: tax.id, account_id: account['2105'], credit: '1' }] }),
      400,
      { fields: { 'lines/0': 'Line 1: this line is no longer in the document; reload it and try again' } },
    );
  });

  it('refuses a stale version with 409 naming who changed it, and leaves header and lines as they were', async () => {
    const jv = (await accountant.post(JOURNAL, roomRevenue('JV-2611-006'))).json();
    const changed = await accountant.patch(`${JOURNAL}/${jv.id}`, { version: 1, memo: 'Dikoreksi Budi' });
    expect(changed.statusCode, changed.body).toBe(200);
    const stale = expectApiError(await accountant.patch(`${JOURNAL}/${jv.id}`, { version: 1, memo: 'Versi lama', lines: [] }), 409, {
      code: 'CONFLICT',
      message: /changed by Budi Santoso at \d\d\/\d\d\/\d{4} \d\d:\d\d/,
    });
    expect(stale.details).toEqual({ currentVersion: 2 });
    const now = (await accountant.get(`${JOURNAL}/${jv.id}`)).json();
    expect(now).toMatchObject({ memo: 'Dikoreksi Budi', version: 2 });
    expect(now.lines).toHaveLength(3);
  });

  it('saves and reads back 500 lines in their order', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => ({
      account_id: i % 2 ? account['4201'] : account['1101'],
      description: `Outlet Kopi Nusantara, bon ${String(i + 1).padStart(3, '0')}`,
      ...(i % 2 ? { credit: '18500' } : { debit: '18500' }),
    }));
    const res = await accountant.post(JOURNAL, { number: 'JV-2611-500', voucher_date: '2026-11-23', lines });
    expect(res.statusCode, res.body).toBe(201);
    const read = (await accountant.get(`${JOURNAL}/${res.json().id}`)).json();
    expect(read.lines).toHaveLength(500);
    expect(read.lines[0].description).toBe('Outlet Kopi Nusantara, bon 001');
    expect(read.lines[499].description).toBe('Outlet Kopi Nusantara, bon 500');
    expect(read.total).toBe('4625000.00');
  });

  it('lists vouchers without their lines, and keeps each property to its own', async () => {
    const list = (await accountant.get(`${JOURNAL}?limit=5&sort=number`)).json();
    expect(list.rows[0].number).toBe('JV-2611-001');
    expect(list.rows[0].lines).toBeUndefined();
    const admin = await t.login('admin');
    admin.branchId = admin.session.branches.find((b: { code: string }) => b.code === 'NBR').id;
    expectApiError(await admin.get(`${JOURNAL}/${list.rows[0].id}`), 404);
    expect((await admin.get(JOURNAL)).json().rows).toEqual([]);
  });
});

describe('posting a journal voucher', () => {
  it('refuses an unbalanced voucher, naming both totals, and posts it once balanced', async () => {
    const voucher = roomRevenue('JV-2611-010');
    voucher.lines = voucher.lines.slice(0, 2);
    const jv = (await accountant.post(JOURNAL, voucher)).json();
    expect(jv.status).toBe('draft');
    expectApiError(await accountant.post(`${JOURNAL}/${jv.id}/post`, { version: 1 }), 400, {
      message: 'Debits 2.750.000 and credits 2.500.000 must be equal',
    });
    const balanced = await accountant.patch(`${JOURNAL}/${jv.id}`, {
      version: 1,
      lines: [
        ...jv.lines.map(({ _refs, ...line }: any) => line),
        { account_id: account['2105'], description: 'PB1 10 %', credit: '250000' },
      ],
    });
    expect(balanced.statusCode, balanced.body).toBe(200);
    const since = await lastAuditId(t.database.db);
    const posted = await accountant.post(`${JOURNAL}/${jv.id}/post`, { version: 2 });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ status: 'posted', version: 3 });
    const audits = await auditSince(t.database.db, since);
    expect(audits.map((a) => [a.action, a.before?.status, a.after?.status])).toEqual([['post', 'draft', 'posted']]);
  });

  it('keeps a posted voucher as it is: no change, no deletion, no second posting', async () => {
    const jv = (await accountant.post(JOURNAL, roomRevenue('JV-2611-011'))).json();
    await accountant.post(`${JOURNAL}/${jv.id}/post`, { version: 1 });
    expectApiError(await accountant.patch(`${JOURNAL}/${jv.id}`, { version: 2, memo: 'Koreksi' }), 409, {
      message: 'This document is Posted and can no longer be changed',
    });
    expectApiError(await accountant.delete(`${JOURNAL}/${jv.id}?version=2`), 409, {
      message: 'This document is Posted and can no longer be changed',
    });
    expectApiError(await accountant.post(`${JOURNAL}/${jv.id}/post`, { version: 2 }), 409, {
      message: 'This document is Posted: “Post” is not possible now',
    });
    expect((await accountant.get(`${JOURNAL}/${jv.id}`)).json()).toMatchObject({ status: 'posted', version: 2, memo: jv.memo });
  });

  it('deletes a draft with its lines', async () => {
    const jv = (await accountant.post(JOURNAL, roomRevenue('JV-2611-012'))).json();
    const before = await snapshotCounts(t.database.db, ['sample_journal_line']);
    expect((await accountant.delete(`${JOURNAL}/${jv.id}?version=1`)).json()).toEqual({ deleted: true, deactivated: false });
    expect((await snapshotCounts(t.database.db, ['sample_journal_line'])).sample_journal_line).toBe(before.sample_journal_line - 3);
  });

  it('lets only a group holding the right post, and refuses a stale version', async () => {
    const jv = (await accountant.post(JOURNAL, roomRevenue('JV-2611-013'))).json();
    const desk = await t.login('frontdesk');
    expectApiError(await desk.post(`${JOURNAL}/${jv.id}/post`, { version: 1 }), 403);
    expectApiError(await accountant.post(`${JOURNAL}/${jv.id}/post`, { version: 7 }), 409, { code: 'CONFLICT' });
    expectApiError(await accountant.post(`${JOURNAL}/${jv.id}/post`, { version: 1, status: 'posted' }), 400);
  });
});
