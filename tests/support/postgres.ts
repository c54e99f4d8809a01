import crypto from 'node:crypto';
import pg from 'pg';

/**
 * For the PostgreSQL run of the API suite: the global setup (tests/support/postgresServer.ts) starts a
 * throw-away server and exports TEST_PG_ADMIN_URL; every test file gets its own empty database.
 */
export async function freshPostgresDatabase(): Promise<string> {
  const admin = process.env.TEST_PG_ADMIN_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs TEST_PG_ADMIN_URL (set by the global setup)');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
