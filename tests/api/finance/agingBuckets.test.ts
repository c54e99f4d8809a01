import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AGING_BUCKETS } from '../../../server/domain/finance/aging.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';

/**
 * Payables and receivables age by one rule, the database's `aging_bucket`: an invoice due 30 days ago is still in
 * 1–30, one due 31 days ago in 31–60, and so on; the named buckets the reports print cover exactly the same days.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const bucketOf = async (days: number) =>
  (await sql<{ b: string }>`SELECT aging_bucket(${days}::integer) AS b`.execute(t.database.db)).rows[0].b;

describe('aging buckets shared by payables and receivables', () => {
  it('puts the boundary days in the lower bucket: due today is current, 30 days past due 1–30, 31 days 31–60, 91 over 90', async () => {
    const cases: [number, string][] = [
      [-14, 'current'],
      [0, 'current'],
      [1, '1-30'],
      [30, '1-30'],
      [31, '31-60'],
      [60, '31-60'],
      [61, '61-90'],
      [90, '61-90'],
      [91, 'over-90'],
      [400, 'over-90'],
    ];
    for (const [days, bucket] of cases) expect(await bucketOf(days), `${days} days past due`).toBe(bucket);
  });

  it('names in the report the same days the database function ages by', async () => {
    for (const b of AGING_BUCKETS) {
      if (b.fromDays !== null) expect(await bucketOf(b.fromDays)).toBe(b.code);
      if (b.toDays !== null) expect(await bucketOf(b.toDays)).toBe(b.code);
    }
  });

  it('maps the payables, receivables and banquet posting roles to accounts in both demo properties', async () => {
    const { rows } = await sql<{ code: string; role: string; account: string }>`
      SELECT b.code, r.role, a.code AS account FROM gl_account_role r
        JOIN branch b ON b.id = r.branch_id JOIN gl_account a ON a.branch_id = r.branch_id AND a.id = r.account_id
       WHERE r.role IN ('accounts_payable', 'vat_input', 'withholding_payable', 'supplier_advance', 'customer_credit',
                        'bank_charges', 'banquet_deposit', 'function_room_revenue')
       ORDER BY b.code, r.role`.execute(t.database.db);
    const gnb = Object.fromEntries(rows.filter((r) => r.code === 'GNB').map((r) => [r.role, r.account]));
    expect(gnb).toEqual({
      accounts_payable: '2101.01',
      bank_charges: '6102.01',
      banquet_deposit: '2105.02',
      customer_credit: '2108.01',
      function_room_revenue: '4206.01',
      supplier_advance: '1204.01',
      vat_input: '1404.01',
      withholding_payable: '2205.01',
    });
    expect(rows.filter((r) => r.code !== 'GNB')).toHaveLength(8);
  });
});
