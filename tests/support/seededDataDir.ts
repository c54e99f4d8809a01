import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { connect } from '../../server/db/connect.js';
import { freshPostgresDatabase } from './postgres.js';

/**
 * For a browser test's own server: a data directory holding the demo hotel as a first start seeds it, copied
 * from the one the browser tests' global setup seeded (a quarter of a second; seeding again took half a minute).
 */
export function seededDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(inject('e2eSeededDir'), dir, { recursive: true });
  return dir;
}

/**
 * For a server process of the API suite: the run's demo template as its database, so the server starts on it
 * instead of seeding its own. On PostgreSQL a database copied from the template (its address is answered,
 * for DATABASE_URL); on PGlite the template's files written into the data directory (nothing answered).
 */
export async function demoForServer(dataDir: string): Promise<string | undefined> {
  const template = inject('demoTemplate');
  if (process.env.TEST_DB === 'postgres') return freshPostgresDatabase(template);
  const database = await connect({ dataDir, loadDataDir: template });
  await database.close();
  return undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** the browser tests' seeded demo data directory, never served: copied by seededDataDir */
    e2eSeededDir: string;
  }
}
