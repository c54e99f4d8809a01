import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CustomScreen, EntitySchema, FormScreen, ListScreen, ScreenAction } from '../../core/meta/types';
import { dataProvider, type Row } from '../../engine/api/dataProvider';
import { useRecordController } from '../../engine/controllers/record/useRecordController';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { loadScreen } from '../../engine/screens/screenStore';
import type { ScreenProps } from '../../engine/screens/kinds';
import { Refusal } from '../../engine/screens/Refusal';
import { ActionInputs } from '../../engine/screens/form/ActionInputs';
import { useRowActions } from '../../engine/screens/form/useRowActions';
import { enumLabel, fieldLabel } from '../../engine/screens/list/FilterBar';
import { formatDate, formatValue } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import { SigningPanel } from './SigningPanel';

const EntityForm = lazy(() => import('../../engine/screens/form/EntityForm'));

interface Summary {
  id: number;
  code: string;
  version: number;
  status: string;
  guest: { id: number; name: string; title: string | null; vip: string | null };
  arrival: string;
  departure: string;
  nights: number;
  adults: number;
  children: number;
  roomType: string;
  room: string | null;
  rateCode: string | null;
  rateName: string | null;
  stayTotal: string | null;
  deposits: string;
  /** 'stay': the stay's total less deposits (before check-in); 'folios': what the folios still owe */
  balanceOf: 'stay' | 'folios';
  balance: string;
}

interface HistoryRow {
  at: string;
  username: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const TABS = ['details', 'folios', 'deposits', 'history', 'documents'] as const;
const FOLIOS = { entity: 'frontoffice/folio-balance', right: 'frontoffice.billing', open: '/frontoffice/billing/edit/' };
type Tab = (typeof TABS)[number];

/**
 * One reservation, the same from everywhere (room plan, lists, header search): a summary that decides the
 * next step, the actions its status allows, and tabs. The actions and the form are the reservation list's
 * own declarations (`props.list`), so they are declared once and run through the record controller.
 */
export default function ReservationScreen({ bundle, route, params }: ScreenProps) {
  const def = bundle.screen as CustomScreen;
  const listId = String((def.props as { list: string }).list);
  const id = Number(params.id);
  const { t } = useI18n();
  const session = useSession();
  const tabs = TABS.filter((k) => k !== 'folios' || hasRight(session, FOLIOS.right, 'view'));
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'details';
  const resource = route.node.permission;

  const list = useResource(`screen:${listId}`, () => loadScreen(listId));
  const listDef = list.data?.screen as ListScreen | undefined;
  const entity = listDef ? (list.data!.entities[listDef.entity] as EntitySchema) : undefined;
  const record = useRecordController({ entity: listDef?.entity ?? 'frontoffice/reservation', id: Number.isFinite(id) ? id : null });
  const row = record.state.row;
  const summary = useResource<Summary>(row ? `summary:${id}:${row.version}` : null, (signal) =>
    dataProvider.read<Summary>(`frontoffice/reservation/${id}/summary`, {}, signal),
  );
  const actions = useRowActions(record, listDef?.rowActions, resource);
  const commands = actions.visible.filter((a) => !a.download);
  const documents = actions.visible.filter((a) => a.download);

  if (!Number.isFinite(id)) return <div className="alert alert-danger">{t('reservation.screen.noId')}</div>;
  const failure = list.error ?? record.state.loadError ?? summary.error;
  if (failure) return <div className="alert alert-danger">{failure}</div>;
  const s = summary.data;
  if (!entity || !row || !s) return <div className="skeleton" style={{ height: 320 }} aria-busy="true" />;

  const form = listDef?.form ? (list.data!.screens[listDef.form] as FormScreen | undefined) : undefined;
  const openTab = (next: Tab) =>
    setSearch(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'details') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );

