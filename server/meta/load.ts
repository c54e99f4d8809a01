import fs from 'node:fs';
import path from 'node:path';
import type { EntitySchema, FlatRoute, I18nText, ReportDefinition, RouteNode, Screen } from '../../src/core/meta/types.js';
import type { FlowDefinition } from '../../src/core/flows/types.js';
import { flattenRoutes } from '../../src/core/meta/types.js';
import { repeatedKeys } from './repeatedKeys.js';
import { validateMeta, type MetaError, type MetaOptions } from './validate.js';

export interface MetaFile<T> {
  /** path relative to the project root, with forward slashes */
  file: string;
  data: T;
}

export interface RawMeta {
  routes?: MetaFile<{ routes: RouteNode[] }>;
  screens: Map<string, MetaFile<Screen>>;
  entities: Map<string, MetaFile<EntitySchema>>;
  locales: MetaFile<Record<string, I18nText>>[];
  reports: Map<string, MetaFile<ReportDefinition>>;
  flows: Map<string, MetaFile<FlowDefinition>>;
  metaSchemas: Map<string, MetaFile<object>>;
  /** custom screen components that exist, as '<module>/<Component>' */
  customComponents: Set<string>;
  /** tables the hand-written migrations create, with the migration that creates each */
  migrationTables: Map<string, string>;
  /** definitions whose file exists but is not valid JSON, as 'screen:<id>', 'entity:<id>', 'report:<code>', 'flow:<id>':
   *  their syntax error is reported once, and nothing that refers to them is told they do not exist */
  unreadable: Set<string>;
}

export interface Meta {
  routes: RouteNode[];
  flatRoutes: FlatRoute[];
  screens: Map<string, Screen>;
  entities: Map<string, EntitySchema>;
  labels: Map<string, I18nText>;
  reports: Map<string, ReportDefinition>;
  flows: Map<string, FlowDefinition>;
}

export class MetaLoadError extends Error {
  constructor(public errors: MetaError[]) {
    super(`${errors.length} error(s) in the metadata:\n${formatMetaErrors(errors)}`);
  }
}

export function formatMetaErrors(errors: MetaError[]): string {
  return errors.map((e) => `  ${e.file}#${e.pointer}: ${e.message}`).join('\n');
}

