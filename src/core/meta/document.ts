/**
 * The `document` kind's contract: a header with lines (a journal voucher, a purchase order, a recipe, an
 * arrangement). The entity schema says what the server stores and judges (x-lines on an array field,
 * x-document for totals, checks and status); the screen says how it is laid out. Everything is data:
 * formulas and conditions are evaluated by pure functions in src/core/conditions, never by eval.
 */
import type { Condition, FieldOptions, FormSection, ScreenAction } from './types';

/**
 * A computed value in exact decimal arithmetic. A string is a decimal literal ("2", "0.11"); `field` reads
 * the current row (a line, or the header at document level), `header` the document's header from a line,
 * `total` a total declared earlier; `sum` and `count` run over the lines of an array field.
 */
export type Formula =
  | string
  | { field: string }
  | { header: string }
  | { total: string }
  | { add: Formula[] }
  | { sub: [Formula, Formula] }
  | { mul: Formula[] }
  | { div: [Formula, Formula] }
  | { round: Formula; scale?: number }
  | { if: Condition; then: Formula; else: Formula }
  | { sum: string; of: Formula; where?: Condition }
  | { count: string; where?: Condition };

export type CompareOp = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte';

/** A rule a document or one of its lines must satisfy; `message` is a label key ({line} and totals fill it). */
export interface DocumentCheck {
  assert: Condition;
  message: string;
  /** the field the message belongs to (a line field for line checks, a header field otherwise) */
  field?: string;
  /** when it applies: 'save' and/or status action keys; every save and every action when absent */
  on?: string[];
}

/** x-lines on an array field: the child table that stores the lines and what is computed on each. */
export interface LinesSpec {
  table: string;
  /** the child table's column pointing at the header row */
  parent: string;
  /** a column numbered 1, 2, 3 … in the order the lines are given */
  order?: string;
  /** return the lines in list pages too (small child tables only) */
  inList?: boolean;
  /** a lookup field of the lines whose names, joined, describe the document in lists (`_refs.<field>`) */
  summary?: string;
  /** values computed on each line, in order (a later one may use an earlier one) */
  computed?: Record<string, Formula>;
  checks?: DocumentCheck[];
}

export interface StatusAction {
  key: string;
  label: string;
  from: string[];
  to: string;
  confirm?: string;
  tone?: 'default' | 'primary' | 'danger';
  /** the action applies only to documents meeting this condition (a reimbursement is never disbursed) */
  when?: Condition;
}

export interface DocumentSpec {
  /** document totals in order; a total may use the ones before it */
  totals?: Record<string, Formula>;
  /** header fields the server fills with a total on every save: { field: total } */
  store?: Record<string, string>;
  checks?: DocumentCheck[];
  status?: {
    field: string;
    /** statuses in which the document can no longer be changed or deleted */
    readOnly: string[];
    actions: StatusAction[];
  };
}

/**
 * Where a dependent lookup's filter value comes from: another field of the same row, the document's
 * header (from a line), or a constant; compared with `op` (eq by default), a date moved by `addDays`.
 */
export interface RefFilterValue {
  field?: string;
  header?: string;
  value?: string | number | boolean;
  op?: CompareOp;
  addDays?: number;
}

/** Target field → where its value comes from: { "room_type_id": { "field": "room_type_id" } }. */
export type RefFilter = Record<string, RefFilterValue>;

/** A named rule the target entity's domain registers (rooms free for a stay), with its parameters. */
export interface RefScope {
  name: string;
  params: Record<string, RefFilterValue>;
}

export type GridColumnType = 'money' | 'quantity' | 'number' | 'integer' | 'lookup' | 'date' | 'text' | 'select';

export interface GridColumn {
  field: string;
  label?: string;
  /** inferred from the line field's schema when absent */
  type?: GridColumnType;
  width?: number;
}

export interface DocumentTotalView {
  total: string;
  label: string;
  format?: 'money' | 'quantity' | 'number' | 'integer';
}

export interface DocumentGrid {
  /** the array field with x-lines */
  field: string;
  title?: string;
  help?: string;
  columns: GridColumn[];
  footer?: DocumentTotalView[];
  /** the most lines a person may enter here (the schema's maxItems otherwise) */
  maxLines?: number;
}

export interface DocumentScreen {
  kind: 'document';
  entity: string;
  title: string;
  header: { sections: FormSection[]; fields?: Record<string, FieldOptions> };
  grids: DocumentGrid[];
  /** totals shown under the grids */
  summary?: DocumentTotalView[];
  /** a list of the documents beside the one open, for screens on one route (no id in the path) */
  picker?: {
    /** a field (or `_refs` name) shown under each document's name */
    subtitle?: string;
    /** label shown when the subtitle is empty */
    empty?: string;
  };
  /** commands on the saved document besides its status actions (make a recurring journal's due drafts) */
  actions?: ScreenAction[];
  /** values a new document takes from its route's parameters: { field: parameter } (a cash advance's kind) */
  routeDefaults?: Record<string, string>;
  /** values a new document starts with, over the entity's defaults (an adjustment's kind) */
  defaults?: Record<string, string | number | boolean>;
  help?: string;
}