  return (
    <div className="resv" data-testid="reservation-screen">
      <section className="card resv-head" aria-label={t('reservation.screen.summary')}>
        <div className="resv-title">
          <h2>
            {[s.guest.title, s.guest.name].filter(Boolean).join(' ')}
            {s.guest.vip && <span className="badge badge-warning resv-vip">VIP · {s.guest.vip}</span>}
          </h2>
          <span className={`status-chip st-${s.status}`} data-testid="reservation-status">
            {enumLabel(entity, 'status', s.status, t)}
          </span>
          <span className="mono muted">{s.code}</span>
        </div>
        <SummaryFacts s={s} />
        <SigningPanel id={id} status={s.status} resource={resource} />
        <Refusal problem={record.state.problem} onReload={() => void record.load()} />
        {actions.asking && (
          <ActionInputs
            action={actions.asking.action}
            values={actions.asking.values}
            onChange={(values) => actions.setAsking({ ...actions.asking!, values })}
            onRun={() => void actions.run(actions.asking!.action, actions.asking!.values)}
            onCancel={() => actions.setAsking(undefined)}
          />
        )}
        {commands.length > 0 && (
          <div className="resv-actions" role="group" aria-label={t('reservation.screen.actions')}>
            {commands.map((a) => (
              <ActionButton key={a.key} action={a} onRun={() => void actions.run(a)} />
            ))}
          </div>
        )}
      </section>

      <div className="tabs" role="tablist" aria-label={t('reservation.form')}>
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`resv-tab-${k}`}
            aria-selected={tab === k}
            aria-controls="resv-panel"
            className={`tab${tab === k ? ' active' : ''}`}
            onClick={() => openTab(k)}
          >
            {t(`reservation.tab.${k}`)}
          </button>
        ))}
      </div>
      <section className="card resv-panel" role="tabpanel" id="resv-panel" aria-labelledby={`resv-tab-${tab}`}>
        {tab === 'details' && form && (
          <Suspense fallback={<div className="skeleton" style={{ height: 240 }} />}>
            <EntityForm
              key={row.version}
              entity={entity}
              form={form}
              id={id}
              layout="page"
              resource={resource}
              title={t(form.title)}
              onClose={() => undefined}
              onSaved={() => void record.load()}
            />
          </Suspense>
        )}
        {tab === 'folios' && <Folios id={id} version={row.version ?? 0} />}
        {tab === 'deposits' && <Deposits id={id} version={row.version ?? 0} total={s.deposits} />}
        {tab === 'history' && <History id={id} version={row.version ?? 0} entity={entity} />}
        {tab === 'documents' && (
          <div className="card-body resv-docs">
            {documents.length === 0 && <p className="muted">{t('reservation.screen.noDocuments')}</p>}
            {documents.map((a) => (
              <button key={a.key} type="button" className="btn" onClick={() => void actions.run(a)}>
                <Icon name="download" size="sm" /> {t(a.label)}
              </button>
            ))}
          </div>
        )}
      </section>
      <BackLink />
    </div>
  );
}

function ActionButton({ action, onRun }: { action: ScreenAction; onRun(): void }) {
  const { t } = useI18n();
  const tone = action.tone === 'danger' ? ' btn-danger' : action.tone === 'primary' ? ' btn-primary' : '';
  return (
    <button type="button" className={`btn${tone}`} onClick={onRun} data-testid={`action-${action.key}`}>
      {t(action.label)}
    </button>
  );
}

