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
