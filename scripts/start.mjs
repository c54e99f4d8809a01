// `npm start`: installs what is missing, builds the client, then serves the app with the embedded
// database (loading the demo hotel on the first run). Everything else is in server/main.ts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';
import { buildIfStale } from './build-if-stale.mjs';
import { serverCommand } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureDeps();
buildIfStale();
const [node, args] = await serverCommand();
const server = spawn(node, args, {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
