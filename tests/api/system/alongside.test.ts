import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { alongside } from '../../../server/db/alongside.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';

const nowMs = () => performance.timeOrigin + performance.now();

/** Keeps this process busy for ms, as a document's checks over many lines do. */
function busyFor(ms: number) {
  const until = nowMs() + ms;
  while (nowMs() < until);
}

describe('a document save works out its checks while its lookups are read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('has the statement at the database before the work ends, still running when the work begins', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      let answered = false;
      // a lookup whose statement is put together over a few awaits (its rights, its scope) before it is sent
      const lookup = async () => {
        await Promise.resolve();
        await Promise.resolve();
        const { rows } = await sql<{ received: string }>`
          SELECT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS received, pg_sleep(0.4)::text AS slept`.execute(
          trx,
        );
        answered = true;
        return rows[0];
      };
      const statement = lookup();
      const [row, work] = await alongside(statement, () => {
        const began = { at: nowMs(), answered };
        busyFor(200);
        return { ...began, ended: nowMs() };
      });
      expect(work.answered).toBe(false);
      // the statement's own start, by the database's clock on this machine, falls inside the work
      expect(Date.parse(row.received)).toBeLessThan(work.ended);
      expect(answered).toBe(true);
    });
  });

  it('reports the statement that failed once the work is done, and the work ran', async () => {
    let ran = false;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const statement = sql`SELECT 1 / 0 AS broken`.execute(trx);
        await alongside(statement, () => (ran = true));
      }),
    ).rejects.toThrow(/division by zero/);
    expect(ran).toBe(true);
  });
});
