import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import dayjs from 'dayjs';
import { apiGet, type ApiError } from '../../engine/api/client';
import { dataProvider } from '../../engine/api/dataProvider';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { formatDate } from '../../core/format/format';
import { toast } from '../../shell/toasts';
import { DateInput } from '../../widgets/inputs/DateInput';
import { Icon } from '../../widgets/Icon';
import type { ScreenProps } from '../../engine/screens/kinds';
import { NewBooking } from './NewBooking';

interface PlanRoom {
  id: number;
  code: string;
  room_type_id: number;
  room_type: string;
  floor: string;
  hk_status: string;
  ooo_from: string | null;
  ooo_to: string | null;
}
export interface PlanBooking {
  id: number;
  code: string;
  version: number;
  guest: string;
  arrival: string;
  departure: string;
  room_id: number | null;
  room_type_id: number;
  status: 'tentative' | 'confirmed' | 'in_house';
  adults: number;
}
interface Plan {
  from: string;
  days: number;
  rooms: PlanRoom[];
  bookings: PlanBooking[];
  available: { date: string; available: number }[];
}

const ROW = 34;
const DAY = { 14: 64, 30: 40 } as Record<number, number>;
const ROOM_COL = 92;

interface Drag {
  booking: PlanBooking;
  mode: 'move' | 'extend';
  startX: number;
  startY: number;
  dx: number;
  dy: number;
}

/**
 * The room plan: rooms down, nights across, each booking a bar coloured by its status. Drag a bar to
 * another room or other nights, drag its right edge to change the departure, click it to open the
 * reservation, click a free night to book it. The server decides every move (a clash is refused with
 * the other booking's name) and the plan reloads.
 */
