import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './throwawayPostgres.js';
import { buildDemoTemplate, dropDemoTemplate } from './demoTemplate.js';

/**
 * Vitest global setup for the PostgreSQL run of the API suite: one throw-away server for the run, and the
 * demo hotel seeded once in a template database.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_PG_ADMIN_URL;
  const server = external ? undefined : await startThrowawayPostgres();
  const adminUrl = external ?? server!.url;
  project.provide('pgAdminUrl', adminUrl);
  const template = await buildDemoTemplate(adminUrl);
  project.provide('demoTemplate', template);
  return async () => {
    await dropDemoTemplate(template, adminUrl);
    await server?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
