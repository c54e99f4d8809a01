import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * For the PostgreSQL run of the API suite: the global setup (tests/support/postgresServer.ts) starts a
 * throw-away server and provides its address; every test file gets its own database, empty or a copy of
 * a template database.
 */
export async function freshPostgresDatabase(template?: string): Promise<string> {
  const admin = inject('pgAdminUrl');
  if (!admin) throw new Error('TEST_DB=postgres needs the PostgreSQL global setup (tests/support/postgresServer.ts)');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
