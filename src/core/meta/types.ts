import type { DateRange } from '../checks/dateRanges.js';
/** The metadata contract shared by the server (which validates and serves it) and the client engine. */
import type { DocumentScreen, DocumentSpec, Formula, CompareOp, LinesSpec, RefFilter, RefScope } from './document';

export type * from './document';

export interface I18nText {
  en: string;
  id: string;
}
export type Lang = keyof I18nText;

export interface RouteOp {
  key: string;
  name: I18nText;
}

export type StandardAction = 'view' | 'create' | 'edit' | 'delete';

export interface RouteNode {
  path: string;
  name?: I18nText;
  screen?: string;
  redirect?: string;
  public?: boolean;
  signedIn?: boolean;
  permission?: string;
  ops?: RouteOp[];
  actions?: StandardAction[];
  menu?: { icon?: string; hidden?: boolean };
  children?: RouteNode[];
}

/** A route with its full path and its ancestors', as the router and breadcrumb need it. */
export interface FlatRoute {
  fullPath: string;
  node: RouteNode;
  /** full paths of the route's ancestors and its own, outermost first */
  trail: string[];
  /** JSON pointer of the node inside routes.json */
  pointer: string;
}

export type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | { field: { name: string; equals?: unknown; in?: unknown[]; empty?: boolean } }
  | { mode: 'create' | 'edit' }
  | { compare: { left: Formula; op: CompareOp; right: Formula } };

export type ColumnFormat = 'text' | 'money' | 'number' | 'integer' | 'percent' | 'date' | 'datetime' | 'boolean' | 'lookup' | 'enum';

export interface ListColumn {
  field: string;
  label?: string;
  width?: number;
  flex?: number;
  format?: ColumnFormat;
  sortable?: boolean;
  filter?: boolean;
  pinned?: 'left' | 'right';
  hideOnMobile?: boolean;
}

export interface ActionInput {
  name: string;
  label: string;
  /** a lookup to this entity; otherwise free text */
  ref?: string;
  required?: boolean;
  maxLength?: number;
  /** a date typed DD/MM/YYYY, sent YYYY-MM-DD; or a whole number, sent as a number */
  format?: 'date' | 'integer';
}

export interface ScreenAction {
  key: string;
  label: string;
  /** the command to run… */
  op?: string;
  /** …or a file to download ({id} and other {field}s of the row filled in) */
  download?: string;
  withVersion?: boolean;
  /** fixed values sent with the id (one op behind several buttons: pay in cash, pay by card) */
  params?: Record<string, string | number | boolean>;
  input?: ActionInput[];
  permission?: string;
  confirm?: string;
  visibleWhen?: Condition;
  tone?: 'default' | 'primary' | 'danger';
  resultMessage?: string;
}

export interface ListScreen {
  kind: 'list';
  entity: string;
  title: string;
  description?: string;
  columns: ListColumn[];
  defaultSort?: { field: string; dir?: 'asc' | 'desc' };
  search?: boolean;
  filters?: string[];
  form?: string;
  rowActions?: ScreenAction[];
  readOnly?: boolean;
  /** toolbar buttons opening another declared route */
  links?: { label: string; to: string; icon?: string }[];
  /** a row opens this declared route ({id} and any other {field} are the row's) instead of the form beside the list */
  open?: string;
  /** one New button per kind of record, each opening its own route (a cash advance, a reimbursement) */
  create?: { label: string; to: string }[];
  /** a route parameter that narrows the list to the rows whose field equals it (…/list/{id?}: a stay's folios) */
  routeFilter?: Record<string, string>;
  /** filters always applied, never shown (status in_house) */
  fixedFilter?: Record<string, { op: 'eq' | 'ne' | 'in' | 'gt' | 'gte' | 'lt' | 'lte'; value: unknown }>;
  /** one date chosen in the toolbar (default the business date) compared with date fields */
  day?: { label: string; match: Record<string, 'eq' | 'lt' | 'lte' | 'gt' | 'gte'> };
}

