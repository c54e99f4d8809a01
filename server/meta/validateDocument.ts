import type { Condition, EntitySchema, Formula, RefFilterValue, DocumentScreen } from '../../src/core/meta/types.js';
import { SYSTEM_FIELDS } from '../../src/core/meta/types.js';
import { linesFields, type LinesField } from '../../src/core/documents/evaluateDocument.js';
import { lineFieldLabelCandidates } from '../../src/core/documents/labels.js';
import { filterable } from '../../src/core/documents/refFilter.js';
import type { RawMeta } from './load.js';
import type { MetaError, NeedLabel } from './validate.js';

/**
 * The cross checks of documents (x-lines, x-document, document screens) and of dependent lookups
 * (x-refFilter, x-refScope): every name a formula, condition, check, column or filter uses must exist
 * where it is read, so a mistake is a file + pointer + sentence at start, never a wrong total later.
 */

/** Where a formula or condition is read: the header, or one line of a lines field. */
type Scope = { row: 'header' } | { row: 'line'; lines: string };

interface Names {
  entity: EntitySchema;
  header: Set<string>;
  lines: Map<string, { fields: Set<string>; lf: LinesField }>;
  /** totals that exist at this point (a total may use only those declared before it) */
  totals: string[];
}

const OPERATORS: Record<string, string[]> = {
  field: [],
  header: [],
  total: [],
  add: [],
  sub: [],
  mul: [],
  div: [],
  round: ['scale'],
  if: ['then', 'else'],
  sum: ['of', 'where'],
  count: ['where'],
};

function headerFields(e: EntitySchema): Set<string> {
  return new Set([...Object.keys(e.properties).filter((k) => !e.properties[k]['x-lines']), ...SYSTEM_FIELDS]);
}

function namesOf(e: EntitySchema): Names {
  const lines = new Map<string, { fields: Set<string>; lf: LinesField }>();
  for (const lf of linesFields(e)) {
    lines.set(lf.name, { lf, fields: new Set(['id', ...Object.keys(lf.item.properties ?? {}), ...Object.keys(lf.spec.computed ?? {})]) });
  }
  return { entity: e, header: headerFields(e), lines, totals: Object.keys(e['x-document']?.totals ?? {}) };
}

class Walker {
  constructor(
    private file: string,
    private names: Names,
    private errors: MetaError[],
  ) {}

  private fail(pointer: string, message: string) {
    this.errors.push({ file: this.file, pointer, message });
  }

  field(name: string, scope: Scope, pointer: string, fields?: Set<string>): void {
    if (scope.row === 'header') {
      if (!this.names.header.has(name)) this.fail(pointer, `'${name}' is not a field of the header of ${this.names.entity.$id}`);
      return;
    }
    const known = fields ?? this.names.lines.get(scope.lines)?.fields;
    if (known && !known.has(name)) this.fail(pointer, `'${name}' is not a field of the lines '${scope.lines}' of ${this.names.entity.$id}`);
  }