/** Reads every definition file under the project root. JSON syntax errors become MetaErrors. */
export function readMetaFiles(root: string, errors: MetaError[]): RawMeta {
  const raw: RawMeta = {
    screens: new Map(),
    entities: new Map(),
    locales: [],
    reports: new Map(),
    flows: new Map(),
    metaSchemas: new Map(),
    customComponents: new Set(),
    migrationTables: new Map(),
    unreadable: new Set(),
  };
  const read = <T>(abs: string, id?: string, what = 'key'): MetaFile<T> | undefined => {
    const file = path.relative(root, abs).split(path.sep).join('/');
    try {
      const text = fs.readFileSync(abs, 'utf8');
      const data = JSON.parse(text) as T;
      // JSON keeps the last of two equal keys without a word: the first would be lost unseen
      for (const r of repeatedKeys(text))
        errors.push({ file, pointer: r.pointer, message: `${what} '${r.key}' is defined twice in this file (only the last would count)` });
      return { file, data };
    } catch (err: any) {
      errors.push({ file, pointer: '', message: `is not valid JSON: ${err.message}` });
      if (id) raw.unreadable.add(id);
      return undefined;
    }
  };
  const routesPath = path.join(root, 'routes.json');
  if (fs.existsSync(routesPath)) raw.routes = read(routesPath);
  else errors.push({ file: 'routes.json', pointer: '', message: 'is missing' });

  for (const abs of jsonFiles(path.join(root, 'schemas', 'meta'))) {
    const f = read<{ $id: string }>(abs);
    if (f) raw.metaSchemas.set(f.data.$id, f);
  }
  for (const abs of jsonFiles(path.join(root, 'screens'))) {
    const id = idFromPath(root, 'screens', abs);
    const f = read<Screen>(abs, `screen:${id}`);
    if (f) raw.screens.set(id, f);
  }
  for (const abs of jsonFiles(path.join(root, 'schemas'))) {
    if (abs.includes(`${path.sep}meta${path.sep}`)) continue;
    const id = idFromPath(root, 'schemas', abs);
    const f = read<EntitySchema>(abs, `entity:${id}`);
    if (f) raw.entities.set(id, f);
  }
  for (const abs of jsonFiles(path.join(root, 'locales'))) {
    const f = read<Record<string, I18nText>>(abs, undefined, 'label');
    if (f) raw.locales.push(f);
  }
  for (const abs of jsonFiles(path.join(root, 'reports'))) {
    const code = path.basename(abs, '.json');
    const f = read<ReportDefinition>(abs, `report:${code}`);
    const first = raw.reports.get(code);
    // reports are addressed by code alone, so a second file of the same name would silently replace the first
    if (f && first)
      errors.push({ file: f.file, pointer: '', message: `report '${code}' is also defined in ${first.file}; report codes must be unique` });
    else if (f) raw.reports.set(code, f);
  }
  const migrations = path.join(root, 'server', 'migrations');
  for (const abs of walk(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const file = path.relative(root, abs).split(path.sep).join('/');
    for (const m of fs.readFileSync(abs, 'utf8').matchAll(/CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?/gi)) {
      if (!raw.migrationTables.has(m[1].toLowerCase())) raw.migrationTables.set(m[1].toLowerCase(), file);
    }
  }
  for (const abs of jsonFiles(path.join(root, 'flows'))) {
    const id = path.basename(abs, '.json');
    const f = read<FlowDefinition>(abs, `flow:${id}`);
    if (f) raw.flows.set(id, f);
  }
  const customDir = path.join(root, 'src', 'custom');
  for (const abs of walk(customDir)) {
    if (abs.endsWith('.tsx'))
      raw.customComponents.add(
        path
          .relative(customDir, abs)
          .split(path.sep)
          .join('/')
          .replace(/\.tsx$/, ''),
      );
  }
  return raw;
}

/**
 * Loads and validates every definition; throws MetaLoadError (file + JSON pointer + message) when any is
 * broken. `options.serverFlows` names what the server's flow runner implements, so a server flow naming a
 * step nobody wrote is refused here too (buildApp checks it again against the registry it builds).
 */
export function loadMeta(root: string, options: MetaOptions = {}): Meta {
  const errors: MetaError[] = [];
  const raw = readMetaFiles(root, errors);
  errors.push(...validateMeta(raw, options));
  if (errors.length) throw new MetaLoadError(errors);
  return buildMeta(raw);
}

export function buildMeta(raw: RawMeta): Meta {
  const routes = raw.routes?.data.routes ?? [];
  const labels = new Map<string, I18nText>();
  for (const f of raw.locales) {
    for (const [k, v] of Object.entries(f.data)) if (k !== '$schema') labels.set(k, v);
  }
  return {
    routes,
    flatRoutes: flattenRoutes(routes),
    screens: new Map([...raw.screens].map(([k, v]) => [k, v.data])),
    entities: new Map([...raw.entities].map(([k, v]) => [k, v.data])),
    labels,
    // A shipped report belongs to the module of its folder (reports/<module>/<code>.json) unless it says otherwise.
    reports: new Map([...raw.reports].map(([k, v]) => [k, { ...v.data, module: v.data.module ?? v.file.split('/')[1] }])),
    flows: new Map([...raw.flows].map(([k, v]) => [k, v.data])),
  };
}

function idFromPath(root: string, base: string, abs: string) {
  return path
    .relative(path.join(root, base), abs)
    .split(path.sep)
    .join('/')
    .replace(/\.json$/, '');
}

function jsonFiles(dir: string): string[] {
  return walk(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    return e.isDirectory() ? walk(abs) : [abs];
  });
}