export type WidgetName =
  | 'text'
  | 'textarea'
  | 'password'
  | 'email'
  | 'url'
  | 'phone'
  | 'number'
  | 'money'
  | 'percent'
  | 'datetime'
  | 'date'
  | 'time'
  | 'checkbox'
  | 'select'
  | 'radio'
  | 'lookup'
  | 'multiLookup'
  | 'color'
  | 'hidden';

export interface FieldOptions {
  widget?: WidgetName;
  label?: string;
  help?: string;
  visibleWhen?: Condition;
  requiredWhen?: Condition;
  readonlyWhen?: Condition;
  lookupFilter?: Record<string, unknown>;
}

export interface FormSection {
  title?: string;
  columns?: 1 | 2 | 3;
  fields: string[];
}

export interface FormScreen {
  kind: 'form';
  entity: string;
  title: string;
  sections: FormSection[];
  fields?: Record<string, FieldOptions>;
  afterSave?: 'close' | 'stay';
}

export interface CustomScreen {
  kind: 'custom';
  component: string;
  title: string;
  props?: Record<string, unknown>;
}

export interface DashboardTile {
  report: string;
  value?: string;
  label: string;
  format?: 'number' | 'money' | 'percent' | 'date' | 'text';
  icon?: string;
  tone?: 'blue' | 'green' | 'yellow' | 'red' | 'purple' | 'teal';
  link?: string;
}

export interface DashboardScreen {
  kind: 'dashboard';
  title: string;
  /** the home page greets the signed-in user; a module's dashboard heads with its title */
  welcome?: boolean;
  tiles: DashboardTile[];
  tables?: { report: string; title: string; link?: string }[];
}

export interface ReportScreen {
  kind: 'report';
  /** the report code, or … */
  report?: string;
  /** … the route parameter that holds it (utilities/reporting/{code}) */
  fromParam?: string;
  /** report parameters the route fixes: route parameter → report parameter (…/pos-payment-trans/{id} → check_id) */
  routeParams?: Record<string, string>;
  title?: string;
}

/** A multi-step screen: the client flow flows/<flow>.json, a view per step. */
export interface FlowScreen {
  kind: 'flow';
  flow: string;
  title: string;
}

export type Screen = ListScreen | FormScreen | CustomScreen | DashboardScreen | ReportScreen | DocumentScreen | FlowScreen;

export interface FieldUi {
  label?: string;
  help?: string;
  widget?: WidgetName;
  placeholder?: string;
  enumLabels?: string;
}

export interface EntityField {
  type: string | string[];
  title?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  default?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
  items?: Record<string, unknown>;
  uniqueItems?: boolean;
  maxItems?: number;
  'x-ref'?: string;
  'x-column'?: string;
  'x-virtual'?: boolean;
  /** personal data masked in the audit log, logs and errors (an ID number) */
  'x-sensitive'?: boolean;
  /** an action of the entity's own resource ('read-id'): only its holders read this field, and each read is audited */
  'x-read-right'?: string;
  'x-ui'?: FieldUi;
  /** this array is a document's lines, stored in a child table */
  'x-lines'?: LinesSpec;
  /** a lookup whose choices depend on other fields' values (checked again on save) */
  'x-refFilter'?: RefFilter;
  /** a lookup narrowed by a named rule of the target entity's domain (rooms free for the stay) */
  'x-refScope'?: RefScope;
}

export interface EntitySchema {
  $id: string;
  title?: string;
  type: 'object';
  version?: number;
  'x-permission': string;
  'x-db': {
    table: string;
    scope: 'branch' | 'global';
    managed?: boolean;
    label?: string[];
    /** label fields with a column per language ({ name: { id: 'name_id' } }): lookups name a row in the reader's */
    translated?: Record<string, Partial<Record<Lang, string>>>;
    search?: string[];
    defaultSort?: string;
    unique?: string[][];
    readOnly?: boolean;
    singleton?: boolean;
    hidden?: string[];
  };
  /** date fields that form a range, each with its stated maximum */
  'x-dateRanges'?: DateRange[];
  /** header with lines: totals, checks and status, judged alike by the client and the server */
  'x-document'?: DocumentSpec;
  /** files kept with each record (scans of the invoices behind a journal): the largest size and the kinds taken */
  'x-attachments'?: { maxBytes: number; types: AttachmentType[] };
  required?: string[];
  properties: Record<string, EntityField>;
}

