import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { formatLocalDateTime } from '../../../src/core/format/format.js';
import { auditSince, expectApiError, idOf, lastAuditId } from '../expectations.js';

/**
 * The generic data API on every System entity: create, list (sort, search, filter, keyset cursor), read,
 * change with the version read, stale and duplicate refusals, 404, and delete that deactivates rows in use.
 */
let t: TestApp;
let admin: ApiClient;
/** a second administrator, Rudi Hartono, whose changes the first one runs into */
let rudi: ApiClient;
let GNB: number;
let NBR: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  GNB = admin.session.branches.find((b: any) => b.code === 'GNB').id;
  NBR = admin.session.branches.find((b: any) => b.code === 'NBR').id;
  const db = t.database.db;
  for (const [key, table, code] of [
    ['BCA', 'bank', 'BCA'],
    ['FB', 'department', 'FB'],
    ['TRF', 'pay_article_group', 'TRF'],
    ['CARD', 'pay_article_group', 'CARD'],
    ['RESTO', 'outlet', 'RESTO'],
    ['VISA', 'pay_article', 'VISA'],
  ] as const)
    ids[key] = await idOf(db, table, code, GNB);
  ids.NHI = await idOf(db, 'company', 'NHI');
  ids.FO = await idOf(db, 'user_group', 'FO');
  ids.ADMIN = await idOf(db, 'user_group', 'ADMIN');

  const created = await admin.post('/api/data/system/user', {
    username: 'rudi.hartono',
    full_name: 'Rudi Hartono',
    group_id: ids.ADMIN,
    email: 'rudi.hartono@grandnusantara.co.id',
    password: 'Night-Manager-2026',
  });
  expect(created.statusCode, created.body).toBe(201);
  await sql`UPDATE app_user SET must_change_password = false WHERE username = 'rudi.hartono'`.execute(db);
  rudi = await t.login('rudi.hartono', 'Night-Manager-2026');
});
afterAll(async () => {
  await t?.close();
});

interface EntityCase {
  entity: string;
  title: string;
  create: () => Record<string, unknown>;
  change: Record<string, unknown>;
  duplicate: { body: () => Record<string, unknown>; field: string; message: string };
  search: { q: string; finds: string };
  /** a row other records point at, by its code */
  inUse?: { table: string; code: string; scoped: boolean };
  /** a new property owns its hotel parameters at once, so even a fresh one is deactivated, not deleted */
  freshRowInUse?: boolean;
  branchScoped: boolean;
}

