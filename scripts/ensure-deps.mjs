// Installs the npm dependencies when they are missing or older than the lockfile. Node built-ins only:
// this runs before anything is installed.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');

export function ensureDeps() {
  const missing = !fs.existsSync(stamp);
  const stale = !missing && fs.statSync(lock).mtimeMs > fs.statSync(stamp).mtimeMs + 1000;
  if (!missing && !stale) return;
  console.log(missing ? 'Installing dependencies (first run)…' : 'Dependencies changed: installing…');
  execSync('npm ci --no-audit --no-fund --loglevel=error', { cwd: root, stdio: 'inherit' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) ensureDeps();
