import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type GridApi,
  type IDatasource,
  type IGetRowsParams,
  type SortChangedEvent,
} from 'ag-grid-community';
import type { EntitySchema, FormScreen, Lang, ListColumn, ListScreen as ListDef } from '../../../core/meta/types';
import { mayOpenPath } from '../../router/routeTable';
import { useI18n } from '../../i18n/i18n';
import { hasRight, unreadableFields, useSession } from '../../session/session';
import { fieldValueType, formatValue } from '../../../core/format/format';
import type { Row } from '../../api/dataProvider';
import { Icon } from '../../../widgets/Icon';
import { Drawer } from '../../../widgets/Drawer';
import { DateInput } from '../../../widgets/inputs/DateInput';
import { MOBILE_QUERY, useMediaQuery } from '../../../widgets/useMediaQuery';
import type { ScreenProps } from '../kinds';
import { enumLabel, fieldLabel, FilterBar } from './FilterBar';
import type { ListState } from '../../controllers/list/listState';
import { useListController } from '../../controllers/list/useListController';
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

const NUMERIC = new Set(['money', 'number', 'integer', 'quantity', 'percent']);

/** The generic list, drawn over the list controller: a grid paging on the server, a form beside it. */
export default function ListScreen({ bundle, route, params }: ScreenProps) {
  const def = bundle.screen as ListDef;
  const entity = bundle.entities[def.entity] as EntitySchema;
  const form = def.form ? (bundle.screens[def.form] as FormScreen) : undefined;
  const resource = route.node.permission;
  const session = useSession();
  const unreadable = useMemo(() => unreadableFields(session, entity), [session, entity]);
  const { t, has, lang } = useI18n();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const list = useListController(def, entity, undefined, bundle.context?.businessDate, params);
  // the address narrows the list (a stay's folios): say so, and lead back to all the rows
  const narrowed = Object.keys(def.routeFilter ?? {}).some((p) => params[p]);
  const navigate = useNavigate();
  const { state, status, getPage } = list;
  const [showFilters, setShowFilters] = useState(() => Object.keys(state.filters).length > 0);
  const [detail, setDetail] = useState<Row>();
  const api = useRef<GridApi>(null);
  list.onRefresh(() => api.current?.refreshInfiniteCache());

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows(p: IGetRowsParams) {
        const sort = p.sortModel[0];
        getPage({ startRow: p.startRow, endRow: p.endRow, sort: sort?.colId, dir: sort?.sort }).then(
          (page) => p.successCallback(page.rows, page.lastRow ?? -1),
          () => p.failCallback(),
        );
      },
    }),
    [getPage],
  );

  const { sort, dir } = state;
  const columnDefs = useMemo<ColDef[]>(
    () =>
      def.columns
        .filter((c) => !(mobile && c.hideOnMobile) && !unreadable.includes(c.field))
        .map((c) => columnDef(c, entity, { sort, dir }, t, has, lang, mobile)),
    [def, entity, sort, dir, mobile, t, has, lang, unreadable],
  );

  const onSortChanged = (e: SortChangedEvent) => {
    const col = e.api.getColumnState().find((c) => c.sort);
    list.setSort(col?.colId, (col?.sort as 'asc' | 'desc') ?? 'asc');
  };

  const canCreate =
    !def.readOnly && (form || def.open) && !entity['x-db'].singleton && !entity['x-db'].readOnly && hasRight(session, resource, 'create');
  const editing = state.edit;
  const formTitle = form ? t(form.title) : '';
  // A link is shown only to those who may open its target.
  const links = (def.links ?? []).filter((l) => mayOpenPath(session, l.to));

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
              value={list.query}
              onChange={(e) => list.setQuery(e.target.value)}
              placeholder={t('common.searchPlaceholder')}
              aria-label={t('common.search')}
            />
          </div>
        )}
        {def.day && list.day && <DayPicker label={t(def.day.label)} day={list.day} onChange={list.setDay} />}
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
          onClick={list.refresh}
          aria-label={t('common.refresh')}
          data-tooltip={t('common.refresh')}
        >
          <Icon name="refresh" size="sm" />
        </button>
        <span className="count" data-testid="row-count">
          {status.count
            ? t(status.count.exact ? 'common.rows' : 'common.rowsMore', { count: formatValue(status.count.total, 'integer', lang) })
            : ''}
        </span>
        {links.map((l) => (
          <Link key={l.to} className="btn" to={l.to}>
            <Icon name={l.icon ?? 'chevron-right'} size="sm" />
            <span className="hide-mobile">{t(l.label)}</span>
          </Link>
        ))}
        {canCreate &&
          def.create?.map((c) => (
            <Link key={c.to} className="btn btn-primary" to={c.to}>
              <Icon name="plus" size="sm" /> {t(c.label)}
            </Link>
          ))}
        {canCreate && !def.create && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => (def.open ? navigate(def.open.replace('/{id}', '')) : list.open('new'))}
          >
            <Icon name="plus" size="sm" /> {t('common.new')}
          </button>
        )}
      </div>
      {narrowed && (
        <div className="alert alert-info list-narrowed" data-testid="list-narrowed">
          <Icon name="filter" size="sm" /> <span>{t('list.narrowed')}</span>
          <Link to={route.fullPath.replace(/\/\{[^}]+\?\}/g, '')}>{t('list.showAll')}</Link>
        </div>
      )}
      {showFilters && def.filters && <FilterBar fields={def.filters} entity={entity} state={state} onChange={list.setFilters} />}
      <div className="list-grid" aria-busy={status.loading}>
        {status.loading && <ListSkeleton label={t('common.loading')} />}
        {status.error && (
          <div className="alert alert-danger list-error" role="alert">
            <Icon name="alert" /> {status.error}
          </div>
        )}
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
            if (def.open) navigate(fillPath(def.open, e.data));
            else if (form && !def.readOnly) list.open(e.data.id);
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
            onClose={list.close}
            onSaved={(_row, created) => {
              list.refresh();
              if (created) list.close();
            }}
            onDeleted={() => {
              list.refresh();
              list.close();
            }}
          />
        </Suspense>
      )}
      {detail && (
        <Drawer title={t(entity.title ?? def.title)} onClose={() => setDetail(undefined)} closeLabel={t('common.close')}>
          <div className="drawer-body">
            <RecordDetail entity={entity} id={detail.id} />
          </div>
        </Drawer>
      )}
    </div>
  );
}

