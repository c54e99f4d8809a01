import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './connect.js';
import { analyze } from './statistics.js';

export interface Migration {
  id: string;
  file: string;
  checksum: string;
}

export interface MigrationStatus {
  applied: { id: string; appliedAt: string; checksum: string }[];
  pending: Migration[];
}

export function listMigrationFiles(dir: string): Migration[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  // Two branches that each took the next number would apply in an order nobody chose.
  const twins = files.filter((f, i) => i > 0 && f.slice(0, 4) === files[i - 1].slice(0, 4));
  if (twins.length)
    throw new Error(`Two migrations share a number: ${twins.map((f) => f.slice(0, 4)).join(', ')}. Renumber the newer one.`);
  return files.map((f) => {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    return { id: f.replace(/\.sql$/, ''), file: path.join(dir, f), checksum: sha256(text) };
  });
}

async function ensureTable(db: Db) {
  await sql`CREATE TABLE IF NOT EXISTS schema_migration (
    id text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function migrationStatus(db: Db, dir: string): Promise<MigrationStatus> {
  await ensureTable(db);
  const { rows } = await sql<{ id: string; applied_at: string; checksum: string }>`
    SELECT id, applied_at, checksum FROM schema_migration ORDER BY id`.execute(db);
  const done = new Set(rows.map((r) => r.id));
  return {
    applied: rows.map((r) => ({ id: r.id, appliedAt: new Date(r.applied_at).toISOString(), checksum: r.checksum })),
    pending: listMigrationFiles(dir).filter((m) => !done.has(m.id)),
  };
}

/** Applies every pending migration in order, each in its own transaction. Returns the ids applied. */
export async function migrate(db: Db, dir: string): Promise<string[]> {
  const { pending } = await migrationStatus(db, dir);
  const applied: string[] = [];
  for (const m of pending) {
    const text = fs.readFileSync(m.file, 'utf8');
    await db.transaction().execute(async (trx) => {
      await sql.raw(text).execute(trx);
      await sql`INSERT INTO schema_migration (id, checksum) VALUES (${m.id}, ${m.checksum})`.execute(trx);
    });
    applied.push(m.id);
  }
  if (applied.length) {
    await refreshReportGrants(db);
    // new tables and indexes start without statistics; PGlite would never gather them by itself
    await analyze(db);
  }
  return applied;
}

/** New tables get the report role's read grant and property policy (see 0003_reporting.sql). */
export async function refreshReportGrants(db: Db) {
  const { rows } = await sql<{ ok: boolean }>`SELECT to_regproc('hotelier_report_grants') IS NOT NULL AS ok`.execute(db);
  if (rows[0]?.ok) await sql`SELECT hotelier_report_grants()`.execute(db);
}

function sha256(text: string) {
  return crypto.createHash('sha256').update(text).digest('hex');
}
