import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError, snapshotCounts } from '../expectations.js';

/**
 * The Grand Nusantara Bandung's business accounts: Rina in sales opens a new corporate account with its billing
 * contact; Budi, the credit controller, may let the city ledger bill it only with a credit limit; Siti at the desk
 * reads accounts (to bill one at check-out) but may not change them.
 */
let t: TestApp;
let rina: ApiClient;
let budi: ApiClient;
let siti: ApiClient;

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const account = (over: Record<string, unknown> = {}) => ({
  code: 'BIOFARMA',
  kind: 'company',
  name: 'PT Bio Farma',
  legal_name: 'PT Bio Farma (Persero)',
  npwp: '01.000.143.1-441.000',
  address: 'Jl. Pasteur No. 28',
  city: 'Bandung',
  email: 'Travel@BioFarma.co.id',
  language: 'id',
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  rina = await t.login('sales');
  budi = await t.login('accountant');
  siti = await t.login('frontdesk');
});
afterAll(() => t.close());

describe('business accounts', () => {
  it('ships the companies the demo reservations name, billed on the city ledger with their limits', async () => {
    const rows = (await ok(await budi.get('/api/data/sales/account?limit=50&sort=code'))).rows as { code: string; city_ledger: boolean }[];
    expect(rows.filter((r) => r.city_ledger).map((r) => r.code)).toEqual([
      'ASTRA',
      'JABAR',
      'KEMENKEU',
      'MANDIRI',
      'PANORAMA',
      'PERTAMINA',
      'TELKOM',
    ]);
  });

  it('opens a company account with its contacts in one request, the NPWP kept as digits and shown grouped', async () => {
    const saved = await ok(
      await rina.post('/api/data/sales/account', {
        ...account(),
        contacts: [
          { name: 'Lina Marlina', position: 'Travel coordinator', phone: '0812 2200 3311' },
          { name: 'Bambang Sutrisno', position: 'Finance', email: 'ap@biofarma.co.id', billing: true },
        ],
      }),
      201,
    );
    expect(saved).toMatchObject({
      npwp: '01.000.143.1-441.000',
      email: 'travel@biofarma.co.id',
      city_ledger: false,
      payment_term_days: 30,
    });
    const read = await ok(await siti.get(`/api/data/sales/account/${saved.id}`));
    expect(read.contacts.map((c: { name: string; billing: boolean }) => [c.name, c.billing])).toEqual([
      ['Lina Marlina', false],
      ['Bambang Sutrisno', true],
    ]);
  });

  it('refuses the city ledger for an account without a credit limit and keeps nothing, then takes it with one', async () => {
    const before = await snapshotCounts(t.database.db, ['business_account']);
    expectApiError(
      await budi.post('/api/data/sales/account', account({ code: 'KAI', name: 'PT Kereta Api Indonesia', npwp: null, city_ledger: true })),
      400,
      {
        fields: { credit_limit: 'An account that may be billed needs a credit limit (0 is allowed: then every charge needs approval)' },
      },
    );
    expect(await snapshotCounts(t.database.db, ['business_account'])).toEqual(before);
    const saved = await ok(
      await budi.post(
        '/api/data/sales/account',
        account({ code: 'KAI', name: 'PT Kereta Api Indonesia', npwp: null, city_ledger: true, credit_limit: '60000000' }),
      ),
      201,
    );
    expect(saved).toMatchObject({ city_ledger: true, credit_limit: '60000000.00' });
  });

  it('lets the front desk read accounts but not open or change one', async () => {
    const rows = (await ok(await siti.get('/api/data/sales/account?q=Telkom'))).rows;
    expect(rows.map((r: { code: string }) => r.code)).toEqual(['TELKOM']);
    expect((await siti.post('/api/data/sales/account', account({ code: 'SITI' }))).statusCode).toBe(403);
  });
});
