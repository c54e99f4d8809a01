import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { EntitySchema, ListScreen } from '../../../core/meta/types';
import { dataProvider, type DataProvider } from '../../api/dataProvider';
import { createListPager, type Page, type PageRequest } from './listPager';
import { parseListState, screenFilter, toApiFilter, writeListState, type ListState } from './listState';

export interface ListStatus {
  /** the first page of the current query is on its way: the list's own panel shows a skeleton */
  loading: boolean;
  count?: { total: number; exact: boolean };
  error?: string;
}

export interface ListController {
  /** the view as the address holds it: search, sort, filters, the open record */
  state: ListState;
  /** the search box's text; it reaches the address (and the server) after a pause in typing */
  query: string;
  setQuery(q: string): void;
  setSort(field: string | undefined, dir: 'asc' | 'desc'): void;
  setFilters(filters: ListState['filters']): void;
  /** the day a list with a `day` shows (the address's, else the business date it was given) */
  day?: string;
  setDay(day: string): void;
  /** opens a record ('new' or its id) beside the list; a new history entry, so Back closes it */
  open(id: number | 'new'): void;
  close(): void;
  /** the rows from startRow to endRow of the current query (the same function until the query changes) */
  getPage(req: PageRequest, signal?: AbortSignal): Promise<Page>;
  status: ListStatus;
  /** reads the pages again (after a save); the renderer says how with `onRefresh` */
  refresh(): void;
  onRefresh(fn: () => void): void;
}

const TYPING_PAUSE_MS = 350;

/**
 * A list without pixels (after ra-core's `useListController`): its view lives in the URL so a link
 * reproduces it, pages come from the data provider on demand, and the status says when the first page is
 * still coming, how many rows there are, or why it failed.
 */
export function useListController(
  def: ListScreen,
  entity: EntitySchema,
  source: Pick<DataProvider, 'getList'> = dataProvider,
  businessDate?: string,
  params: Record<string, string | undefined> = {},
): ListController {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseListState(search, def, entity), [search, def, entity]);
  const [query, setQuery] = useState(state.q);
  const [status, setStatus] = useState<ListStatus>({ loading: true });
  const refresher = useRef<() => void>(undefined);

  const update = useCallback(
    (patch: Partial<ListState>, replace = true) =>
      setSearch((prev) => writeListState({ ...parseListState(prev, def, entity), ...patch }), { replace }),
    [setSearch, def, entity],
  );

  useEffect(() => {
    if (query === state.q) return;
    const timer = setTimeout(() => update({ q: query }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query, state.q, update]);

  // A new pager (and a fresh count) only when what is asked of the server changes, not on every URL change
  // (a switch to another property mounts the screen afresh).
  const q = state.q || undefined;
  const filterKey = JSON.stringify(state.filters);
  const day = def.day ? (state.day ?? businessDate) : undefined;
  const paramsKey = JSON.stringify(params);
  const filter = useMemo(
    () => ({
      ...toApiFilter({ q: '', dir: 'asc', filters: JSON.parse(filterKey) as ListState['filters'] }, entity),
      ...screenFilter(def, day, JSON.parse(paramsKey) as Record<string, string>),
    }),
    [filterKey, entity, def, day, paramsKey],
  );
  const current = useRef<unknown>(undefined);
  const getPage = useMemo(() => {
    let counted = false;
    const pager = createListPager(
      source,
      { entity: entity.$id, q, filter },
      {
        // an answer to a query the list has left behind changes nothing
        onStart: () => current.current === pager && !counted && setStatus({ loading: true }),
        onCount: (r) => {
          if (current.current !== pager) return;
          counted = true;
          setStatus({ loading: false, count: { total: r.total ?? 0, exact: r.totalExact } });
        },
        onError: (err) => current.current === pager && setStatus((s) => ({ ...s, loading: false, error: err.message })),
      },
    );
    return pager;
  }, [source, entity, q, filter]);
  useEffect(() => {
    current.current = getPage;
  }, [getPage]);

  return {
    state,
    query,
    setQuery,
    setSort: (sort, dir) => update({ sort, dir }),
    setFilters: (filters) => update({ filters }),
    day,
    setDay: (d) => update({ day: d }),
    open: (id) => update({ edit: String(id) }, false),
    close: () => update({ edit: undefined }, false),
    getPage,
    status,
    refresh: () => refresher.current?.(),
    onRefresh: (fn) => {
      refresher.current = fn;
    },
  };
}
