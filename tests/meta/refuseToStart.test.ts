import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/connect.js';
import { loadMeta, MetaLoadError } from '../../server/meta/load.js';
import { minibarProject, type FixtureProject } from './fixtureProject.js';

let project: FixtureProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

function brokenTwice(): FixtureProject {
  project = minibarProject();
  project.edit('screens/fo/minibar-item.json', (s) => (s.columns[2].field = 'pricee'));
  project.edit('routes.json', (r) => delete r.routes[1].children[1].permission);
  return project;
}

/** A database that fails the test if the server touches it before refusing to start. */
const untouchable = new Proxy({} as Database, {
  get(_, prop) {
    throw new Error(`the database was used (${String(prop)}) although the definitions are broken`);
  },
});

describe('broken definitions stop the server', () => {
  it('loadMeta throws a MetaLoadError that lists every problem as file#pointer: message', () => {
    const p = brokenTwice();
    let error: unknown;
    try {
      loadMeta(p.root);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(MetaLoadError);
    const e = error as MetaLoadError;
    expect(e.errors).toHaveLength(2);
    expect(e.message).toBe(
      [
        '2 error(s) in the metadata:',
        "  screens/fo/minibar-item.json#/columns/2/field: 'pricee' is not a field of entity fo/minibar-item",
        '  routes.json#/routes/1/children/1: route /fo/minibar-plan has a screen but no permission (or "signedIn": true for a screen every signed-in user may open)',
      ].join('\n'),
    );
  });

  it('buildApp (what server/main.ts starts) refuses before it opens the database', async () => {
    const p = brokenTwice();
    const config = { ...loadConfig({}), root: p.root };
    await expect(buildApp({ config, database: untouchable })).rejects.toBeInstanceOf(MetaLoadError);
  });

  it('loads a valid project into routes, screens, entities, reports and labels', () => {
    project = minibarProject();
    const meta = loadMeta(project.root);
    expect(meta.flatRoutes.map((r) => r.fullPath)).toEqual(['/', '/fo', '/fo/minibar-item', '/fo/minibar-plan']);
    expect([...meta.screens.keys()].sort()).toEqual(['fo/minibar-item', 'fo/minibar-item-form', 'fo/minibar-plan']);
    expect(meta.entities.get('fo/minibar-item')?.['x-db'].table).toBe('minibar_item');
    expect(meta.reports.get('minibar-sales')?.name.id).toBe('Penjualan minibar');
    expect(meta.labels.get('minibar-item.price')).toEqual({ en: 'Price', id: 'Harga' });
  });
});
