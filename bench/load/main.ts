import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import dayjs from 'dayjs';
import { projectRoot } from '../../server/config.js';
import { percentile } from '../stats.js';
import { BenchClient } from '../support/http.js';
import {
  childrenOf,
  cpuSeconds,
  machineLoad,
  machineTicks,
  memoryMb,
  startDatabase,
  startServer,
  type DatabaseKind,
} from '../support/server.js';
import { OPERATIONS, operationFor, readFacts, type HotelFacts } from './workload.js';

/**
 * `npm run bench:load`: 50 signed-in front-desk users at once over real HTTP on loopback, against the
 * real server on the embedded database and on a throw-away PostgreSQL server, then a one-row read and a
 * static file measured idle and while a year's guest history runs in a loop. Bounded in time
 * (LOAD_SECONDS, default 45 s of load per database). Exits non-zero, naming the goal, when one is missed.
 */
const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 45);
const PROBE_SECONDS = 8;
const PORT = Number(process.env.LOAD_PORT ?? 8251);

interface Goals {
  readP95: number;
  writeP95?: number;
  minRps?: number;
  zeroErrors: boolean;
  readUnderReportP95?: number;
}
const GOALS: Record<DatabaseKind, Goals> = {
  postgres: { readP95: 200, writeP95: 300, minRps: 300, zeroErrors: true },
  pglite: { readP95: 400, zeroErrors: true, readUnderReportP95: 100 },
};

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : '—');
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
};

async function loop(seconds: number, body: () => Promise<unknown>) {
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) await body();
}