  formula(f: Formula, scope: Scope, pointer: string, totals: string[], lineFields?: Set<string>): void {
    if (typeof f === 'string' || typeof f !== 'object' || f === null) return;
    const keys = Object.keys(f);
    const ops = keys.filter((k) => k in OPERATORS);
    if (ops.length !== 1) {
      this.fail(pointer, `a formula needs exactly one operation (${Object.keys(OPERATORS).join(', ')}), this one has ${ops.length}`);
      return;
    }
    const op = ops[0];
    for (const k of keys) if (k !== op && !OPERATORS[op].includes(k)) this.fail(`${pointer}/${k}`, `'${k}' does not go with '${op}'`);
    const o = f as Record<string, any>;
    switch (op) {
      case 'field':
        return this.field(o.field, scope, `${pointer}/field`, lineFields);
      case 'header':
        if (scope.row === 'header')
          this.fail(`${pointer}/header`, `'header' reads the header from a line; on the header itself use 'field'`);
        else this.field(o.header, { row: 'header' }, `${pointer}/header`);
        return;
      case 'total':
        if (!totals.includes(o.total))
          this.fail(`${pointer}/total`, `'${o.total}' is not a total declared before this point (${totals.join(', ') || 'none'})`);
        return;
      case 'add':
      case 'sub':
      case 'mul':
      case 'div':
        (o[op] as Formula[]).forEach((x, i) => this.formula(x, scope, `${pointer}/${op}/${i}`, totals, lineFields));
        return;
      case 'round':
        return this.formula(o.round, scope, `${pointer}/round`, totals, lineFields);
      case 'if':
        if (o.then === undefined || o.else === undefined) this.fail(pointer, "an 'if' needs both 'then' and 'else'");
        this.condition(o.if, scope, `${pointer}/if`, totals, lineFields);
        if (o.then !== undefined) this.formula(o.then, scope, `${pointer}/then`, totals, lineFields);
        if (o.else !== undefined) this.formula(o.else, scope, `${pointer}/else`, totals, lineFields);
        return;
      case 'sum':
      case 'count': {
        const name = o[op] as string;
        if (!this.names.lines.has(name)) {
          this.fail(`${pointer}/${op}`, `'${name}' is not a lines field of ${this.names.entity.$id} (an array with x-lines)`);
          return;
        }
        if (op === 'sum' && o.of === undefined) this.fail(pointer, "a 'sum' needs 'of': the formula added up over the lines");
        const inner: Scope = { row: 'line', lines: name };
        if (o.of !== undefined) this.formula(o.of, inner, `${pointer}/of`, totals);
        if (o.where !== undefined) this.condition(o.where, inner, `${pointer}/where`, totals);
      }
    }
  }

  condition(c: Condition, scope: Scope, pointer: string, totals: string[], lineFields?: Set<string>): void {
    if (!c || typeof c !== 'object') return;
    if ('all' in c) c.all.forEach((x, i) => this.condition(x, scope, `${pointer}/all/${i}`, totals, lineFields));
    else if ('any' in c) c.any.forEach((x, i) => this.condition(x, scope, `${pointer}/any/${i}`, totals, lineFields));
    else if ('not' in c) this.condition(c.not, scope, `${pointer}/not`, totals, lineFields);
    else if ('field' in c) this.field(c.field.name, scope, `${pointer}/field/name`, lineFields);
    else if ('compare' in c) {
      this.formula(c.compare.left, scope, `${pointer}/compare/left`, totals, lineFields);
      this.formula(c.compare.right, scope, `${pointer}/compare/right`, totals, lineFields);
    }
  }
}

