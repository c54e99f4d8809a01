import { isEmpty } from '../../../core/conditions/evaluate';
import { evaluateDocument, linesFields, type LinesField } from '../../../core/documents/evaluateDocument';
import { staleDependents } from '../../../core/documents/refFilter';
import type { EntitySchema } from '../../../core/meta/types';

/** A line as the browser holds it: a key of its own (a new line has no id yet) and its values. */
export interface DocLine {
  key: string;
  /** the line's fields, its id once saved, and `_refs` (the names of its lookups) */
  values: Record<string, unknown>;
}

let serial = 0;
const newKey = () => `l${++serial}`;

/** The lines of a lines field as read from the server. */
export function linesFromRow(row: Record<string, unknown> | undefined, lf: LinesField): DocLine[] {
  return ((row?.[lf.name] as Record<string, unknown>[] | undefined) ?? []).map((values) => ({ key: newKey(), values }));
}

/** A new line with the defaults its schema declares. */
export function blankLine(lf: LinesField): DocLine {
  const values: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(lf.item.properties)) if (f.default !== undefined) values[name] = f.default;
  return { key: newKey(), values };
}

/** A line nothing has been entered in: only defaults, or empty. A blank line is never saved. */
export function isBlank(lf: LinesField, line: DocLine): boolean {
  if (line.values.id != null) return false;
  return Object.entries(lf.item.properties).every(([name, f]) => isEmpty(line.values[name]) || line.values[name] === f.default);
}

/** A line as the API takes it: its id (when it has one) and its fields; no names, nothing computed. */
export function linePayload(lf: LinesField, line: DocLine): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (line.values.id != null) out.id = line.values.id;
  for (const name of Object.keys(lf.item.properties)) {
    const v = line.values[name];
    if (!isEmpty(v)) out[name] = v;
  }
  return out;
}

/**
 * A line after one of its cells changed: a lookup whose choices depended on that cell (an equality with
 * it) no longer fits and is emptied, as a dependent field of a form is.
 */
export function changeCell(lf: LinesField, line: DocLine, field: string, value: unknown, name?: string): DocLine {
  const values = { ...line.values, [field]: value };
  const refs = { ...((line.values._refs as Record<string, string>) ?? {}) };
  if (name !== undefined) refs[field] = name;
  else delete refs[field];
  for (const stale of staleDependents(lf.item.properties, line.values, values)) {
    values[stale] = null;
    delete refs[stale];
  }
  values._refs = refs;
  return { ...line, values };
}

/** A problem of a document before it is sent: a label key, its parameters, and where it belongs. */
export interface DocumentIssue {
  key: string;
  params: Record<string, unknown>;
  /** a header field, or a field of the line */
  field?: string;
  lines?: string;
  /** the line's key (it stays on the line when lines above it are removed) and its place, 0-based */
  lineKey?: string;
  line?: number;
}

export interface DocumentFigures {
  computed: Record<string, Record<string, string | null>[]>;
  totals: Record<string, string | null>;
  issues: DocumentIssue[];
}

/**
 * What a document shows and whether it may be sent: values computed on each line, totals, and the
 * problems the server would refuse it for — a required line field left empty, a check that fails (the
 * same evaluateDocument the server runs). Blank lines are not counted: they are never saved.
 */
export function figures(
  entity: EntitySchema,
  header: Record<string, unknown>,
  lines: Record<string, DocLine[]>,
  opts: { mode: 'create' | 'edit'; on?: string },
): DocumentFigures {
  const fields = linesFields(entity);
  const kept = Object.fromEntries(fields.map((lf) => [lf.name, (lines[lf.name] ?? []).filter((l) => !isBlank(lf, l))]));
  const result = evaluateDocument(
    entity,
    { header, lines: Object.fromEntries(fields.map((lf) => [lf.name, kept[lf.name].map((l) => l.values)])) },
    opts,
  );
  const issues: DocumentIssue[] = [];
  for (const lf of fields) {
    kept[lf.name].forEach((line, i) => {
      for (const name of lf.item.required ?? []) {
        if (isEmpty(line.values[name]))
          issues.push({ key: 'error.required', params: {}, field: name, lines: lf.name, lineKey: line.key, line: i });
      }
    });
  }
  for (const p of result.problems) {
    const line = p.lines !== undefined && p.line !== undefined ? kept[p.lines][p.line] : undefined;
    issues.push({ key: p.message, params: p.params, field: p.field, lines: p.lines, lineKey: line?.key, line: p.line });
  }
  // computed values and totals are shown for every line, blank ones included (they show nothing)
  const computed = Object.fromEntries(
    fields.map((lf) => {
      const byKey = new Map(kept[lf.name].map((l, i) => [l.key, result.computed[lf.name][i]]));
      return [lf.name, (lines[lf.name] ?? []).map((l) => byKey.get(l.key) ?? {})];
    }),
  );
  return { computed, totals: result.totals, issues };
}
