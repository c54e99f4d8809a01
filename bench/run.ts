import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import pg from 'pg';
import { loadConfig, projectRoot } from '../server/config.js';
import { connect, type Database } from '../server/db/connect.js';
import { loadMeta } from '../server/meta/load.js';
import { buildApp } from '../server/app.js';
import { benchBundle } from './bundle.js';
import { benchTyping } from './typing.js';
import { benchRoomPlanRender } from './roomPlanRender.js';
import { loadBenchHotel } from './support/benchHotel.js';
import { BenchClient } from './support/http.js';
import { machineLoad, type DatabaseKind } from './support/server.js';
import type { Findings, SuiteContext } from './support/suite.js';
import { findPostgresBin, startThrowawayPostgres } from '../tests/support/throwawayPostgres.js';

/**
 * `npm run bench`: every speed figure in one run, on both databases, over real HTTP on loopback.
 * The bench hotel is loaded with plain SQL and no ANALYZE: the app starts on it and gathers what
 * statistics it gathers itself. Each API figure is timed alternately with the same SQL sent directly
 * (same statements, same bound parameters) and has an absolute bound beside its ratio. A missed goal
 * is printed as "GOAL MISSED — …" and the run exits non-zero.
 */
type Suite = (ctx: SuiteContext) => Promise<Findings>;

// BENCH_SUITES=DocumentSave,Typing runs only the named parts (suite names as printed); BENCH_DATABASES=pglite one database.
const picked = process.env.BENCH_SUITES?.toLowerCase().split(',');
const wanted = (name: string) => !picked || picked.includes(name.toLowerCase());

// Database suites live beside this file as bench/<module>.ts exporting bench<Module>(ctx).
const suites: [string, Suite][] = [];
for (const file of fs.readdirSync(path.join(projectRoot, 'bench')).sort()) {
  if (!/^[a-z][a-zA-Z]+\.ts$/.test(file) || ['run.ts', 'stats.ts', 'bundle.ts', 'typing.ts', 'roomPlanRender.ts'].includes(file)) continue;
  const mod = await import(`./${file.replace(/\.ts$/, '.js')}`);
  for (const [name, fn] of Object.entries(mod))
    if (name.startsWith('bench') && typeof fn === 'function' && wanted(name.slice(5))) suites.push([name.slice(5), fn as Suite]);
}

const missed: string[] = [];
const print = (f: Findings) => {
  for (const [k, v] of f.lines) console.log(`  ${k}: ${v}`);
  missed.push(...f.missed);
};

async function onDatabase(kind: DatabaseKind) {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  let stopServer = () => {};
  let database: Database;
  if (kind === 'pglite') database = await connect({ dataDir: 'memory://' });
  else {
    if (!findPostgresBin()) {
      missed.push('PostgreSQL: no server binaries on this machine (apt-get install postgresql)');
      return;
    }
    const server = await startThrowawayPostgres();
    stopServer = () => server.stop();
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE hotelier_bench');
    await admin.end();
    database = await connect({ databaseUrl: server.url.replace(/\/postgres$/, '/hotelier_bench'), dataDir: '' });
  }
  try {
    const meta = loadMeta(projectRoot);
    const t0 = performance.now();
    await loadBenchHotel(database.db, meta);
    const loaded = performance.now() - t0;
    const b0 = performance.now();
    const app = await buildApp({
      config: { ...loadConfig({}), root: projectRoot, dataDir: '/tmp' },
      database,
      meta,
      mailer: { send: async () => undefined },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const started = performance.now() - b0;
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const pool = BenchClient.pool(url, 4);
    const admin = new BenchClient(pool);
    await admin.signIn('admin');
    console.log(
      `## ${label} — bench hotel loaded in ${(loaded / 1000).toFixed(1)} s; the app started on it (its own statistics pass) in ${(started / 1000).toFixed(1)} s; ${machineLoad()}`,
    );
    try {
      for (const [name, suite] of suites) {
        try {
          print(await suite({ kind, label, database, meta, url, admin }));
        } catch (err) {
          console.log(`  ${label}: ${name} FAILED: ${(err as Error).message}`);
          missed.push(`${label}: ${name} could not run (${(err as Error).message})`);
        }
      }
    } finally {
      await pool.close();
      await app.close();
    }
  } finally {
    await database.close();
    stopServer();
  }
  console.log('');
}

execSync('node scripts/build-if-stale.mjs', { cwd: projectRoot, stdio: 'inherit' });
console.log(`Hotelier benchmarks — ${new Date().toISOString().slice(0, 16)} — Node ${process.version} — ${machineLoad()}\n`);
const only = process.env.BENCH_DATABASES?.split(',') as DatabaseKind[] | undefined;
if (!only) {
  const parts: [string, string, () => Promise<Findings>][] = [
    ['Bundle', 'Bundle', benchBundle],
    ['Typing', 'Typing in a 200-field document (Chromium)', benchTyping],
    ['RoomPlanRender', 'Room plan of 120 rooms × 30 nights (Chromium)', benchRoomPlanRender],
  ];
  for (const [name, title, run] of parts.filter(([name]) => wanted(name))) {
    console.log(`## ${title}`);
    try {
      print(await run());
    } catch (err) {
      missed.push(`${name} could not run (${(err as Error).message})`);
    }
    console.log('');
  }
}
if (suites.length) for (const kind of only ?? (['pglite', 'postgres'] as DatabaseKind[])) await onDatabase(kind);
if (missed.length) {
  for (const m of missed) console.log(`GOAL MISSED — ${m}`);
  process.exitCode = 1;
} else console.log('Every goal met.');