const cases: EntityCase[] = [
  {
    entity: 'system/bank',
    title: 'Bank',
    branchScoped: true,
    create: () => ({
      code: 'PRM',
      name: 'Bank Permata',
      account_no: '701 234 5678',
      account_name: 'PT Nusantara Hospitality Indonesia',
      bank_branch: 'KC Bandung Dago',
      swift_code: 'BBBAIDJA',
      currency: 'IDR',
    }),
    change: { bank_branch: 'KC Bandung Riau' },
    duplicate: { body: () => ({ code: 'BCA', name: 'Bank Central Asia (2)' }), field: 'code', message: "Code 'BCA' already exists" },
    search: { q: 'permata', finds: 'PRM' },
    inUse: { table: 'bank', code: 'BCA', scoped: true },
  },
  {
    entity: 'system/department',
    title: 'Department',
    branchScoped: true,
    create: () => ({ code: 'SEC', name: 'Security', kind: 'expense' }),
    change: { name: 'Security & Safety' },
    duplicate: {
      body: () => ({ code: 'RM', name: 'Rooms Division', kind: 'revenue' }),
      field: 'code',
      message: "Code 'RM' already exists",
    },
    search: { q: 'secur', finds: 'SEC' },
    inUse: { table: 'department', code: 'FB', scoped: true },
  },
  {
    entity: 'system/pay-article-group',
    title: 'Payment article group',
    branchScoped: true,
    create: () => ({ code: 'EWL', name: 'E-wallet' }),
    change: { name: 'E-wallet & QR' },
    duplicate: { body: () => ({ code: 'CASH', name: 'Cash again' }), field: 'code', message: "Code 'CASH' already exists" },
    search: { q: 'wallet', finds: 'EWL' },
    inUse: { table: 'pay_article_group', code: 'CARD', scoped: true },
  },
  {
    entity: 'system/pay-article',
    title: 'Payment article',
    branchScoped: true,
    create: () => ({
      code: 'GOPAY',
      name: 'GoPay',
      group_id: ids.TRF,
      payment_type: 'transfer',
      bank_id: ids.BCA,
      card_fee_pct: '0.70',
      gl_account: '1102.05',
    }),
    change: { card_fee_pct: '1.50' },
    duplicate: {
      body: () => ({ code: 'VISA', name: 'Visa (2)', group_id: ids.CARD, payment_type: 'card' }),
      field: 'code',
      message: "Code 'VISA' already exists",
    },
    search: { q: 'gopay', finds: 'GOPAY' },
  },
  {
    entity: 'system/tax-service',
    title: 'Tax & service',
    branchScoped: true,
    create: () => ({ code: 'SVC5', name: 'Service 5% + PBJT 10%', service_pct: '5.00', tax_pct: '10.00', price_mode: 'plus' }),
    change: { service_pct: '7.50' },
    duplicate: {
      body: () => ({ code: 'TS21', name: 'Service and tax', service_pct: '10', tax_pct: '10', price_mode: 'plus' }),
      field: 'code',
      message: "Code 'TS21' already exists",
    },
    search: { q: 'svc5', finds: 'SVC5' },
  },
  {
    entity: 'system/outlet',
    title: 'Outlet',
    branchScoped: true,
    create: () => ({ code: 'BAKERY', name: 'Roti Bakery', department_id: ids.FB }),
    change: { name: 'Roti & Kopi Bakery' },
    duplicate: { body: () => ({ code: 'RESTO', name: 'Restaurant' }), field: 'code', message: "Code 'RESTO' already exists" },
    search: { q: 'roti', finds: 'BAKERY' },
    inUse: { table: 'outlet', code: 'RESTO', scoped: true },
  },
  {
    entity: 'system/pos-printer',
    title: 'POS printer',
    branchScoped: true,
    create: () => ({
      outlet_id: ids.RESTO,
      name: 'RESTO bar',
      purpose: 'bar',
      connection: 'network',
      address: '192.168.10.40:9100',
      paper_width: 58,
      copies: 1,
    }),
    change: { copies: 2 },
    duplicate: {
      body: () => ({ outlet_id: ids.RESTO, name: 'RESTO bill', purpose: 'bill', connection: 'network', paper_width: 80, copies: 1 }),
      field: 'name',
      message: "Printer name 'RESTO bill' already exists",
    },
    search: { q: 'resto bar', finds: 'RESTO bar' },
  },
  {
    entity: 'system/company',
    title: 'Company',
    branchScoped: false,
    create: () => ({
      code: 'NHB',
      name: 'Nusantara Hotels Bali',
      legal_name: 'PT Nusantara Hotels Bali',
      npwp: '02.345.678.9-901.000',
      city: 'Denpasar',
      province: 'Bali',
      postal_code: '80111',
      phone: '+62 361 222 333',
      email: 'info@nusantarabali.co.id',
      website: 'https://www.nusantarabali.co.id',
    }),
    change: { city: 'Badung' },
    duplicate: { body: () => ({ code: 'NHI', name: 'Nusantara Hospitality (2)' }), field: 'code', message: "Code 'NHI' already exists" },
    search: { q: 'hotels bali', finds: 'NHB' },
    inUse: { table: 'company', code: 'NHI', scoped: false },
  },
  {
    entity: 'system/branch',
    title: 'Property',
    branchScoped: false,
    freshRowInUse: true,
    create: () => ({
      company_id: ids.NHI,
      code: 'NJY',
      name: 'Nusantara Jogja',
      city: 'Yogyakarta',
      province: 'DI Yogyakarta',
      postal_code: '55271',
      star_rating: 4,
      timezone: 'Asia/Jakarta',
    }),
    change: { star_rating: 5 },
    duplicate: {
      body: () => ({ company_id: ids.NHI, code: 'GNB', name: 'Grand Nusantara (2)' }),
      field: 'code',
      message: "Code 'GNB' already exists",
    },
    search: { q: 'jogja', finds: 'NJY' },
    inUse: { table: 'branch', code: 'NBR', scoped: false },
  },
  {
    entity: 'system/group',
    title: 'User group',
    branchScoped: false,
    create: () => ({ code: 'NA', name: 'Night auditors', description: 'Night audit and income audit' }),
    change: { description: 'Night audit, income audit and cashier closing' },
    duplicate: { body: () => ({ code: 'FO', name: 'Front office (2)' }), field: 'code', message: "Code 'FO' already exists" },
    search: { q: 'night', finds: 'NA' },
    inUse: { table: 'user_group', code: 'FO', scoped: false },
  },
  {
    entity: 'system/user',
    title: 'User',
    branchScoped: false,
    create: () => ({
      username: 'ayu.lestari',
      full_name: 'Ayu Lestari',
      group_id: ids.FO,
      email: 'ayu.lestari@grandnusantara.co.id',
      password: 'Pagi-Hari-2026',
      branch_ids: [GNB],
      default_branch_id: GNB,
      language: 'id',
    }),
    change: { phone: '+62 812 2233 4455' },
    duplicate: {
      body: () => ({ username: 'frontdesk', full_name: 'Siti (2)', group_id: ids.FO, password: 'Pagi-Hari-2026' }),
      field: 'username',
      message: "User name 'frontdesk' already exists",
    },
    search: { q: 'ayu', finds: 'ayu.lestari' },
  },
];

