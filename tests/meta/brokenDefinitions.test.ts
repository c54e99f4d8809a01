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
});
