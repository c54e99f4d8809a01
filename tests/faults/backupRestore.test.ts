import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { connect, type Db } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { loadMeta } from '../../server/meta/load.js';
import { projectRoot } from '../../server/config.js';
import { seedDemo } from '../../server/seed/demo.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwawayPostgres.js';

/**
 * `npm run backup` and `npm run restore` on both databases: the demo hotel is backed up, then changed (a new
 * bank, every rate 1.000 dearer, a deposit gone), then restored — and every table has again the rows it had
 * and every money column the same total, to the sen.
 */
const meta = loadMeta(projectRoot);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-backup-'));
let pgServer: ThrowawayPostgres | undefined;

afterAll(() => {
  pgServer?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Rows of every table and the total of every numeric column. */
async function census(db: Db): Promise<Record<string, string>> {
  const { rows: cols } = await sql<{ table_name: string; column_name: string | null }>`
    SELECT t.table_name, c.column_name
      FROM information_schema.tables t
      LEFT JOIN information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.data_type = 'numeric'
     WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY 1, 2`.execute(db);
  const out: Record<string, string> = {};
  for (const table of new Set(cols.map((c) => c.table_name))) {
    const money = cols.filter((c) => c.table_name === table && c.column_name).map((c) => c.column_name!);
    const sums = money.map((c) => sql`coalesce(sum(${sql.ref(c)}), 0)::text`);
    const { rows } = await sql<Record<string, string>>`
      SELECT count(*)::text AS n ${sums.length ? sql`, ${sql.join(sums)}` : sql``} FROM ${sql.table(table)}`.execute(db);
    out[table] = Object.values(rows[0]).join(' ');
  }
  return out;
}

async function change(db: Db) {
  await sql`INSERT INTO bank (branch_id, code, name) SELECT id, 'BJB', 'Bank BJB' FROM branch WHERE code = 'GNB'`.execute(db);
  await sql`UPDATE rate_code SET weekday_price = weekday_price + 1000`.execute(db);
  await sql`DELETE FROM reservation_deposit WHERE id = (SELECT min(id) FROM reservation_deposit)`.execute(db);
}

function npmRun(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const r = spawnSync('npx', ['tsx', 'server/backup/cli.ts', script, file], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(r.status, `${script}: ${r.stderr}${r.stdout}`).toBe(0);
}

async function roundTrip(open: () => Promise<{ db: Db; close(): Promise<void> }>, env: Record<string, string>, file: string) {
  let database = await open();
  await migrate(database.db, path.join(projectRoot, 'server', 'migrations'));
  await seedDemo(database.db, meta, { businessDate: '2026-11-23' });
  const deposits = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reservation_deposit`.execute(database.db);
  if (!deposits.rows[0].n)
    await sql`INSERT INTO reservation_deposit (branch_id, reservation_id, paid_on, amount, pay_article_id, receipt_no)
              SELECT r.branch_id, r.id, '2026-11-20', 2500000, p.id, 'DP-BK1' FROM reservation r
                JOIN pay_article p ON p.branch_id = r.branch_id LIMIT 1`.execute(database.db);
  const before = await census(database.db);
  await database.close();

  npmRun('backup', file, env);
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);

  database = await open();
  await change(database.db);
  const changed = await census(database.db);
  await database.close();
  expect(changed).not.toEqual(before);

  npmRun('restore', file, env);
  database = await open();
  const after = await census(database.db);
  await database.close();
  expect(after).toEqual(before);
  expect(Object.keys(after).length).toBeGreaterThan(30);
}

describe('backup and restore', () => {
  it('round-trips the embedded database: every table’s rows and money totals come back', async () => {
    const dataDir = path.join(work, 'data');
    await roundTrip(() => connect({ dataDir }), { DATA_DIR: dataDir, DATABASE_URL: '' }, path.join(work, 'hotelier-pglite.tar.gz'));
  }, 600_000);

  it('round-trips a PostgreSQL database the same way', async () => {
    pgServer = await startThrowawayPostgres();
    const admin = new pg.Client({ connectionString: pgServer.url });
    await admin.connect();
    await admin.query('CREATE DATABASE hotel_backup');
    await admin.end();
    const url = new URL(pgServer.url);
    url.pathname = '/hotel_backup';
    await roundTrip(
      () => connect({ databaseUrl: url.toString(), dataDir: work }),
      { DATABASE_URL: url.toString() },
      path.join(work, 'hotelier.dump'),
    );
  }, 600_000);
});