const nameOf = (row: any) => row.code ?? row.username ?? row.name;

describe.each(cases)('$entity', (c) => {
  const base = `/api/data/${c.entity}`;
  let created: any;

  it('creates a row, answers it with version 1 and audits it with its values', async () => {
    const since = await lastAuditId(t.database.db);
    const res = await admin.post(base, c.create());
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    const { password: _pw, ...sent } = c.create();
    expect(created).toMatchObject({ ...sent, version: 1 });
    expect(created.id).toBeGreaterThan(0);
    if (c.branchScoped) expect(created.branch_id).toBe(GNB);
    expect(created).not.toHaveProperty('updated_by');
    expect(created).not.toHaveProperty('password');
    expect(created).not.toHaveProperty('password_hash');
    const audit = await auditSince(t.database.db, since);
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(audit[0]).toMatchObject({ entity: c.entity, entity_id: String(created.id), username: 'admin', branch_id: GNB, before: null });
    expect(audit[0].after).toMatchObject(sent);
    expect(audit[0].after).not.toHaveProperty('password_hash');
  });

  it('reads it back by id, lists it and finds it by quick search', async () => {
    const one = await admin.get(`${base}/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(created);
    const list = await admin.get(`${base}?limit=500`);
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((r: any) => r.id)).toContain(created.id);
    expect(list.json().total).toBe(list.json().rows.length);
    const found = await admin.get(`${base}?q=${encodeURIComponent(c.search.q)}`);
    expect(found.json().rows.map(nameOf)).toEqual([c.search.finds]);
  });

  it('changes it with the version read and audits only what changed', async () => {
    const since = await lastAuditId(t.database.db);
    const res = await admin.patch(`${base}/${created.id}`, { version: 1, ...c.change });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...c.change, version: 2 });
    expect(res.json()).not.toHaveProperty('updated_by');
    const [audit] = await auditSince(t.database.db, since);
    expect(audit.action).toBe('update');
    expect(Object.keys(audit.after!)).toEqual(Object.keys(c.change));
    expect(audit.after).toEqual(c.change);
    expect(Object.keys(audit.before!)).toEqual(Object.keys(c.change));
    created = res.json();
  });

  it('refuses a save made with an old version, naming who changed it and when (in the property time zone)', async () => {
    const byRudi = await rudi.patch(`${base}/${created.id}`, { version: created.version, ...c.change });
    expect(byRudi.statusCode, byRudi.body).toBe(200);
    const changedAt = new Date(byRudi.json().updated_at);
    const res = await admin.patch(`${base}/${created.id}`, { version: created.version, ...c.change });
    const error = expectApiError(res, 409, { code: 'CONFLICT' });
    expect(error.message).toBe(
      `This record was changed by Rudi Hartono at ${formatLocalDateTime(changedAt, 'Asia/Jakarta')}. Reload it to see their changes, then save again.`,
    );
    expect(error.details).toEqual({ currentVersion: created.version + 1 });
    created = byRudi.json();
  });

  it('refuses a duplicate, naming the field and the value', async () => {
    const res = await admin.post(base, c.duplicate.body());
    expectApiError(res, 409, { code: 'CONFLICT', message: c.duplicate.message, fields: { [c.duplicate.field]: c.duplicate.message } });
  });

  it(`answers 404 "${c.title} was not found" for an id that does not exist`, async () => {
    expectApiError(await admin.get(`${base}/987654`), 404, { code: 'NOT_FOUND', message: `${c.title} was not found` });
    expectApiError(await admin.patch(`${base}/987654`, { version: 1, ...c.change }), 404, { message: `${c.title} was not found` });
    expectApiError(await admin.delete(`${base}/987654?version=1`), 404, { message: `${c.title} was not found` });
  });

  if (c.freshRowInUse) {
    it('deactivates even a fresh row, which its own hotel parameters already refer to', async () => {
      const res = await admin.delete(`${base}/${created.id}?version=${created.version}`);
      expect(res.json()).toEqual({ deleted: false, deactivated: true });
      expect((await admin.get(`${base}/${created.id}`)).json().active).toBe(false);
    });
  } else
    it('deletes a row nothing refers to, audited with what it held', async () => {
      const since = await lastAuditId(t.database.db);
      expectApiError(await admin.delete(`${base}/${created.id}?version=${created.version - 1}`), 409, { code: 'CONFLICT' });
      const res = await admin.delete(`${base}/${created.id}?version=${created.version}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deleted: true, deactivated: false });
      expectApiError(await admin.get(`${base}/${created.id}`), 404);
      const [audit] = await auditSince(t.database.db, since);
      expect(audit).toMatchObject({ action: 'delete', entity_id: String(created.id), after: null });
      expect(audit.before).toMatchObject({ id: created.id });
    });

  if (c.inUse) {
    const inUse = c.inUse;
    it(`deactivates instead of deleting ${inUse.code}, which other records still use`, async () => {
      const id = await idOf(t.database.db, inUse.table, inUse.code, inUse.scoped ? GNB : undefined);
      const row = (await admin.get(`${base}/${id}`)).json();
      const since = await lastAuditId(t.database.db);
      const res = await admin.delete(`${base}/${id}?version=${row.version}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deleted: false, deactivated: true });
      const after = (await admin.get(`${base}/${id}`)).json();
      expect(after).toMatchObject({ active: false, version: row.version + 1 });
      const [audit] = await auditSince(t.database.db, since);
      expect(audit).toMatchObject({ action: 'deactivate', before: { active: true }, after: { active: false } });
      // back in service for the tests that follow
      await admin.patch(`${base}/${id}`, { version: after.version, active: true });
    });
  }
});

describe('lists: server-side sort, search, filters and keyset paging', () => {
  it('sorts banks by code by default and by any column on request', async () => {
    const byCode = (await admin.get('/api/data/system/bank')).json().rows.map((r: any) => r.code);
    expect(byCode).toEqual(['BCA', 'BNI', 'BRI', 'MDR']);
    const byName = (await admin.get('/api/data/system/bank?sort=name&dir=desc')).json().rows.map((r: any) => r.name);
    expect(byName).toEqual(['Bank Rakyat Indonesia', 'Bank Negara Indonesia', 'Bank Mandiri', 'Bank Central Asia']);
  });

  it('ignores a sort on a column that cannot be sorted, keeping the default', async () => {
    const rows = (await admin.get('/api/data/system/user?sort=password_hash')).json().rows.map((r: any) => r.username);
    expect(rows).toEqual([...rows].sort());
  });

  it('pages forward with the keyset cursor: no row twice, none skipped, no count on later pages', async () => {
    const first = (await admin.get('/api/data/system/pay-article?limit=5')).json();
    expect(first.total).toBe(13);
    expect(first.totalExact).toBe(true);
    expect(first.nextCursor).toBeTruthy();
    const seen = first.rows.map((r: any) => r.code);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await admin.get(`/api/data/system/pay-article?limit=5&after=${cursor}`)).json();
      expect(page.total).toBeNull();
      seen.push(...page.rows.map((r: any) => r.code));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['AMEX', 'CL', 'CSH', 'DEBIT', 'DEP', 'JCB', 'MC', 'QRIS', 'TRBCA', 'TRMDR', 'USD', 'VCR', 'VISA']);
  });

  it('pages backwards through a descending sort with the cursor too', async () => {
    const first = (await admin.get('/api/data/system/pay-article?limit=6&sort=name&dir=desc')).json();
    const second = (await admin.get(`/api/data/system/pay-article?limit=6&sort=name&dir=desc&after=${first.nextCursor}`)).json();
    const names = [...first.rows, ...second.rows].map((r: any) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : -1)));
    expect(new Set(names).size).toBe(12);
  });

  it('filters by equality, set membership, text and emptiness', async () => {
    const q = (filter: object) => admin.get(`/api/data/system/pay-article?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect((await q({ payment_type: { op: 'eq', value: 'card' } })).json().rows.map((r: any) => r.code)).toEqual([
      'AMEX',
      'DEBIT',
      'JCB',
      'MC',
      'VISA',
    ]);
    expect((await q({ payment_type: { op: 'in', value: ['deposit', 'voucher'] } })).json().rows.map((r: any) => r.code)).toEqual([
      'DEP',
      'VCR',
    ]);
    expect((await q({ name: { op: 'contains', value: 'transfer' } })).json().rows.map((r: any) => r.code)).toEqual(['TRBCA', 'TRMDR']);
    expect(
      (await q({ bank_id: { op: 'eq', value: ids.BCA }, card_fee_pct: { op: 'gt', value: '2' } })).json().rows.map((r: any) => r.code),
    ).toEqual(['MC', 'VISA']);
    expect((await q({ bank_id: { op: 'empty' } })).json().rows.map((r: any) => r.code)).toEqual(['CL', 'CSH', 'DEP', 'USD', 'VCR']);
  });

  it('filters the audit log by a half-open date-time range', async () => {
    const now = new Date();
    const from = new Date(now.getTime() - 3600_000).toISOString();
    const to = new Date(now.getTime() + 3600_000).toISOString();
    const res = await admin.get(
      `/api/data/system/audit-log?limit=500&filter=${encodeURIComponent(JSON.stringify({ at: { op: 'range', value: [from, to] }, action: { op: 'eq', value: 'seed' } }))}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: any) => r.summary)).toEqual(['Demo hotel loaded']);
    const none = await admin.get(
      `/api/data/system/audit-log?filter=${encodeURIComponent(JSON.stringify({ at: { op: 'range', value: [to, null] } }))}`,
    );
    expect(none.json().rows).toEqual([]);
  });

  it('treats % and _ in a search as letters, not wildcards', async () => {
    expect((await admin.get('/api/data/system/bank?q=%25')).json().rows).toEqual([]);
    expect((await admin.get('/api/data/system/bank?q=_')).json().rows).toEqual([]);
  });

  it('refuses a filter on an unknown or secret field, and a filter that is not JSON', async () => {
    expectApiError(
      await admin.get(
        `/api/data/system/user?filter=${encodeURIComponent(JSON.stringify({ password_hash: { op: 'startsWith', value: 'scrypt' } }))}`,
      ),
      400,
    );
    expectApiError(
      await admin.get(`/api/data/system/bank?filter=${encodeURIComponent(JSON.stringify({ iban: { op: 'eq', value: 'x' } }))}`),
      400,
    );
    expectApiError(await admin.get('/api/data/system/bank?filter=%7Bnot-json'), 400, { message: 'The request body is not valid JSON' });
  });

  it('names lookups of a page in one go (_refs) and offers a lookup of active rows', async () => {
    const list = (
      await admin.get('/api/data/system/pay-article?filter=' + encodeURIComponent(JSON.stringify({ code: { op: 'eq', value: 'VISA' } })))
    ).json();
    expect(list.rows[0]._refs).toEqual({ group_id: 'CARD - Credit & debit cards', bank_id: 'BCA - Bank Central Asia' });
    const lookup = (await admin.get('/api/data/system/bank/lookup?q=mandiri')).json();
    expect(lookup.rows).toEqual([{ id: expect.any(Number), label: 'MDR - Bank Mandiri' }]);
  });
});

describe("another property's rows", () => {
  let nbrBank: number;
  beforeAll(async () => {
    nbrBank = await idOf(t.database.db, 'bank', 'BCA', NBR);
  });

  it("are invisible: reading, changing or deleting Bali's BCA from Bandung answers 404", async () => {
    expectApiError(await admin.get(`/api/data/system/bank/${nbrBank}`), 404);
    expectApiError(await admin.patch(`/api/data/system/bank/${nbrBank}`, { version: 1, name: 'Hijacked' }), 404);
    expectApiError(await admin.delete(`/api/data/system/bank/${nbrBank}?version=1`), 404);
    expect((await admin.get(`/api/data/system/bank/lookup?ids=${nbrBank}`)).json().rows).toEqual([]);
    expect((await admin.get('/api/data/system/bank?limit=500')).json().rows.every((r: any) => r.branch_id === GNB)).toBe(true);
  });

  it('cannot be referred to: a Bandung payment article with a Bali bank is refused', async () => {
    const res = await admin.post('/api/data/system/pay-article', {
      code: 'TRBCA2',
      name: 'Transfer BCA Bali',
      group_id: ids.TRF,
      payment_type: 'transfer',
      bank_id: nbrBank,
    });
    expectApiError(res, 400, {
      message: 'Bank: the chosen record does not exist in this property',
      fields: { bank_id: 'Bank: the chosen record does not exist in this property' },
    });
  });

  it('cannot be referred to: a printer for a Bali outlet, an outlet of a Bali department', async () => {
    const nbrResto = await idOf(t.database.db, 'outlet', 'RESTO', NBR);
    const nbrFb = await idOf(t.database.db, 'department', 'FB', NBR);
    const printer = await admin.post('/api/data/system/pos-printer', {
      outlet_id: nbrResto,
      name: 'Bali bill',
      purpose: 'bill',
      connection: 'browser',
      paper_width: 80,
      copies: 1,
    });
    expectApiError(printer, 400, { fields: { outlet_id: 'Outlet: the chosen record does not exist in this property' } });
    const outlet = await admin.post('/api/data/system/outlet', { code: 'BEACH', name: 'Beach Club', department_id: nbrFb });
    expectApiError(outlet, 400, { fields: { department_id: 'Department: the chosen record does not exist in this property' } });
  });

  it('are reached by switching the active property with the x-branch-id header', async () => {
    const bali = await t.login('admin');
    bali.branchId = NBR;
    const res = await bali.get(`/api/data/system/bank/${nbrBank}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().branch_id).toBe(NBR);
  });

  it('name the stale-version time in the Bali time zone (WITA) for a Bali row', async () => {
    const bali = await t.login('admin');
    bali.branchId = NBR;
    const rudiBali = await t.login('rudi.hartono', 'Night-Manager-2026');
    rudiBali.branchId = NBR;
    const row = (await bali.get(`/api/data/system/bank/${nbrBank}`)).json();
    const changed = (
      await rudiBali.patch(`/api/data/system/bank/${nbrBank}`, { version: row.version, bank_branch: 'KCU Denpasar' })
    ).json();
    const error = expectApiError(
      await bali.patch(`/api/data/system/bank/${nbrBank}`, { version: row.version, bank_branch: 'KCP Kuta' }),
      409,
    );
    const wita = formatLocalDateTime(new Date(changed.updated_at), 'Asia/Makassar');
    expect(error.message).toContain(`changed by Rudi Hartono at ${wita}.`);
    expect(wita).not.toBe(formatLocalDateTime(new Date(changed.updated_at), 'Asia/Jakarta'));
  });
});

describe('entity rules', () => {
  it('gives a new property its hotel parameters at once', async () => {
    const res = await admin.post('/api/data/system/branch', {
      company_id: ids.NHI,
      code: 'NSB',
      name: 'Nusantara Surabaya',
      timezone: 'Asia/Jakarta',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM hotel_setup WHERE branch_id = ${res.json().id}`.execute(
      t.database.db,
    );
    expect(rows[0].n).toBe(1);
  });

  it('edits the hotel parameters of the active property as a single row, never creates or deletes them', async () => {
    const list = (await admin.get('/api/data/system/setup')).json();
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      branch_id: GNB,
      business_date: '2026-11-23',
      check_in_time: '14:00',
      service_pct: '10.00',
      price_mode: 'plus',
    });
    const res = await admin.patch(`/api/data/system/setup/${list.rows[0].id}`, { version: list.rows[0].version, check_in_time: '13:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().check_in_time).toBe('13:00');
    expectApiError(await admin.post('/api/data/system/setup', { business_date: '2026-11-24' }), 404);
    expectApiError(await admin.delete(`/api/data/system/setup/${list.rows[0].id}?version=2`), 404);
  });

  it('keeps the audit log read-only through the data API', async () => {
    expect((await admin.get('/api/data/system/audit-log?limit=1')).statusCode).toBe(200);
    expectApiError(await admin.post('/api/data/system/audit-log', { entity: 'x', action: 'y' }), 404);
    expectApiError(await admin.patch('/api/data/system/audit-log/1', { version: 1 }), 404);
    expectApiError(await admin.delete('/api/data/system/audit-log/1?version=1'), 404);
  });

  it('stores a new user name in lower case, hashes the initial password and forces a change at first sign-in', async () => {
    const res = await admin.post('/api/data/system/user', {
      username: 'Wayan.Putra',
      full_name: 'I Wayan Putra',
      group_id: ids.FO,
      password: 'Sawah-Ubud-2026',
      branch_ids: [NBR],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ username: 'wayan.putra', must_change_password: true, locked: false, branch_ids: [NBR] });
    expect(res.json()._refs.branch_ids).toBe('NBR');
    const { rows } = await sql<{ password_hash: string }>`SELECT password_hash FROM app_user WHERE username = 'wayan.putra'`.execute(
      t.database.db,
    );
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
    const wayan = await t.login('wayan.putra', 'Sawah-Ubud-2026');
    expect(wayan.session.user.mustChangePassword).toBe(true);
  });

  it('refuses a user without an initial password, with a weak one, or a new password through the form', async () => {
    const base = { full_name: 'Komang Ayu', group_id: ids.FO };
    expectApiError(await admin.post('/api/data/system/user', { ...base, username: 'komang' }), 400, {
      fields: { password: 'Initial password is required' },
    });
    expectApiError(await admin.post('/api/data/system/user', { ...base, username: 'komang', password: 'komang123' }), 400, {
      fields: { password: 'The password must not contain the user name' },
    });
    const wayan = (await admin.get('/api/data/system/user?q=wayan')).json().rows[0];
    expectApiError(await admin.patch(`/api/data/system/user/${wayan.id}`, { version: wayan.version, password: 'Another-Pass-2026' }), 400, {
      message: "Use 'Reset password' to give a user a new password",
    });
  });

  it('refuses granting a property that does not exist', async () => {
    const res = await admin.post('/api/data/system/user', {
      username: 'ketut',
      full_name: 'Ketut Sari',
      group_id: ids.FO,
      password: 'Pantai-Kuta-2026',
      branch_ids: [GNB, 99999],
    });
    expectApiError(res, 400);
    expect((await admin.get('/api/data/system/user?q=ketut')).json().rows).toEqual([]);
  });

  it('does not let an administrator deactivate or delete their own account', async () => {
    const me = (await admin.get('/api/data/system/user?q=administrator')).json().rows[0];
    expectApiError(await admin.patch(`/api/data/system/user/${me.id}`, { version: me.version, active: false }), 400, {
      message: 'You cannot lock, deactivate or delete your own account',
    });
    expectApiError(await admin.delete(`/api/data/system/user/${me.id}?version=${me.version}`), 400, {
      message: 'You cannot lock, deactivate or delete your own account',
    });
  });

  it('never returns the password hash, in lists, reads or lookups', async () => {
    const list = await admin.get('/api/data/system/user?limit=500');
    expect(list.body).not.toContain('scrypt$');
    expect(list.body).not.toContain('password_hash');
    const one = await admin.get(`/api/data/system/user/${list.json().rows[0].id}`);
    expect(one.body).not.toContain('password_hash');
  });

  it('answers a missing value of a column with a default as "<field> is required", not a database error', async () => {
    expectApiError(await admin.post('/api/data/system/bank', { code: 'BTN', name: 'Bank Tabungan Negara', currency: null }), 400, {
      message: 'Currency is required',
      fields: { currency: 'Currency is required' },
    });
    const bni = (await admin.get('/api/data/system/bank?q=BNI')).json().rows[0];
    expectApiError(await admin.patch(`/api/data/system/bank/${bni.id}`, { version: bni.version, active: null }), 400, {
      fields: { active: 'Active is required' },
    });
  });

  it('speaks Indonesian to an Indonesian desk', async () => {
    const desk = await t.login('admin');
    desk.lang = 'id';
    expectApiError(await desk.get('/api/data/system/bank/987654'), 404, { message: 'Bank tidak ditemukan' });
    expectApiError(await desk.post('/api/data/system/bank', { code: 'BCA', name: 'BCA lagi' }), 409, { message: "Kode 'BCA' sudah ada" });
  });
});

describe('two clerks saving at the same moment', () => {
  it('lets one change of the same bank win and tells the other who changed it', async () => {
    const bank = (await admin.get('/api/data/system/bank?q=BRI')).json().rows[0];
    const [mine, theirs] = await Promise.all([
      admin.patch(`/api/data/system/bank/${bank.id}`, { version: bank.version, bank_branch: 'KC Bandung Dago' }),
      rudi.patch(`/api/data/system/bank/${bank.id}`, { version: bank.version, bank_branch: 'KC Bandung Braga' }),
    ]);
    expect([mine.statusCode, theirs.statusCode].sort()).toEqual([200, 409]);
    const loser = mine.statusCode === 409 ? mine : theirs;
    expect(loser.json().error.message).toMatch(mine.statusCode === 409 ? /changed by Rudi Hartono/ : /changed by Administrator/);
    expect((await admin.get(`/api/data/system/bank/${bank.id}`)).json().version).toBe(bank.version + 1);
  });

  it('creates one of five identical new codes sent at once, refusing the other four as duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => admin.post('/api/data/system/bank', { code: 'BJB', name: `Bank BJB ${i}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('the company keeps one active property', () => {
  it('closes a property while another stays open, but not the last one left', async () => {
    // earlier tests opened more properties: close all but the two demo ones
    await sql`UPDATE branch SET active = false WHERE id NOT IN (${GNB}, ${NBR})`.execute(t.database.db);
    const nbr = (await admin.get(`/api/data/system/branch/${NBR}`)).json();
    const closed = await admin.patch(`/api/data/system/branch/${NBR}`, { version: nbr.version, active: false });
    expect(closed.statusCode, closed.body).toBe(200);
    const gnb = (await admin.get(`/api/data/system/branch/${GNB}`)).json();
    expectApiError(await admin.patch(`/api/data/system/branch/${GNB}`, { version: gnb.version, active: false }), 400, {
      message: /last active property/,
    });
    expectApiError(await admin.delete(`/api/data/system/branch/${GNB}?version=${gnb.version}`), 400, { message: /last active property/ });
    expect((await admin.patch(`/api/data/system/branch/${NBR}`, { version: closed.json().version, active: true })).statusCode).toBe(200);
  });
});
