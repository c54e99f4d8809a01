import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { ApiError } from '../../engine/api/client';
import { dataProvider, type Row } from '../../engine/api/dataProvider';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import type { ScreenProps } from '../../engine/screens/kinds';

const TILE = { w: 84, h: 64 };
const GRID = 10;
const snap = (v: number) => Math.max(0, Math.round(v / GRID) * GRID);

/**
 * A floor as housekeeping and the desk see it: its rooms as tiles coloured by status, arranged as the
 * building is. Drag tiles into place and save the layout (each room keeps its x/y).
 */
export default function FloorPlan({ route }: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const canEdit = hasRight(session, route.node.permission, 'edit');
  const [floors, setFloors] = useState<Row[]>([]);
  const [floorId, setFloorId] = useState<number>();
  const [rooms, setRooms] = useState<Row[]>([]);
  const [moved, setMoved] = useState<Record<number, { x: number; y: number }>>({});
  const drag = useRef<{ id: number; dx: number; dy: number; sx: number; sy: number } | null>(null);
  const [, force] = useState(0);

  useEffect(() => {
    dataProvider.getList('frontoffice/floor', { limit: 200, sort: 'code' }).then((r) => {
      setFloors(r.rows);
      setFloorId((f) => f ?? r.rows[0]?.id);
    });
  }, [session?.branchId]);

  const load = useCallback(() => {
    if (!floorId) return;
    setMoved({});
    dataProvider.getList('frontoffice/room', { limit: 500, sort: 'code', filter: { floor_id: { op: 'eq', value: floorId } } }).then((r) => setRooms(r.rows));
  }, [floorId]);
  useEffect(load, [load]);

  const pos = (r: Row, i: number) => moved[r.id] ?? { x: r.plan_x ?? (i % 10) * (TILE.w + 10), y: r.plan_y ?? Math.floor(i / 10) * (TILE.h + 10) };

  const down = (e: ReactPointerEvent, r: Row, i: number) => {
    if (!canEdit) return;
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    const p = pos(r, i);
    drag.current = { id: r.id, dx: p.x, dy: p.y, sx: e.clientX, sy: e.clientY };
  };
  const move = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    setMoved((m) => ({ ...m, [d.id]: { x: snap(d.dx + e.clientX - d.sx), y: snap(d.dy + e.clientY - d.sy) } }));
    force((n) => n + 1);
  };
  const save = async () => {
    try {
      for (const r of rooms) {
        const m = moved[r.id];
        if (m) await dataProvider.update('frontoffice/room', r.id, r.version!, { plan_x: m.x, plan_y: m.y });
      }
      toast.success(t('floorplan.saved', { count: Object.keys(moved).length }));
      load();
    } catch (err) {
      toast.error((err as ApiError).message);
    }
  };

  const height = Math.max(260, ...rooms.map((r, i) => pos(r, i).y + TILE.h + 20));
  return (
    <div className="stack">
      <div className="card">
        <div className="card-body row">
          <label htmlFor="fp-floor" className="field-label">{t('room.floor_id')}</label>
          <select id="fp-floor" className="select" style={{ maxWidth: 280 }} value={floorId ?? ''} onChange={(e) => setFloorId(Number(e.target.value))}>
            {floors.map((f) => <option key={f.id} value={f.id}>{f.code} — {f.name}</option>)}
          </select>
          <span className="muted">{t('floorplan.rooms', { count: rooms.length })}</span>
          {canEdit && (
            <button type="button" className="btn btn-primary" style={{ marginLeft: 'auto' }} disabled={!Object.keys(moved).length} onClick={() => void save()} data-testid="floorplan-save">
              <Icon name="check" size="sm" /> {t('floorplan.save')}
            </button>
          )}
        </div>
      </div>
      <div className="card floorplan-card">
        <div className="floorplan" style={{ height }} onPointerMove={move} onPointerUp={() => (drag.current = null)} data-testid="floorplan">
          {rooms.map((r, i) => {
            const p = pos(r, i);
            return (
              <div
                key={r.id}
                className={`fp-room fp-${r.hk_status}${moved[r.id] ? ' moved' : ''}`}
                style={{ left: p.x, top: p.y, width: TILE.w, height: TILE.h }}
                onPointerDown={(e) => down(e, r, i)}
                title={`${r.code} · ${r._refs?.room_type_id ?? ''} · ${t(`room.hk_status.${r.hk_status}`)}`}
                data-testid={`fp-${r.code}`}
              >
                <strong>{r.code}</strong>
                <span>{String(r._refs?.room_type_id ?? '').split(' - ')[0]}</span>
                <small>{t(`room.hk_status.${r.hk_status}`)}</small>
              </div>
            );
          })}
        </div>
      </div>
      <div className="roomplan-legend" style={{ marginLeft: 0, flexWrap: 'wrap' }}>
        {['vacant_clean', 'vacant_dirty', 'occupied_clean', 'occupied_dirty', 'out_of_order', 'out_of_service'].map((s) => (
          <span key={s}><i className={`fp-${s}`} />{t(`room.hk_status.${s}`)}</span>
        ))}
      </div>
    </div>
  );
}
