import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { ALL_TABLES, expectApiError, snapshotCounts } from '../expectations.js';
import { encodeCursor } from '../../../server/data/crud.js';

/**
 * NUL and other control characters: nothing a cashier types, and PostgreSQL cannot store NUL in text. Every
 * text a route takes — body, query, filter, cursor, report parameter, even a key — is refused with a 400
 * naming the field (127 of 13,856 fuzzed requests answered 500 before), and nothing is written.
 */
let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const q = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));

describe('control characters in what a route takes', () => {
  it('refuses NUL in a text field of a new bank, naming the field, and writes nothing', async () => {
    const before = await snapshotCounts(t.database.db, ALL_TABLES);
    const res = await admin.post('/api/data/system/bank', { code: 'BJB', name: 'Bank BJB\u0000' });
    expectApiError(res, 400, { message: 'Name contains a control character (such as NUL) that cannot be stored' });
    for (const ch of ['\u0001', '\u001b', '\u007f', '\u0085'])
      expectApiError(await admin.post('/api/data/system/bank', { code: 'BJB', name: `Bank${ch}BJB` }), 400);
    expect(await snapshotCounts(t.database.db, ALL_TABLES)).toEqual(before);
  });

  it('keeps tabs and line breaks, which a description may hold', async () => {
    const res = await admin.post('/api/data/system/group', {
      code: 'NA',
      name: 'Night audit',
      description: 'Shift 23:00–07:00\n\tclose the day',
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses NUL in a search, a filter value, a report parameter and a sign-in name with 400, never 500', async () => {
    expectApiError(await admin.get(`/api/data/system/bank?q=${q('BCA\u0000')}`), 400);
    expectApiError(await admin.get(`/api/data/system/bank?filter=${q({ name: { op: 'contains', value: 'B\u0000' } })}`), 400);
    expectApiError(await admin.get(`/api/data/frontoffice/guest/lookup?filter=${q({ active: { op: 'eq', value: 'x\u0000' } })}`), 400);
    expectApiError(await admin.get(`/api/reports/users-rights?active=${q('true\u0000')}`), 400);
    expectApiError(await t.anonymous().post('/api/auth/login', { username: 'admin\u0000', password: 'hotelier' }), 400);
    expectApiError(await admin.patch('/api/account/profile', { full_name: 'Admin\u0000istrator' }), 400);
    expectApiError(await admin.post('/api/ops/system.lockUser', { id: 2, reason: 'off\u0000duty' }), 400);
  });

  it('refuses a control character in a key of an open object', async () => {
    expectApiError(await admin.get(`/api/reports/users-rights?${q('act\u0000ive')}=true`), 400);
  });

  it('reads a cursor carrying NUL as no cursor at all', async () => {
    const res = await admin.get(`/api/data/system/bank?sort=name&after=${encodeCursor('BCA\u0000', 1)}`);
    expect(res.statusCode, res.body).toBe(200);
  });
});