export interface ReportColumn {
  field: string;
  /** a label key (shipped reports) … */
  label?: string;
  /** … or the title in both languages (reports a property writes) */
  title?: I18nText;
  /** quantity: a stock quantity, up to 3 decimals without trailing zeros (24, 3,5, 0,125) */
  type?: 'text' | 'money' | 'number' | 'integer' | 'quantity' | 'percent' | 'date' | 'datetime' | 'boolean';
  width?: number;
  link?: string;
  /** label key prefix: a value v shows as the label <prefix>.<v> */
  enumLabels?: string;
}

export interface ReportDefinition {
  code: string;
  version?: number;
  module?: string;
  name: I18nText;
  description?: I18nText;
  permission?: string;
  parameters?: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[]; 'x-dateRanges'?: DateRange[] };
  sql: string;
  columns: ReportColumn[];
  sort?: { field: string; dir?: 'asc' | 'desc' }[];
  groupBy?: string[];
  totals?: string[];
  /** total rows of a rate: the sum of `of` divided by the sum of `per` (never a sum of each row's rate) */
  ratios?: Record<string, ReportRatio>;
  chart?: { type: 'bar' | 'line' | 'pie'; x: string; y: string[] };
  rowCap?: number;
  /** a few rows read by index (a dashboard tile): runs as the asking clerk's request, not queued as heavy work */
  light?: boolean;
}

/** occupancy = 100 × Σ sold ÷ Σ available; ADR = Σ revenue ÷ Σ sold (USALI: a period's rate is a ratio of its sums) */
export interface ReportRatio {
  of: string[];
  per: string;
  /** × 100 */
  percent?: boolean;
  /** decimals kept (half up): 2 for a percentage, 0 for rupiah */
  scale: number;
}

/** Columns every entity table has besides its declared fields. */
export const SYSTEM_FIELDS = ['id', 'version', 'created_at', 'created_by', 'updated_at', 'updated_by'] as const;

/** Label key of an entity's field: the explicit one, else `<entity>.<field>`, else `field.<field>`. */
export function fieldLabelCandidates(entityId: string, field: string, explicit?: string): string[] {
  if (explicit) return [explicit];
  const entityName = entityId.split('/')[1];
  return [`${entityName}.${field}`, `field.${field}`];
}

/** Converts a spec path ('detail/{id?}') to a react-router path ('detail/:id?'). */
export function toRouterPath(specPath: string): string {
  return specPath.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\*\}/g, '*').replace(/\{([A-Za-z_][A-Za-z0-9_]*)(\??)\}/g, ':$1$2');
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/**
 * The label key of a route's name. The browser's copy of routes.json leaves the names out: they come with the
 * labels, in the reader's language only (vite.config.ts, server/meta/routes.ts).
 */
export const routeNameKey = (fullPath: string) => `route:${fullPath}`;

export function flattenRoutes(nodes: RouteNode[], parent = '', trail: string[] = [], pointer = '/routes'): FlatRoute[] {
  const out: FlatRoute[] = [];
  nodes.forEach((node, i) => {
    const fullPath = joinPath(parent || '/', node.path);
    const here = [...trail, fullPath];
    const ptr = `${pointer}/${i}`;
    out.push({ fullPath, node, trail: here, pointer: ptr });
    if (node.children) out.push(...flattenRoutes(node.children, fullPath, here, `${ptr}/children`));
  });
  return out;
}

/** The kinds of file a record may keep: told by their first bytes, never by their name. */
export type AttachmentType = 'pdf' | 'png' | 'jpeg';