/** An entity's lines, totals, checks and status. */
export function checkDocumentEntity(id: string, file: string, e: EntitySchema, raw: RawMeta, needLabel: NeedLabel): MetaError[] {
  const errors: MetaError[] = [];
  const fail = (pointer: string, message: string) => errors.push({ file, pointer, message });
  const names = namesOf(e);
  const walk = new Walker(file, names, errors);
  const doc = e['x-document'] ?? {};
  const statusActions = new Set((doc.status?.actions ?? []).map((a) => a.key));

  const checkOn = (on: string[] | undefined, pointer: string) =>
    (on ?? []).forEach((k, i) => {
      if (k !== 'save' && !statusActions.has(k))
        fail(
          `${pointer}/on/${i}`,
          `'${k}' is neither 'save' nor an action of x-document.status (${[...statusActions].join(', ') || 'none'})`,
        );
    });

  for (const [name, field] of Object.entries(e.properties)) {
    const spec = field['x-lines'];
    if (!spec) continue;
    const ptr = `/properties/${name}`;
    const types = Array.isArray(field.type) ? field.type : [field.type];
    if (!types.includes('array')) {
      fail(`${ptr}/x-lines`, `x-lines belongs on an array field; '${name}' is ${types.join(' or ')}`);
      continue;
    }
    const item = field.items as { type?: string; properties?: Record<string, any>; additionalProperties?: boolean } | undefined;
    if (!item?.properties || item.type !== 'object' || item.additionalProperties !== false) {
      fail(`${ptr}/items`, 'the lines need an items schema of type object with properties and "additionalProperties": false');
      continue;
    }
    if (field.maxItems === undefined) fail(ptr, `lines '${name}' need a maxItems, so no request can send a million of them`);
    for (const [col, f] of Object.entries(item.properties)) {
      const fptr = `${ptr}/items/properties/${col}`;
      const ftypes = Array.isArray(f.type) ? f.type : [f.type];
      if (ftypes.includes('string') && f.maxLength === undefined && !f.enum && !f.format)
        fail(fptr, `text field '${col}' of the lines needs a maxLength (or an enum or a format)`);
      if (f['x-ref'] && !raw.entities.has(f['x-ref']) && !raw.unreadable.has(`entity:${f['x-ref']}`))
        fail(`${fptr}/x-ref`, `refers to entity '${f['x-ref']}', which has no file schemas/${f['x-ref']}.json`);
      if (['id', spec.parent, spec.order, 'branch_id'].includes(col))
        fail(fptr, `'${col}' is kept by the server (line id, parent, order or property) and cannot be a line field`);
      needLabel(file, fptr, lineFieldLabelCandidates(id, name, col, f['x-ui']?.label), `line field '${col}'`);
      if (f.enum) {
        const prefix = f['x-ui']?.enumLabels ?? `${id.split('/')[1]}.${name}.${col}`;
        (f.enum as unknown[]).forEach((v, i) =>
          needLabel(file, `${fptr}/enum/${i}`, [`${prefix}.${String(v)}`], `value '${String(v)}' of '${col}'`),
        );
      }
      errors.push(...checkRefFilter(file, fptr, f, raw, { row: 'line', lines: name }, names));
    }
    if (spec.summary && !item.properties[spec.summary]?.['x-ref'])
      fail(`${ptr}/x-lines/summary`, `'${spec.summary}' is not a lookup field of the lines '${name}'`);
    const lineFields = new Set(['id', ...Object.keys(item.properties)]);
    for (const [cname, formula] of Object.entries(spec.computed ?? {})) {
      if (item.properties[cname]) fail(`${ptr}/x-lines/computed/${cname}`, `'${cname}' is already a stored field of the lines`);
      walk.formula(formula, { row: 'line', lines: name }, `${ptr}/x-lines/computed/${cname}`, [], new Set(lineFields));
      lineFields.add(cname);
    }
    (spec.checks ?? []).forEach((c, i) => {
      const cptr = `${ptr}/x-lines/checks/${i}`;
      walk.condition(c.assert, { row: 'line', lines: name }, `${cptr}/assert`, names.totals);
      if (c.field && !lineFields.has(c.field)) fail(`${cptr}/field`, `'${c.field}' is not a field of the lines '${name}'`);
      needLabel(file, `${cptr}/message`, [c.message], 'the message of the check');
      checkOn(c.on, cptr);
    });
  }

  Object.entries(doc.totals ?? {}).forEach(([name, formula], i, all) => {
    walk.formula(
      formula,
      { row: 'header' },
      `/x-document/totals/${name}`,
      all.slice(0, i).map(([n]) => n),
    );
  });
  for (const [field, total] of Object.entries(doc.store ?? {})) {
    if (!names.header.has(field) || e.properties[field]?.['x-virtual'])
      fail(`/x-document/store/${field}`, `'${field}' is not a stored field of the header of ${id}`);
    if (!names.totals.includes(total)) fail(`/x-document/store/${field}`, `'${total}' is not a total of x-document.totals`);
  }
  (doc.checks ?? []).forEach((c, i) => {
    const cptr = `/x-document/checks/${i}`;
    walk.condition(c.assert, { row: 'header' }, `${cptr}/assert`, names.totals);
    if (c.field && !names.header.has(c.field)) fail(`${cptr}/field`, `'${c.field}' is not a field of the header of ${id}`);
    needLabel(file, `${cptr}/message`, [c.message], 'the message of the check');
    checkOn(c.on, cptr);
  });

  const status = doc.status;
  if (status) {
    const f = e.properties[status.field];
    if (!f?.enum) fail('/x-document/status/field', `'${status.field}' must be a field of ${id} with an enum of statuses`);
    else {
      if (!f.readOnly) fail('/x-document/status/field', `'${status.field}' must be readOnly: only the status actions change it`);
      const known = new Set(f.enum.map(String));
      const mustBeStatus = (v: string, pointer: string) => known.has(v) || fail(pointer, `'${v}' is not a value of '${status.field}'`);
      status.readOnly.forEach((v, i) => mustBeStatus(v, `/x-document/status/readOnly/${i}`));
      status.actions.forEach((a, i) => {
        a.from.forEach((v, j) => mustBeStatus(v, `/x-document/status/actions/${i}/from/${j}`));
        mustBeStatus(a.to, `/x-document/status/actions/${i}/to`);
      });
    }
    const routes = raw.routes ? flatRouteNodes(raw.routes.data.routes) : [];
    const offering = routes.filter((r) => r.permission === e['x-permission']);
    const seen = new Set<string>();
    status.actions.forEach((a, i) => {
      const aptr = `/x-document/status/actions/${i}`;
      if (seen.has(a.key)) fail(`${aptr}/key`, `action '${a.key}' is declared twice`);
      seen.add(a.key);
      needLabel(file, `${aptr}/label`, [a.label], `action '${a.key}'`);
      if (a.confirm) needLabel(file, `${aptr}/confirm`, [a.confirm], `the confirmation of '${a.key}'`);
      if (offering.length && !offering.some((r) => (r.ops ?? []).some((o) => o.key === a.key)))
        fail(
          `${aptr}/key`,
          `no route with permission ${e['x-permission']} offers the right '${a.key}': add { "key": "${a.key}", "name": … } to its ops`,
        );
    });
  }

  for (const [name, field] of Object.entries(e.properties)) {
    if (!field['x-lines']) errors.push(...checkRefFilter(file, `/properties/${name}`, field, raw, { row: 'header' }, names));
  }
  return errors;
}

