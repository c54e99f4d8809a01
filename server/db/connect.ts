import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { ConnectionGate } from './gate.js';
import { dropOldPlans, sendStatement } from './preparedStatements.js';
import { PGliteThread } from './pgliteThread.js';
import { pglitePool } from './pglitePool.js';
import { currentLane, currentSince } from '../work/lane.js';
import { isoTimestamp } from './timestamps.js';

// Dates stay 'YYYY-MM-DD' strings (a hotel date has no time zone); NUMERIC stays a string so money is
// never a float; bigint ids fit comfortably in a JS number; a moment is ISO text, as JSON sends it.
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, isoTimestamp);

export type Db = Kysely<any>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** who holds and who waits for a connection, by lane */
  gate: ConnectionGate;
  /** the embedded database only: writes its files as one tar file that `loadDataDir` starts from */
  dumpTo?(file: string): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** Directory for PGlite files, or 'memory://' for a throw-away database. */
  dataDir: string;
  /** PGlite only: a tar file written by Database.dumpTo to start from (the test suite's seeded demo hotel) */
  loadDataDir?: string;
  /** PostgreSQL only: connections this process keeps */
  poolSize?: number;
  /** PGlite only: a file for the time each statement took in the database's thread (config.statementTimes) */
  statementTimes?: string;
}

/** Connections to a PostgreSQL server unless told (config.databasePoolSize); a third at most for heavy work. */
const POOL_SIZE = 12;
const HEAVY_SHARE = 3;
/**
 * Autocommit statements queued at PGlite's one session at once: enough to keep it busy while answers cross
 * back to this thread, few enough that a clerk's statement is never far behind heavy work's.
 */
const PGLITE_QUEUED = 4;
/** PGlite's one session: see GateOptions.interactiveGraceMs (a PostgreSQL pool has connections to spare) */
const INTERACTIVE_GRACE_MS = 5;

/**
 * How the planner should cost a front-office workload of short statements, on both databases: no JIT (bad
 * row estimates made it compile a 17 ms availability query for 470 ms), and a random read costing about what
 * a sequential one does, as on SSDs and in the embedded database's memory (at PostgreSQL's default of 4, the
 * embedded database scanned all 50,000 guests for a surname, 165 ms, instead of its trigram index, 25 ms).
 */
const PLANNER = { jit: 'off', random_page_cost: '1.1' } as const;

/**
 * What every PostgreSQL connection of the app sets besides: a statement that runs away is stopped, an open
 * transaction left idle is ended, and the server names us in pg_stat_activity.
 */
export const SESSION_SETTINGS = {
  application_name: 'hotelier',
  statement_timeout: 30_000,
  idle_in_transaction_session_timeout: 60_000,
  options: Object.entries(PLANNER)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' '),
} as const;

export async function connect({
  databaseUrl,
  dataDir,
  loadDataDir,
  poolSize = POOL_SIZE,
  statementTimes,
}: ConnectOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, ...SESSION_SETTINGS });
    // A connection the server drops while idle (a restart, a failover) is an event, not a crash: the pool
    // opens a new one on the next request, and requests meanwhile get a 503.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const gate = new ConnectionGate({ capacity: poolSize, heavyCapacity: Math.max(1, Math.floor(poolSize / HEAVY_SHARE)) });
    const db = new Kysely<any>({
      dialect: new PostgresDialect({
        pool: gatedPool(gate, pool),
      }),
    });
    return { db, kind: 'postgres', gate, close: () => db.destroy() };
  }
  const dir = dataDir === 'memory://' ? dataDir : path.join(dataDir, 'pglite');
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
  const thread = await PGliteThread.start(dir, loadDataDir, statementTimes);
  // PGlite is one session: the gate lets autocommit statements queue at it side by side, a transaction alone.
  const gate = new ConnectionGate({ capacity: PGLITE_QUEUED, heavyCapacity: 1, interactiveGraceMs: INTERACTIVE_GRACE_MS });
  const setup = Object.entries(PLANNER).map(([k, v]) => `SET ${k} = ${v}`);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: pglitePool(thread, gate, setup) }) });
  return {
    db,
    kind: 'pglite',
    gate,
    dumpTo: (file) => thread.dumpTo(file),
    close: async () => {
      await db.destroy();
      await thread.close();
    },
  };
}

/** A PostgreSQL pool for Kysely whose connect() first waits for the gate in the caller's lane. */
function gatedPool(gate: ConnectionGate, pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient & { free?: () => void }>();
  return {
    async connect() {
      const free = await gate.acquire(currentLane(), currentSince());
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        free();
        throw err;
      }
      try {
        await dropOldPlans(client);
      } catch (err) {
        // a connection that cannot take a statement is closed, not handed out
        client.release(err as Error);
        free();
        throw err;
      }
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        const w: PostgresPoolClient & { free?: () => void } = {
          // looked up at each call, not bound once, so a bench can watch the statements (bench/support/statements.ts)
          query: ((text: string, values: unknown[]) => sendStatement(client, text, values)) as unknown as PostgresPoolClient['query'],
          release() {
            client.release();
            const f = w.free;
            w.free = undefined;
            f?.();
          },
        };
        wrappers.set(client, (wrapper = w));
      }
      wrapper.free = free;
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/**
 * Two processes on one PGlite directory corrupt it (PGlite #1106), so the server holds an exclusive
 * lock file while it runs and refuses to start when a live process already holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err: any) {
      if (err.code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(`The data directory ${dataDir} is in use by another Hotelier server (pid ${pid}). Stop it first.`, { cause: err });
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** Whether a process still runs (a lock or claim left by a dead one is free). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