async function measure(kind: DatabaseKind, missed: string[]) {
  const label = kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL (throw-away server)';
  console.log(`\n## ${label}`);
  const database = await startDatabase(kind);
  const server = await startServer(database, PORT);
  const pool = BenchClient.pool(server.url, USERS + 8);
  try {
    const admin = new BenchClient(pool);
    await admin.signIn('admin');
    const facts: HotelFacts = await readFacts(admin);
    // one after the other: parallel sign-ins of one account are throttled like a guessing burst
    const users: BenchClient[] = [];
    for (let u = 0; u < USERS; u++) {
      const c = new BenchClient(pool);
      await c.signIn('frontdesk');
      users.push(c);
    }
    const asset = fs.readdirSync(path.join(projectRoot, 'dist', 'assets')).find((f) => /^index-.*\.js$/.test(f))!;
    const oneRow = `/api/data/frontoffice/reservation/${facts.reservationIds[0]}`;
    const yearAgo = dayjs(facts.businessDate).subtract(1, 'year').format('YYYY-MM-DD');
    const report = `/api/reports/guest-history?date_from=${yearAgo}&date_to=${facts.businessDate}`;

    // 1. a one-row read and a static file, idle and while a year's guest history runs in a loop
    const probe = async (withReport: boolean) => {
      const reads: number[] = [];
      const files: number[] = [];
      const reports: number[] = [];
      let stop = false;
      const heavy = withReport
        ? (async () => {
            while (!stop) {
              const r = await admin.get(report, false);
              if (r.status !== 200) throw new Error(`guest-history: ${r.status}`);
              reports.push(r.ms);
            }
          })()
        : Promise.resolve();
      const reader = new BenchClient(pool);
      reader.cookie = users[0].cookie;
      await Promise.all([
        loop(PROBE_SECONDS, async () => reads.push((await reader.get(oneRow, false)).ms)),
        loop(PROBE_SECONDS, async () => files.push((await reader.get(`/assets/${asset}`, false)).ms)),
      ]);
      stop = true;
      await heavy;
      return { reads: stats(reads), files: stats(files), reports: stats(reports) };
    };
    const idle = await probe(false);
    const busy = await probe(true);

    // 2. the mixed workload: every user sends its next request as soon as the last one is answered
    for (const [u, c] of users.entries()) for (let n = 0; n < 3; n++) await operationFor(u, n).run(c, u, n, facts); // warm-up
    const times = new Map<string, number[]>(OPERATIONS.map((o) => [o.name, []]));
    const failures = new Map<string, number>();
    const expectedRefusals = new Map<string, number>();
    const serverPids = [server.pid, ...childrenOf(server.pid)];
    const pids = [...serverPids, ...database.serverPids()];
    const cpu0 = cpuSeconds(pids);
    const client0 = process.cpuUsage();
    const machine0 = machineTicks();
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    let dbPeak = 0;
    const sampler = setInterval(() => {
      const rss = database.serverPids().reduce((s, p) => s + memoryMbSafe(p), 0);
      dbPeak = Math.max(dbPeak, rss);
    }, 1000);
    await Promise.all(
      users.map(async (c, u) => {
        for (let n = 3; performance.now() < end; n++) {
          const op = operationFor(u, n);
          try {
            const r = await op.run(c, u, n, facts);
            if (r.status < 400) times.get(op.name)!.push(r.ms);
            else if (op.expected?.includes(r.status)) expectedRefusals.set(op.name, (expectedRefusals.get(op.name) ?? 0) + 1);
            else failures.set(`${op.name} ${r.status}`, (failures.get(`${op.name} ${r.status}`) ?? 0) + 1);
          } catch (err) {
            failures.set(`${op.name} ${(err as Error).message}`, (failures.get(`${op.name} ${(err as Error).message}`) ?? 0) + 1);
          }
        }
      }),
    );
    clearInterval(sampler);
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(pids) - cpu0;
    const machine1 = machineTicks();
    const machineBusy = (machine1.busy - machine0.busy) / (machine1.all - machine0.all);
    const clientUsage = process.cpuUsage(client0);
    const clientCpu = (clientUsage.user + clientUsage.system) / 1e6;
    const serverPeakMb = serverPids.reduce((sum, pid) => sum + memoryMb(pid).peak, 0);
    const ok = [...times.values()].reduce((s, xs) => s + xs.length, 0);
    const refused = [...expectedRefusals.values()].reduce((a, b) => a + b, 0);
    const errors = [...failures.values()].reduce((a, b) => a + b, 0);
    const rps = (ok + refused + errors) / elapsed;
    const reads = stats(OPERATIONS.filter((o) => o.kind === 'read').flatMap((o) => times.get(o.name)!));
    const writes = stats(OPERATIONS.filter((o) => o.kind === 'write').flatMap((o) => times.get(o.name)!));
    const all = stats([...times.values()].flat());

    console.log(`  ${machineLoad()}`);
    console.log(
      `  ${USERS} users for ${elapsed.toFixed(0)} s: ${fmt(rps)} requests/s, p50 / p95 / p99 ${fmt(all.p50)} / ${fmt(all.p95)} / ${fmt(all.p99)} ms`,
    );
    for (const o of OPERATIONS) {
      const s = stats(times.get(o.name)!);
      const extra = expectedRefusals.get(o.name) ? `, ${expectedRefusals.get(o.name)} refused as full (409, expected)` : '';
      console.log(
        `    ${o.name.padEnd(26)} ${String(s.n).padStart(6)} × p50 / p95 / p99 ${fmt(s.p50)} / ${fmt(s.p95)} / ${fmt(s.p99)} ms${extra}`,
      );
    }
    console.log(`    reads p95 ${fmt(reads.p95)} ms, writes p95 ${fmt(writes.p95)} ms`);
    console.log(`  errors: ${errors}${errors ? ` (${[...failures].map(([k, v]) => `${k}: ${v}`).join('; ')})` : ''}`);
    console.log(
      `  CPU: the machine's ${os.cpus().length} cores ${fmt(machineBusy * 100)} % busy; ${fmt((cpu / elapsed) * 100)} % of one core (server processes${database.serverPids().length ? ' + PostgreSQL' : ''}), the benchmark's own client ${fmt((clientCpu / elapsed) * 100)} %; peak memory: server processes ${fmt(serverPeakMb)} MB${dbPeak ? `, PostgreSQL ${fmt(dbPeak)} MB` : ''}`,
    );
    console.log(
      `  one-row read p50 / p95: idle ${fmt(idle.reads.p50)} / ${fmt(idle.reads.p95)} ms; while guest history (1 year, ${fmt(busy.reports.p50)} ms a run, ${busy.reports.n} runs) loops ${fmt(busy.reads.p50)} / ${fmt(busy.reads.p95)} ms`,
    );
    console.log(
      `  static file p50 / p95: idle ${fmt(idle.files.p50)} / ${fmt(idle.files.p95)} ms; during the report ${fmt(busy.files.p50)} / ${fmt(busy.files.p95)} ms`,
    );

    const goals = GOALS[kind];
    const check = (ok: boolean, text: string) => !ok && missed.push(`${label}: ${text}`);
    check(reads.p95 < goals.readP95, `reads p95 ${fmt(reads.p95)} ms (goal < ${goals.readP95} ms)`);
    if (goals.writeP95) check(writes.p95 < goals.writeP95, `writes p95 ${fmt(writes.p95)} ms (goal < ${goals.writeP95} ms)`);
    if (goals.minRps) check(rps >= goals.minRps, `${fmt(rps)} requests/s (goal ≥ ${goals.minRps})`);
    if (goals.zeroErrors) check(errors === 0, `${errors} errors (goal 0)`);
    if (goals.readUnderReportP95)
      check(
        busy.reads.p95 < goals.readUnderReportP95,
        `one-row read under a running report p95 ${fmt(busy.reads.p95)} ms (goal < ${goals.readUnderReportP95} ms)`,
      );
  } finally {
    await pool.close();
    await server.stop();
    database.stop();
  }
}

function memoryMbSafe(pid: number) {
  try {
    return memoryMb(pid).rss;
  } catch {
    return 0;
  }
}

execSync('node scripts/build-if-stale.mjs', { cwd: projectRoot, stdio: 'inherit' });
console.log(`Hotelier load benchmark — ${new Date().toISOString().slice(0, 16)} — Node ${process.version} — ${machineLoad()}`);
const missed: string[] = [];
const kinds = (process.env.LOAD_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[];
for (const kind of kinds) {
  try {
    await measure(kind, missed);
  } catch (err) {
    missed.push(`${kind}: could not run (${(err as Error).message})`);
  }
}
console.log('');
if (missed.length) {
  for (const m of missed) console.log(`GOAL MISSED — ${m}`);
  process.exitCode = 1;
} else console.log('Every load goal met.');
