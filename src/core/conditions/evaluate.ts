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
  // plain loops, no callbacks: a 500-line document runs its checks a thousand times per save
  if ('all' in condition) {
    for (const c of condition.all) if (!evaluate(c, ctx)) return false;
    return true;
  }
  if ('any' in condition) {
    for (const c of condition.any) if (evaluate(c, ctx)) return true;
    return false;
  }
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
const ZERO = new Exact(0);
const ONE = new Exact(1);

// Decimals are immutable, so the same text is judged and parsed once: a document's lines repeat their amounts.
const parsed = new Map<string, Exact | null>();
/** Non-empty text as a decimal, or null when it is no number. */
function exactOf(text: string): Exact | null {
  let v = parsed.get(text);
  if (v === undefined) {
    if (parsed.size > 5000) parsed.clear();
    const trimmed = text.trim();
    v = DECIMAL.test(trimmed) ? new Exact(trimmed) : null;
    parsed.set(text, v);
  }
  return v;
}

/** A stored value as a decimal: empty counts as 0 (a blank quantity is none); text that is no number is null. */
function toExact(value: unknown): Exact | null {
  if (value === undefined || value === null || value === '') return ZERO;
  if (typeof value === 'number') return Number.isFinite(value) ? exactOf(String(value)) : null;
  return typeof value === 'string' ? exactOf(value) : null;
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
  if ('add' in f) return fold(f.add, 0, ctx, 'plus', ZERO);
  if ('mul' in f) return fold(f.mul, 0, ctx, 'times', ONE);
  if ('sub' in f) return fold(f.sub, 1, ctx, 'minus', evaluateFormula(f.sub[0], ctx));
  if ('div' in f) {
    const a = evaluateFormula(f.div[0], ctx);
    const b = evaluateFormula(f.div[1], ctx);
    return a === null || b === null || b.isZero() ? null : a.dividedBy(b);
  }
  if ('round' in f) {
    const v = evaluateFormula(f.round, ctx);
    return v === null ? null : v.toDecimalPlaces(f.scale ?? 0, Decimal.ROUND_HALF_UP);
  }
  if ('if' in f) return evaluateFormula(evaluate(f.if, ctx) ? f.then : f.else, ctx);
  const rows = ctx.lines?.['sum' in f ? f.sum : f.count] ?? [];
  let count = 0;
  let sum = ZERO;
  for (const line of rows) {
    const inner = lineContext(ctx, line);
    if (f.where && !evaluate(f.where, inner)) continue;
    count++;
    if ('sum' in f) sum = sum.plus(evaluateFormula(f.of, inner) ?? ZERO);
  }
  return 'sum' in f ? sum : new Exact(count);
}

/** The context of one line inside a document's context. */
export function lineContext(doc: ConditionContext, line: Record<string, unknown>): ConditionContext {
  return { data: line, mode: doc.mode, header: doc.data, totals: doc.totals, lines: doc.lines };
}

function fold(items: Formula[], from: number, ctx: ConditionContext, op: 'plus' | 'minus' | 'times', start: Exact | null): Exact | null {
  let acc = start;
  for (let i = from; i < items.length; i++) {
    const v = evaluateFormula(items[i], ctx);
    if (acc === null || v === null) return null;
    acc = acc[op](v);
  }
  return acc;
}

const isTextual = (v: unknown) => typeof v === 'string' && v !== '' && exactOf(v) === null;
const rawOf = (f: Formula, ctx: ConditionContext) => (typeof f === 'object' && ('field' in f || 'header' in f) ? read(f, ctx) : undefined);

/**
 * Compares two formulas as decimals; when either side reads a field holding text that is not a number
 * (a date 'YYYY-MM-DD', a code) the raw values are compared as text, which orders ISO dates correctly.
 */
function compare(left: Formula, op: CompareOp, right: Formula, ctx: ConditionContext): boolean {
  const rl = rawOf(left, ctx);
  const rr = rawOf(right, ctx);
  let order: number;
  if (isTextual(rl) || isTextual(rr)) {
    if (rl == null || rr == null || rl === '' || rr === '') return op === 'ne' ? rl !== rr : op === 'eq' && rl === rr;
    order = String(rl) < String(rr) ? -1 : String(rl) > String(rr) ? 1 : 0;
  } else {
    const a = evaluateFormula(left, ctx);
    const b = evaluateFormula(right, ctx);
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
