import { afterEach, describe, expect, it } from 'vitest';
import { readMetaFiles } from '../../server/meta/load.js';
import { validateMeta, type MetaError } from '../../server/meta/validate.js';
import { minibarProject, type FixtureProject } from './fixtureProject.js';

let project: FixtureProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

/** Every problem the loader and the validator find in a project root. */
function problems(p: FixtureProject): MetaError[] {
  const errors: MetaError[] = [];
  const raw = readMetaFiles(p.root, errors);
  return [...errors, ...validateMeta(raw)];
}

/** A valid minibar project with one thing broken, and the problems it yields. */
function broken(change: (p: FixtureProject) => void): MetaError[] {
  project = minibarProject();
  change(project);
  return problems(project);
}

describe('the minibar fixture project', () => {
  it('validates without a single error', () => {
    project = minibarProject();
    expect(problems(project)).toEqual([]);
  });
});

describe('a broken definition is reported with its file, JSON pointer and a sentence', () => {
  it('a route naming a screen that does not exist', () => {
    const errors = broken((p) => p.edit('routes.json', (r) => (r.routes[1].children[0].screen = 'fo/minibar-items')));
    expect(errors).toEqual([
      {
        file: 'routes.json',
        pointer: '/routes/1/children/0/screen',
        message: "screen 'fo/minibar-items' does not exist (no screens/fo/minibar-items.json)",
      },
    ]);
  });

  it('a list column naming a field the entity does not have', () => {
    const errors = broken((p) => p.edit('screens/fo/minibar-item.json', (s) => (s.columns[2].field = 'pricee')));
    expect(errors).toEqual([
      { file: 'screens/fo/minibar-item.json', pointer: '/columns/2/field', message: "'pricee' is not a field of entity fo/minibar-item" },
    ]);
  });

  it('a label missing its Indonesian text: one error, not one per use of every label in the file', () => {
    const errors = broken((p) => p.edit('locales/fo.json', (l) => delete l['minibar-item.price'].id));
    expect(errors).toEqual([{ file: 'locales/fo.json', pointer: '/minibar-item.price', message: "missing property 'id'" }]);
  });

  it('a field with no label at all names the keys to add', () => {
    const errors = broken((p) => p.edit('locales/fo.json', (l) => delete l['minibar-item.price']));
    expect(errors).toContainEqual({
      file: 'schemas/fo/minibar-item.json',
      pointer: '/properties/price',
      message: "no label for field 'price': add 'minibar-item.price' or 'field.price' (en and id) to a file in locales/",
    });
  });

  it('a lookup (x-ref) to an entity that does not exist', () => {
    const errors = broken((p) => p.edit('schemas/fo/minibar-item.json', (e) => (e.properties.outlet_id['x-ref'] = 'fo/outlets')));
    expect(errors).toEqual([
      {
        file: 'schemas/fo/minibar-item.json',
        pointer: '/properties/outlet_id/x-ref',
        message: "refers to entity 'fo/outlets', which has no file schemas/fo/outlets.json",
      },
    ]);
  });

  it('a name in another language kept in a column the entity does not have, or for a field that names no row', () => {
    const errors = broken((p) =>
      p.edit('schemas/fo/minibar-item.json', (e) => (e['x-db'].translated = { name: { id: 'nama' }, price: { id: 'name' } })),
    );
    expect(errors).toEqual([
      { file: 'schemas/fo/minibar-item.json', pointer: '/x-db/translated/name/id', message: "'nama' is not a field of fo/minibar-item" },
      { file: 'schemas/fo/minibar-item.json', pointer: '/x-db/translated/price', message: "'price' is not one of x-db.label" },
    ]);
  });

  it('a route with a screen but no permission', () => {
    const errors = broken((p) => p.edit('routes.json', (r) => delete r.routes[1].children[1].permission));
    expect(errors).toEqual([
      {
        file: 'routes.json',
        pointer: '/routes/1/children/1',
        message: 'route /fo/minibar-plan has a screen but no permission (or "signedIn": true for a screen every signed-in user may open)',
      },
    ]);
  });

  it('a text field without maxLength', () => {
    const errors = broken((p) => p.edit('schemas/fo/minibar-item.json', (e) => (e.properties.name = { type: 'string' })));
    expect(errors).toEqual([
      {
        file: 'schemas/fo/minibar-item.json',
        pointer: '/properties/name',
        message: "text field 'name' needs a maxLength (or an enum or a format) so no request can store 10 kB in it",
      },
    ]);
  });

  it('a nullable text field without maxLength', () => {
    const errors = broken((p) =>
      p.edit('schemas/fo/minibar-item.json', (e) => (e.properties.note = { type: ['string', 'null'], 'x-ui': { label: 'field.name' } })),
    );
    expect(errors).toEqual([
      {
        file: 'schemas/fo/minibar-item.json',
        pointer: '/properties/note',
        message: "text field 'note' needs a maxLength (or an enum or a format) so no request can store 10 kB in it",
      },
    ]);
  });

  it('report SQL using a parameter the report does not declare', () => {
    const errors = broken((p) => p.edit('reports/fo/minibar-sales.json', (r) => (r.sql += ' AND price <= :max_price')));
    expect(errors).toEqual([
      { file: 'reports/fo/minibar-sales.json', pointer: '/sql', message: 'uses :max_price, which is not a parameter of the report' },
    ]);
  });

  it('a custom screen whose component file is missing', () => {
    const errors = broken((p) => p.remove('src/custom/fo/MinibarPlan.tsx'));
    expect(errors).toEqual([
      {
        file: 'screens/fo/minibar-plan.json',
        pointer: '/component',
        message: "component 'fo/MinibarPlan' does not exist (no src/custom/fo/MinibarPlan.tsx)",
      },
    ]);
  });

  it('a report screen naming a report code that does not exist', () => {
    const errors = broken((p) => p.write('screens/fo/minibar-plan.json', { kind: 'report', report: 'minibar-salez' }));
    expect(errors).toEqual([
      {
        file: 'screens/fo/minibar-plan.json',
        pointer: '/report',
        message: "report 'minibar-salez' does not exist (no reports/**/minibar-salez.json)",
      },
    ]);
  });

  it('a report screen fixing from its route a parameter the report does not have', () => {
    const errors = broken((p) =>
      p.write('screens/fo/minibar-plan.json', { kind: 'report', report: 'minibar-sales', routeParams: { id: 'room_id' } }),
    );
    expect(errors).toEqual([
      { file: 'screens/fo/minibar-plan.json', pointer: '/routeParams/id', message: "report 'minibar-sales' has no parameter 'room_id'" },
    ]);
  });

  it('a report column with a typo in a property, with its pointer', () => {
    const errors = broken((p) => p.edit('reports/fo/minibar-sales.json', (r) => (r.columns[1].widht = 120)));
    expect(errors).toEqual([{ file: 'reports/fo/minibar-sales.json', pointer: '/columns/1', message: "unknown property 'widht'" }]);
  });

  it('a form leaving a required field out of every section', () => {
    const errors = broken((p) => p.edit('screens/fo/minibar-item-form.json', (f) => (f.sections[0].fields = ['code', 'name', 'active'])));
    expect(errors).toEqual([
      {
        file: 'screens/fo/minibar-item-form.json',
        pointer: '/sections',
        message: "required field 'price' of fo/minibar-item is in no section, so the form could never be saved",
      },
    ]);
  });

  it('the same label key defined in two files', () => {
    const errors = broken((p) => p.edit('locales/fo.json', (l) => (l['field.code'] = { en: 'Item code', id: 'Kode item' })));
    expect(errors).toEqual([
      { file: 'locales/fo.json', pointer: '/field.code', message: "label 'field.code' is also defined in locales/common.json" },
    ]);
  });

  it('a file that is not valid JSON: one error naming the file, not a screen that "does not exist"', () => {
    const errors = broken((p) => p.write('screens/fo/minibar-item.json', '{ "kind": "list", "entity": "fo/minibar-item", }'));
    expect(errors).toHaveLength(1);
    expect(errors[0].file).toBe('screens/fo/minibar-item.json');
    expect(errors[0].pointer).toBe('');
    expect(errors[0].message).toMatch(/^is not valid JSON: /);
  });

  it('an unknown property in a screen, with its pointer', () => {
    const errors = broken((p) => p.edit('screens/fo/minibar-item.json', (s) => (s.columns[0].widht = 110)));
    expect(errors).toEqual([{ file: 'screens/fo/minibar-item.json', pointer: '/columns/0', message: "unknown property 'widht'" }]);
  });

  it('an amount declared as a plain number instead of money', () => {
    const errors = broken((p) => p.edit('schemas/fo/minibar-item.json', (e) => (e.properties.price = { type: 'number', minimum: 0 })));
    expect(errors).toEqual([
      {
        file: 'schemas/fo/minibar-item.json',
        pointer: '/properties/price',
        message: `'price' is an amount: declare it "type": "string", "format": "money" (an exact decimal), not a plain number`,
      },
    ]);
  });

  it('a report column showing an amount as a plain number', () => {
    const errors = broken((p) => p.edit('reports/fo/minibar-sales.json', (r) => (r.columns[1].type = 'number')));
    expect(errors).toEqual([
      {
        file: 'reports/fo/minibar-sales.json',
        pointer: '/columns/1/type',
        message: `column 'price' is an amount: give it "type": "money" (rupiah, . grouping, no decimals)`,
      },
    ]);
  });

  it("a route whose permission differs from its entity's", () => {
    const errors = broken((p) => p.edit('routes.json', (r) => (r.routes[1].children[0].permission = 'fo.minibar-admin')));
    expect(errors).toEqual([
      {
        file: 'routes.json',
        pointer: '/routes/1/children/0/permission',
        message:
          "permission 'fo.minibar-admin' differs from 'fo.minibar', the x-permission of entity fo/minibar-item (schemas/fo/minibar-item.json): an entity's right is declared once",
      },
    ]);
  });

  it('two entities on one table', () => {
    const errors = broken((p) => p.edit('schemas/fo/outlet.json', (e) => (e['x-db'].table = 'minibar_item')));
    expect(errors).toEqual([
      {
        file: 'schemas/fo/outlet.json',
        pointer: '/x-db/table',
        message: "table 'minibar_item' is already the table of entity fo/minibar-item: one table, one entity",
      },
    ]);
  });

  it('a managed entity on a table a migration creates', () => {
    const errors = broken((p) =>
      p.write('server/migrations/0001_outlets.sql', 'CREATE TABLE fo_outlet (\n  id bigint PRIMARY KEY,\n  name text NOT NULL\n);\n'),
    );
    expect(errors).toEqual([
      {
        file: 'schemas/fo/outlet.json',
        pointer: '/x-db/managed',
        message:
          'table \'fo_outlet\' is created by server/migrations/0001_outlets.sql: a managed entity needs a table of its own (choose another name, or drop "managed" and keep the migration)',
      },
    ]);
  });

  it('two reports of the same code in different module folders (one would silently replace the other)', () => {
    const errors = broken((p) => p.write('reports/pos/minibar-sales.json', p.read('reports/fo/minibar-sales.json')));
    expect(errors).toEqual([
      {
        file: 'reports/pos/minibar-sales.json',
        pointer: '',
        message: "report 'minibar-sales' is also defined in reports/fo/minibar-sales.json; report codes must be unique",
      },
    ]);
  });

  it('the same label key defined twice in one file (JSON would keep only the last)', () => {
    const errors = broken((p) => {
      const text = JSON.stringify(p.read('locales/fo.json'), null, 2);
      p.write('locales/fo.json', text.replace(/\n}$/, ',\n  "minibar-item.price": { "en": "Selling price", "id": "Harga jual" }\n}'));
    });
    expect(errors).toEqual([
      {
        file: 'locales/fo.json',
        pointer: '/minibar-item.price',
        message: "label 'minibar-item.price' is defined twice in this file (only the last would count)",
      },
    ]);
  });
});
