// `npm test`: installs what is missing (npm packages; Debian's chromium and PostgreSQL server when
// absent), builds the client, runs the static checks and every vitest project (unit, meta, API on PGlite
// and on PostgreSQL, browser), and ends with one line: "N passed, N failed".
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';
import { buildIfStale } from './build-if-stale.mjs';
import { buildServerIfStale } from './build-server.mjs';

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
// once here, so the test files that start servers side by side find it built
await buildServerIfStale();
fs.mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;

/**
 * One vitest run, reporting to its own JSON file; `quiet` keeps its output until it ends (printed then, so two
 * runs side by side do not interleave their lines).
 */
function runVitest(name, extra, quiet) {
  const report = path.join(results, `${name}.json`);
  fs.rmSync(report, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (status) => resolve({ name, report, status, output }));
  });
}

function count({ report, status }) {
  let p = 0;
  let f = 0;
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    p += r.numPassedTests;
    f += r.numFailedTests;
    // A file that could not run at all counts as a failure even when it declared no test.
    f += r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
  } else {
    f++;
  }
  if (status !== 0 && f === 0) f++;
  return [p, f];
}

// The fault tests (a server killed, cut off, restored: 7 minutes, mostly waiting for processes) run beside the
// rest in a second vitest, not after it: in one run, vitest puts every project that runs its files one at a time
// (these and the browser tests) into one queue after the others, so the two waited for each other. They start
// first, beside the static checks, which leave a quarter of two cores idle. Given arguments (a project, a file),
// one run does what they say.
const FAULTS = 'faults';
const all = process.argv.length <= 2;
const faults = all ? runVitest(FAULTS, ['--project', FAULTS], true) : undefined;

// Static checks, each counted as one test: the type check (and the shared core's, without the DOM or
// Node), ESLint with the architecture's import rules, and Prettier's formatting.
const checks = [
  ['Type check', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Core type check (no DOM, no Node)', ['tsc', '--noEmit', '-p', 'tsconfig.core.json']],
  ['Lint and layering (ESLint, no warnings)', ['eslint', '.', '--max-warnings', '0']],
  ['Formatting (Prettier)', ['prettier', '--check', '.']],
];
for (const [name, cmd] of checks) {
  const status = await new Promise((resolve) => spawn('npx', cmd, { cwd: root, stdio: 'inherit' }).on('close', resolve));
  if (status === 0) passed++;
  else failed++;
  console.log(`${name}: ${status === 0 ? 'passed' : 'FAILED'}`);
}

const runs = all ? [runVitest('vitest', ['--project', `!${FAULTS}`], false), faults] : [runVitest('vitest', process.argv.slice(2), false)];
for (const run of await Promise.all(runs)) {
  if (run.output) process.stdout.write(`\n── ${run.name} ──\n${run.output}`);
  const [p, f] = count(run);
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