function SummaryFacts({ s }: { s: Summary }) {
  const { t, lang } = useI18n();
  const money = (v: string | null) => (v == null ? '—' : `Rp ${formatValue(v, 'money', lang)}`);
  const facts: [string, ReactNode, string?][] = [
    [
      'stay',
      <>
        {formatDate(s.arrival)} → {formatDate(s.departure)} · {t('reservation.screen.nights', { count: s.nights })}
      </>,
    ],
    [
      'room',
      s.room ? (
        `${s.roomType} · ${s.room}`
      ) : (
        <>
          {s.roomType} · <em className="muted">{t('reservation.screen.noRoom')}</em>
        </>
      ),
    ],
    ['guests', t('reservation.screen.party', { adults: s.adults, children: s.children })],
    ['rate', s.rateCode ? `${s.rateCode}${s.rateName ? ` — ${s.rateName}` : ''}` : '—'],
    ['stayTotal', money(s.stayTotal), 'money'],
    ['deposits', money(s.deposits), 'money'],
    [s.balanceOf === 'folios' ? 'balanceFolios' : 'balance', money(s.balance), 'money strong'],
  ];
  return (
    <dl className="resv-facts">
      {facts.map(([k, v, cls]) => (
        <div key={k} data-testid={`fact-${k.startsWith('balance') ? 'balance' : k}`}>
          <dt>{t(`reservation.screen.${k}`)}</dt>
          <dd className={cls}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Deposits({ id, version, total }: { id: number; version: number; total: string }) {
  const { t, lang } = useI18n();
  const rows = useResource(`deposits:${id}:${version}`, (signal) =>
    dataProvider.getList(
      'frontoffice/reservation-deposit',
      { limit: 200, sort: 'paid_on', filter: { reservation_id: { op: 'eq', value: id } } },
      signal,
    ),
  );
  if (rows.error) return <div className="alert alert-danger">{rows.error}</div>;
  if (!rows.data) return <div className="skeleton" style={{ height: 120 }} />;
  if (!rows.data.rows.length) return <p className="card-body muted">{t('reservation.screen.noDeposits')}</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th>{t('reservation-deposit.paid_on')}</th>
            <th>{t('reservation-deposit.receipt_no')}</th>
            <th>{t('reservation-deposit.pay_article_id')}</th>
            <th>{t('reservation.action.note')}</th>
            <th className="num">{t('reservation-deposit.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.data.rows.map((d: Row) => (
            <tr key={d.id}>
              <td>{formatDate(d.paid_on)}</td>
              <td className="mono">{d.receipt_no}</td>
              <td>{d._refs?.pay_article_id ?? ''}</td>
              <td>{d.note ?? ''}</td>
              <td className="num">{formatValue(d.amount, 'money', lang)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4}>{t('reservation.screen.deposits')}</th>
            <th className="num">{formatValue(total, 'money', lang)}</th>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The stay's folio windows with what each still owes; one opens the folio to post and settle. */
function Folios({ id, version }: { id: number; version: number }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const rows = useResource(`folios:${id}:${version}`, (signal) =>
    dataProvider.getList(FOLIOS.entity, { limit: 8, sort: 'code', filter: { reservation_id: { op: 'eq', value: id } } }, signal),
  );
  if (rows.error) return <div className="alert alert-danger">{rows.error}</div>;
  if (!rows.data) return <div className="skeleton" style={{ height: 120 }} />;
  if (!rows.data.rows.length) return <p className="card-body muted">{t('reservation.screen.noFolios')}</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th>{t('folio-balance.code')}</th>
            <th>{t('folio-balance.window_no')}</th>
            <th>{t('folio-balance.name')}</th>
            <th className="num">{t('folio-balance.charges')}</th>
            <th className="num">{t('folio-balance.payments')}</th>
            <th className="num">{t('folio-balance.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.data.rows.map((f: Row) => (
            <tr key={f.id} className="clickable" onClick={() => navigate(`${FOLIOS.open}${f.id}`)}>
              <td className="mono">
                <a href={`${FOLIOS.open}${f.id}`} onClick={(e) => e.preventDefault()}>
                  {f.code}
                </a>
              </td>
              <td>{f.window_no}</td>
              <td>{f.name}</td>
              <td className="num">{formatValue(f.charges, 'money', lang)}</td>
              <td className="num">{formatValue(f.payments, 'money', lang)}</td>
              <td className="num">{formatValue(f.balance, 'money', lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function History({ id, version, entity }: { id: number; version: number; entity: EntitySchema }) {
  const { t, has, lang } = useI18n();
  const history = useResource(`history:${id}:${version}`, (signal) =>
    dataProvider.read<{ rows: HistoryRow[] }>(`frontoffice/reservation/${id}/history`, {}, signal),
  );
  if (history.error) return <div className="alert alert-danger">{history.error}</div>;
  if (!history.data) return <div className="skeleton" style={{ height: 120 }} />;
  const what = (action: string) => {
    const own = `reservation.history.${action}`;
    return t(has(own) ? own : `audit.action.${action}`);
  };
  // an edit names the fields it changed; a command the reason or note it was given
  const detail = (r: HistoryRow) => {
    if (r.action === 'update' && r.after)
      return Object.keys(r.after)
        .filter((k) => k in entity.properties && k !== 'version')
        .map((k) => fieldLabel(entity, k, t, has))
        .join(', ');
    return String(r.after?.note ?? r.after?.reason ?? '');
  };
  return (
    <ol className="resv-history" data-testid="reservation-history">
      {history.data.rows.map((r, i) => (
        <li key={i}>
          <span className="muted">{formatValue(r.at, 'datetime', lang)}</span>
          <strong>{what(r.action)}</strong>
          <span>{detail(r)}</span>
          <span className="muted">{r.username ?? ''}</span>
        </li>
      ))}
    </ol>
  );
}

function BackLink() {
  const navigate = useNavigate();
  const { t } = useI18n();
  return (
    <div className="row">
      <button type="button" className="btn btn-ghost" onClick={() => navigate(-1)}>
        <Icon name="arrow-left" size="sm" /> {t('common.back')}
      </button>
    </div>
  );
}