function flatRouteNodes(nodes: NonNullable<RawMeta['routes']>['data']['routes']): NonNullable<RawMeta['routes']>['data']['routes'] {
  return nodes.flatMap((n) => [n, ...flatRouteNodes(n.children ?? [])]);
}

/** A dependent lookup: its sources exist on the row, its targets on the entity it looks up. */
function checkRefFilter(file: string, pointer: string, f: Record<string, any>, raw: RawMeta, scope: Scope, names: Names): MetaError[] {
  const errors: MetaError[] = [];
  const filter = f['x-refFilter'] as Record<string, RefFilterValue> | undefined;
  const refScope = f['x-refScope'] as { name: string; params: Record<string, RefFilterValue> } | undefined;
  if (!filter && !refScope) return errors;
  if (!f['x-ref']) {
    errors.push({ file, pointer, message: 'x-refFilter and x-refScope narrow a lookup: the field needs an x-ref' });
    return errors;
  }
  const target = raw.entities.get(f['x-ref'])?.data;
  const walk = new Walker(file, names, errors);
  const source = (v: RefFilterValue, vptr: string) => {
    const given = ['field', 'header', 'value'].filter((k) => k in v);
    if (given.length !== 1)
      errors.push({ file, pointer: vptr, message: 'a filter value comes from exactly one of field, header or value' });
    if (v.field) walk.field(v.field, scope, `${vptr}/field`);
    if (v.header) {
      if (scope.row === 'header')
        errors.push({ file, pointer: `${vptr}/header`, message: "'header' is for lookups on lines; here use 'field'" });
      else walk.field(v.header, { row: 'header' }, `${vptr}/header`);
    }
  };
  for (const [targetField, v] of Object.entries(filter ?? {})) {
    const vptr = `${pointer}/x-refFilter/${targetField}`;
    if (target && !(targetField in target.properties) && targetField !== 'id')
      errors.push({ file, pointer: vptr, message: `'${targetField}' is not a field of ${target.$id}, the entity this lookup picks from` });
    else if (target && !filterable(target.properties[targetField]))
      errors.push({
        file,
        pointer: vptr,
        message: `'${targetField}' of ${target.$id} is free text; a lookup filters on flags, numbers, dates, choices and references`,
      });
    source(v, vptr);
  }
  for (const [param, v] of Object.entries(refScope?.params ?? {})) source(v, `${pointer}/x-refScope/params/${param}`);
  return errors;
}

