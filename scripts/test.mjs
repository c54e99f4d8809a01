// `npm test`: installs what is missing (npm packages; Debian's chromium and PostgreSQL server when
// absent), builds the client, runs the static checks and every vitest project (unit, meta, API on PGlite
// and on PostgreSQL, browser), and ends with one line: "N passed, N failed".
import { execSync, spawn, spawnSync } from 'node:child_process';
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

/**
 * One vitest run, reporting to its own JSON file; `quiet` keeps its output until it ends (printed then, so two
 * runs side by side do not interleave their lines); `run` is the TEST_RUN it is given (vitest.config.ts).
 */
function runVitest(name, extra, quiet, run) {
  const report = path.join(results, `${name}.json`);
  fs.rmSync(report, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra];
  return new Promise((resolve) => {
    const env = run ? { ...process.env, TEST_RUN: run } : process.env;
    const child = spawn('npx', args, { cwd: root, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
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

// Two vitest runs side by side. Vitest queues the projects that run their files one at a time (the fault tests:
// servers killed, cut off, restored; the browser tests) after the others, and alone: 20 minutes of mostly
// waiting for processes and a browser, on one core, after the API tests. In a run of their own (TEST_RUN, see
// vitest.config.ts) they start with the API tests and wait beside them. Given arguments (a project, a file),
// one run does what they say.
const runs =
  process.argv.length > 2
    ? [runVitest('vitest', process.argv.slice(2), false)]
    : [runVitest('vitest', [], false, 'parallel'), runVitest('one-at-a-time', [], true, 'one-at-a-time')];
for (const run of await Promise.all(runs)) {
  if (run.output) process.stdout.write(`\n── ${run.name} ──\n${run.output}`);
  const [p, f] = count(run);
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
