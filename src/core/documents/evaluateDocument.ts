import { evaluate, evaluateFormula, lineContext, type ConditionContext } from '../conditions/evaluate';
import { formatMoney } from '../format/format';
import type { DocumentCheck, EntityField, EntitySchema, LinesSpec } from '../meta/types';

/** A document as both sides hold it: the header's values and the lines of each lines field. */
export interface DocumentValues {
  header: Record<string, unknown>;
  lines: Record<string, Record<string, unknown>[]>;
}

/** A check that failed: a label key and its parameters, placed on a header field or on a line's field. */
export interface DocumentProblem {
  message: string;
  params: Record<string, unknown>;
  field?: string;
  /** for a line's problem: its lines field and its index (0-based; the message says "line 1") */
  lines?: string;
  line?: number;
}

export interface DocumentResult {
  /** values computed on each line, by lines field, as decimal strings */
  computed: Record<string, Record<string, string | null>[]>;
  totals: Record<string, string | null>;
  problems: DocumentProblem[];
}

export interface LinesField {
  name: string;
  field: EntityField;
  spec: LinesSpec;
  /** the schema of one line */
  item: { properties: Record<string, EntityField>; required?: string[] };
}

/** The array fields of an entity that are document lines, in declaration order. */
export function linesFields(entity: EntitySchema): LinesField[] {
  return Object.entries(entity.properties)
    .filter(([, f]) => f['x-lines'])
    .map(([name, f]) => ({
      name,
      field: f,
      spec: f['x-lines']!,
      item: (f.items ?? { properties: {} }) as LinesField['item'],
    }));
}

const applies = (check: DocumentCheck, on: string) => !check.on || check.on.includes(on);
const str = (v: { toFixed(): string } | null) => (v === null ? null : v.toFixed());

/**
 * Computes a document's line values and totals and runs its checks — the same function in the browser
 * (as the person types) and on the server (before anything is stored), so both always agree.
 * `on` is 'save' or the key of the status action about to run.
 */
export function evaluateDocument(
  entity: EntitySchema,
  values: DocumentValues,
  opts: { mode: 'create' | 'edit'; on?: string },
): DocumentResult {
  const on = opts.on ?? 'save';
  const spec = entity['x-document'] ?? {};
  const fields = linesFields(entity);
  const computed: DocumentResult['computed'] = {};
  const withComputed: Record<string, Record<string, unknown>[]> = {};
  // filled once the lines are computed: a line's formula reads no total
  const totals: Record<string, string | null> = {};
  const doc: ConditionContext = { data: values.header, mode: opts.mode, totals, lines: withComputed };
  // one line context, pointed at each line in turn: a 500-line document made a thousand of them per save
  const at = lineContext(doc, {});
  for (const lf of fields) {
    const lines = values.lines[lf.name] ?? [];
    const formulas = Object.entries(lf.spec.computed ?? {});
    const outs: Record<string, string | null>[] = new Array(lines.length);
    const rows: Record<string, unknown>[] = formulas.length ? new Array(lines.length) : lines;
    for (let i = 0; i < lines.length; i++) {
      const out: Record<string, string | null> = {};
      if (formulas.length) {
        // a formula reads the ones computed before it
        const row: Record<string, unknown> = { ...lines[i] };
        at.data = row;
        for (const [name, formula] of formulas) row[name] = out[name] = str(evaluateFormula(formula, at));
        rows[i] = row;
      }
      outs[i] = out;
    }
    computed[lf.name] = outs;
    withComputed[lf.name] = rows;
  }
  for (const [name, formula] of Object.entries(spec.totals ?? {})) totals[name] = str(evaluateFormula(formula, doc));

  // the totals as a message shows them, formatted only for a document that has a problem
  let shownTotals: Record<string, string> | undefined;
  const shown = () => (shownTotals ??= Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, formatMoney(v)])));
  const problems: DocumentProblem[] = [];
  for (const lf of fields) {
    const checks = (lf.spec.checks ?? []).filter((c) => applies(c, on));
    if (!checks.length) continue;
    const rows = withComputed[lf.name];
    for (let i = 0; i < rows.length; i++) {
      at.data = rows[i];
      for (const check of checks) {
        if (evaluate(check.assert, at)) continue;
        problems.push({ message: check.message, params: { ...shown(), line: i + 1 }, field: check.field, lines: lf.name, line: i });
      }
    }
  }
  for (const check of spec.checks ?? []) {
    if (!applies(check, on) || evaluate(check.assert, doc)) continue;
    problems.push({ message: check.message, params: shown(), field: check.field });
  }
  return { computed, totals, problems };
}
