import type { EntitySchema, FormScreen, ReportDefinition, RouteNode, Screen, ScreenAction } from '../../src/core/meta/types.js';
import { checkDocumentEntity, checkDocumentScreen } from './validateDocument.js';
import { fieldLabelCandidates, flattenRoutes, SYSTEM_FIELDS } from '../../src/core/meta/types.js';
import { createAjv } from '../validation/ajv.js';
import { parameterNames } from '../reports/namedSql.js';
import { screenReportSql } from '../reports/sandbox.js';
import type { RawMeta } from './load.js';
import type { FlowNames } from '../../src/core/flows/generic.js';
import { checkFlow } from './validateFlows.js';

export interface MetaError {
  file: string;
  pointer: string;
  message: string;
}

export interface MetaOptions {
  /** what the server's flow runner implements, per server flow (server/flowCatalog.ts) */
  serverFlows?: Map<string, FlowNames>;
}

/** Every check on the definitions: each file against its meta-schema, then every cross reference. */
export function validateMeta(raw: RawMeta, options: MetaOptions = {}): MetaError[] {
  const errors: MetaError[] = [];
  const ajv = createAjv();
  for (const f of raw.metaSchemas.values()) ajv.addSchema(f.data);

  const check = (schemaId: string, file: string, data: unknown) => {
    const validate = ajv.getSchema(schemaId);
    if (!validate) {
      errors.push({ file, pointer: '', message: `meta-schema ${schemaId} is missing from schemas/meta` });
      return false;
    }
    if (validate(data)) return true;
    for (const e of validate.errors ?? []) {
      if (e.keyword === 'if') continue;
      errors.push({ file, pointer: e.instancePath, message: describeMetaError(e) });
    }
    return false;
  };

  const labels = new Map<string, string>();
  for (const f of raw.locales) {
    // A file with one broken label still defines its other labels: one mistake is one error.
    if (!check('meta/locale', f.file, f.data) && (typeof f.data !== 'object' || f.data === null)) continue;
    for (const key of Object.keys(f.data)) {
      if (key === '$schema') continue;
      const other = labels.get(key);
      if (other) errors.push({ file: f.file, pointer: `/${escape(key)}`, message: `label '${key}' is also defined in ${other}` });
      else labels.set(key, f.file);
    }
  }
  const needLabel = (file: string, pointer: string, candidates: string[], what: string) => {
    if (candidates.some((k) => labels.has(k))) return;
    errors.push({ file, pointer, message: `no label for ${what}: add '${candidates.join("' or '")}' (en and id) to a file in locales/` });
  };

  const entityOk = new Set<string>();
  const tableOwner = new Map<string, string>();
  for (const [id, f] of raw.entities) {
    if (!check('meta/entity', f.file, f.data)) continue;
    entityOk.add(id);
    errors.push(...checkEntity(id, f.file, f.data, raw, needLabel));
    // one table, one entity: a second would write rows the first does not expect
    const { table, managed } = f.data['x-db'];
    const first = tableOwner.get(table);
    if (first)
      errors.push({
        file: f.file,
        pointer: '/x-db/table',
        message: `table '${table}' is already the table of entity ${first}: one table, one entity`,
      });
    else tableOwner.set(table, id);
    const migration = raw.migrationTables.get(table);
    if (managed && migration)
      errors.push({
        file: f.file,
        pointer: '/x-db/managed',
        message: `table '${table}' is created by ${migration}: a managed entity needs a table of its own (choose another name, or drop "managed" and keep the migration)`,
      });
  }

  for (const [code, f] of raw.reports) {
    if (!check('meta/report', f.file, f.data)) continue;
    if (f.data.code !== code)
      errors.push({ file: f.file, pointer: '/code', message: `code '${f.data.code}' must equal the file name '${code}'` });
    errors.push(...checkReport(f.file, f.data, (ref) => !missing(raw, 'entity', ref), needLabel));
  }

  const flowsOk = new Map([...raw.flows].filter(([, f]) => check('meta/flow', f.file, f.data)).map(([id, f]) => [id, f.data]));
  const flowsBroken = new Set([...raw.flows.keys(), ...[...raw.unreadable].filter((u) => u.startsWith('flow:')).map((u) => u.slice(5))]);
  for (const id of flowsOk.keys()) flowsBroken.delete(id);
  for (const [id, def] of flowsOk) {
    const { file } = raw.flows.get(id)!;
    errors.push(
      ...checkFlow(id, file, def, {
        serverFlows: options.serverFlows,
        flows: flowsOk,
        broken: flowsBroken,
        customComponents: raw.customComponents,
        needLabel,
      }),
    );
  }

  for (const [id, f] of raw.screens) {
    if (!check('meta/screen', f.file, f.data)) continue;
    errors.push(...checkScreen(id, f.file, f.data, raw, entityOk, needLabel));
  }

  if (raw.routes && check('meta/routes', raw.routes.file, raw.routes.data)) {
    errors.push(...checkRoutes(raw.routes.file, raw.routes.data.routes, raw));
  }
  return errors;
}

