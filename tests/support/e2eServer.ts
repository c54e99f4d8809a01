import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../server/config.js';
import { startServerProcess } from './serverProcess.js';

/**
 * Vitest global setup for the browser tests: the real server (built client, embedded PGlite in a
 * temporary directory, demo hotel) on a free port, exactly as `npm start` serves it. The demo is seeded
 * by a first start in a directory of its own, which the shared server and the tests that need a server of
 * their own start from a copy of (tests/support/seededDataDir.ts).
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: build the client first (npm run build; npm test does it)');
  }
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-e2e-demo-'));
  await (await startServerProcess({ dataDir: seeded, timeoutMs: 300_000 })).stop();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-e2e-'));
  fs.cpSync(seeded, dataDir, { recursive: true });
  const server = await startServerProcess({ dataDir });
  project.provide('e2eBaseUrl', `http://localhost:${server.port}`);
  project.provide('e2eDataDir', dataDir);
  project.provide('e2eSeededDir', seeded);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(seeded, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eDataDir: string;
  }
}
