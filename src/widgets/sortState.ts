/** The spec's sortable header: the first click on a column sorts ascending, later clicks toggle, other columns reset. */
export interface SortState {
  index: number | null;
  dir: 'asc' | 'desc';
}

export function nextSort(state: SortState, index: number): SortState {
  if (state.index !== index) return { index, dir: 'asc' };
  return { index, dir: state.dir === 'asc' ? 'desc' : 'asc' };
}

export function sortRows<T extends Record<string, unknown>>(rows: T[], field: string | undefined, dir: 'asc' | 'desc'): T[] {
  if (!field) return rows;
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x == null && y == null) return 0;
    if (x == null) return 1;
    if (y == null) return -1;
    const nx = Number(x);
    const ny = Number(y);
    if (!Number.isNaN(nx) && !Number.isNaN(ny) && typeof x !== 'boolean') return (nx - ny) * sign;
    return String(x).localeCompare(String(y), 'id') * sign;
  });
}
