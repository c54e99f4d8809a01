import { useMemo, useState, type ReactNode } from 'react';
import { nextSort, sortRows, type SortState } from './sortState';

export interface TableColumn {
  field: string;
  label: string;
  align?: 'left' | 'right';
  render?(row: Record<string, any>): ReactNode;
}

/** A plain table whose headers sort as the spec says; `onSort` reports the column index and direction. */
export function SortableTable({
  columns,
  rows,
  onSort,
  empty,
}: {
  columns: TableColumn[];
  rows: Record<string, any>[];
  onSort?(index: number, dir: 'asc' | 'desc'): void;
  empty?: string;
}) {
  const [sort, setSort] = useState<SortState>({ index: null, dir: 'asc' });
  const sorted = useMemo(() => (sort.index === null ? rows : sortRows(rows, columns[sort.index].field, sort.dir)), [rows, sort, columns]);
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th
                key={c.field}
                className={`th-sort${c.align === 'right' ? ' num' : ''}`}
                aria-sort={sort.index === i ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                onClick={() => {
                  const next = nextSort(sort, i);
                  setSort(next);
                  onSort?.(i, next.dir);
                }}
              >
                {c.label}
                <span className="sort-ind">{sort.index === i ? (sort.dir === 'asc' ? '▲' : '▼') : ''}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="empty">
                {empty}
              </td>
            </tr>
          )}
          {sorted.map((row, r) => (
            <tr key={r}>
              {columns.map((c) => (
                <td key={c.field} className={c.align === 'right' ? 'num' : undefined}>
                  {c.render ? c.render(row) : row[c.field]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
