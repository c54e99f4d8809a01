import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { startTestApp, type TestApp } from '../../support/testApp.js';

/** The statements of this session prepared with a text containing the token (a parameterless read: never prepared itself). */
async function preparedWith(c: Kysely<any>, token: string): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(c);
  return rows.map((r) => r.statement).filter((s) => s.includes(token));
}

/** A front-desk read of one reservation, its text marked so no other test's statement is the same. */
const readReservation = (token: string, id: number) =>
  sql<{
    code: string;
    status: string;
  }>`SELECT code, status FROM reservation WHERE branch_id = ${1} AND id = ${id} ${sql.raw(`/* ${token} */`)}`;

describe('statements the app sends again are prepared once per connection', () => {
  let t: TestApp;
  let stayId: number;
  beforeAll(async () => {
    t = await startTestApp();
    stayId = (await sql<{ id: number }>`SELECT id FROM reservation WHERE branch_id = 1 ORDER BY id LIMIT 1`.execute(t.database.db)).rows[0]
      .id;
  });
  afterAll(() => t?.close());

  it('sends a reservation read as new the first time, prepared from the second, and answers it the same', async () => {
    const token = crypto.randomUUID();
    await t.database.db.connection().execute(async (c) => {
      const first = (await readReservation(token, stayId).execute(c)).rows;
      expect(await preparedWith(c, token)).toEqual([]);
      const second = (await readReservation(token, stayId).execute(c)).rows;
      const third = (await readReservation(token, stayId).execute(c)).rows;
      expect(await preparedWith(c, token)).toHaveLength(1);
      expect(first).toHaveLength(1);
      expect(second).toEqual(first);
      expect(third).toEqual(first);
    });
  });

  it('leaves a long statement unprepared, where a generic plan could cost more than the parse it saves', async () => {
    const token = crypto.randomUUID();
    await t.database.db.connection().execute(async (c) => {
      for (let n = 0; n < 3; n++) await sql`SELECT pg_sleep(${0.03}) ${sql.raw(`/* ${token} */`)}`.execute(c);
      expect(await preparedWith(c, token)).toEqual([]);
    });
  });

  it('prepares a statement again after a failed transaction refused it, instead of naming one that does not exist', async () => {
    const token = crypto.randomUUID();
    await t.database.db.connection().execute(async (c) => {
      await readReservation(token, stayId).execute(c);
      await sql`BEGIN`.execute(c);
      await expect(sql`SELECT 1 / ${0}::int`.execute(c)).rejects.toThrow(/division by zero/);
      // its second use would prepare it, but the failed transaction refuses every statement until its rollback
      await expect(readReservation(token, stayId).execute(c)).rejects.toThrow(/current transaction is aborted/);
      await sql`ROLLBACK`.execute(c);
      expect((await readReservation(token, stayId).execute(c)).rows).toHaveLength(1);
      expect(await preparedWith(c, token)).toHaveLength(1);
    });
  });

  // last: it fills the connection it holds
  it('keeps at most 400 prepared statements on a connection however many texts vary', async () => {
    const token = crypto.randomUUID();
    await t.database.db.connection().execute(async (c) => {
      for (let n = 0; n < 450; n++)
        for (let time = 0; time < 2; time++) {
          const { rows } = await sql<{ n: number }>`SELECT ${n}::int AS n ${sql.raw(`/* ${token} ${n} */`)}`.execute(c);
          expect(rows[0].n).toBe(n);
        }
      const kept = await preparedWith(c, token);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThanOrEqual(400);
    });
  });
});
