import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.js';
import { loadMeta } from '../../server/meta/load.js';
import { startTestApp, type ApiClient, type TestApp } from '../support/testApp.js';
import { copyOfRepository, type FixtureProject } from './fixtureProject.js';

/**
 * The implementer guide's promise, proven with the real server: a master screen (entity, list, form,
 * route, labels) added as JSON files only gets its table, its API and its menu entry.
 */
let project: FixtureProject;
let t: TestApp;
let admin: ApiClient;
let foodAndBeverage: number;

function addMinibarModule(p: FixtureProject) {
  p.write('schemas/fixture/minibar-item.json', {
    $id: 'fixture/minibar-item',
    title: 'minibar-item.title',
    type: 'object',
    'x-permission': 'fixture.minibar',
    'x-db': {
      table: 'minibar_item',
      scope: 'branch',
      managed: true,
      label: ['code', 'name'],
      search: ['code', 'name'],
      defaultSort: 'code',
      unique: [['code']],
    },
    required: ['code', 'name', 'price'],
    properties: {
      code: { type: 'string', minLength: 1, maxLength: 10, pattern: '^[A-Z0-9-]+$' },
      name: { type: 'string', minLength: 1, maxLength: 80 },
      price: { type: 'string', format: 'money' },
      department_id: { type: 'integer', 'x-ref': 'system/department' },
      active: { type: 'boolean', default: true },
    },
  });
  p.write('screens/fixture/minibar-item.json', {
    kind: 'list',
    entity: 'fixture/minibar-item',
    title: 'minibar-item.list',
    search: true,
    columns: [
      { field: 'code', width: 110, pinned: 'left' },
      { field: 'name', flex: 2 },
      { field: 'department_id', format: 'lookup', flex: 1 },
      { field: 'price', format: 'money', width: 140 },
      { field: 'active', format: 'boolean', width: 90 },
    ],
    defaultSort: { field: 'code' },
    filters: ['department_id', 'active'],
    form: 'fixture/minibar-item-form',
  });
  p.write('screens/fixture/minibar-item-form.json', {
    kind: 'form',
    entity: 'fixture/minibar-item',
    title: 'minibar-item.form',
    sections: [{ columns: 2, fields: ['code', 'name', 'department_id', 'price', 'active'] }],
    fields: { code: { readonlyWhen: { mode: 'edit' } } },
  });
  p.edit('routes.json', (r) =>
    r.routes.push({
      path: '/fixture',
      name: { en: 'Fixture', id: 'Fixture' },
      menu: {},
      children: [
        {
          path: 'minibar-item',
          screen: 'fixture/minibar-item',
          permission: 'fixture.minibar',
          name: { en: 'Minibar items', id: 'Item minibar' },
          menu: {},
        },
      ],
    }),
  );
  p.write('locales/fixture.json', {
    'minibar-item.title': { en: 'Minibar item', id: 'Item minibar' },
    'minibar-item.list': { en: 'Minibar items', id: 'Item minibar' },
    'minibar-item.form': { en: 'Minibar item', id: 'Item minibar' },
    'minibar-item.price': { en: 'Price', id: 'Harga' },
  });
}

beforeAll(async () => {
  project = copyOfRepository();
  addMinibarModule(project);
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
    const res = await admin.post('/api/data/fixture/minibar-item', {
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
    await admin.post('/api/data/fixture/minibar-item', { code: 'AQUA', name: 'Aqua 600 ml', price: '15000.00' });
    const list = await admin.get('/api/data/fixture/minibar-item');
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((r: any) => r.code)).toEqual(['AQUA', 'COKE']);
    expect(list.json().total).toBe(2);
    const found = await admin.get('/api/data/fixture/minibar-item?q=coca');
    expect(found.json().rows.map((r: any) => r.code)).toEqual(['COKE']);

    const coke = found.json().rows[0];
    const edited = await admin.patch(`/api/data/fixture/minibar-item/${coke.id}`, { version: coke.version, price: '27500.00' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ price: '27500.00', version: 2 });
  });

  it('refuses a second item with the same code, naming the field', async () => {
    const res = await admin.post('/api/data/fixture/minibar-item', { code: 'COKE', name: 'Coke again', price: '1.00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.code).toBe("Code 'COKE' already exists");
  });

  it('refuses a department of another property', async () => {
    const other = admin.session.branches.find((b: any) => b.id !== admin.session.branchId).id;
    const { rows } = await sql<{ id: number }>`SELECT id FROM department WHERE code = 'FB' AND branch_id = ${other}`.execute(t.database.db);
    const res = await admin.post('/api/data/fixture/minibar-item', {
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
    const fixture = menu.find((m: any) => m.path === '/fixture');
    expect(fixture.children).toEqual([{ path: '/fixture/minibar-item', name: { en: 'Minibar items', id: 'Item minibar' } }]);
    const catalog = JSON.stringify((await admin.get('/api/system/rights-catalog')).json());
    expect(catalog).toContain('"resource":"fixture.minibar"');
  });

  it('serves the list screen with its entity and form in one request', async () => {
    const res = await admin.get('/api/meta/screens/fixture/minibar-item');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().entities)).toEqual(['fixture/minibar-item']);
    expect(Object.keys(res.json().screens)).toEqual(['fixture/minibar-item-form']);
  });

  it('adds a column when the schema gains a field, keeping the rows', async () => {
    project.edit('schemas/fixture/minibar-item.json', (e) => (e.properties.barcode = { type: 'string', maxLength: 20 }));
    project.edit('locales/fixture.json', (l) => (l['minibar-item.barcode'] = { en: 'Barcode', id: 'Kode batang' }));
    const app = await buildApp({ config: t.app.ctx.config, database: t.database, meta: loadMeta(project.root), mailer: t.app.ctx.mailer });
    await app.close();
    expect((await columns('minibar_item')).has('barcode')).toBe(true);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM minibar_item`.execute(t.database.db);
    expect(rows[0].n).toBe(2);
  });

  it('refuses to start when a shipped entity has a field its migration never created', async () => {
    project.edit('schemas/system/bank.json', (e) => (e.properties.iban = { type: 'string', maxLength: 34 }));
    project.edit('locales/fixture.json', (l) => (l['bank.iban'] = { en: 'IBAN', id: 'IBAN' }));
    const start = buildApp({ config: t.app.ctx.config, database: t.database, meta: loadMeta(project.root), mailer: t.app.ctx.mailer });
    await expect(start).rejects.toThrow('schemas/system/bank.json: table bank has no column iban');
  });
});
