import type { EntityField, EntitySchema, Lang } from '../../src/core/meta/types.js';
import { linesFields, type LinesField } from '../../src/core/documents/evaluateDocument.js';
import { filterable } from '../../src/core/documents/refFilter.js';

/** What the data layer needs to know about one entity, derived once from its JSON Schema. */
export interface EntityModel {
  id: string;
  schema: EntitySchema;
  table: string;
  branchScoped: boolean;
  /** stored fields: property name → column name */
  columns: Map<string, string>;
  /** fields a client may send (not readOnly), including virtual ones */
  writable: string[];
  virtual: string[];
  /** fields never returned (writeOnly secrets and x-db.hidden) */
  hidden: Set<string>;
  /** personal data shown to those who may read it, masked everywhere else (audit log, logs, errors) */
  sensitive: Set<string>;
  /** fields only the holders of a right read (x-read-right): field → action of the entity's resource */
  readRights: Map<string, string>;
  required: Set<string>;
  refs: Map<string, string>;
  labelFields: string[];
  /** a label field's column in another language (x-db.translated) */
  translated: Record<string, Partial<Record<Lang, string>>>;
  searchFields: string[];
  sortable: Set<string>;
  defaultSort: string;
  hasActive: boolean;
  /** false for read-only views over tables without version/created_at/updated_at (the audit log) */
  standardColumns: boolean;
  /** one row per branch (hotel parameters): the form edits it, nobody creates or deletes it */
  singleton: boolean;
  /** a document's lines fields (x-lines), each stored in its child table */
  lines: LinesField[];
  createSchema: object;
  updateSchema: object;
  filterSchema: object;
  /** filters a lookup accepts: only fields that pick rows (flags, numbers, dates, choices, references), never free
   *  text, so a user without the view right cannot probe e-mail addresses or names through a lookup */
  lookupFilterSchema: object;
}

const SORTABLE_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

export function buildEntityModel(schema: EntitySchema): EntityModel {
  const db = schema['x-db'];
  const columns = new Map<string, string>();
  const writable: string[] = [];
  const virtual: string[] = [];
  const hidden = new Set<string>(db.hidden ?? []);
  const sensitive = new Set<string>();
  const readRights = new Map<string, string>();
  const refs = new Map<string, string>();
  const sortable = new Set<string>(db.readOnly ? ['id'] : ['id', 'created_at', 'updated_at']);
  for (const [name, f] of Object.entries(schema.properties)) {
    if (f['x-virtual'] || f['x-lines']) virtual.push(name);
    else columns.set(name, f['x-column'] ?? name);
    if (!f.readOnly) writable.push(name);
    if (f.writeOnly) hidden.add(name);
    if (f['x-sensitive']) sensitive.add(name);
    if (f['x-read-right']) readRights.set(name, f['x-read-right']);
    if (f['x-ref']) refs.set(name, f['x-ref']);
    if (!f['x-virtual'] && !f['x-lines'] && SORTABLE_TYPES.has(baseType(f))) sortable.add(name);
  }
  // A secret is never an ordering either: sorting by it would leak it a comparison at a time.
  for (const name of hidden) sortable.delete(name);
  for (const name of sensitive) sortable.delete(name);
  for (const name of readRights.keys()) sortable.delete(name);
  const required = new Set(schema.required ?? []);
  const labelFields = db.label ?? (columns.has('name') ? ['name'] : ['id']);
  const model: EntityModel = {
    id: schema.$id,
    schema,
    table: db.table,
    branchScoped: db.scope === 'branch',
    columns,
    writable,
    virtual,
    hidden,
    sensitive,
    readRights,
    required,
    refs,
    labelFields,
    translated: db.translated ?? {},
    searchFields: db.search ?? [],
    sortable,
    defaultSort: db.defaultSort ?? labelFields[0] ?? 'id',
    hasActive: columns.has('active'),
    standardColumns: !db.readOnly,
    singleton: Boolean(db.singleton),
    lines: linesFields(schema),
    createSchema: {},
    updateSchema: {},
    filterSchema: {},
    lookupFilterSchema: {},
  };
  model.createSchema = writeSchema(model, 'create');
  model.updateSchema = writeSchema(model, 'update');
  const visible = [...columns.keys()].filter((f) => !hidden.has(f));
  model.filterSchema = filterSchema([...visible, 'id']);
  model.lookupFilterSchema = filterSchema(visible.filter((f) => filterable(schema.properties[f])));
  return model;
}

export function baseType(f: EntityField): string {
  const t = Array.isArray(f.type) ? f.type.find((x) => x !== 'null') : f.type;
  return t ?? 'string';
}

/** The body schema of a create (required fields required) or an update (any subset plus version). */
function writeSchema(m: EntityModel, mode: 'create' | 'update'): object {
  const properties: Record<string, unknown> = {};
  for (const name of m.writable) {
    const f = m.schema.properties[name];
    const prop: Record<string, unknown> = storedSchema(f);
    if (f['x-lines']) prop.items = lineItemSchema(f.items as { properties: Record<string, EntityField> });
    delete prop.default;
    if (!m.required.has(name)) {
      const types = Array.isArray(f.type) ? f.type : [f.type];
      prop.type = types.includes('null') ? types : [...types, 'null'];
      if (prop.enum) prop.enum = [...(prop.enum as unknown[]), null];
    }
    properties[name] = prop;
  }
  if (mode === 'update') properties.version = { type: 'integer', minimum: 1 };
  const required = mode === 'create'
    ? [...m.required].filter((r) => m.writable.includes(r) && m.schema.properties[r].default === undefined)
    : ['version'];
  const ranges = m.schema['x-dateRanges'];
  return { type: 'object', additionalProperties: false, properties, required, ...(ranges ? { 'x-dateRanges': ranges } : {}) };
}

const ANNOTATIONS = ['x-ui', 'x-ref', 'x-column', 'x-virtual', 'x-lines', 'x-refFilter', 'x-refScope', 'readOnly', 'writeOnly', 'title'];

/** A field's schema as a request body is checked against it: validation keywords only. */
function storedSchema(f: EntityField | Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(f).filter(([k]) => !ANNOTATIONS.includes(k)));
}

/** One line as a client sends it: its fields, and the id of a line it keeps (new lines have none). */
function lineItemSchema(item: { properties: Record<string, EntityField>; required?: string[] }) {
  const properties: Record<string, unknown> = { id: { type: 'integer', minimum: 1 } };
  for (const [name, f] of Object.entries(item.properties)) properties[name] = storedSchema(f);
  return { ...storedSchema(item as unknown as Record<string, unknown>), properties };
}

/** Filters a list accepts: { field: { op, value } } on the given (declared, non-secret) fields only. */
function filterSchema(fields: string[]): object {
  const value = { type: ['string', 'number', 'boolean', 'null', 'array'], maxLength: 200, maxItems: 100, items: { type: ['string', 'number', 'boolean', 'null'], maxLength: 200 } };
  return {
    type: 'object',
    maxProperties: 20,
    propertyNames: { enum: fields },
    additionalProperties: {
      type: 'object',
      required: ['op'],
      additionalProperties: false,
      properties: {
        op: { enum: ['eq', 'ne', 'contains', 'startsWith', 'gt', 'gte', 'lt', 'lte', 'in', 'range', 'empty', 'notEmpty'] },
        value,
      },
    },
  };
}

