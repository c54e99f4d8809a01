import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../server/config.js';
import { startServerProcess, type ServerProcess } from './serverProcess.js';

/**
 * Vitest global setup for the browser tests: the real servers (built client, embedded PGlite in a temporary
 * directory, demo hotel), exactly as `npm start` serves it, one for each browser test file that runs at a time
 * (the project's maxWorkers), so two files never change the same hotel under each other. The demo is seeded once
 * by a first start in a directory of its own; each shared server, and each test that needs a server of its own,
 * starts from a copy of it (tests/support/seededDataDir.ts).
 *
 * Vitest runs every project's global setup, one after another, before the first test of any project: the
 * seeding goes on in the background while the API tests run, and each browser test file waits for the servers
 * first and takes one that no other file holds (tests/support/e2eReady.ts).
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: build the client first (npm run build; npm test does it)');
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-e2e-'));
  const seeded = path.join(work, 'demo');
  const status = path.join(work, 'status');
  const count = Math.max(1, project.config.maxWorkers);
  const dataDirs = Array.from({ length: count }, (_, i) => path.join(work, `served-${i}`));
  const starting = (async (): Promise<ServerProcess[]> => {
    await (await startServerProcess({ dataDir: seeded, timeoutMs: 600_000 })).stop();
    for (const dir of dataDirs) fs.cpSync(seeded, dir, { recursive: true });
    return Promise.all(dataDirs.map((dataDir) => startServerProcess({ dataDir })));
  })();
  // written whole, then renamed: a reader never sees it half-written
  const tell = (text: string) => {
    fs.writeFileSync(`${status}.part`, text);
    fs.renameSync(`${status}.part`, status);
  };
  // the servers' addresses come with the news that they serve: each takes a port when it starts, not before
  starting.then(
    (servers) => tell(JSON.stringify({ ready: servers.map((s) => `http://localhost:${s.port}`) })),
    (err: Error) => tell(`the browser tests' servers did not start: ${err.message}`),
  );
  project.provide('e2eDataDirs', dataDirs);
  project.provide('e2eSeededDir', seeded);
  project.provide('e2eStatusFile', status);
  return async () => {
    const servers = await starting.catch(() => []);
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(work, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataDirs: string[];
    /**
     * `{"ready": [the servers' addresses]}` once the shared servers serve, else why they did not start (written by
     * the global setup)
     */
    e2eStatusFile: string;
  }
}
