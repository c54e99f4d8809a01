import path from 'node:path';
import { loadConfig } from '../config.js';
import { connect, lockDataDir } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { loadMeta } from '../meta/load.js';
import { seedDemo, wipe } from './demo.js';

/** `npm run seed`: wipes the database and loads the demo hotel afresh. The server must be stopped. */
const config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const meta = loadMeta(config.root);
  await wipe(database.db);
  await migrate(database.db, path.join(config.root, 'server', 'migrations'));
  await seedDemo(database.db, meta);
  console.log(
    `Demo hotel reloaded into ${config.databaseUrl ? 'the PostgreSQL database' : path.relative(process.cwd(), config.dataDir) || '.'}.`,
  );
} finally {
  await database.close();
  unlock();
}
