import type { DataProvider, FilterValue, ListResult, Row } from '../../api/dataProvider';

export interface ListQuery {
  entity: string;
  q?: string;
  filter: Record<string, FilterValue>;
}

export interface PageRequest {
  startRow: number;
  endRow: number;
  sort?: string;
  dir?: 'asc' | 'desc';
}

export interface Page {
  rows: Row[];
  /** the number of rows in all, when known; undefined while there may be more */
  lastRow?: number;
}

export interface PagerEvents {
  /** the first page of this query was asked for: nothing to show yet */
  onStart?(): void;
  /** a page that carried the count (the first, or a page reached by offset) */
  onCount?(result: ListResult): void;
  onError?(err: Error): void;
}

/**
 * The pages of one list query, as a grid scrolls: each block is one server page. When the previous block
 * gave a keyset cursor, the next block continues from it instead of an OFFSET (exact and cheap on big
 * tables); a jump further down falls back to the offset.
 */
export function createListPager(source: Pick<DataProvider, 'getList'>, query: ListQuery, events: PagerEvents = {}) {
  const cursors = new Map<number, string>();
  return async function getPage(req: PageRequest, signal?: AbortSignal): Promise<Page> {
    const limit = req.endRow - req.startRow;
    const after = cursors.get(req.startRow);
    if (req.startRow === 0) events.onStart?.();
    try {
      const result = await source.getList(
        query.entity,
        { limit, offset: after ? 0 : req.startRow, after, sort: req.sort, dir: req.dir ?? 'asc', q: query.q, filter: query.filter },
        signal,
      );
      if (result.nextCursor) cursors.set(req.endRow, result.nextCursor);
      if (result.total !== null) events.onCount?.(result);
      const lastRow =
        result.rows.length < limit
          ? req.startRow + result.rows.length
          : result.totalExact && result.total !== null
            ? result.total
            : undefined;
      return { rows: result.rows, lastRow };
    } catch (err) {
      events.onError?.(err as Error);
      throw err;
    }
  };
}