/** A document screen: its header like a form's, its grids on lines fields, its totals declared. */
export function checkDocumentScreen(
  file: string,
  s: DocumentScreen,
  e: EntitySchema,
  needLabel: NeedLabel,
  checkSections: (pointer: string, skip: Set<string>) => void,
): MetaError[] {
  const errors: MetaError[] = [];
  const fail = (pointer: string, message: string) => errors.push({ file, pointer, message });
  const doc = e['x-document'] ?? {};
  const totals = new Set(Object.keys(doc.totals ?? {}));
  const lines = new Map(linesFields(e).map((lf) => [lf.name, lf]));
  // Fields the server fills (the status, stored totals) and the lines need no place in the header.
  checkSections('/header', new Set([...lines.keys(), ...(doc.status ? [doc.status.field] : []), ...Object.keys(doc.store ?? {})]));
  const totalView = (t: { total: string; label: string }, pointer: string) => {
    if (!totals.has(t.total)) fail(`${pointer}/total`, `'${t.total}' is not a total of ${e.$id} (x-document.totals)`);
    needLabel(file, `${pointer}/label`, [t.label], `the total '${t.total}'`);
  };
  const gridded = new Set<string>();
  s.grids.forEach((g, i) => {
    const gptr = `/grids/${i}`;
    const lf = lines.get(g.field);
    if (!lf) {
      fail(`${gptr}/field`, `'${g.field}' is not a lines field of ${e.$id} (an array with x-lines)`);
      return;
    }
    if (gridded.has(g.field)) fail(`${gptr}/field`, `the lines '${g.field}' have a grid already`);
    gridded.add(g.field);
    if (g.title) needLabel(file, `${gptr}/title`, [g.title], 'the grid title');
    if (g.help) needLabel(file, `${gptr}/help`, [g.help], 'the grid help');
    const computed = lf.spec.computed ?? {};
    g.columns.forEach((c, j) => {
      const cptr = `${gptr}/columns/${j}`;
      const f = lf.item.properties[c.field];
      if (!f && !(c.field in computed)) {
        fail(`${cptr}/field`, `'${c.field}' is neither a field of the lines '${g.field}' nor computed on them`);
        return;
      }
      if (c.type === 'lookup' && !f?.['x-ref']) fail(`${cptr}/type`, `'${c.field}' is not a lookup (no x-ref)`);
      if (c.type === 'select' && !f?.enum) fail(`${cptr}/type`, `'${c.field}' has no enum to choose from`);
      needLabel(
        file,
        cptr,
        c.label ? [c.label] : lineFieldLabelCandidates(e.$id, g.field, c.field, f?.['x-ui']?.label),
        `column '${c.field}'`,
      );
    });
    for (const r of lf.item.required ?? []) {
      if (!g.columns.some((c) => c.field === r))
        fail(`${gptr}/columns`, `required line field '${r}' has no column, so no line could be saved`);
    }
    (g.footer ?? []).forEach((t, j) => totalView(t, `${gptr}/footer/${j}`));
  });
  (s.summary ?? []).forEach((t, j) => totalView(t, `/summary/${j}`));
  if (s.help) needLabel(file, '/help', [s.help], 'the help text');
  if (s.picker?.subtitle && !(s.picker.subtitle in e.properties))
    fail('/picker/subtitle', `'${s.picker.subtitle}' is not a field of ${e.$id}`);
  if (s.picker?.empty) needLabel(file, '/picker/empty', [s.picker.empty], 'the empty subtitle');
  return errors;
}
