import path from 'node:path';
import { loadConfig } from './config.js';
import { connect, lockDataDir } from './db/connect.js';
import { migrate, migrationStatus } from './db/migrate.js';
import { loadMeta, MetaLoadError } from './meta/load.js';
import { buildApp } from './app.js';
import { serverFlowNames } from './flowCatalog.js';
import { isEmpty, seedDemo } from './seed/demo.js';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demoUsers.js';

const config = loadConfig();

let meta;
try {
  meta = loadMeta(config.root, { serverFlows: serverFlowNames() });
} catch (err) {
  if (err instanceof MetaLoadError) {
    console.error(`Hotelier will not start: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const migrations = path.join(config.root, 'server', 'migrations');
const status = await migrationStatus(database.db, migrations);
// A new database is always brought up to date; an existing one waits for an administrator when MIGRATE=manual.
if (status.pending.length && (config.migrate === 'auto' || status.applied.length === 0)) {
  const applied = await migrate(database.db, migrations);
  console.log(`Database migrated: ${applied.join(', ')}`);
}
let seeded = false;
if (await isEmpty(database.db)) {
  console.log('Loading the demo hotel (first start)…');
  await seedDemo(database.db, meta);
  seeded = true;
}

const app = await buildApp({ config, database, meta, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
console.log(`
Hotelier is running at ${url}
  database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.relative(process.cwd(), config.dataDir) || '.'}/` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ' — demo hotel loaded' : ''}
  API documentation: ${url}/api/docs

Demo sign-ins (password "${DEMO_PASSWORD}" for all):
${DEMO_USERS.map((u) => `  ${u.username.padEnd(13)} ${u.fullName} (${u.group})`).join('\n')}
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  unlock();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
