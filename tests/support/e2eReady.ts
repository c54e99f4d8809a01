import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { isAlive } from '../../server/db/connect.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The process holding a server; while its claim is being written, or just released, this one's own. */
function holder(dir: string): number {
  try {
    return Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8')) || process.pid;
  } catch {
    return process.pid;
  }
}

let claim: string | undefined;

/**
 * Setup file of every browser test file: waits for the shared servers, started in the background by the global
 * setup, then holds one that no other file holds (a directory made beside the status file, which only one process
 * can make) for the file's tests, named by E2E_SERVER and E2E_BASE_URL (tests/support/browser.ts).
 */
beforeAll(async () => {
  const file = inject('e2eStatusFile');
  while (!fs.existsSync(file)) await sleep(200);
  const status = fs.readFileSync(file, 'utf8');
  if (!status.startsWith('{')) throw new Error(status);
  const urls: string[] = JSON.parse(status).ready;
  for (;;) {
    for (let i = 0; i < urls.length; i++) {
      const dir = path.join(path.dirname(file), `held-${i}`);
      try {
        fs.mkdirSync(dir);
      } catch {
        if (!isAlive(holder(dir))) fs.rmSync(dir, { recursive: true, force: true });
        continue;
      }
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
      claim = dir;
      process.env.E2E_SERVER = String(i);
      process.env.E2E_BASE_URL = urls[i];
      return;
    }
    await sleep(200);
  }
}, 900_000);

afterAll(() => {
  if (claim) fs.rmSync(claim, { recursive: true, force: true });
});
