import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, projectRoot } from '../server/config.js';
import { connect, type Database } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { loadMeta } from '../server/meta/load.js';
import { buildApp } from '../server/app.js';
import { seedDemo } from '../server/seed/demo.js';
import { findPostgresBin, startThrowawayPostgres } from '../tests/support/throwawayPostgres.js';
import { ms, timeRuns } from './stats.js';

const ROWS = 100_000;
const RUNS = 60;

/**
 * /api/data list pages of 50 on a table of 100,000 rows, against the same two statements (page and
 * capped count) sent as raw SQL on the same connection: the price of the generic layer (auth, rights,
 * validation, lookups, JSON) in one run, so the machine's speed cancels out.
 */
async function measure(database: Database, label: string): Promise<Record<string, string>> {
  const meta = loadMeta(projectRoot);
  await migrate(database.db, path.join(projectRoot, 'server', 'migrations'));
  await seedDemo(database.db, meta);
  await sql`INSERT INTO bank (branch_id, code, name, account_no, account_name, bank_branch)
            SELECT 1, 'B' || g, 'Bank ' || md5(g::text), lpad((g * 7919 % 1000000000)::text, 10, '0'), 'PT Nusantara Hospitality Indonesia', 'KC ' || (g % 97)
              FROM generate_series(1, ${ROWS}) g`.execute(database.db);
  await sql`ANALYZE bank`.execute(database.db);
  const app = await buildApp({
    config: { ...loadConfig({}), root: projectRoot, dataDir: '/tmp' },
    database,
    meta,
    mailer: { send: async () => undefined },
  });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'hotelier' } });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const cols = sql`id, version, created_at, updated_at, code, name, account_no, account_name, bank_branch, swift_code, currency, active, branch_id`;
  const countCapped = sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM bank WHERE branch_id = 1 LIMIT 10001) c`;

  const firstApi = await timeRuns(RUNS, () => get('/api/data/system/bank?limit=50&sort=name'));
  const firstRaw = await timeRuns(RUNS, async () => {
    await sql`SELECT ${cols} FROM bank WHERE branch_id = 1 ORDER BY name ASC NULLS LAST, id ASC LIMIT 50 OFFSET 0`.execute(database.db);
    await countCapped.execute(database.db);
  });

  // Walking forward page by page with the keyset cursor, as the grid does while scrolling.
  const cursors: string[] = [];
  let page = await get('/api/data/system/bank?limit=50&sort=code');
  for (let i = 0; i < RUNS && page.nextCursor; i++) {
    cursors.push(page.nextCursor);
    page = await get(`/api/data/system/bank?limit=50&sort=code&after=${page.nextCursor}`);
  }
  const keyApi = await timeRuns(cursors.length, (i) => get(`/api/data/system/bank?limit=50&sort=code&after=${cursors[i]}`));
  const keyValues = cursors.map((c) => JSON.parse(Buffer.from(c, 'base64url').toString()) as [string, number]);
  const keyRaw = await timeRuns(keyValues.length, async (i) => {
    await sql`SELECT ${cols} FROM bank WHERE branch_id = 1 AND (code, id) > (${keyValues[i][0]}, ${keyValues[i][1]}) ORDER BY code ASC, id ASC LIMIT 50`.execute(
      database.db,
    );
  });

  const deepApi = await timeRuns(20, () => get('/api/data/system/bank?limit=50&sort=name&offset=50000'));
  const deepRaw = await timeRuns(20, async () => {
    await sql`SELECT ${cols} FROM bank WHERE branch_id = 1 ORDER BY name ASC NULLS LAST, id ASC LIMIT 50 OFFSET 50000`.execute(database.db);
    await countCapped.execute(database.db);
  });
  await app.close();
  const line = (a: { p50: number; p95: number }, r: { p50: number; p95: number }) =>
    `p50 ${ms(a.p50)} / p95 ${ms(a.p95)}; raw SQL p50 ${ms(r.p50)} → ${(a.p50 / r.p50).toFixed(2)}× (goal ≤ 2×)`;
  return {
    [`${label}: first page of 50, sorted by name`]: line(firstApi, firstRaw),
    [`${label}: next pages by keyset cursor`]: line(keyApi, keyRaw),
    [`${label}: page at offset 50,000`]: line(deepApi, deepRaw),
  };
}

export async function benchDataPaging(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const lite = await connect({ dataDir: 'memory://' });
  try {
    Object.assign(out, await measure(lite, `PGlite, ${ROWS.toLocaleString('en')} rows`));
  } finally {
    await lite.close();
  }
  if (findPostgresBin()) {
    const server = await startThrowawayPostgres();
    try {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE bench');
      await admin.end();
      const db = await connect({ databaseUrl: server.url.replace(/\/postgres$/, '/bench'), dataDir: '' });
      try {
        Object.assign(out, await measure(db, `PostgreSQL, ${ROWS.toLocaleString('en')} rows`));
      } finally {
        await db.close();
      }
    } finally {
      server.stop();
    }
  }
  return out;
}
