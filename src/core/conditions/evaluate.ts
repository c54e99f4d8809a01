import Decimal from 'decimal.js';
import type { CompareOp, Condition, Formula } from '../meta/types';

/** Exact decimals with room to spare: 18-digit amounts times 4-decimal quantities never lose a digit. */
export const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Exact = InstanceType<typeof Exact>;

/** What a condition or formula reads: the row it is about, and around it the document it belongs to. */
export interface ConditionContext {
  /** the row: a form's data, a line, or a document's header */
  data: Record<string, unknown>;
  mode: 'create' | 'edit';
  /** the document's header, when `data` is one of its lines */
  header?: Record<string, unknown>;
  /** document totals computed so far, as decimal strings */
  totals?: Record<string, string | null>;
  /** the document's lines by array field, for sum and count */
  lines?: Record<string, Record<string, unknown>[]>;
}

/** Evaluates a visibleWhen/requiredWhen/readonlyWhen condition or a check: plain data, one pure function, never eval. */
export function evaluate(condition: Condition | undefined, ctx: ConditionContext): boolean {
  if (!condition) return true;
  if ('all' in condition) return condition.all.every((c) => evaluate(c, ctx));
  if ('any' in condition) return condition.any.some((c) => evaluate(c, ctx));
  if ('not' in condition) return !evaluate(condition.not, ctx);
  if ('mode' in condition) return ctx.mode === condition.mode;
  if ('compare' in condition) return compare(condition.compare.left, condition.compare.op, condition.compare.right, ctx);
  const { name, equals, in: oneOf, empty } = condition.field;
  const value = ctx.data[name];
  if (empty !== undefined) return empty ? isEmpty(value) : !isEmpty(value);
  if (oneOf) return oneOf.includes(value);
  if (equals !== undefined) return value === equals || (equals === false && value == null);
  return Boolean(value);
}

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A stored value as a decimal: empty counts as 0 (a blank quantity is none); text that is no number is null. */
function toExact(value: unknown): Exact | null {
  if (value === undefined || value === null || value === '') return new Exact(0);
  if (typeof value === 'number') return Number.isFinite(value) ? new Exact(String(value)) : null;
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return new Exact(value.trim());
  return null;
}

function read(f: { field: string } | { header: string }, ctx: ConditionContext): unknown {
  return 'field' in f ? ctx.data[f.field] : ctx.header?.[f.header];
}

/**
 * A formula's value in exact decimal arithmetic, or null when it has none (a division by zero, text that
 * is not a number); null carries through the arithmetic around it, and a sum skips it.
 */
export function evaluateFormula(f: Formula, ctx: ConditionContext): Exact | null {
  if (typeof f === 'string') return toExact(f);
  if ('field' in f || 'header' in f) return toExact(read(f, ctx));
  if ('total' in f) return toExact(ctx.totals?.[f.total] ?? null);
  if ('add' in f) return fold(f.add, ctx, (a, b) => a.plus(b), new Exact(0));
  if ('mul' in f) return fold(f.mul, ctx, (a, b) => a.times(b), new Exact(1));
  if ('sub' in f) return fold(f.sub.slice(1), ctx, (a, b) => a.minus(b), evaluateFormula(f.sub[0], ctx));
  if ('div' in f) {
    const [a, b] = [evaluateFormula(f.div[0], ctx), evaluateFormula(f.div[1], ctx)];
    return a === null || b === null || b.isZero() ? null : a.dividedBy(b);
  }
  if ('round' in f) {
    const v = evaluateFormula(f.round, ctx);
    return v === null ? null : v.toDecimalPlaces(f.scale ?? 0, Decimal.ROUND_HALF_UP);
  }
  if ('if' in f) return evaluateFormula(evaluate(f.if, ctx) ? f.then : f.else, ctx);
  const rows = (ctx.lines?.['sum' in f ? f.sum : f.count] ?? []).filter((line) => !f.where || evaluate(f.where, lineContext(ctx, line)));
  if (!('sum' in f)) return new Exact(rows.length);
  return rows.reduce<Exact>((sum, line) => sum.plus(evaluateFormula(f.of, lineContext(ctx, line)) ?? 0), new Exact(0));
}

/** The context of one line inside a document's context. */
export function lineContext(doc: ConditionContext, line: Record<string, unknown>): ConditionContext {
  return { data: line, mode: doc.mode, header: doc.data, totals: doc.totals, lines: doc.lines };
}

function fold(items: Formula[], ctx: ConditionContext, op: (a: Exact, b: Exact) => Exact, start: Exact | null): Exact | null {
  let acc = start;
  for (const item of items) {
    const v = evaluateFormula(item, ctx);
    if (acc === null || v === null) return null;
    acc = op(acc, v);
  }
  return acc;
}

/**
 * Compares two formulas as decimals; when either side reads a field holding text that is not a number
 * (a date 'YYYY-MM-DD', a code) the raw values are compared as text, which orders ISO dates correctly.
 */
function compare(left: Formula, op: CompareOp, right: Formula, ctx: ConditionContext): boolean {
  const raw = (f: Formula) => (typeof f === 'object' && ('field' in f || 'header' in f) ? read(f, ctx) : undefined);
  const [rl, rr] = [raw(left), raw(right)];
  const textual = (v: unknown) => typeof v === 'string' && v !== '' && !DECIMAL.test(v.trim());
  let order: number;
  if (textual(rl) || textual(rr)) {
    if (rl == null || rr == null || rl === '' || rr === '') return op === 'ne' ? rl !== rr : op === 'eq' && rl === rr;
    order = String(rl) < String(rr) ? -1 : String(rl) > String(rr) ? 1 : 0;
  } else {
    const [a, b] = [evaluateFormula(left, ctx), evaluateFormula(right, ctx)];
    if (a === null || b === null) return op === 'ne';
    order = a.comparedTo(b);
  }
  switch (op) {
    case 'eq':
      return order === 0;
    case 'ne':
      return order !== 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
  }
}
