import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './throwawayPostgres.js';

/** Vitest global setup for the PostgreSQL run of the API suite: one throw-away server for the run. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_PG_ADMIN_URL) {
    project.provide('pgAdminUrl', process.env.TEST_PG_ADMIN_URL);
    return undefined;
  }
  const server = await startThrowawayPostgres();
  project.provide('pgAdminUrl', server.url);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