export type NeedLabel = (file: string, pointer: string, candidates: string[], what: string) => void;

/** True when no file defines it; a file that exists but is not valid JSON has already been reported. */
function missing(raw: RawMeta, kind: 'screen' | 'entity' | 'report' | 'flow', id: string): boolean {
  const present = { screen: raw.screens, entity: raw.entities, report: raw.reports, flow: raw.flows }[kind].has(id);
  return !present && !raw.unreadable.has(`${kind}:${id}`);
}

function checkEntity(id: string, file: string, e: EntitySchema, raw: RawMeta, needLabel: NeedLabel): MetaError[] {
  const errors: MetaError[] = [];
  if (e.$id !== id) errors.push({ file, pointer: '/$id', message: `$id '${e.$id}' must equal the file path '${id}'` });
  const fields = new Set([...Object.keys(e.properties), ...SYSTEM_FIELDS]);
  const mustBeField = (name: string, pointer: string) => {
    if (!fields.has(name)) errors.push({ file, pointer, message: `'${name}' is not a field of ${id}` });
  };
  (e.required ?? []).forEach((r, i) => mustBeField(r, `/required/${i}`));
  const db = e['x-db'];
  (db.label ?? []).forEach((f, i) => mustBeField(f, `/x-db/label/${i}`));
  (db.search ?? []).forEach((f, i) => mustBeField(f, `/x-db/search/${i}`));
  for (const [f, columns] of Object.entries(db.translated ?? {})) {
    if (!(db.label ?? []).includes(f)) errors.push({ file, pointer: `/x-db/translated/${f}`, message: `'${f}' is not one of x-db.label` });
    for (const [lang, other] of Object.entries(columns)) mustBeField(other, `/x-db/translated/${f}/${lang}`);
  }
  (db.hidden ?? []).forEach((f, i) => mustBeField(f, `/x-db/hidden/${i}`));
  if (db.defaultSort) mustBeField(db.defaultSort, '/x-db/defaultSort');
  (db.unique ?? []).forEach((u, i) => u.forEach((f, j) => mustBeField(f, `/x-db/unique/${i}/${j}`)));
  if (e.title) needLabel(file, '/title', [e.title], `entity ${id}`);
  for (const [name, field] of Object.entries(e.properties)) {
    const ptr = `/properties/${name}`;
    const types = Array.isArray(field.type) ? field.type : [field.type];
    if (
      isAmountName(name) &&
      !field.enum &&
      // a lookup (revenue_account_id) is an id, never an amount
      !field['x-ref'] &&
      field.format !== 'money' &&
      (types.includes('number') || types.includes('integer') || !field.format)
    )
      errors.push({ file, pointer: ptr, message: MONEY_MESSAGE(name) });
    if (types.includes('string') && field.maxLength === undefined && !field.enum && !field.format) {
      errors.push({
        file,
        pointer: ptr,
        message: `text field '${name}' needs a maxLength (or an enum or a format) so no request can store 10 kB in it`,
      });
    }
    const ref = field['x-ref'];
    if (ref && missing(raw, 'entity', ref))
      errors.push({ file, pointer: `${ptr}/x-ref`, message: `refers to entity '${ref}', which has no file schemas/${ref}.json` });
    const readRight = field['x-read-right'];
    const offered = (r: { node: RouteNode }) =>
      r.node.permission === e['x-permission'] && (r.node.ops ?? []).some((o) => o.key === readRight);
    if (readRight && raw.routes && !flattenRoutes(raw.routes.data.routes).some(offered))
      errors.push({
        file,
        pointer: `${ptr}/x-read-right`,
        message: `no route with permission ${e['x-permission']} offers the right '${readRight}': add { "key": "${readRight}", "name": … } to its ops`,
      });
    if (field['x-ui']?.widget !== 'hidden') {
      needLabel(file, ptr, fieldLabelCandidates(id, name, field['x-ui']?.label), `field '${name}'`);
    }
    if (field.enum) {
      const prefix = field['x-ui']?.enumLabels ?? `${id.split('/')[1]}.${name}`;
      field.enum.forEach((v, i) => needLabel(file, `${ptr}/enum/${i}`, [`${prefix}.${String(v)}`], `value '${String(v)}' of '${name}'`));
    }
  }
  errors.push(...checkDocumentEntity(id, file, e, raw, needLabel));
  return errors;
}

