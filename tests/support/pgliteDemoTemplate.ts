import type { TestProject } from 'vitest/node';
import { buildDemoTemplate, dropDemoTemplate } from './demoTemplate.js';

/** Vitest global setup for the embedded-database run of the API suite: the demo hotel seeded once. */
export default async function setup(project: TestProject) {
  const template = await buildDemoTemplate();
  project.provide('demoTemplate', template);
  return () => dropDemoTemplate(template);
}
