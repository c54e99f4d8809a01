import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import { lockDataDir } from '../db/connect.js';

/**
 * Backup and restore of either database, whole and consistent:
 * - PostgreSQL: pg_dump's custom format (a snapshot taken while the hotel works), restored by pg_restore
 *   in one transaction, then the report role's grants are renewed.
 * - the embedded database: PGlite's own dump of its data directory (a gzipped tar), taken and restored while
 *   the server is stopped — it holds the directory, and two processes on it corrupt it. The directory being
 *   replaced is kept beside it until the restore has opened the new one.
 */
export interface Target {
  databaseUrl?: string;
  dataDir: string;
}

export async function backup(target: Target, file: string): Promise<string> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.databaseUrl}`]);
    return file;
  }
  const unlock = lockDataDir(target.dataDir);
  try {
    const lite = await PGlite.create({ dataDir: path.join(target.dataDir, 'pglite'), extensions: { btree_gist } });
    const tar = await lite.dumpDataDir('gzip');
    await lite.close();
    fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
    return file;
  } finally {
    unlock();
  }
}

export async function restore(target: Target, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  if (target.databaseUrl) {
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await client.query('SELECT hotelier_report_grants()');
    } finally {
      await client.end();
    }
    return;
  }
  const unlock = lockDataDir(target.dataDir);
  try {
    const live = path.join(target.dataDir, 'pglite');
    const incoming = path.join(target.dataDir, `pglite.restoring-${Date.now()}`);
    const lite = await PGlite.create({
      dataDir: incoming,
      extensions: { btree_gist },
      loadDataDir: new Blob([fs.readFileSync(file)]),
    });
    await lite.query('SELECT 1');
    await lite.close();
    const previous = path.join(target.dataDir, `pglite.before-restore-${Date.now()}`);
    if (fs.existsSync(live)) fs.renameSync(live, previous);
    fs.renameSync(incoming, live);
    fs.rmSync(previous, { recursive: true, force: true });
  } finally {
    unlock();
  }
}

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) throw new Error(`${cmd} is needed for a PostgreSQL backup (apt-get install postgresql-client): ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.trim()}`);
}
