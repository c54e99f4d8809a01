import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../server/config.js';
import { startServerProcess } from './serverProcess.js';

/**
 * Vitest global setup for the browser tests: the real server (built client, embedded PGlite in a
 * temporary directory, demo hotel) on a free port, exactly as `npm start` serves it.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: build the client first (npm run build; npm test does it)');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-e2e-'));
  const server = await startServerProcess({ dataDir, timeoutMs: 300_000 });
  project.provide('e2eBaseUrl', `http://localhost:${server.port}`);
  project.provide('e2eDataDir', dataDir);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eDataDir: string;
  }
}
