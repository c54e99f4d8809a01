import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { chartData, layoutReport, totalsOf } from '../../../src/core/reports/layout';

const rows = [
  { outlet: 'Kembang Restaurant', day: '2026-11-21', covers: 40, revenue: '5250000.50' },
  { outlet: 'Kembang Restaurant', day: '2026-11-22', covers: 35, revenue: '4100000.25' },
  { outlet: 'Pool Bar', day: '2026-11-21', covers: 12, revenue: '0.10' },
  { outlet: 'Pool Bar', day: '2026-11-22', covers: 9, revenue: '0.20' },
];

describe('report layout', () => {
  it('puts a header, the rows and a subtotal per group, then the grand total, with exact sums', () => {
    const items = layoutReport({ rows, groupBy: ['outlet'], totals: ['covers', 'revenue'] });
    expect(items.map((i) => i.kind)).toEqual(['group', 'row', 'row', 'subtotal', 'group', 'row', 'row', 'subtotal', 'total']);
    expect(items[3]).toMatchObject({
      kind: 'subtotal',
      label: 'Kembang Restaurant',
      count: 2,
      totals: { covers: '75', revenue: '9350000.75' },
    });
    // 0.1 + 0.2 is 0.3 here, not 0.30000000000000004
    expect(items[7]).toMatchObject({ totals: { revenue: '0.3' } });
    expect(items[8]).toEqual({ kind: 'total', count: 4, totals: { covers: '96', revenue: '9350001.05' } });
  });

  it('nests two group levels', () => {
    const items = layoutReport({ rows, groupBy: ['outlet', 'day'], totals: ['covers'] });
    expect(items.filter((i) => i.kind === 'group').map((i) => (i as { level: number }).level)).toEqual([0, 1, 1, 0, 1, 1]);
    expect(items.filter((i) => i.kind === 'subtotal')).toHaveLength(6);
  });

  it('a plain list without groups or totals has no total line', () => {
    expect(layoutReport({ rows, groupBy: [], totals: [] }).every((i) => i.kind === 'row')).toBe(true);
  });

  it('sums nothing to zero and skips empty cells', () => {
    expect(totalsOf([{ a: null }, { a: '' }, { a: '2.5' }], ['a'])).toEqual({ a: '2.5' });
    expect(totalsOf([], ['a'])).toEqual({ a: '0' });
  });

  it('adds refunds, whole numbers, mixed decimals and exponent notation exactly', () => {
    const rows = [{ a: '-1250000.50' }, { a: 2 }, { a: '0.125' }, { a: '3' }, { a: '1e3' }, { a: '-0.625' }];
    expect(totalsOf(rows, ['a'])).toEqual({ a: '-1248996' });
    expect(totalsOf([{ a: '-0.10' }, { a: '0.05' }], ['a'])).toEqual({ a: '-0.05' });
  });

  it('stays exact past what a double holds: a year of a chain’s revenue, 20-digit amounts, and cents appearing late', () => {
    const year = Array.from({ length: 10_000 }, () => ({ a: '999999999999.99' }));
    expect(totalsOf(year, ['a'])).toEqual({ a: '9999999999999900' });
    expect(totalsOf([{ a: '12345678901234567890.12' }, { a: '0.88' }], ['a'])).toEqual({ a: '12345678901234567891' });
    const late = [...Array.from({ length: 5_000 }, () => ({ a: '1234567890123' })), { a: '0.001' }, { a: 4 }];
    expect(totalsOf(late, ['a'])).toEqual({ a: '6172839450615004.001' });
  });

  it('gives the same total as decimal arithmetic for thousands of mixed amounts', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const rows = Array.from({ length: 4_000 }, () => {
      const whole = String(next()) + String(next()).slice(0, next() % 9);
      const cents = next() % 4 === 0 ? '' : `.${String(next()).slice(0, 1 + (next() % 4))}`;
      return { a: `${next() % 3 === 0 ? '-' : ''}${whole}${cents}` };
    });
    const expected = rows.reduce((s, r) => s.plus(r.a), new Decimal(0)).toFixed();
    expect(totalsOf(rows, ['a'])).toEqual({ a: expected });
  });
});

describe('chart data', () => {
  it('sums each y over the rows sharing an x, in first-seen order', () => {
    expect(chartData({ rows, chart: { type: 'bar', x: 'day', y: ['covers', 'revenue'] } })).toEqual({
      labels: ['2026-11-21', '2026-11-22'],
      series: [
        { field: 'covers', values: ['52', '44'] },
        { field: 'revenue', values: ['5250000.6', '4100000.45'] },
      ],
    });
  });

  it('is empty without a chart', () => {
    expect(chartData({ rows })).toEqual({ labels: [], series: [] });
  });
});
