import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import { dataProvider, type FilterValue, type ListResult } from '../../api/dataProvider';

export interface DatasourceQuery {
  entity: string;
  q?: string;
  filter: Record<string, FilterValue>;
}

/**
 * ag-grid's infinite row model over /api/data: each block is one server page. When the previous block
 * gave a keyset cursor, the next block continues from it instead of an OFFSET (exact and cheap on big
 * tables); a jump further down falls back to the offset.
 */
export function createDatasource(query: DatasourceQuery, onPage: (result: ListResult) => void, onError: (err: Error) => void): IDatasource {
  const cursors = new Map<number, string>();
  return {
    getRows(params: IGetRowsParams) {
      const sort = params.sortModel[0];
      const limit = params.endRow - params.startRow;
      const after = cursors.get(params.startRow);
      dataProvider
        .getList(query.entity, {
          limit,
          offset: after ? 0 : params.startRow,
          after,
          sort: sort?.colId,
          dir: sort?.sort ?? 'asc',
          q: query.q,
          filter: query.filter,
        })
        .then((result) => {
          if (result.nextCursor) cursors.set(params.endRow, result.nextCursor);
          const lastRow =
            result.rows.length < limit
              ? params.startRow + result.rows.length
              : result.totalExact && result.total !== null
                ? result.total
                : -1;
          params.successCallback(result.rows, lastRow);
          if (result.total !== null) onPage(result);
        })
        .catch((err: Error) => {
          params.failCallback();
          onError(err);
        });
    },
  };
}
