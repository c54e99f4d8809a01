import { sql } from 'kysely';
import type { Database, Db } from './connect.js';
import { inHeavyLane } from '../work/lane.js';

/**
 * The planner's row estimates come from statistics that ANALYZE gathers. A PostgreSQL server's autovacuum
 * keeps them; PGlite has no autovacuum, and without statistics it chose plans 200× slower (a year's
 * guest history took 6 s instead of 30 ms). So the app gathers them itself: after migrations, the demo
 * seed and every import, and on PGlite every minute (autovacuum's own interval) for the tables changed enough
 * since their last ANALYZE, by autovacuum's own rule (50 rows + 10 % of the table). A look is one catalog query;
 * five minutes between them left a busy outlet's first minutes after a bulk change on plans made for the
 * tables before it.
 */
export async function analyze(db: Db, tables?: string[]) {
  if (!tables) return void (await sql`ANALYZE`.execute(db));
  for (const t of tables) await sql`ANALYZE ${sql.table(t)}`.execute(db);
}

/** Tables never analyzed, or changed by more than 50 rows + 10 % since their last ANALYZE. */
export async function staleTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    SELECT s.relname
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.schemaname = 'public'
       AND (c.reltuples < 0 AND s.n_live_tup > 0 OR s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
     ORDER BY s.relname`.execute(db);
  return rows.map((r) => r.relname);
}

/** Analyzes the stale tables, in the heavy lane so a waiting request goes first. Returns their names. */
export function analyzeStaleTables(db: Db): Promise<string[]> {
  return inHeavyLane(async () => {
    const tables = await staleTables(db);
    await analyze(db, tables);
    return tables;
  });
}

/** On PGlite: look every interval for stale tables (a PostgreSQL server's autovacuum does it there). */
export function keepStatistics(database: Database, intervalMs = 60_000): () => void {
  if (database.kind !== 'pglite') return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    analyzeStaleTables(database.db)
      .catch(() => undefined)
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
