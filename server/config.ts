import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runtime settings, all from the environment so the two README commands need none. */
export interface Config {
  root: string;
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches from embedded PGlite to a PostgreSQL server. */
  databaseUrl?: string;
  /** 'auto' applies pending migrations at start; 'manual' leaves them for System › System update. */
  migrate: 'auto' | 'manual';
  /** Plain-HTTP deployments on a LAN address cannot keep a Secure cookie; localhost and TLS can. */
  insecureCookie: boolean;
  production: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Public address used in e-mailed links. */
  publicUrl: string;
  /**
   * Server processes sharing the port. On PostgreSQL one per core (up to 4) by default: one Node process
   * serves about one core of requests. PGlite lives inside its one process, so it always has one.
   */
  processes: number;
  /** Connections each server process keeps to PostgreSQL (see databasePoolSize). */
  databasePoolSize: number;
  /** A pause after each committed step of a server flow: lets a test (or a demo) stop the server between steps. */
  flowStepPauseMs: number;
  /**
   * PGLITE_STATEMENT_TIMES=<file>: the embedded database's thread writes there, every ten seconds, the runs and
   * milliseconds of each statement it ran, to find what a slow server spends its database time on.
   */
  statementTimes?: string;
}

/** The folder holding package.json, above this file both as TypeScript (server/) and built (build/server/). */
export const projectRoot = (function findRoot(dir: string): string {
  if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('Hotelier cannot find its package.json above its own code');
  return findRoot(parent);
})(path.dirname(fileURLToPath(import.meta.url)));

function serverProcesses(env: NodeJS.ProcessEnv): number {
  if (!env.DATABASE_URL) return 1;
  const asked = Number(env.SERVER_PROCESSES);
  return Number.isInteger(asked) && asked >= 1 ? asked : Math.min(os.availableParallelism(), 4);
}

/**
 * Connections per server process. Connections beyond what the database's cores can run only move the queue
 * into PostgreSQL, where every busy backend competes for the CPU and a request's statements wait behind all
 * of them; queued in the server instead, the oldest request goes first (server/db/gate.ts). Under 50 clerks
 * on 2 cores, 12 per process made a booking's p95 449 ms, 4 per process 289 ms, with more requests served.
 * Default: four per core of this machine, shared among its server processes (the database beside the
 * server, as the demo and a single hotel run it); DATABASE_POOL_SIZE sets it for a database server elsewhere.
 */
function databasePoolSize(env: NodeJS.ProcessEnv, processes: number): number {
  const asked = Number(env.DATABASE_POOL_SIZE);
  if (Number.isInteger(asked) && asked >= 2) return asked;
  return Math.max(4, Math.ceil((4 * os.availableParallelism()) / processes));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const processes = serverProcesses(env);
  return {
    root: projectRoot,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(projectRoot, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    migrate: env.MIGRATE === 'manual' ? 'manual' : 'auto',
    insecureCookie: env.INSECURE_COOKIE === '1',
    production: env.NODE_ENV === 'production',
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 120),
    sessionAbsoluteHours: Number(env.SESSION_ABSOLUTE_HOURS ?? 12),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    flowStepPauseMs: Number(env.FLOW_STEP_PAUSE_MS ?? 0),
    statementTimes: env.PGLITE_STATEMENT_TIMES ? path.resolve(env.PGLITE_STATEMENT_TIMES) : undefined,
    processes,
    databasePoolSize: databasePoolSize(env, processes),
  };
}
