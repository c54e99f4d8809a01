import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../../server/config.js';
import { connect } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { loadMeta } from '../../server/meta/load.js';
import { seedDemo } from '../../server/seed/demo.js';

/** The business date of the seeded demo hotel in every API test. */
export const BUSINESS_DATE = '2026-11-23';

/**
 * The demo hotel migrated and seeded once per run, which each API test file then starts from instead of
 * seeding its own (seven seconds a file): a tar file of the embedded database's files, or a PostgreSQL
 * database used as the template of each file's database. Built the way a first start builds it.
 */
export async function buildDemoTemplate(adminUrl?: string): Promise<string> {
  const meta = loadMeta(projectRoot);
  if (!adminUrl) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-demo-')), 'demo.tar');
    const database = await connect({ dataDir: 'memory://' });
    try {
      await migrate(database.db, path.join(projectRoot, 'server', 'migrations'));
      await seedDemo(database.db, meta, { businessDate: BUSINESS_DATE });
      await database.dumpTo!(file);
    } finally {
      await database.close();
    }
    return file;
  }
  const name = `demo_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await connect({ databaseUrl: url.toString(), dataDir: 'memory://' });
  try {
    await migrate(database.db, path.join(projectRoot, 'server', 'migrations'));
    await seedDemo(database.db, meta, { businessDate: BUSINESS_DATE });
  } finally {
    await database.close();
  }
  return name;
}

/** Removes what buildDemoTemplate made. */
export async function dropDemoTemplate(template: string, adminUrl?: string) {
  if (!adminUrl) {
    fs.rmSync(path.dirname(template), { recursive: true, force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** see buildDemoTemplate */
    demoTemplate: string;
  }
}
