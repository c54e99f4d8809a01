import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { inHeavyLane } from '../../../server/work/lane.js';
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

  it("never prepares the night audit's and the reports' statements: heavy work is planned for its own values each time", async () => {
    const token = crypto.randomUUID();
    await inHeavyLane(() =>
      t.database.db.connection().execute(async (c) => {
        for (let n = 0; n < 3; n++) expect((await readReservation(token, stayId).execute(c)).rows).toHaveLength(1);
        expect(await preparedWith(c, token)).toEqual([]);
      }),
    );
    // the same read for a request is prepared from its second run
    await t.database.db.connection().execute(async (c) => {
      for (let n = 0; n < 2; n++) await readReservation(token, stayId).execute(c);
      expect(await preparedWith(c, token)).toHaveLength(1);
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

  it('plans a prepared statement again once its plans are a minute old, so one made on old statistics does not stay', async () => {
    const table = `plan_age_${crypto.randomBytes(4).toString('hex')}`;
    const db = t.database.db;
    await sql`CREATE TABLE ${sql.table(table)} (branch_id bigint NOT NULL, id bigint NOT NULL, code text NOT NULL, name text, UNIQUE (branch_id, code))`.execute(
      db,
    );
    try {
      await sql`INSERT INTO ${sql.table(table)} SELECT 1, g, 'B' || g, 'Bank ' || g FROM generate_series(1, 8) g`.execute(db);
      await sql`ANALYZE ${sql.table(table)}`.execute(db);
      // a page of banks after a keyset cursor, as a list screen asks it
      const page = (after: string) =>
        sql`SELECT id, code, name FROM ${sql.table(table)} WHERE branch_id = ${1} AND (code, id) > (${after}, ${0}) ORDER BY code, id LIMIT ${50}`;
      const plan = async (c: Kysely<any>) => {
        const name = (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements WHERE statement LIKE ${`%${table}%`}`.execute(c))
          .rows[0].name;
        const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE "${name}"(1, 'B5', 0, 50)`).execute(c);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      // planned while the table held 8 banks; then 100,000 arrive, before any statistics are taken again
      const early = await db.connection().execute(async (c) => {
        for (let n = 0; n < 8; n++) await page(`B${n}`).execute(c);
        await sql`INSERT INTO ${sql.table(table)} SELECT 1, g, 'B' || g, 'Bank ' || g FROM generate_series(9, 100000) g`.execute(db);
        await page('B5').execute(c);
        return plan(c);
      });
      const now = performance.now();
      const aMinuteOn = vi.spyOn(performance, 'now').mockImplementation(() => now + 61_000);
      const later = await db
        .connection()
        .execute(async (c) => {
          await page('B5').execute(c);
          return plan(c);
        })
        .finally(() => aMinuteOn.mockRestore());
      // made for 8 rows: every bank read and sorted; a minute on, planned for the table it has become
      expect(early).toMatch(/Seq Scan/);
      expect(later).not.toMatch(/Seq Scan/);
      expect(later).toMatch(/Index Scan/);
    } finally {
      await sql`DROP TABLE ${sql.table(table)}`.execute(db);
    }
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
