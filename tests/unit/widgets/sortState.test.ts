import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from '../../../src/widgets/sortState.js';

describe('sortable headers: ascending first, then toggle, other columns reset', () => {
  it('sorts a column ascending on the first click', () => {
    expect(nextSort({ index: null, dir: 'asc' }, 2)).toEqual({ index: 2, dir: 'asc' });
  });

  it('toggles the same column on later clicks', () => {
    const once = nextSort({ index: null, dir: 'asc' }, 2);
    const twice = nextSort(once, 2);
    expect(twice).toEqual({ index: 2, dir: 'desc' });
    expect(nextSort(twice, 2)).toEqual({ index: 2, dir: 'asc' });
  });

  it('starts ascending again when another column is clicked, even after a descending sort', () => {
    expect(nextSort({ index: 2, dir: 'desc' }, 0)).toEqual({ index: 0, dir: 'asc' });
  });
});

describe('sortRows', () => {
  const outlets = [
    { code: 'SPA', covers: 12 },
    { code: 'RESTO', covers: 120 },
    { code: 'POOL', covers: null },
    { code: 'LOUNGE', covers: 45 },
  ];

  it('sorts numbers as numbers (120 after 45) and puts empty values last', () => {
    expect(sortRows(outlets, 'covers', 'asc').map((o) => o.code)).toEqual(['SPA', 'LOUNGE', 'RESTO', 'POOL']);
    expect(sortRows(outlets, 'covers', 'desc').map((o) => o.code)).toEqual(['RESTO', 'LOUNGE', 'SPA', 'POOL']);
  });

  it('sorts text alphabetically and leaves the input untouched', () => {
    expect(sortRows(outlets, 'code', 'asc').map((o) => o.code)).toEqual(['LOUNGE', 'POOL', 'RESTO', 'SPA']);
    expect(outlets[0].code).toBe('SPA');
    expect(sortRows(outlets, undefined, 'asc')).toBe(outlets);
  });
});
