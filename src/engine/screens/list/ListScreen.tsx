import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type GridApi,
  type SortChangedEvent,
} from 'ag-grid-community';
import type { EntitySchema, FormScreen, ListColumn, ListScreen as ListDef, RouteNode } from '../../../core/meta/types';
import { flattenRoutes } from '../../../core/meta/types';
import routesFile from '../../../../routes.json';
import { useI18n } from '../../i18n/i18n';
import { hasRight, useSession } from '../../session/session';
import { formatValue } from '../../../core/format/format';
import type { ListResult, Row } from '../../api/dataProvider';
import { Icon } from '../../../widgets/Icon';
import { Drawer } from '../../../widgets/Drawer';
import { MOBILE_QUERY, useMediaQuery } from '../../../widgets/useMediaQuery';
import { toast } from '../../../shell/toasts';
import type { ScreenProps } from '../kinds';
import { createDatasource } from './datasource';
import { enumLabel, fieldLabel, FilterBar } from './FilterBar';
import { parseListState, toApiFilter, writeListState, type ListState } from './listState';
import { RecordDetail } from './RecordDetail';

ModuleRegistry.registerModules([InfiniteRowModelModule, CellStyleModule]);

const EntityForm = lazy(() => import('../form/EntityForm'));

const gridTheme = themeQuartz.withParams({
  accentColor: 'var(--accent)',
  fontFamily: 'inherit',
  fontSize: 13.5,
  headerFontSize: 12,
  headerFontWeight: 600,
  headerTextColor: 'var(--text-3)',
  headerBackgroundColor: 'var(--surface-2)',
  borderColor: 'var(--border)',
  rowHoverColor: '#f5f8fb',
  selectedRowBackgroundColor: 'var(--accent-soft)',
  wrapperBorder: false,
  wrapperBorderRadius: 0,
  rowHeight: 40,
  headerHeight: 38,
});

const flatRoutes = flattenRoutes((routesFile as { routes: RouteNode[] }).routes);

const NUMERIC = new Set(['money', 'number', 'percent']);

