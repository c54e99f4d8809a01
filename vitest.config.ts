import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One project per kind of test; scripts/test.mjs runs them all and sums the results.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. A test file mostly waits for its
    // server, database or browser, so two files side by side use both cores (the suite: 26.5 → 21.7 min
    // on a machine busy with other work). The browser and fault files still run one after another.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      // a meta test copies the repository and loads every definition: seconds, more beside the API tests
      { test: { name: 'meta', include: ['tests/meta/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          // the server's modules are imported once per worker, not once per file (a second a file)
          isolate: false,
          globalSetup: ['tests/support/pgliteDemoTemplate.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          // The sweeps over every route (bad input, fuzz, the role × route matrix) test the HTTP layer's rules, which
          // come before any SQL and do not depend on the database; PGlite is PostgreSQL, reached through the same
          // driver, so a database error reads the same on both. They run on the embedded database only: a second run
          // took a worker 55 to 220 s, by the load beside it, and proved nothing more.
          exclude: ['tests/api/system/{badInput,fuzz,permissionMatrix}.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          isolate: false,
          globalSetup: ['tests/support/postgresServer.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // the real server in its own process, killed or cut off from its database
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/e2eServer.ts'],
          setupFiles: ['tests/support/e2eReady.ts'],
          // playwright-core and the support modules imported once per worker, not once per file (0.9 s a file)
          isolate: false,
          // after the rest (a browser file beside two API files overloaded two cores), two files at a time, each on
          // a shared server of its own
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // a page polled for its figures gets ten seconds, not Vitest's one: a first page of a new browser context
          // loads the client and the metadata, and took longer than one on a loaded machine
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
