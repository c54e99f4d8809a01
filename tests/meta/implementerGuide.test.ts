import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.js';
import { loadMeta } from '../../server/meta/load.js';
import { startTestApp, type ApiClient, type TestApp } from '../support/testApp.js';
import { copyOfRepository, type FixtureProject } from './fixtureProject.js';
import { readMetaFiles, formatMetaErrors } from '../../server/meta/load.js';
import { validateMeta, type MetaError } from '../../server/meta/validate.js';
import { projectRoot } from '../../server/config.js';
import { flattenRoutes } from '../../src/core/meta/types.js';

/**
 * The implementer guide, followed to the letter: every example block of docs/implementer-guide.md that
 * says where it goes (a new file, the children of a route, labels to add) is applied to a copy of the
 * project exactly as written, and the result passes every meta check, starts the server, and serves a
 * working master screen. Applying it to a project that already followed the guide changes nothing.
 */
let project: FixtureProject;
let t: TestApp;
let admin: ApiClient;
let foodAndBeverage: number;

const guide = fs.readFileSync(path.join(projectRoot, 'docs', 'implementer-guide.md'), 'utf8');

/** Each fenced JSON block with the line that says where it goes. */
function guideSteps(): { where: string; json: any }[] {
  return [...guide.matchAll(/^(.+)\n\n```json\n([\s\S]*?)\n```/gm)]
    .map((m) => ({ where: m[1].trim(), json: JSON.parse(m[2]) }))
    .filter((s) => /^`[^`]+` (\(a new file\):|— add )/.test(s.where) || /, `[^`]+\.json` \(a new file\):$/.test(s.where));
}