/**
 * The cross checks of one report definition (shipped, or a property's own): parameters it uses exist,
 * columns named by grouping, totals, sorting and the chart exist, labels exist, and its SQL is one
 * read-only query naming nothing outside the data.
 */
export function checkReport(file: string, r: ReportDefinition, entityExists: (id: string) => boolean, needLabel: NeedLabel): MetaError[] {
  const errors: MetaError[] = [];
  const params = new Set(Object.keys(r.parameters?.properties ?? {}));
  params.add('branch_id');
  for (const name of parameterNames(r.sql)) {
    if (!params.has(name)) errors.push({ file, pointer: '/sql', message: `uses :${name}, which is not a parameter of the report` });
  }
  const refused = screenReportSql(r.sql);
  if (refused) errors.push({ file, pointer: '/sql', message: SQL_REFUSALS[refused] });
  const cols = new Set(r.columns.map((c) => c.field));
  const column = (g: string, pointer: string) => cols.has(g) || errors.push({ file, pointer, message: `'${g}' is not a column` });
  (r.groupBy ?? []).forEach((g, i) => column(g, `/groupBy/${i}`));
  (r.totals ?? []).forEach((g, i) => column(g, `/totals/${i}`));
  for (const [field, ratio] of Object.entries(r.ratios ?? {})) {
    column(field, `/ratios/${field}`);
    ratio.of.forEach((g, i) => column(g, `/ratios/${field}/of/${i}`));
    column(ratio.per, `/ratios/${field}/per`);
  }
  (r.sort ?? []).forEach((g, i) => column(g.field, `/sort/${i}/field`));
  if (r.chart) {
    column(r.chart.x, '/chart/x');
    r.chart.y.forEach((y, i) => column(y, `/chart/y/${i}`));
  }
  r.columns.forEach((c, i) => {
    if (c.label) needLabel(file, `/columns/${i}/label`, [c.label], `column '${c.field}'`);
    if (isAmountName(c.field) && (c.type === 'number' || c.type === 'integer'))
      errors.push({
        file,
        pointer: `/columns/${i}/type`,
        message: `column '${c.field}' is an amount: give it "type": "money" (rupiah, . grouping, no decimals)`,
      });
  });
  for (const [name, p] of Object.entries(r.parameters?.properties ?? {})) {
    const ptr = `/parameters/properties/${name}`;
    const ref = p['x-ref'] as string | undefined;
    if (ref && !entityExists(ref))
      errors.push({ file, pointer: `${ptr}/x-ref`, message: `refers to entity '${ref}', which does not exist` });
    if (p['x-label']) needLabel(file, `${ptr}/x-label`, [p['x-label'] as string], `parameter '${name}'`);
    else if (!p['x-title']) needLabel(file, ptr, [`report.param.${name}`], `parameter '${name}' (or give it x-label or x-title)`);
    const prefix = p['x-enumLabels'] as string | undefined;
    if (prefix)
      ((p.enum as unknown[]) ?? []).forEach((v, i) =>
        needLabel(file, `${ptr}/enum/${i}`, [`${prefix}.${String(v)}`], `value '${String(v)}' of '${name}'`),
      );
  }
  return errors;
}

