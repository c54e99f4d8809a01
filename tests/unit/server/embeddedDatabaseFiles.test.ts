import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../../server/db/connect.js';

/**
 * The embedded database's thread keeps the sizes of its files between writes (server/db/pgliteWorker.mjs).
 * A size kept past a change would make PostgreSQL write a new page over an old one: a table that grows,
 * is cut back by VACUUM and grows again must keep every row, on disk and after a restart.
 */
describe('the embedded database on disk', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-files-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps a year of room nights exact while the table grows, shrinks and grows again, and after a restart', async () => {
    let database = await connect({ dataDir: dir });
    const count = async () =>
      (
        await sql<{ n: number; revenue: string }>`SELECT count(*)::int AS n, sum(rate)::text AS revenue FROM stay_night`.execute(
          database.db,
        )
      ).rows[0];
    await sql`CREATE TABLE stay_night (id serial PRIMARY KEY, room text NOT NULL, night date NOT NULL, rate numeric(14, 2) NOT NULL)`.execute(
      database.db,
    );
    await sql`INSERT INTO stay_night (room, night, rate)
              SELECT 'R' || (100 + g % 150), date '2026-01-01' + (g % 365), 850000 FROM generate_series(1, 20000) g`.execute(database.db);
    expect(await count()).toEqual({ n: 20000, revenue: '17000000000.00' });
    const grown = (await sql<{ pages: number }>`SELECT pg_relation_size('stay_night')::int / 8192 AS pages`.execute(database.db)).rows[0]
      .pages;

    await sql`DELETE FROM stay_night WHERE id > 2000`.execute(database.db);
    await sql`VACUUM stay_night`.execute(database.db);
    const cut = (await sql<{ pages: number }>`SELECT pg_relation_size('stay_night')::int / 8192 AS pages`.execute(database.db)).rows[0]
      .pages;
    expect(cut).toBeLessThan(grown / 5);
    expect(await count()).toEqual({ n: 2000, revenue: '1700000000.00' });

    await sql`INSERT INTO stay_night (room, night, rate)
              SELECT 'R' || (100 + g % 150), date '2027-01-01' + (g % 365), 1250000.50 FROM generate_series(1, 5000) g`.execute(
      database.db,
    );
    expect(await count()).toEqual({ n: 7000, revenue: '7950002500.00' });
    await sql`CHECKPOINT`.execute(database.db);
    await database.close();

    database = await connect({ dataDir: dir });
    try {
      expect(await count()).toEqual({ n: 7000, revenue: '7950002500.00' });
      const last = await sql<{ night: string }>`SELECT night FROM stay_night ORDER BY id DESC LIMIT 1`.execute(database.db);
      expect(last.rows[0].night).toBe('2027-09-13');
    } finally {
      await database.close();
    }
  }, 60_000);
});
