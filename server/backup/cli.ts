import path from 'node:path';
import { loadConfig } from '../config.js';
import { backup, restore } from './backup.js';

/**
 * npm run backup [-- file]   writes a backup (default backups/hotelier-<database>-<time>.<ext>)
 * npm run restore -- file    replaces the database with a backup (stop the server first on the embedded one)
 */
const [command, file] = process.argv.slice(2);
const config = loadConfig();
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };

try {
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out =
      file ??
      path.join(
        config.root,
        'backups',
        `hotelier-${config.databaseUrl ? 'postgres' : 'pglite'}-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`,
      );
    await backup(target, out);
    console.log(`Backup written to ${out}`);
  } else if (command === 'restore' && file) {
    await restore(target, file);
    console.log(`Database restored from ${file}`);
  } else {
    console.error('Usage: npm run backup [-- file] | npm run restore -- file');
    process.exit(2);
  }
} catch (err) {
  console.error(`Hotelier ${command}: ${(err as Error).message}`);
  process.exit(1);
}