/** The generic list: server paging, sorting and filtering, its view in the URL, a form beside it. */
export default function ListScreen({ bundle, route }: ScreenProps) {
  const def = bundle.screen as ListDef;
  const entity = bundle.entities[def.entity] as EntitySchema;
  const form = def.form ? (bundle.screens[def.form] as FormScreen) : undefined;
  const resource = route.node.permission;
  const session = useSession();
  const { t, has, lang } = useI18n();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseListState(search, def, entity), [search, def, entity]);
  const [count, setCount] = useState<{ total: number; exact: boolean }>();
  const [showFilters, setShowFilters] = useState(() => Object.keys(state.filters).length > 0);
  const [detail, setDetail] = useState<Row>();
  const [q, setQ] = useState(state.q);
  const api = useRef<GridApi>(null);

  const update = useCallback(
    (patch: Partial<ListState>, replace = true) =>
      setSearch(writeListState({ ...parseListState(search, def, entity), ...patch }), { replace }),
    [search, setSearch, def, entity],
  );

  useEffect(() => {
    if (q === state.q) return;
    const timer = setTimeout(() => update({ q }), 350);
    return () => clearTimeout(timer);
  }, [q, state.q, update]);

  const filterKey = JSON.stringify([state.q, state.filters]);
  const datasource = useMemo(
    () =>
      createDatasource(
        { entity: def.entity, q: state.q || undefined, filter: toApiFilter(state, entity) },
        (r: ListResult) => setCount({ total: r.total ?? 0, exact: r.totalExact }),
        (err) => toast.error(err.message),
      ),
    // The datasource is rebuilt only when what it asks the server changes, not on every URL change.
    [def.entity, filterKey, session?.branchId],
  );

  const columnDefs = useMemo<ColDef[]>(
    () => def.columns.filter((c) => !(mobile && c.hideOnMobile)).map((c) => columnDef(c, entity, state, t, has, mobile)),
    [def, entity, mobile, lang],
  );

  const onSortChanged = (e: SortChangedEvent) => {
    const col = e.api.getColumnState().find((c) => c.sort);
    update({ sort: col?.colId, dir: (col?.sort as 'asc' | 'desc') ?? 'asc' });
  };

  const refresh = () => api.current?.refreshInfiniteCache();
  const canCreate = !def.readOnly && form && !entity['x-db'].singleton && hasRight(session, resource, 'create');
  const editing = state.edit;
  const closeForm = () => update({ edit: undefined }, false);
  const formTitle = form ? t(form.title) : '';
  // A link is shown only to those who may open its target.
  const links = (def.links ?? []).filter((l) => {
    const target = flatRoutes.find((r) => r.fullPath === l.to);
    return target && (target.node.signedIn || hasRight(session, target.node.permission, 'view'));
  });

  return (
    <div className="card">
      <div className="list-toolbar">
        {def.search && (
          <div className="input-group search">
            <span className="prefix">
              <Icon name="search" size="sm" />
            </span>
            <input
              className="input"
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder={t('common.searchPlaceholder')}
              aria-label={t('common.search')}
            />
          </div>
        )}
        {def.filters && def.filters.length > 0 && (
          <button
            type="button"
            className={`btn${showFilters ? ' btn-primary' : ''}`}
            onClick={() => setShowFilters(!showFilters)}
            aria-expanded={showFilters}
          >
            <Icon name="filter" size="sm" />
            <span className="hide-mobile">{t('common.filters')}</span>
            {Object.keys(state.filters).length > 0 && <span className="badge badge-info">{Object.keys(state.filters).length}</span>}
          </button>
        )}
        <button
          type="button"
          className="btn btn-icon"
          onClick={refresh}
          aria-label={t('common.refresh')}
          data-tooltip={t('common.refresh')}
        >
          <Icon name="refresh" size="sm" />
        </button>
        <span className="count" data-testid="row-count">
          {count ? t(count.exact ? 'common.rows' : 'common.rowsMore', { count: count.total.toLocaleString('de-DE') }) : ''}
        </span>
        {links.map((l) => (
          <Link key={l.to} className="btn" to={l.to}>
            <Icon name={l.icon ?? 'chevron-right'} size="sm" />
            <span className="hide-mobile">{t(l.label)}</span>
          </Link>
        ))}
        {canCreate && (
          <button type="button" className="btn btn-primary" onClick={() => update({ edit: 'new' }, false)}>
            <Icon name="plus" size="sm" /> {t('common.new')}
          </button>
        )}
      </div>
      {showFilters && def.filters && (
        <FilterBar fields={def.filters} entity={entity} state={state} onChange={(filters) => update({ filters })} />
      )}
      <div className="list-grid">
        <AgGridReact
          theme={gridTheme}
          rowModelType="infinite"
          datasource={datasource}
          cacheBlockSize={50}
          maxBlocksInCache={20}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: true, resizable: true, sortingOrder: ['asc', 'desc'], minWidth: 70 }}
          getRowId={(p) => String(p.data.id)}
          onGridReady={(e) => {
            api.current = e.api;
          }}
          onSortChanged={onSortChanged}
          onRowClicked={(e) => {
            if (!e.data) return;
            if (form && !def.readOnly) update({ edit: String(e.data.id) }, false);
            else setDetail(e.data);
          }}
          overlayNoRowsTemplate={`<span class="muted">${t('common.noRows')}</span>`}
          suppressCellFocus
          animateRows={false}
        />
      </div>
      {editing && form && (
        <Suspense fallback={null}>
          <EntityForm
            entity={entity}
            form={form}
            id={editing === 'new' ? null : Number(editing)}
            resource={resource}
            rowActions={def.rowActions}
            title={formTitle}
            onClose={closeForm}
            onSaved={(_row, created) => {
              refresh();
              if (created) closeForm();
            }}
            onDeleted={() => {
              refresh();
              closeForm();
            }}
          />
        </Suspense>
      )}
      {detail && (
        <Drawer title={t(entity.title ?? def.title)} onClose={() => setDetail(undefined)} closeLabel={t('common.close')}>
          <div className="drawer-body">
            <RecordDetail entity={entity} row={detail} />
          </div>
        </Drawer>
      )}
    </div>
  );
}

function columnDef(
  c: ListColumn,
  entity: EntitySchema,
  state: ListState,
  t: (k: string, p?: Record<string, unknown>) => string,
  has: (k: string) => boolean,
  mobile: boolean,
): ColDef {
  const field = entity.properties[c.field];
  const format = c.format ?? (field?.['x-ref'] ? 'lookup' : field?.enum ? 'enum' : 'text');
  const col: ColDef = {
    colId: c.field,
    field: c.field,
    headerName: fieldLabel(entity, c.field, t, has, c.label),
    width: c.width,
    flex: c.flex,
    sortable: c.sortable !== false && !field?.['x-virtual'] && format !== 'lookup',
    pinned: mobile ? undefined : c.pinned,
    sort: state.sort === c.field ? state.dir : undefined,
  };
  if (NUMERIC.has(format)) {
    col.cellClass = 'num';
    col.headerClass = 'ag-right-aligned-header';
  }
  switch (format) {
    case 'lookup':
      col.valueGetter = (p) => p.data?._refs?.[c.field] ?? '';
      break;
    case 'enum':
      col.valueFormatter = (p) => (p.value == null ? '' : enumLabel(entity, c.field, p.value, t));
      break;
    case 'boolean':
      col.cellRenderer = (p: { value: unknown }) =>
        p.value == null ? (
          ''
        ) : (
          <span className={`badge ${p.value ? 'badge-success' : ''}`}>{p.value ? t('common.yes') : t('common.no')}</span>
        );
      break;
    default:
      col.valueFormatter = (p) => formatValue(p.value, format);
  }
  return col;
}
