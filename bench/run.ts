import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../server/config.js';
import { benchBundle } from './bundle.js';
import { benchDataPaging } from './dataPaging.js';

/**
 * `npm run bench`: every speed figure in one run, printed. Ratios compare against raw SQL on the same
 * database in the same run, so they hold on any machine; absolute times are this machine's.
 */
type Bench = () => Promise<Record<string, string>>;

const benches: [string, Bench][] = [
  ['Bundle sizes', benchBundle],
  ['Generic list API', benchDataPaging],
];

// Module benchmarks live beside this file as bench/<module>.ts exporting bench<Module>().
for (const file of fs.readdirSync(path.join(projectRoot, 'bench')).sort()) {
  if (!/^[a-z]+\.ts$/.test(file) || ['run.ts', 'stats.ts', 'bundle.ts', 'dataPaging.ts'].includes(file)) continue;
  const mod = await import(`./${file.replace(/\.ts$/, '.js')}`);
  for (const [name, fn] of Object.entries(mod))
    if (name.startsWith('bench') && typeof fn === 'function') benches.push([name.slice(5), fn as Bench]);
}

const { execSync } = await import('node:child_process');
execSync('node scripts/build-if-stale.mjs', { cwd: projectRoot, stdio: 'inherit' });
console.log(`Hotelier benchmarks — ${new Date().toISOString().slice(0, 16)} — Node ${process.version}\n`);
for (const [title, fn] of benches) {
  console.log(`## ${title}`);
  try {
    for (const [k, v] of Object.entries(await fn())) console.log(`  ${k}: ${v}`);
  } catch (err) {
    console.log(`  FAILED: ${(err as Error).message}`);
    process.exitCode = 1;
  }
  console.log('');
}