/** The one day a list shows (today's arrivals), with the day before and after a click away. */
function DayPicker({ label, day, onChange }: { label: string; day: string; onChange(day: string): void }) {
  const { t } = useI18n();
  const shift = (n: number) => {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    onChange(d.toISOString().slice(0, 10));
  };
  return (
    <div className="day-picker" role="group" aria-label={label}>
      <button type="button" className="btn btn-icon" onClick={() => shift(-1)} aria-label={t('common.dayBefore')}>
        <Icon name="chevron-left" size="sm" />
      </button>
      <DateInput value={day} onChange={(v) => v && onChange(v)} ariaLabel={label} />
      <button type="button" className="btn btn-icon" onClick={() => shift(1)} aria-label={t('common.dayAfter')}>
        <Icon name="chevron-right" size="sm" />
      </button>
    </div>
  );
}

/** Grey rows where the first page will be, inside the list's own panel: the menu and the rest stay usable. */
function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="list-skeleton" data-testid="list-skeleton" role="status" aria-label={label}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="skeleton" style={{ height: 22, width: `${92 - (i % 3) * 14}%` }} />
      ))}
    </div>
  );
}

function columnDef(
  c: ListColumn,
  entity: EntitySchema,
  state: Pick<ListState, 'sort' | 'dir'>,
  t: (k: string, p?: Record<string, unknown>) => string,
  has: (k: string) => boolean,
  lang: Lang,
  mobile: boolean,
): ColDef {
  const field = entity.properties[c.field];
  const named = field?.enum || field?.['x-ui']?.enumLabels;
  const format = field?.['x-ref'] && !c.format ? 'lookup' : named && !c.format ? 'enum' : fieldValueType(field, c.format);
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
      col.valueFormatter = (p) => formatValue(p.value, format, lang);
  }
  return col;
}

/** A declared route for a row: each {field} replaced by the row's value. */
function fillPath(template: string, row: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? '')));
}
