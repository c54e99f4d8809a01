import type { TestProject } from 'vitest/node';
import { apiTemplates } from './apiTemplates.js';
import { dropDemoTemplate } from './demoTemplate.js';

/**
 * Vitest global setup for the PostgreSQL run of the API suite: one throw-away server for the run (or the
 * server TEST_PG_ADMIN_URL names), and the demo hotel seeded once in a template database.
 */
export default async function setup(project: TestProject) {
  const { adminUrl, template, server } = await apiTemplates(project).postgres!;
  project.provide('pgAdminUrl', adminUrl);
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
