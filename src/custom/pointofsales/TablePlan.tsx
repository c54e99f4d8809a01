import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useChangeFeed } from '../../engine/api/useChangeFeed';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { Refusal } from '../../engine/screens/Refusal';
import { hasRight, useSession } from '../../engine/session/session';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatMoney } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import { autoPlace, TILE, type Placed } from '../../widgets/tileLayout';
import { useTileDrag } from '../../widgets/useTileDrag';
import { toast } from '../../shell/toasts';
import { confirmDialog } from '../../shell/confirm';
import { TABLE_STATES, usePadOutlet, useSeatTable, type Pad, type PadTable } from './padData';
import './pos.css';

/** A restaurant's tables line up eight to a row until someone arranges them: a tablet shows a whole row. */
const PER_ROW = 8;

/**
 * The outlet's tables where they stand in each area, coloured by state (free, seated, in the kitchen, served,
 * bill printed, paid and being cleared). A tap opens the table's bill. Someone with the right arranges the
 * plan: drag a table (finger, pen or mouse) or move it with the arrow keys, then save the area's layout.
 */
export default function TablePlan({ route }: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const canArrange = hasRight(session, route.node.permission, 'edit');
  const { outlet, outlets, setOutlet } = usePadOutlet();
  const [search, setSearch] = useSearchParams();
  const pad = useResource(outlet ? `pointofsales/pad/${outlet}` : null, (signal) =>
    dataProvider.read<Pad>(`pointofsales/pad/${outlet}`, {}, signal),
  );
  const command = useCommand({ abortable: false });
  const { seatTable } = useSeatTable(outlet, command.run);
  const [arranging, setArranging] = useState(false);

  const tables = useMemo(() => pad.data?.tables ?? [], [pad.data]);
  const areas = useMemo(() => [...new Set(tables.map((x) => x.area))], [tables]);
  const area = areas.includes(search.get('area') ?? '') ? search.get('area')! : areas[0];
  const saved = useMemo(
    () =>
      autoPlace(
        tables.filter((x) => x.area === area).map((row) => ({ row, x: row.plan_x, y: row.plan_y })),
        PER_ROW,
      ),
    [tables, area],
  );
  // the places being moved, until they are saved or another area or outlet is chosen
  const [moved, setMoved] = useState<{ from: Placed<PadTable>[]; tables: Placed<PadTable>[] }>();
  const placed = moved?.from === saved ? moved.tables : saved;
  const setPlaced = (change: (list: Placed<PadTable>[]) => Placed<PadTable>[]) =>
    setMoved((m) => ({ from: saved, tables: change(m?.from === saved ? m.tables : saved) }));
  const place = (id: number, x: number, y: number) => setPlaced((list) => list.map((p) => (p.row.id === id ? { ...p, x, y } : p)));
  const tiles = useTileDrag(place, arranging);
  const dirty = placed.some((p, i) => p.x !== saved[i]?.x || p.y !== saved[i]?.y);
  const counts = useMemo(() => Object.fromEntries(TABLE_STATES.map((s) => [s, tables.filter((x) => x.state === s).length])), [tables]);
  const width = Math.max(640, ...placed.map((p) => p.x + TILE + 20));
  const height = Math.max(280, ...placed.map((p) => p.y + TILE + 20));

  // live while serving: a table seated, ordered or paid at another terminal shows within a second; arranging holds it still
  useChangeFeed('pointofsales/changes', () => void pad.load(), !arranging && Boolean(outlet));

  const leaveUnsaved = async () => !dirty || (await confirmDialog({ message: t('common.unsaved'), okLabel: t('common.close') }));
  const chooseArea = async (next: string) => {
    if (!(await leaveUnsaved())) return;
    setSearch({ area: next }, { replace: true });
  };
  const chooseOutlet = async (id: number) => {
    if (!(await leaveUnsaved())) return;
    setSearch({}, { replace: true });
    setOutlet(id);
  };
  const save = async () => {
    const done = await command.run((signal) =>
      dataProvider.run(
        'pointofsales.saveTablePlan',
        { outlet_id: outlet, tables: placed.map((p) => ({ id: p.row.id, x: p.x, y: p.y })) },
        signal,
      ),
    );
    if (!done) return;
    await pad.load();
    toast.success(t('pos-plan.saved', { area: area || t('pos-pad.noArea') }));
  };
  const finish = async () => {
    if (!(await leaveUnsaved())) return;
    setMoved(undefined);
    setArranging(false);
  };

  if (!outlet) return <div className="skeleton" style={{ height: 320 }} aria-busy="true" />;

  return (
    <div className="card floor-plan pos-plan">
      <div className="list-toolbar">
        <select
          className="select"
          aria-label={t('pos-till.outlet')}
          value={outlet}
          onChange={(e) => void chooseOutlet(Number(e.target.value))}
        >
          {outlets.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
        <div className="segmented" role="group" aria-label={t('pos-plan.areas')}>
          {areas.map((a) => (
            <button
              key={a}
              type="button"
              className={`btn${a === area ? ' btn-primary' : ''}`}
              aria-pressed={a === area}
              onClick={() => void chooseArea(a)}
            >
              {a || t('pos-pad.noArea')}
            </button>
          ))}
        </div>
        <span className="grow" />
        {!arranging && (
          <button type="button" className="btn" onClick={() => void pad.load()} aria-label={t('common.refresh')}>
            <Icon name="refresh" size="sm" />
          </button>
        )}
        {canArrange && !arranging && (
          <button type="button" className="btn" onClick={() => setArranging(true)}>
            <Icon name="grid" size="sm" /> {t('pos-plan.arrange')}
          </button>
        )}
        {arranging && (
          <>
            <button
              type="button"
              className="btn"
              onClick={() =>
                setPlaced((list) =>
                  autoPlace(
                    list.map((p) => ({ row: p.row, x: null, y: null })),
                    PER_ROW,
                  ),
                )
              }
            >
              <Icon name="grid" size="sm" /> <span className="hide-mobile">{t('pos-plan.autoArrange')}</span>
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!dirty}>
              <Icon name="check" size="sm" /> {t('pos-plan.save')}
            </button>
            <button type="button" className="btn" onClick={() => void finish()}>
              {t('pos-plan.done')}
            </button>
          </>
        )}
      </div>
      <ul className="hk-legend pos-legend" aria-label={t('pos-plan.states')}>
        {TABLE_STATES.map((s) => (
          <li key={s} className={`pos-dot pos-${s}`}>
            {t(`pos-pad.state.${s}`)} <strong>{counts[s]}</strong>
          </li>
        ))}
      </ul>
      <Refusal problem={command.problem} />
      <p className="muted floor-plan-help">{t(arranging ? 'pos-plan.helpArrange' : 'pos-plan.help')}</p>
      <div className="floor-plan-scroll">
        {placed.length === 0 ? (
          <p className="muted" style={{ padding: 16 }}>
            {pad.loading ? t('common.loading') : t('pos-plan.noTables')}
          </p>
        ) : (
          <div
            ref={tiles.canvas}
            className={`floor-plan-canvas${arranging ? '' : ' serving'}`}
            style={{ width, height, minWidth: '100%' }}
            {...tiles.canvasHandlers}
          >
            {placed.map((p) => (
              <button
                key={p.row.id}
                type="button"
                className={`plan-table pos-${p.row.state}${arranging ? ' movable' : ''}`}
                style={{ left: p.x, top: p.y, width: TILE, height: TILE }}
                data-testid={`plan-table-${p.row.code}`}
                onPointerDown={(e) => tiles.grab(e, p.row.id, p)}
                onKeyDown={(e) => tiles.nudge(e, p.row.id, p)}
                onClick={() => !arranging && void seatTable(p.row)}
                aria-label={`${p.row.code} · ${t(`pos-pad.state.${p.row.state}`)}${Number(p.row.total) > 0 ? ` · ${formatMoney(p.row.total!)}` : ''}`}
              >
                <strong>{p.row.code}</strong>
                <span className="muted">
                  {p.row.check_id
                    ? t('pos-plan.covers', { covers: p.row.covers, seats: p.row.seats })
                    : t('pos-pad.seats', { count: p.row.seats })}
                </span>
                {Number(p.row.total) > 0 && <span className="plan-table-total">{formatMoney(p.row.total!)}</span>}
                {p.row.minutes != null && <span className="muted">{t('pos-board.minutes', { minutes: p.row.minutes })}</span>}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