export default function RoomPlan(_props: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const [from, setFrom] = useState<string>();
  const [days, setDays] = useState(14);
  const [plan, setPlan] = useState<Plan>();
  const [drag, setDrag] = useState<Drag>();
  const [creating, setCreating] = useState<{ room: PlanRoom; arrival: string }>();
  const moved = useRef(false);
  const canEdit = hasRight(session, 'frontoffice.reservation', 'edit');

  useEffect(() => {
    // the plan opens on the property's business date
    dataProvider.report<{ rows: { business_date: string }[] }>('property-summary').then(
      (r) => setFrom(r.rows[0]?.business_date ?? dayjs().format('YYYY-MM-DD')),
      () => setFrom(dayjs().format('YYYY-MM-DD')),
    );
  }, [session?.branchId]);

  const load = useCallback(() => {
    if (!from) return;
    apiGet<Plan>('/api/frontoffice/roomplan', { params: { from, days } }).then(setPlan, (e: ApiError) => toast.error(e.message));
  }, [from, days]);
  useEffect(load, [load]);

  // nights stretch to fill the card, never narrower than the window's minimum
  const [boxWidth, setBoxWidth] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const planShown = plan !== undefined;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [planShown]);
  const w = Math.max(DAY[days] ?? 48, Math.floor((boxWidth - ROOM_COL) / days));
  const dates = useMemo(() => (plan ? Array.from({ length: plan.days }, (_, i) => dayjs(plan.from).add(i, 'day')) : []), [plan]);
  const rowOf = useMemo(() => new Map((plan?.rooms ?? []).map((r, i) => [r.id, i])), [plan]);
  const unassigned = (plan?.bookings ?? []).filter((b) => b.room_id == null);

  const offset = (date: string) => dayjs(date).diff(dayjs(plan!.from), 'day');

  const startDrag = (e: ReactPointerEvent, booking: PlanBooking, mode: Drag['mode']) => {
    if (!canEdit) return;
    e.stopPropagation();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    moved.current = false;
    setDrag({ booking, mode, startX: e.clientX, startY: e.clientY, dx: 0, dy: 0 });
  };
  const onMove = (e: ReactPointerEvent) => {
    if (!drag) return;
    const dx = e.clientX - drag.startX;
    const dy = e.clientY - drag.startY;
    if (Math.abs(dx) > 4 || Math.abs(dy) > 4) moved.current = true;
    setDrag({ ...drag, dx, dy });
  };
  const onUp = async () => {
    if (!drag || !plan) return;
    const d = drag;
    setDrag(undefined);
    if (!moved.current) return;
    const dDays = Math.round(d.dx / w);
    const dRows = d.mode === 'move' ? Math.round(d.dy / ROW) : 0;
    const b = d.booking;
    const values: Record<string, unknown> = {};
    if (d.mode === 'extend') {
      const departure = dayjs(b.departure).add(dDays, 'day');
      if (!dDays || !departure.isAfter(dayjs(b.arrival))) return;
      values.departure = departure.format('YYYY-MM-DD');
    } else {
      if (dDays) {
        values.arrival = dayjs(b.arrival).add(dDays, 'day').format('YYYY-MM-DD');
        values.departure = dayjs(b.departure).add(dDays, 'day').format('YYYY-MM-DD');
      }
      if (dRows && b.room_id != null) {
        const target = plan.rooms[(rowOf.get(b.room_id) ?? 0) + dRows];
        if (target) {
          values.room_id = target.id;
          if (target.room_type_id !== b.room_type_id) values.room_type_id = target.room_type_id;
        }
      }
      if (!Object.keys(values).length) return;
    }
    try {
      const saved = await dataProvider.update('frontoffice/reservation', b.id, b.version, values);
      toast.success(
        t('roomplan.moved', {
          code: saved.code,
          from: formatDate(saved.arrival),
          to: formatDate(saved.departure),
          room: saved._refs?.room_id ?? '—',
        }),
      );
    } catch (err) {
      toast.error((err as ApiError).message);
    }
    load();
  };

  const shift = (n: number) => setFrom(dayjs(from).add(n, 'day').format('YYYY-MM-DD'));
  const gridWidth = ROOM_COL + dates.length * w;

  return (
    <div className="stack">
      <div className="card">
        <div className="card-body row roomplan-toolbar">
          <button type="button" className="btn btn-icon" aria-label={t('roomplan.earlier')} onClick={() => shift(-7)}>
            <Icon name="chevron-left" />
          </button>
          <div style={{ width: 170 }}>
            <DateInput value={from} onChange={(v) => v && setFrom(v)} ariaLabel={t('roomplan.from')} />
          </div>
          <button type="button" className="btn btn-icon" aria-label={t('roomplan.later')} onClick={() => shift(7)}>
            <Icon name="chevron-right" />
          </button>
          <div className="segmented" role="group" aria-label={t('roomplan.window')}>
            {[14, 30].map((n) => (
              <button key={n} type="button" className={`btn btn-sm${days === n ? ' btn-primary' : ''}`} onClick={() => setDays(n)}>
                {t('roomplan.days', { count: n })}
              </button>
            ))}
          </div>
          <div className="roomplan-legend hide-mobile">
            {(['tentative', 'confirmed', 'in_house'] as const).map((s) => (
              <span key={s}>
                <i className={`rp-${s}`} />
                {t(`reservation.status.${s}`)}
              </span>
            ))}
            <span>
              <i className="rp-ooo" />
              {t('room.hk_status.out_of_order')}
            </span>
          </div>
        </div>
      </div>
      {!plan ? (
        <div className="skeleton" style={{ height: 420 }} />
      ) : (
        <div className="card roomplan-card">
          <div
            className="roomplan-scroll"
            ref={box}
            onPointerMove={onMove}
            onPointerUp={() => void onUp()}
            onPointerCancel={() => setDrag(undefined)}
          >
            <div className="roomplan" style={{ width: gridWidth }} data-testid="roomplan">
              <div className="rp-head" style={{ gridTemplateColumns: `${ROOM_COL}px repeat(${dates.length}, ${w}px)` }}>
                <div className="rp-corner">{t('roomplan.room')}</div>
                {dates.map((d) => (
                  <div key={d.format('YYYY-MM-DD')} className={`rp-day${d.day() === 5 || d.day() === 6 ? ' weekend' : ''}`}>
                    <span>{t(`roomplan.weekday.${d.day()}`)}</span>
                    <strong>{d.format('DD/MM')}</strong>
                  </div>
                ))}
              </div>
              <div className="rp-body" style={{ height: plan.rooms.length * ROW }}>
                {plan.rooms.map((room, i) => (
                  <div key={room.id} className="rp-row" style={{ top: i * ROW, height: ROW }} data-room={room.code}>
                    <div className="rp-room" style={{ width: ROOM_COL }}>
                      <strong>{room.code}</strong> <span className="muted">{room.room_type}</span>
                    </div>
                    {dates.map((d, j) => (
                      <button
                        key={j}
                        type="button"
                        className="rp-cell"
                        style={{ left: ROOM_COL + j * w, width: w }}
                        aria-label={`${room.code} ${d.format('DD/MM/YYYY')}`}
                        onClick={() => canEdit && setCreating({ room, arrival: d.format('YYYY-MM-DD') })}
                      />
                    ))}
                    {room.ooo_from && <OooBar room={room} plan={plan} w={w} />}
                  </div>
                ))}
                {plan.bookings
                  .filter((b) => b.room_id != null && rowOf.has(b.room_id))
                  .map((b) => {
                    const start = Math.max(0, offset(b.arrival));
                    const end = Math.min(plan.days, offset(b.departure));
                    const dragging = drag?.booking.id === b.id;
                    const dx = dragging && drag.mode === 'move' ? drag.dx : 0;
                    const dy = dragging && drag.mode === 'move' ? drag.dy : 0;
                    const extra = dragging && drag.mode === 'extend' ? drag.dx : 0;
                    return (
                      <div
                        key={b.id}
                        className={`rp-bar rp-${b.status}${dragging ? ' dragging' : ''}`}
                        style={{
                          top: rowOf.get(b.room_id!)! * ROW + 4,
                          left: ROOM_COL + start * w + 2 + dx,
                          width: Math.max(8, (end - start) * w - 4 + extra),
                          transform: `translateY(${dy}px)`,
                        }}
                        title={`${b.code} · ${b.guest} · ${formatDate(b.arrival)} – ${formatDate(b.departure)}`}
                        data-testid={`bar-${b.code}`}
                        onPointerDown={(e) => startDrag(e, b, 'move')}
                        onClick={() => !moved.current && navigate(`/frontoffice/reservation/begining/${b.id}`)}
                      >
                        <span className="rp-bar-text">{b.guest}</span>
                        {canEdit && (
                          <span
                            className="rp-handle"
                            aria-label={t('roomplan.extend')}
                            onPointerDown={(e) => startDrag(e, b, 'extend')}
                            data-testid={`extend-${b.code}`}
                          />
                        )}
                      </div>
                    );
                  })}
              </div>
              <div className="rp-foot" style={{ gridTemplateColumns: `${ROOM_COL}px repeat(${dates.length}, ${w}px)` }}>
                <div className="rp-corner">{t('roomplan.free')}</div>
                {plan.available.map((a) => (
                  <div key={a.date} className={`rp-free${a.available <= 0 ? ' full' : ''}`} data-testid={`free-${a.date}`}>
                    {a.available}
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      )}
      {unassigned.length > 0 && (
        <div className="card">
          <div className="card-header">
            <h3>{t('roomplan.unassigned', { count: unassigned.length })}</h3>
          </div>
          <div className="card-body chips">
            {unassigned.slice(0, 24).map((b) => (
              <button key={b.id} type="button" className="chip" onClick={() => navigate(`/frontoffice/reservation/begining/${b.id}`)}>
                {b.code} · {b.guest} · {formatDate(b.arrival)}
              </button>
            ))}
            {unassigned.length > 24 && <span className="muted">{t('roomplan.more', { count: unassigned.length - 24 })}</span>}
          </div>
        </div>
      )}
      {creating && (
        <NewBooking
          room={creating.room}
          arrival={creating.arrival}
          onClose={() => setCreating(undefined)}
          onSaved={() => {
            setCreating(undefined);
            load();
          }}
        />
      )}
    </div>
  );
}

function OooBar({ room, plan, w }: { room: PlanRoom; plan: Plan; w: number }) {
  const start = Math.max(0, dayjs(room.ooo_from).diff(dayjs(plan.from), 'day'));
  const end = room.ooo_to ? Math.min(plan.days, dayjs(room.ooo_to).diff(dayjs(plan.from), 'day')) : plan.days;
  if (end <= 0 || start >= plan.days) return null;
  return (
    <div className="rp-bar rp-ooo" style={{ top: 4, left: ROOM_COL + start * w + 2, width: (end - start) * w - 4 }}>
      OOO
    </div>
  );
}
