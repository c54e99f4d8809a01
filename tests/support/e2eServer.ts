import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../server/config.js';
import { freePort, startServerProcess, type ServerProcess } from './serverProcess.js';

/**
 * Vitest global setup for the browser tests: the real server (built client, embedded PGlite in a
 * temporary directory, demo hotel) on a free port, exactly as `npm start` serves it. The demo is seeded
 * by a first start in a directory of its own, which the shared server and the tests that need a server of
 * their own start from a copy of (tests/support/seededDataDir.ts).
 *
 * Vitest runs every project's global setup, one after another, before the first test of any project: the
 * seeding goes on in the background while the API tests run, and each browser test file waits for the server
 * first (tests/support/e2eReady.ts), told by a status file.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: build the client first (npm run build; npm test does it)');
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-e2e-'));
  const seeded = path.join(work, 'demo');
  const dataDir = path.join(work, 'served');
  const status = path.join(work, 'status');
  const port = await freePort();
  const starting = (async (): Promise<ServerProcess> => {
    await (await startServerProcess({ dataDir: seeded, timeoutMs: 600_000 })).stop();
    fs.cpSync(seeded, dataDir, { recursive: true });
    return startServerProcess({ dataDir, port });
  })();
  // written whole, then renamed: a reader never sees it half-written
  const tell = (text: string) => {
    fs.writeFileSync(`${status}.part`, text);
    fs.renameSync(`${status}.part`, status);
  };
  starting.then(
    () => tell('ready'),
    (err: Error) => tell(`the browser tests' server did not start: ${err.message}`),
  );
  project.provide('e2eBaseUrl', `http://localhost:${port}`);
  project.provide('e2eDataDir', dataDir);
  project.provide('e2eSeededDir', seeded);
  project.provide('e2eStatusFile', status);
  return async () => {
    await (await starting.catch(() => undefined))?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eDataDir: string;
    /** 'ready' once the shared server serves, else why it did not start (written by the global setup) */
    e2eStatusFile: string;
  }
}
