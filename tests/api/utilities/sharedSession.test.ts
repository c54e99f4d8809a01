import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../support/testApp.js';

/**
 * The embedded database is one session that many requests' statements queue at side by side; a transaction
 * has it alone from BEGIN to COMMIT. (On PostgreSQL each holds its own connection; the same must hold.)
 */
describe("requests sharing the database's session", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const addBank = (db: typeof t.database.db, code: string) =>
    sql`INSERT INTO bank (branch_id, code, name, account_no, account_name, bank_branch)
        VALUES (1, ${code}, 'Bank Mandiri', '1370012345678', 'PT Nusantara Hospitality Indonesia', 'KC Denpasar')`.execute(db);

  it("keeps a clerk's save made while another request's transaction is open out of that transaction's rollback", async () => {
    const db = t.database.db;
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const cancelled = db
      .transaction()
      .execute(async (trx) => {
        await addBank(trx, 'ROLLED-BACK');
        opened();
        await new Promise((r) => setTimeout(r, 100));
        throw new Error('the cashier cancelled the payment');
      })
      .catch((err: Error) => err.message);
    await isOpen;
    await addBank(db, 'KEPT'); // another request's statement, asked for while the transaction is open
    expect(await cancelled).toBe('the cashier cancelled the payment');
    const { rows } = await sql<{ code: string }>`SELECT code FROM bank WHERE code IN ('ROLLED-BACK', 'KEPT')`.execute(db);
    expect(rows.map((r) => r.code)).toEqual(['KEPT']);
  });

  it('lets several requests each have a statement at the database at once', async () => {
    const db = t.database.db;
    const reads = Array.from({ length: 4 }, () => sql`SELECT count(*) FROM guest WHERE branch_id = 1`.execute(db));
    await new Promise((r) => setImmediate(r));
    const held = t.database.gate.stats().held;
    await Promise.all(reads);
    expect(held).toBeGreaterThanOrEqual(2);
  });
});
