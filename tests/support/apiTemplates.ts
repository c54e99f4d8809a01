import type { TestProject } from 'vitest/node';
import { buildDemoTemplate } from './demoTemplate.js';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwawayPostgres.js';

export interface PostgresTemplate {
  adminUrl: string;
  template: string;
  /** the throw-away server, when the run started one (none with TEST_PG_ADMIN_URL) */
  server?: ThrowawayPostgres;
}

interface Templates {
  pglite?: Promise<string>;
  postgres?: Promise<PostgresTemplate>;
}

const KEY = Symbol.for('hotelier.apiTemplates');

/**
 * The demo templates of both API projects, started together by whichever project's global setup comes first:
 * Vitest runs the global setups one after another, and the two seedings (one in the embedded database's
 * thread, one mostly in the PostgreSQL server) overlap well. Only the projects in this run get theirs.
 */
export function apiTemplates(project: TestProject): Templates {
  const memo = globalThis as { [KEY]?: Templates };
  if (memo[KEY]) return memo[KEY];
  const inRun = new Set(project.vitest.projects.map((p) => p.name));
  const templates: Templates = {};
  if (inRun.has('api-pglite')) templates.pglite = buildDemoTemplate();
  if (inRun.has('api-postgres'))
    templates.postgres = (async () => {
      const external = process.env.TEST_PG_ADMIN_URL;
      const server = external ? undefined : await startThrowawayPostgres();
      const adminUrl = external ?? server!.url;
      return { adminUrl, server, template: await buildDemoTemplate(adminUrl) };
    })();
  // each is awaited by its own project's setup; a failure is reported there, not as an unhandled rejection here
  for (const p of [templates.pglite, templates.postgres]) p?.catch(() => undefined);
  return (memo[KEY] = templates);
}
