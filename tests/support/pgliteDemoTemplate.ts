import type { TestProject } from 'vitest/node';
import { apiTemplates } from './apiTemplates.js';
import { dropDemoTemplate } from './demoTemplate.js';

/** Vitest global setup for the embedded-database run of the API suite: the demo hotel seeded once. */
export default async function setup(project: TestProject) {
  const template = await apiTemplates(project).pglite!;
  project.provide('demoTemplate', template);
  return () => dropDemoTemplate(template);
}