function applyGuide(p: FixtureProject) {
  for (const { where, json } of guideSteps()) {
    const file = /`([^`]+\.json)` \(a new file\):$/.exec(where)?.[1];
    const route = /^`routes\.json` — add to the `children` of `([^`]+)`:$/.exec(where)?.[1];
    const labels = /^`(locales\/[^`]+\.json)` — add these labels:$/.exec(where)?.[1];
    if (file) p.write(file, json);
    else if (route)
      p.edit('routes.json', (r) => {
        const parent = flattenRoutes(r.routes).find((x) => x.fullPath === route);
        if (!parent) throw new Error(`the guide adds to ${route}, which routes.json does not declare`);
        const children = (parent.node.children ??= []);
        if (!children.some((c) => c.path === json.path)) children.push(json);
      });
    else if (labels) p.edit(labels, (l) => Object.assign(l, json));
    else throw new Error(`the guide says "${where}", which names no place to put its block`);
  }
}

beforeAll(async () => {
  project = copyOfRepository();
  applyGuide(project);
  t = await startTestApp({ meta: loadMeta(project.root), root: project.root });
  admin = await t.login('admin');
  const { rows } = await sql<{ id: number }>`SELECT id FROM department WHERE code = 'FB' AND branch_id = ${admin.session.branchId}`.execute(
    t.database.db,
  );
  foodAndBeverage = rows[0].id;
});
afterAll(async () => {
  await t?.close();
  project?.dispose();
});

async function columns(table: string) {
  const { rows } = await sql<{ column_name: string; data_type: string; numeric_scale: number | null; is_nullable: string }>`
    SELECT column_name, data_type, numeric_scale, is_nullable FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = ${table}`.execute(t.database.db);
  return new Map(rows.map((r) => [r.column_name, r]));
}

/** Every problem the meta check finds in a project root, as the server prints them. */
function problems(root: string): string[] {
  const errors: MetaError[] = [];
  const raw = readMetaFiles(root, errors);
  return formatMetaErrors([...errors, ...validateMeta(raw)])
    .split('\n')
    .filter(Boolean)
    .map((l) => l.trim());
}

describe('the implementer guide, word for word', () => {
  it('has five blocks that say where they go: the entity, the list, the form, the route and the labels', () => {
    expect(guideSteps().map((s) => s.where)).toEqual([
      '`schemas/frontoffice/minibar-item.json` (a new file):',
      'A list, `screens/frontoffice/minibar-item.json` (a new file):',
      'and its form, opened beside the list to create and edit, `screens/frontoffice/minibar-item-form.json` (a new file):',
      '`routes.json` — add to the `children` of `/frontoffice/master`:',
      '`locales/frontoffice.json` — add these labels:',
    ]);
  });

  it('passes every meta check without a single error', () => {
    expect(problems(project.root)).toEqual([]);
  });

  it('changes nothing when applied to a project that already followed it', () => {
    const files = ['routes.json', 'locales/frontoffice.json', 'schemas/frontoffice/minibar-item.json'];
    const before = files.map((f) => fs.readFileSync(project.path(f), 'utf8'));
    applyGuide(project);
    expect(files.map((f) => fs.readFileSync(project.path(f), 'utf8'))).toEqual(before);
  });

  it('shows the messages the check really gives for the mistakes it describes', () => {
    const wrong = copyOfRepository();
    try {
      applyGuide(wrong);
      wrong.edit('screens/frontoffice/minibar-item.json', (l) => (l.columns[3].field = 'pricee'));
      wrong.edit('locales/frontoffice.json', (l) => delete l['minibar-item.price']);
      const said = problems(wrong.root);
      // the messages of the minibar example (the guide shows the flows' own further down, checked with the flows)
      const shown = guide.split('\n').filter((l) => /^[a-z]+\/frontoffice\/minibar-item\.json#\//.test(l));
      expect(shown).toHaveLength(2);
      for (const line of shown) expect(said).toContain(line);
    } finally {
      wrong.dispose();
    }
  });
});

describe('a master screen added with JSON files only', () => {
  it('gets its table at start: branch-scoped, money as numeric(18,2), the standard columns', async () => {
    const cols = await columns('minibar_item');
    expect([...cols.keys()].sort()).toEqual(
      [
        'active',
        'branch_id',
        'code',
        'created_at',
        'created_by',
        'department_id',
        'id',
        'name',
        'price',
        'updated_at',
        'updated_by',
        'version',
      ].sort(),
    );
    expect(cols.get('price')).toMatchObject({ data_type: 'numeric', numeric_scale: 2 });
    expect(cols.get('branch_id')?.is_nullable).toBe('NO');
  });

  it('creates a minibar item through the API, with its department name for the list', async () => {
    const res = await admin.post('/api/data/frontoffice/minibar-item', {
      code: 'COKE',
      name: 'Coca-Cola 330 ml',
      price: '25000.00',
      department_id: foodAndBeverage,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({
      code: 'COKE',
      name: 'Coca-Cola 330 ml',
      price: '25000.00',
      active: true,
      version: 1,
      branch_id: admin.session.branchId,
    });
    expect(row._refs.department_id).toBe('FB - Food & Beverage');
  });

  it('lists, searches and edits the items', async () => {
    await admin.post('/api/data/frontoffice/minibar-item', { code: 'AQUA', name: 'Aqua 600 ml', price: '15000.00' });
    const list = await admin.get('/api/data/frontoffice/minibar-item');
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((r: any) => r.code)).toEqual(['AQUA', 'COKE']);
    expect(list.json().total).toBe(2);
    const found = await admin.get('/api/data/frontoffice/minibar-item?q=coca');
    expect(found.json().rows.map((r: any) => r.code)).toEqual(['COKE']);

    const coke = found.json().rows[0];
    const edited = await admin.patch(`/api/data/frontoffice/minibar-item/${coke.id}`, { version: coke.version, price: '27500.00' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ price: '27500.00', version: 2 });
  });

  it('refuses a second item with the same code, naming the field', async () => {
    const res = await admin.post('/api/data/frontoffice/minibar-item', { code: 'COKE', name: 'Coke again', price: '1.00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.code).toBe("Code 'COKE' already exists");
  });

  it('refuses a department of another property', async () => {
    const other = admin.session.branches.find((b: any) => b.id !== admin.session.branchId).id;
    const { rows } = await sql<{ id: number }>`SELECT id FROM department WHERE code = 'FB' AND branch_id = ${other}`.execute(t.database.db);
    const res = await admin.post('/api/data/frontoffice/minibar-item', {
      code: 'BINTANG',
      name: 'Bintang 330 ml',
      price: '45000.00',
      department_id: rows[0].id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.department_id).toBe('Department: the chosen record does not exist in this property');
  });

  it('shows the route in the administrator menu and its rights in the group checklist', async () => {
    const menu = (await admin.get('/api/meta/menu')).json().items;
    const masters = menu.find((m: any) => m.path === '/frontoffice').children.find((m: any) => m.path === '/frontoffice/master');
    expect(masters.children).toContainEqual({
      path: '/frontoffice/master/minibar-item',
      name: { en: 'Minibar items', id: 'Item minibar' },
    });
    const catalog = JSON.stringify((await admin.get('/api/system/rights-catalog')).json());
    expect(catalog).toContain('"resource":"frontoffice.minibar-item"');
  });

  it('serves the list screen with its entity and form in one request', async () => {
    const res = await admin.get('/api/meta/screens/frontoffice/minibar-item');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().entities)).toEqual(['frontoffice/minibar-item']);
    expect(Object.keys(res.json().screens)).toEqual(['frontoffice/minibar-item-form']);
  });

  // builds a whole app: give it time on a loaded machine
  it('adds a column when the schema gains a field, keeping the rows', { timeout: 30_000 }, async () => {
    project.edit('schemas/frontoffice/minibar-item.json', (e) => (e.properties.barcode = { type: 'string', maxLength: 20 }));
    project.edit('locales/frontoffice.json', (l) => (l['minibar-item.barcode'] = { en: 'Barcode', id: 'Kode batang' }));
    const app = await buildApp({ config: t.app.ctx.config, database: t.database, meta: loadMeta(project.root), mailer: t.app.ctx.mailer });
    await app.close();
    expect((await columns('minibar_item')).has('barcode')).toBe(true);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM minibar_item`.execute(t.database.db);
    expect(rows[0].n).toBe(2);
  });

  it('refuses to start when a shipped entity has a field its migration never created', async () => {
    project.edit('schemas/system/bank.json', (e) => (e.properties.iban = { type: 'string', maxLength: 34 }));
    project.edit('locales/frontoffice.json', (l) => (l['bank.iban'] = { en: 'IBAN', id: 'IBAN' }));
    const start = buildApp({ config: t.app.ctx.config, database: t.database, meta: loadMeta(project.root), mailer: t.app.ctx.mailer });
    await expect(start).rejects.toThrow('schemas/system/bank.json: table bank has no column iban');
  });
});
