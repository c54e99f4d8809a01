// Builds the client when dist/ is missing or older than any of its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['src', 'public', 'index.html', 'routes.json', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const s = fs.statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

export function buildIfStale() {
  const built = path.join(root, 'dist', 'index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
  if (builtAt > sourcesAt) return;
  console.log('Building the web client…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) buildIfStale();
