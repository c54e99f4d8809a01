import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { dataProvider, type Row } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import type { ScreenProps } from '../../engine/screens/kinds';
import { toast } from '../../shell/toasts';
import { confirmDialog } from '../../shell/confirm';
import { Icon } from '../../widgets/Icon';
import { autoPlace, TILE, type Placed as PlacedTile } from '../../widgets/tileLayout';
import { useTileDrag } from '../../widgets/useTileDrag';

type Placed = PlacedTile<Row>;

const HK_STATUSES = [
  'vacant_clean',
  'vacant_inspected',
  'vacant_dirty',
  'occupied_clean',
  'occupied_dirty',
  'out_of_order',
  'out_of_service',
] as const;

/**
 * The rooms of one floor as tiles coloured by housekeeping status, placed where they are on the floor.
 * Dragging a tile (mouse, pen or finger) or moving it with the arrow keys changes its place; "Save layout"
 * stores the places of the whole floor at once.
 */
export default function FloorPlan({ route }: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const canEdit = hasRight(session, route.node.permission, 'edit');
  const canOpenRoom = hasRight(session, 'frontoffice.room', 'view');
  const floorList = useResource('frontoffice/floor', (signal) =>
    dataProvider.getList('frontoffice/floor', { limit: 500, sort: 'code', filter: { active: { op: 'eq', value: true } } }, signal),
  );
  const floors: Row[] | undefined = floorList.data?.rows;
  const floorId = Number(search.get('floor')) || floors?.[0]?.id;
  const floor = floors?.find((f) => f.id === floorId);
  const plan = useResource(floorId ? `frontoffice/room?floor=${floorId}` : null, async (signal) => {
    const r = await dataProvider.getList(
      'frontoffice/room',
      { limit: 500, sort: 'code', filter: { floor_id: { op: 'eq', value: floorId } } },
      signal,
    );
    return autoPlace(r.rows.map((row) => ({ row, x: row.plan_x ?? null, y: row.plan_y ?? null })));
  });
  const saved = useMemo(() => plan.data ?? [], [plan.data]);
  // the places being moved, until they are saved or another floor is chosen
  const [moved, setMoved] = useState<{ from: Placed[]; rooms: Placed[] }>();
  const rooms = moved?.from === saved ? moved.rooms : saved;
  const setRooms = (change: (list: Placed[]) => Placed[]) =>
    setMoved((m) => ({ from: saved, rooms: change(m?.from === saved ? m.rooms : saved) }));
  const [selected, setSelected] = useState<number>();
  const command = useCommand();

  const dirty = useMemo(() => rooms.some((r, i) => r.x !== saved[i]?.x || r.y !== saved[i]?.y), [rooms, saved]);
  const counts = useMemo(() => Object.fromEntries(HK_STATUSES.map((s) => [s, rooms.filter((r) => r.row.hk_status === s).length])), [rooms]);
  const width = Math.max(640, ...rooms.map((r) => r.x + TILE + 20));
  const height = Math.max(260, ...rooms.map((r) => r.y + TILE + 20));

  const place = (id: number, x: number, y: number) => setRooms((list) => list.map((r) => (r.row.id === id ? { ...r, x, y } : r)));
  const tiles = useTileDrag(place, canEdit);

  const chooseFloor = async (id: number) => {
    if (dirty && !(await confirmDialog({ message: t('common.unsaved'), okLabel: t('common.close') }))) return;
    setSearch({ floor: String(id) }, { replace: true });
  };

  const save = async () => {
    const placed = rooms;
    const done = await command.run((signal) =>
      dataProvider.run('frontoffice.saveFloorPlan', { floorId, rooms: placed.map((r) => ({ id: r.row.id, x: r.x, y: r.y })) }, signal),
    );
    if (!done) return;
    plan.set(placed);
    toast.success(t('floorPlan.saved', { floor: floor?.name ?? '' }));
  };

  const onKeyDown = (e: React.KeyboardEvent, r: Placed) => {
    if (e.key === 'Enter' && canOpenRoom) navigate(`/frontoffice/master/room?edit=${r.row.id}`);
    tiles.nudge(e, r.row.id, r);
  };

  if (floors && !floors.length) {
    return (
      <div className="card">
        <div className="card-body">
          <p className="muted">{t('floorPlan.noFloors')}</p>
          <Link className="btn" to="/frontoffice/master/floor">
            {t('floorPlan.floors')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="card floor-plan">
      <div className="list-toolbar">
        <label className="floor-pick">
          <span className="hide-mobile">{t('floor.title')}</span>
          <select
            className="select"
            value={floorId ?? ''}
            onChange={(e) => void chooseFloor(Number(e.target.value))}
            aria-label={t('floor.title')}
          >
            {(floors ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.code} — {f.name}
              </option>
            ))}
          </select>
        </label>
        <span className="count">{t('floorPlan.rooms', { count: rooms.length })}</span>
        <Link className="btn" to="/frontoffice/master/floor">
          <Icon name="list" size="sm" /> <span className="hide-mobile">{t('floorPlan.floors')}</span>
        </Link>
        {canEdit && (
          <>
            <button
              type="button"
              className="btn"
              onClick={() => setRooms((list) => autoPlace(list.map((r) => ({ row: r.row, x: null, y: null }))))}
              disabled={!rooms.length}
            >
              <Icon name="grid" size="sm" /> <span className="hide-mobile">{t('floorPlan.arrange')}</span>
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!dirty}>
              <Icon name="check" size="sm" /> {t('floorPlan.save')}
            </button>
          </>
        )}
      </div>
      <ul className="hk-legend" aria-label={t('room.hk_status')}>
        {HK_STATUSES.map((s) => (
          <li key={s} className={`hk-${s}`}>
            <span className="swatch" /> {t(`room.hk_status.${s}`)} <strong>{counts[s]}</strong>
          </li>
        ))}
      </ul>
      {command.problem && (
        <div className="card-body">
          <Refusal problem={command.problem} />
        </div>
      )}
      <p className="muted floor-plan-help">{t(canEdit ? 'floorPlan.help' : 'floorPlan.helpReadOnly')}</p>
      <div className="floor-plan-scroll">
        {rooms.length === 0 ? (
          <p className="muted" style={{ padding: 16 }}>
            {floors && !plan.loading ? t('floorPlan.noRooms') : t('common.loading')}
          </p>
        ) : (
          <div ref={tiles.canvas} className="floor-plan-canvas" style={{ width, height, minWidth: '100%' }} {...tiles.canvasHandlers}>
            {rooms.map((r) => (
              <button
                key={r.row.id}
                type="button"
                className={`room-tile hk-${r.row.hk_status}${selected === r.row.id ? ' on' : ''}${canEdit ? ' movable' : ''}`}
                style={{ left: r.x, top: r.y, width: TILE, height: TILE }}
                onPointerDown={(e) => {
                  setSelected(r.row.id);
                  tiles.grab(e, r.row.id, r);
                }}
                onDoubleClick={() => canOpenRoom && navigate(`/frontoffice/master/room?edit=${r.row.id}`)}
                onKeyDown={(e) => onKeyDown(e, r)}
                aria-label={`${r.row.code} · ${r.row._refs?.room_type_id ?? ''} · ${t(`room.hk_status.${r.row.hk_status}`)}`}
                title={`${r.row.code} · ${r.row._refs?.room_type_id ?? ''} · ${t(`room.hk_status.${r.row.hk_status}`)}${r.row.ooo_reason ? ` · ${r.row.ooo_reason}` : ''}`}
              >
                <span className="room-no">{r.row.code}</span>
                <span className="room-type">{String(r.row._refs?.room_type_id ?? '').split(' - ')[0]}</span>
                <span className="room-status">{t(`floorPlan.short.${r.row.hk_status}`)}</span>
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
