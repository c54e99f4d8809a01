import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../server/config.js';

/**
 * Definition files in a temporary project root, for the meta checks and the JSON-only screen test.
 * Broken definitions live only here, never in the real tree.
 */
export class FixtureProject {
  constructor(public root: string) {}

  path(file: string) {
    return path.join(this.root, file);
  }

  read<T = any>(file: string): T {
    return JSON.parse(fs.readFileSync(this.path(file), 'utf8')) as T;
  }

  write(file: string, data: unknown) {
    fs.mkdirSync(path.dirname(this.path(file)), { recursive: true });
    fs.writeFileSync(this.path(file), typeof data === 'string' ? data : `${JSON.stringify(data, null, 2)}\n`);
  }

  edit<T = any>(file: string, change: (data: T) => void) {
    const data = this.read<T>(file);
    change(data);
    this.write(file, data);
  }

  remove(file: string) {
    fs.rmSync(this.path(file), { force: true });
  }

  dispose() {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

function tempRoot() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-meta-'));
}

/** A copy of every definition of the repository (routes, screens, schemas, locales, reports, flows, custom components). */
export function copyOfRepository(): FixtureProject {
  const root = tempRoot();
  for (const item of [
    'routes.json',
    'package.json',
    'schemas',
    'screens',
    'locales',
    'reports',
    'flows',
    path.join('src', 'custom'),
    path.join('server', 'migrations'),
  ]) {
    fs.cpSync(path.join(projectRoot, item), path.join(root, item), { recursive: true });
  }
  return new FixtureProject(root);
}

/**
 * The smallest complete project: the real meta-schemas plus a minibar module (an entity, a list, a form,
 * a custom screen, a report, routes and labels) that validates without a single error.
 */
export function minibarProject(): FixtureProject {
  const p = new FixtureProject(tempRoot());
  fs.cpSync(path.join(projectRoot, 'schemas', 'meta'), p.path('schemas/meta'), { recursive: true });
  p.write('routes.json', {
    routes: [
      { path: '/', redirect: '/fo/minibar-item' },
      {
        path: '/fo',
        name: { en: 'Front office', id: 'Kantor depan' },
        menu: {},
        children: [
          {
            path: 'minibar-item',
            screen: 'fo/minibar-item',
            permission: 'fo.minibar',
            name: { en: 'Minibar items', id: 'Item minibar' },
            menu: {},
          },
          {
            path: 'minibar-plan',
            screen: 'fo/minibar-plan',
            permission: 'fo.minibar-plan',
            name: { en: 'Minibar plan', id: 'Denah minibar' },
            menu: {},
          },
        ],
      },
    ],
  });
  p.write('schemas/fo/outlet.json', {
    $id: 'fo/outlet',
    title: 'outlet.title',
    type: 'object',
    'x-permission': 'fo.outlet',
    'x-db': { table: 'fo_outlet', scope: 'branch', managed: true },
    required: ['name'],
    properties: { name: { type: 'string', minLength: 1, maxLength: 80 } },
  });
  p.write('schemas/fo/minibar-item.json', {
    $id: 'fo/minibar-item',
    title: 'minibar-item.title',
    type: 'object',
    'x-permission': 'fo.minibar',
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
      code: { type: 'string', minLength: 1, maxLength: 10 },
      name: { type: 'string', minLength: 1, maxLength: 80 },
      price: { type: 'string', format: 'money' },
      kind: { type: 'string', enum: ['drink', 'snack'] },
      outlet_id: { type: 'integer', 'x-ref': 'fo/outlet' },
      active: { type: 'boolean', default: true },
    },
  });
  p.write('screens/fo/minibar-item.json', {
    kind: 'list',
    entity: 'fo/minibar-item',
    title: 'minibar-item.list',
    search: true,
    columns: [{ field: 'code' }, { field: 'name' }, { field: 'price', format: 'money' }, { field: 'active', format: 'boolean' }],
    form: 'fo/minibar-item-form',
  });
  p.write('screens/fo/minibar-item-form.json', {
    kind: 'form',
    entity: 'fo/minibar-item',
    title: 'minibar-item.form',
    sections: [{ fields: ['code', 'name', 'price', 'kind', 'outlet_id', 'active'] }],
  });
  p.write('screens/fo/minibar-plan.json', { kind: 'custom', component: 'fo/MinibarPlan', title: 'minibar-item.plan' });
  p.write('src/custom/fo/MinibarPlan.tsx', 'export default function MinibarPlan() { return null; }\n');
  p.write('reports/fo/minibar-sales.json', {
    code: 'minibar-sales',
    name: { en: 'Minibar sales', id: 'Penjualan minibar' },
    parameters: { type: 'object', properties: { date_from: { type: 'string', format: 'date', 'x-default': 'startOfMonth' } } },
    sql: "SELECT code, name, price FROM minibar_item WHERE branch_id = :branch_id AND created_at >= :date_from::date AND to_char(created_at, 'hh24:mi') <> '00:00'",
    columns: [
      { field: 'code', label: 'field.code' },
      { field: 'price', label: 'minibar-item.price', type: 'money' },
    ],
  });
  p.write('locales/common.json', {
    'field.code': { en: 'Code', id: 'Kode' },
    'field.name': { en: 'Name', id: 'Nama' },
    'field.active': { en: 'Active', id: 'Aktif' },
    'report.param.date_from': { en: 'From', id: 'Dari' },
  });
  p.write('locales/fo.json', {
    'outlet.title': { en: 'Outlet', id: 'Outlet' },
    'outlet.name': { en: 'Outlet name', id: 'Nama outlet' },
    'minibar-item.title': { en: 'Minibar item', id: 'Item minibar' },
    'minibar-item.list': { en: 'Minibar items', id: 'Item minibar' },
    'minibar-item.form': { en: 'Minibar item', id: 'Item minibar' },
    'minibar-item.plan': { en: 'Minibar plan', id: 'Denah minibar' },
    'minibar-item.price': { en: 'Price', id: 'Harga' },
    'minibar-item.kind': { en: 'Kind', id: 'Jenis' },
    'minibar-item.kind.drink': { en: 'Drink', id: 'Minuman' },
    'minibar-item.kind.snack': { en: 'Snack', id: 'Makanan ringan' },
    'minibar-item.outlet_id': { en: 'Outlet', id: 'Outlet' },
  });
  return p;
}