const SQL_REFUSALS: Record<string, string> = {
  'report.sql.notSelect': 'the SQL must be one query starting with SELECT, WITH or VALUES',
  'report.sql.oneStatement': 'the SQL must be one statement (no ";" between statements)',
  'report.sql.forbidden':
    'the SQL names a function or clause a report may not use (files, settings, sequences, sleep, COPY, SELECT INTO …)',
};

function checkScreen(id: string, file: string, s: Screen, raw: RawMeta, entityOk: Set<string>, needLabel: NeedLabel): MetaError[] {
  const errors: MetaError[] = [];
  const entityOf = (name: string, pointer: string): EntitySchema | undefined => {
    const e = raw.entities.get(name);
    if (missing(raw, 'entity', name)) errors.push({ file, pointer, message: `entity '${name}' does not exist (no schemas/${name}.json)` });
    return e && entityOk.has(name) ? e.data : undefined;
  };
  const fieldOf = (e: EntitySchema, name: string, pointer: string) => {
    if (!(name in e.properties) && !(SYSTEM_FIELDS as readonly string[]).includes(name)) {
      errors.push({ file, pointer, message: `'${name}' is not a field of entity ${e.$id}` });
      return false;
    }
    return true;
  };
  /** a list's row actions and a document's actions: each labelled, each input's lookup an entity that exists */
  const checkActions = (actions: ScreenAction[] | undefined, base: string) => {
    (actions ?? []).forEach((a, i) => {
      needLabel(file, `${base}/${i}/label`, [a.label], `action '${a.key}'`);
      if (a.confirm) needLabel(file, `${base}/${i}/confirm`, [a.confirm], `the confirmation of '${a.key}'`);
      if (a.resultMessage) needLabel(file, `${base}/${i}/resultMessage`, [a.resultMessage], `the result of '${a.key}'`);
      (a.input ?? []).forEach((f, j) => {
        needLabel(file, `${base}/${i}/input/${j}/label`, [f.label], `the input '${f.name}' of '${a.key}'`);
        if (f.ref && missing(raw, 'entity', f.ref))
          errors.push({
            file,
            pointer: `${base}/${i}/input/${j}/ref`,
            message: `refers to entity '${f.ref}', which has no file schemas/${f.ref}.json`,
          });
      });
    });
  };
  const title = (s as { title?: string }).title;
  if (title) needLabel(file, '/title', [title], 'the screen title');
  switch (s.kind) {
    case 'list': {
      const e = entityOf(s.entity, '/entity');
      if (e) {
        s.columns.forEach((c, i) => {
          if (fieldOf(e, c.field, `/columns/${i}/field`)) {
            const ui = e.properties[c.field]?.['x-ui'];
            needLabel(file, `/columns/${i}`, c.label ? [c.label] : fieldLabelCandidates(e.$id, c.field, ui?.label), `column '${c.field}'`);
          }
        });
        if (s.defaultSort) fieldOf(e, s.defaultSort.field, '/defaultSort/field');
        (s.filters ?? []).forEach((f, i) => fieldOf(e, f, `/filters/${i}`));
        if (s.search && !e['x-db'].search?.length)
          errors.push({ file, pointer: '/search', message: `entity ${e.$id} declares no x-db.search fields to search in` });
      }
      if (s.form) {
        const form = raw.screens.get(s.form);
        if (!form) {
          if (missing(raw, 'screen', s.form))
            errors.push({ file, pointer: '/form', message: `form screen '${s.form}' does not exist (no screens/${s.form}.json)` });
        } else if (form.data.kind !== 'form')
          errors.push({ file, pointer: '/form', message: `screen '${s.form}' is a ${form.data.kind} screen, not a form` });
        else if (form.data.entity !== s.entity)
          errors.push({ file, pointer: '/form', message: `form '${s.form}' edits ${form.data.entity}, but this list shows ${s.entity}` });
      }
      (s.links ?? []).forEach((l, i) => {
        needLabel(file, `/links/${i}/label`, [l.label], 'the link');
        const declared =
          raw.routes &&
          flattenRoutes(raw.routes.data.routes).some(
            (r) => (r.fullPath === l.to && (r.node.screen || r.node.redirect)) || (r.node.screen && routeMatches(r.fullPath, l.to)),
          );
        if (!declared)
          errors.push({ file, pointer: `/links/${i}/to`, message: `links to ${l.to}, which is not a declared route with a screen` });
      });
      if (s.open) {
        // a document on a route without an id opens one record by the address's query (`form-event?id={id}`)
        const shape = (p: string) => p.replace(/\{\w+\??\}/g, '{}').replace(/\?.*$/, '');
        const opened =
          raw.routes && flattenRoutes(raw.routes.data.routes).some((r) => r.node.screen && shape(r.fullPath) === shape(s.open!));
        if (!opened) errors.push({ file, pointer: '/open', message: `opens ${s.open}, which is not a declared route with a screen` });
        for (const [, field] of s.open.matchAll(/\{(\w+)\}/g))
          if (field !== 'id' && e && !e.properties[field])
            errors.push({ file, pointer: '/open', message: `{${field}} is not a field of ${e.$id}` });
      }
      (s.create ?? []).forEach((c, i) => {
        needLabel(file, `/create/${i}/label`, [c.label], 'the New button');
        const declared =
          raw.routes &&
          flattenRoutes(raw.routes.data.routes).some((r) => r.node.screen && routeMatches(r.fullPath, c.to.replace(/\?.*$/, '')));
        if (!declared)
          errors.push({ file, pointer: `/create/${i}/to`, message: `opens ${c.to}, which is not a declared route with a screen` });
      });
      if (e) {
        Object.keys(s.fixedFilter ?? {}).forEach((f) => fieldOf(e, f, `/fixedFilter/${f}`));
        Object.entries(s.routeFilter ?? {}).forEach(([from, f]) => fieldOf(e, f, `/routeFilter/${from}`));
        Object.keys(s.day?.match ?? {}).forEach((f) => {
          if (fieldOf(e, f, `/day/match/${f}`) && e.properties[f]?.format !== 'date')
            errors.push({ file, pointer: `/day/match/${f}`, message: `'${f}' of ${e.$id} is not a date field` });
        });
      }
      if (s.day) needLabel(file, '/day/label', [s.day.label], 'the day');
      checkActions(s.rowActions, '/rowActions');
      break;
    }
    case 'form': {
      const e = entityOf(s.entity, '/entity');
      if (e) checkSections(file, e, s, '', new Set(), needLabel, errors);
      break;
    }
    case 'document': {
      const e = entityOf(s.entity, '/entity');
      checkActions(s.actions, '/actions');
      if (e)
        errors.push(
          ...checkDocumentScreen(file, s, e, needLabel, (base, skip) => checkSections(file, e, s.header, base, skip, needLabel, errors)),
        );
      break;
    }
    case 'custom':
      if (!raw.customComponents.has(s.component)) {
        errors.push({
          file,
          pointer: '/component',
          message: `component '${s.component}' does not exist (no src/custom/${s.component}.tsx)`,
        });
      }
      break;
    case 'dashboard':
      s.tiles.forEach((t, i) => {
        needLabel(file, `/tiles/${i}/label`, [t.label], 'the tile');
        const r = raw.reports.get(t.report);
        if (!r) {
          if (missing(raw, 'report', t.report))
            errors.push({
              file,
              pointer: `/tiles/${i}/report`,
              message: `report '${t.report}' does not exist (no reports/**/${t.report}.json)`,
            });
        } else if (t.value && !r.data.columns.some((c) => c.field === t.value)) {
          errors.push({ file, pointer: `/tiles/${i}/value`, message: `report '${t.report}' has no column '${t.value}'` });
        }
      });
      (s.tables ?? []).forEach((t, i) => {
        needLabel(file, `/tables/${i}/title`, [t.title], 'the table');
        if (missing(raw, 'report', t.report))
          errors.push({ file, pointer: `/tables/${i}/report`, message: `report '${t.report}' does not exist` });
      });
      break;
    case 'flow': {
      const flow = raw.flows.get(s.flow);
      if (missing(raw, 'flow', s.flow))
        errors.push({ file, pointer: '/flow', message: `flow '${s.flow}' does not exist (no flows/${s.flow}.json)` });
      else if (flow && flow.data.runner !== 'client')
        errors.push({ file, pointer: '/flow', message: `flow '${s.flow}' runs on the server; a screen shows a client flow` });
      break;
    }
    case 'report': {
      if (s.report && missing(raw, 'report', s.report))
        errors.push({ file, pointer: '/report', message: `report '${s.report}' does not exist (no reports/**/${s.report}.json)` });
      const params = s.report ? raw.reports.get(s.report)?.data.parameters?.properties : undefined;
      for (const [from, to] of Object.entries(s.routeParams ?? {}))
        if (params && !(to in params))
          errors.push({ file, pointer: `/routeParams/${from}`, message: `report '${s.report}' has no parameter '${to}'` });
      break;
    }
  }
  void id;
  return errors;
}

