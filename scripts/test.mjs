// `npm test`: installs what is missing (npm packages; Debian's chromium and PostgreSQL server when
// absent), builds the client, runs the static checks and every vitest project (unit, meta, API on PGlite
// and on PostgreSQL, browser), and ends with one line: "N passed, N failed".
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');

function hasPostgres() {
  const base = '/usr/lib/postgresql';
  return fs.existsSync(base) && fs.readdirSync(base).some((v) => Number(v) >= 15 && fs.existsSync(path.join(base, v, 'bin', 'initdb')));
}

function ensureSystemPackages() {
  const wanted = [];
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) wanted.push('chromium');
  if (!hasPostgres()) wanted.push('postgresql');
  if (!wanted.length) return;
  const root = process.getuid?.() === 0;
  const sudo = root ? '' : 'sudo ';
  console.log(`Installing ${wanted.join(' and ')} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq --no-install-recommends ${wanted.join(' ')}`, { stdio: 'inherit', env });
}

ensureDeps();
ensureSystemPackages();
buildIfStale();
fs.mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;

// Static checks, each counted as one test: the type check (and the shared core's, without the DOM or
// Node), ESLint with the architecture's import rules, and Prettier's formatting.
const checks = [
  ['Type check', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Core type check (no DOM, no Node)', ['tsc', '--noEmit', '-p', 'tsconfig.core.json']],
  ['Lint and layering (ESLint, no warnings)', ['eslint', '.', '--max-warnings', '0']],
  ['Formatting (Prettier)', ['prettier', '--check', '.']],
];
for (const [name, cmd] of checks) {
  const r = spawnSync('npx', cmd, { cwd: root, stdio: 'inherit' });
  if (r.status === 0) passed++;
  else failed++;
  console.log(`${name}: ${r.status === 0 ? 'passed' : 'FAILED'}`);
}

const report = path.join(results, 'vitest.json');
fs.rmSync(report, { force: true });
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const vitest = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A file that could not run at all counts as a failure even when it declared no test.
  failed += r.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} else {
  failed++;
}
if (vitest.status !== 0 && failed === 0) failed++;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
