import Decimal from 'decimal.js';
import type { ReportDefinition, ReportRatio } from '../meta/types';

/** What the runner returns; the same shape feeds the grid, the chart and every export. */
export interface ReportResult {
  code: string;
  name: { en: string; id: string };
  parameters: Record<string, unknown>;
  columns: ReportDefinition['columns'];
  groupBy: string[];
  totals: string[];
  /** rates whose total rows are ratios of sums (occupancy, ADR) */
  ratios?: Record<string, ReportRatio>;
  chart?: ReportDefinition['chart'];
  rows: Record<string, unknown>[];
  /** grand totals of the `totals` columns, exact decimal strings */
  grandTotals: Record<string, string>;
  /** where the report ran: property name and its business date */
  context: { branch: string; businessDate: string; generatedAt: string };
}

export type LayoutItem =
  | { kind: 'group'; level: number; key: unknown; label: string }
  | { kind: 'row'; row: Record<string, unknown> }
  | { kind: 'subtotal'; level: number; key: unknown; label: string; count: number; totals: Record<string, string> }
  | { kind: 'total'; count: number; totals: Record<string, string> };

/** Sums carried in a double stay below this, so adding one more value of at most 15 digits is still exact. */
const CARRY_AT = 2 ** 52;
const MAX_DIGITS = 15;

/**
 * A plain decimal ("-1250000.50", "3") read as an integer of its digits and the number of them after the
 * point, without allocating (a report's sum reads every cell: allocating for each kept the young heap full
 * while the rows themselves lived in it, and a 10,000-row report spent 40 ms summing). Undefined when the
 * text is not a plain decimal of at most 15 digits.
 */
let readFraction = 0;
let readDigits = 0;
function readPlain(s: string): number | undefined {
  let n = 0;
  let digits = 0;
  let frac = -1;
  const neg = s.charCodeAt(0) === 45;
  for (let i = neg ? 1 : 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits++;
      if (frac >= 0) frac++;
    } else if (c === 46 && frac < 0 && digits > 0) frac = 0;
    else return undefined;
  }
  if (digits === 0 || digits > MAX_DIGITS || frac === 0) return undefined;
  readFraction = Math.max(frac, 0);
  readDigits = digits;
  return neg ? -n : n;
}

/**
 * The exact sum of a column. Report cells are decimal strings (NUMERIC) or integers, summed as integers
 * scaled to the most digits after the point seen: in a double while the sum stays below 2^52 (integers there
 * are exact, as every value of at most 15 digits is), carried into a BigInt beyond. Longer values go to the
 * BigInt directly; anything else (exponents) to decimal.js.
 */
function sum(rows: Record<string, unknown>[], field: string): string {
  let big = 0n;
  let small = 0;
  let scale = 0;
  let odd = new Decimal(0);
  for (const r of rows) {
    const v = r[field];
    if (v == null || v === '') continue;
    const s = typeof v === 'string' ? v : String(v);
    const n = readPlain(s);
    if (n === undefined) {
      if (!/^-?\d+(\.\d+)?$/.test(s)) {
        odd = odd.plus(new Decimal(s));
        continue;
      }
      const dot = s.indexOf('.');
      const frac = dot < 0 ? 0 : s.length - dot - 1;
      if (frac > scale) {
        big = (big + BigInt(small)) * 10n ** BigInt(frac - scale);
        small = 0;
        scale = frac;
      }
      big += BigInt((dot < 0 ? s : s.slice(0, dot) + s.slice(dot + 1)) + '0'.repeat(scale - frac));
      continue;
    }
    const frac = readFraction;
    if (frac > scale) {
      big = (big + BigInt(small)) * 10n ** BigInt(frac - scale);
      small = 0;
      scale = frac;
    }
    if (readDigits + scale - frac > MAX_DIGITS) big += BigInt(n) * 10n ** BigInt(scale - frac);
    else {
      small += n * 10 ** (scale - frac);
      if (Math.abs(small) >= CARRY_AT) {
        big += BigInt(small);
        small = 0;
      }
    }
  }
  const text = (big + BigInt(small)).toString();
  const neg = text.startsWith('-');
  const digits = (neg ? text.slice(1) : text).padStart(scale + 1, '0');
  const exact = new Decimal(`${neg ? '-' : ''}${digits.slice(0, digits.length - scale)}${scale ? `.${digits.slice(-scale)}` : ''}`);
  return exact.plus(odd).toFixed();
}

export function totalsOf(
  rows: Record<string, unknown>[],
  fields: string[],
  ratios: Record<string, ReportRatio> = {},
): Record<string, string> {
  const out: Record<string, string> = Object.fromEntries(fields.map((f) => [f, sum(rows, f)]));
  for (const [field, r] of Object.entries(ratios)) {
    const per = new Decimal(sum(rows, r.per));
    // a period without a room to sell has no occupancy: left empty, never 0 %
    if (per.isZero()) continue;
    const of = r.of.reduce((a, f) => a.plus(sum(rows, f)), new Decimal(0));
    out[field] = of
      .times(r.percent ? 100 : 1)
      .div(per)
      .toDecimalPlaces(r.scale, Decimal.ROUND_HALF_UP)
      .toFixed(r.scale);
  }
  return out;
}

/**
 * The report as a reader sees it: for each group (rows arrive sorted by the group columns) a header,
 * its rows, a subtotal; then the grand total. Up to two levels. Sums are exact decimals.
 */
export function layoutReport(
  result: Pick<ReportResult, 'rows' | 'groupBy' | 'totals' | 'ratios'>,
  display: (field: string, value: unknown) => string = (_f, v) => String(v ?? ''),
): LayoutItem[] {
  const out: LayoutItem[] = [];
  const walk = (rows: Record<string, unknown>[], level: number) => {
    const field = result.groupBy[level];
    if (!field) {
      for (const row of rows) out.push({ kind: 'row', row });
      return;
    }
    let start = 0;
    while (start < rows.length) {
      const key = rows[start][field];
      let end = start;
      while (end < rows.length && rows[end][field] === key) end++;
      const slice = rows.slice(start, end);
      const label = display(field, key);
      out.push({ kind: 'group', level, key, label });
      walk(slice, level + 1);
      out.push({ kind: 'subtotal', level, key, label, count: slice.length, totals: totalsOf(slice, result.totals, result.ratios) });
      start = end;
    }
  };
  walk(result.rows, 0);
  if (result.totals.length || result.groupBy.length || result.ratios)
    out.push({ kind: 'total', count: result.rows.length, totals: totalsOf(result.rows, result.totals, result.ratios) });
  return out;
}

/**
 * The chart's points: one per distinct x value in order of first appearance, each y summed exactly
 * over the rows sharing that x (a report listed per day and outlet charts per day).
 */
export function chartData(result: Pick<ReportResult, 'rows' | 'chart'>): {
  labels: unknown[];
  series: { field: string; values: string[] }[];
} {
  const chart = result.chart;
  if (!chart) return { labels: [], series: [] };
  const order: unknown[] = [];
  const sums = new Map<unknown, Decimal[]>();
  for (const row of result.rows) {
    const x = row[chart.x];
    let acc = sums.get(x);
    if (!acc) {
      acc = chart.y.map(() => new Decimal(0));
      sums.set(x, acc);
      order.push(x);
    }
    chart.y.forEach((f, i) => {
      const v = row[f];
      if (v != null && v !== '') acc![i] = acc![i].plus(new Decimal(String(v)));
    });
  }
  return { labels: order, series: chart.y.map((field, i) => ({ field, values: order.map((x) => sums.get(x)![i].toFixed()) })) };
}