/** A form's sections (or a document's header): fields exist, are placed once, and every required one is placed. */
function checkSections(
  file: string,
  e: EntitySchema,
  s: Pick<FormScreen, 'sections' | 'fields'>,
  base: string,
  skip: Set<string>,
  needLabel: NeedLabel,
  errors: MetaError[],
) {
  const fieldOf = (name: string, pointer: string) => {
    if (!(name in e.properties) && !(SYSTEM_FIELDS as readonly string[]).includes(name)) {
      errors.push({ file, pointer, message: `'${name}' is not a field of entity ${e.$id}` });
      return false;
    }
    return true;
  };
  const placed = new Set<string>();
  s.sections.forEach((sec, i) => {
    if (sec.title) needLabel(file, `${base}/sections/${i}/title`, [sec.title], 'the section title');
    sec.fields.forEach((f, j) => {
      if (placed.has(f)) errors.push({ file, pointer: `${base}/sections/${i}/fields/${j}`, message: `'${f}' is placed twice` });
      placed.add(f);
      fieldOf(f, `${base}/sections/${i}/fields/${j}`);
    });
  });
  for (const [name, opts] of Object.entries(s.fields ?? {})) {
    if (fieldOf(name, `${base}/fields/${name}`) && !placed.has(name)) {
      errors.push({ file, pointer: `${base}/fields/${name}`, message: `'${name}' has options but is in no section` });
    }
    if (opts.label) needLabel(file, `${base}/fields/${name}/label`, [opts.label], `field '${name}'`);
  }
  // a read-only entity's form only shows a row (and its actions): it is never saved
  for (const r of e['x-db'].readOnly ? [] : (e.required ?? [])) {
    const prop = e.properties[r];
    if (prop && !prop.readOnly && !placed.has(r) && !skip.has(r) && prop.default === undefined) {
      errors.push({
        file,
        pointer: `${base}/sections`,
        message: `required field '${r}' of ${e.$id} is in no section, so the form could never be saved`,
      });
    }
  }
}

