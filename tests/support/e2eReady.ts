import fs from 'node:fs';
import { beforeAll, inject } from 'vitest';

/** Setup file of every browser test file: the shared server, started in the background by the global setup, serves. */
beforeAll(async () => {
  const file = inject('e2eStatusFile');
  while (!fs.existsSync(file)) await new Promise((r) => setTimeout(r, 200));
  const status = fs.readFileSync(file, 'utf8');
  if (status !== 'ready') throw new Error(status);
}, 900_000);
