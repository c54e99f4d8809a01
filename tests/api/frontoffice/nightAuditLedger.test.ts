import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { runFlow } from '../../support/flows.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The guest ledger is checked after every step of the night audit, not only at the end. Here it is broken on
 * purpose while the Grand Nusantara Bandung's rooms are charged: a stray 1-rupiah line lands on the folio of
 * every room charged, with no journal behind it. The audit stops at the charges with a sentence giving both
 * sums, the batch is undone, the day stays open; once the fault is gone the same day closes.
 */
let t: TestApp;
let db: Db;
let admin: ApiClient;
let branch: number;

const one = async <T = number>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await q.execute(db)).rows[0] as object)[0] as T;
const nightLines = () =>
  one<number>(sql`SELECT count(*)::int FROM folio_line WHERE branch_id = ${branch} AND night = ${BUSINESS_DATE}::date`);

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  admin = await t.login('admin');
  branch = await one(sql`SELECT id FROM branch WHERE code = 'GNB'`);
  admin.branchId = branch;
});
afterAll(() => t.close());

describe('the guest ledger checked after each night-audit step', () => {
  it('stops at the room charges when a charge reaches a folio without its journal, undoing the batch', async () => {
    // the fault: every night's charge brings a 1-rupiah line the general ledger never hears of
    await sql`
      CREATE FUNCTION test_stray_folio_line() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO folio_line SELECT * FROM jsonb_populate_record(NEW, jsonb_build_object(
          'id', NEW.id + 1000000000, 'night', NULL, 'amount', 1, 'base', 1, 'service', 0, 'tax', 0,
          'description', 'stray', 'posting_key', NEW.posting_key || ':stray'));
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER test_stray_folio_line AFTER INSERT ON folio_line FOR EACH ROW WHEN (NEW.night IS NOT NULL)
              EXECUTE FUNCTION test_stray_folio_line()`.execute(db);

    const run = await runFlow(admin, 'night-audit-run', {});
    expect(run.status, JSON.stringify(run)).toBe('failed');
    expect(run.error).toMatch(
      /guest ledger does not tie after the step “Room and package charges”: the general ledger holds [0-9.-]+, the open folios [0-9.-]+ \(difference -[0-9.]+\)/,
    );
    expect(await nightLines()).toBe(0);
    expect(await one(sql`SELECT business_date::text FROM hotel_setup WHERE branch_id = ${branch}`)).toBe(BUSINESS_DATE);
  });

  it('closes the same day once the fault is gone, the ledger tying after every step', async () => {
    await sql`DROP TRIGGER test_stray_folio_line ON folio_line`.execute(db);
    await sql`DROP FUNCTION test_stray_folio_line()`.execute(db);
    const run = await runFlow(admin, 'night-audit-run', {});
    expect(run.status, JSON.stringify(run)).toBe('done');
    expect(await nightLines()).toBeGreaterThan(0);
    const ledger = await one<string>(sql`
      SELECT coalesce(sum(l.debit - l.credit), 0)::text FROM gl_account_role r JOIN gl_journal_line l ON l.branch_id = r.branch_id AND l.account_id = r.account_id
       WHERE r.branch_id = ${branch} AND r.role = 'guest_ledger'`);
    expect(ledger).toBe(
      await one<string>(sql`SELECT coalesce(sum(balance), 0)::text FROM folio_balance WHERE branch_id = ${branch} AND status = 'open'`),
    );
  });
});
