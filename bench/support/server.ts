import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { serverCommand } from '../../scripts/build-server.mjs';
import pg from 'pg';
import { projectRoot } from '../../server/config.js';
import { findPostgresBin, startThrowawayPostgres } from '../../tests/support/throwawayPostgres.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** A database the benchmarks start and throw away: an empty PGlite directory, or a database on a throw-away server. */
export interface BenchDatabase {
  kind: DatabaseKind;
  /** for PostgreSQL: the database's address; for PGlite: undefined (the server's DATA_DIR holds it) */
  url?: string;
  /** PIDs of the database server's processes (PostgreSQL), for CPU and memory */
  serverPids(): number[];
  stop(): void;
}

export async function startDatabase(kind: DatabaseKind): Promise<BenchDatabase> {
  if (kind === 'pglite') return { kind, serverPids: () => [], stop: () => {} };
  if (!findPostgresBin()) throw new Error('PostgreSQL 15+ server binaries not found (apt-get install postgresql)');
  const server = await startThrowawayPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE hotelier_bench');
  await admin.end();
  const postmaster = Number(fs.readFileSync(path.join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    kind,
    // the server beside its database on one machine connects over the Unix socket, as such an install is set up
    url: server.socketUrl.replace('/postgres?', '/hotelier_bench?'),
    serverPids: () => [postmaster, ...childrenOf(postmaster)],
    stop: () => server.stop(),
  };
}

/** The processes a process started (PostgreSQL's backends, the server's cluster processes). */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real server, as `npm start` runs it (built client, its own start-up: migrations, demo seed,
 * statistics), in a child process on a port of the benchmark's range.
 */
/** BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
function cpuProfileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

export async function startServer(database: BenchDatabase, port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-bench-'));
  const [node, args] = await serverCommand();
  const child: ChildProcess = spawn(node, [...cpuProfileArgs(), ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 180_000;
  while (!out.includes('Hotelier is running')) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds (user + system) a set of processes has used so far. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* the process ended */
    }
  }
  return ticks / 100;
}

/** Resident memory of a process now, and its peak (VmHWM), in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The machine's load averages, printed beside every figure: five other sessions share these two cores. */
/** The machine's CPU time so far (busy, all) from /proc/stat: two readings give how busy every core was between them. */
export function machineTicks(): { busy: number; all: number } {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const t = fields.map(Number);
  const all = t.reduce((a, b) => a + b, 0);
  return { busy: all - t[3] - t[4], all };
}

export function machineLoad(): string {
  const [one, five] = os.loadavg();
  return `load average ${one.toFixed(2)} (1 min) / ${five.toFixed(2)} (5 min) on ${os.cpus().length} cores`;
}
