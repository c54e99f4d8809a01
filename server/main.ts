import cluster from 'node:cluster';
import path from 'node:path';
import { loadConfig } from './config.js';
import { connect, lockDataDir } from './db/connect.js';
import { migrate, migrationStatus } from './db/migrate.js';
import { loadMeta, MetaLoadError, type Meta } from './meta/load.js';
import { buildApp } from './app.js';
import { serverFlowNames } from './flowCatalog.js';
import { isEmpty, seedDemo } from './seed/demo.js';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demoUsers.js';
import { runProcesses, PROCESS_INDEX } from './processes.js';

const config = loadConfig();

let meta: Meta;
try {
  meta = loadMeta(config.root, { serverFlows: serverFlowNames() });
} catch (err) {
  if (err instanceof MetaLoadError) {
    console.error(`Hotelier will not start: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

/** Migrations and the demo hotel, once, before any process serves. Answers whether the demo was loaded. */
async function prepareDatabase(database: Awaited<ReturnType<typeof connect>>) {
  const migrations = path.join(config.root, 'server', 'migrations');
  const status = await migrationStatus(database.db, migrations);
  // A new database is always brought up to date; an existing one waits for an administrator when MIGRATE=manual.
  if (status.pending.length && (config.migrate === 'auto' || status.applied.length === 0)) {
    const applied = await migrate(database.db, migrations);
    console.log(`Database migrated: ${applied.join(', ')}`);
  }
  if (!(await isEmpty(database.db))) return false;
  console.log('Loading the demo hotel (first start)…');
  await seedDemo(database.db, meta);
  return true;
}

function banner(seeded: boolean) {
  const url = `http://localhost:${config.port}`;
  console.log(`
Hotelier is running at ${url}
  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.relative(process.cwd(), config.dataDir) || '.'}/`}${seeded ? ' — demo hotel loaded' : ''}${config.processes > 1 ? `\n  server processes: ${config.processes}` : ''}
  API documentation: ${url}/api/docs

Demo sign-ins (password "${DEMO_PASSWORD}" for all):
${DEMO_USERS.map((u) => `  ${u.username.padEnd(13)} ${u.fullName} (${u.group})`).join('\n')}
`);
}

/** Serves on the port; in a cluster, process 0 is the one that resumes unfinished flow runs. */
async function serve(database: Awaited<ReturnType<typeof connect>>) {
  const app = await buildApp({
    config,
    database,
    meta,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    resumeFlows: PROCESS_INDEX === 0,
  });
  await app.listen({ port: config.port, host: config.host });
  return async () => {
    await app.close();
    await database.close();
  };
}

function onStop(stop: () => Promise<void>) {
  let stopping = false;
  const once = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', once);
  process.on('SIGTERM', once);
}

/** the same database settings for the first process and its cluster workers */
const connectOptions = {
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  statementTimes: config.statementTimes,
};

if (cluster.isWorker) {
  const close = await serve(await connect(connectOptions));
  onStop(close);
} else {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await connect(connectOptions);
  const seeded = await prepareDatabase(database);
  if (config.processes === 1) {
    const close = await serve(database);
    banner(seeded);
    onStop(async () => {
      await close();
      unlock();
    });
  } else {
    await database.close();
    const stopAll = await runProcesses(config.processes);
    banner(seeded);
    onStop(stopAll);
  }
}