/**
 * Field names that hold an amount of money. Such a field is an exact decimal ("type": "string",
 * "format": "money"), never a float, and a report column showing one is of type money.
 */
const AMOUNT_WORDS = ['amount', 'price', 'cost', 'fee', 'balance', 'deposit', 'charge', 'revenue', 'adr', 'revpar', 'tariff'];
export function isAmountName(name: string): boolean {
  return name.split('_').some((w) => AMOUNT_WORDS.includes(w));
}
const MONEY_MESSAGE = (name: string) =>
  `'${name}' is an amount: declare it "type": "string", "format": "money" (an exact decimal), not a plain number`;

function checkRoutes(file: string, routes: RouteNode[], raw: RawMeta): MetaError[] {
  const errors: MetaError[] = [];
  const flat = flattenRoutes(routes);
  const seen = new Map<string, string>();
  const paths = new Set(flat.map((r) => r.fullPath));
  for (const r of flat) {
    const n = r.node;
    const other = seen.get(r.fullPath);
    if (other) errors.push({ file, pointer: r.pointer, message: `path ${r.fullPath} is declared twice (also at ${other})` });
    seen.set(r.fullPath, r.pointer);
    if (n.screen && missing(raw, 'screen', n.screen)) {
      errors.push({ file, pointer: `${r.pointer}/screen`, message: `screen '${n.screen}' does not exist (no screens/${n.screen}.json)` });
    }
    if (n.screen && n.redirect) errors.push({ file, pointer: r.pointer, message: 'a route has either a screen or a redirect, not both' });
    if (
      n.redirect &&
      !paths.has(n.redirect.split('?')[0]) &&
      !flat.some((t) => t.node.screen && routeMatches(t.fullPath, n.redirect!.split('?')[0]))
    ) {
      errors.push({ file, pointer: `${r.pointer}/redirect`, message: `redirects to ${n.redirect}, which is not a declared route` });
    }
    // an entity's right is declared once, on the entity; the route that shows it names the same right
    const shown = n.screen ? raw.screens.get(n.screen)?.data : undefined;
    const entityId = shown && 'entity' in shown ? (shown as { entity: string }).entity : undefined;
    const entity = entityId ? raw.entities.get(entityId) : undefined;
    if (entity && n.permission && entity.data['x-permission'] !== n.permission)
      errors.push({
        file,
        pointer: `${r.pointer}/permission`,
        message: `permission '${n.permission}' differs from '${entity.data['x-permission']}', the x-permission of entity ${entityId} (${entity.file}): an entity's right is declared once`,
      });
    if (n.screen && !n.public && !n.signedIn && !n.permission) {
      errors.push({
        file,
        pointer: r.pointer,
        message: `route ${r.fullPath} has a screen but no permission (or "signedIn": true for a screen every signed-in user may open)`,
      });
    }
  }
  return errors;
}

function describeMetaError(e: { keyword: string; message?: string; params: Record<string, any> }): string {
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown property '${e.params.additionalProperty}'`;
    case 'required':
      return `missing property '${e.params.missingProperty}'`;
    case 'enum':
      return `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      return `does not match the expected form ${e.params.pattern}`;
    case 'const':
      return `must be ${JSON.stringify(e.params.allowedValue)}`;
    default:
      return e.message ?? 'is invalid';
  }
}

function escape(key: string) {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Whether an address is one of a declared route's (`/a/form/{type}/{id?}` takes `/a/form/advance`). */
function routeMatches(fullPath: string, path: string): boolean {
  const pattern = fullPath
    .split('/')
    .map((part) =>
      /^\{\w+\?\}$/.test(part)
        ? '(?:/[^/]+)?'
        : /^\{\w+\}$/.test(part)
          ? '/[^/]+'
          : part
            ? `/${part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}`
            : '',
    )
    .join('');
  return new RegExp(`^${pattern}$`).test(path);
}
