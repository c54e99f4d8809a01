import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import dayjs from 'dayjs';
import type { ApiError } from '../../engine/api/client';
import { dataProvider } from '../../engine/api/dataProvider';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { formatDate } from '../../core/format/format';
import { toast } from '../../shell/toasts';
import { DateInput } from '../../widgets/inputs/DateInput';
import { Icon } from '../../widgets/Icon';
import type { ScreenProps } from '../../engine/screens/kinds';
import { LookToBook } from './LookToBook';
import { Drawer } from '../../widgets/Drawer';
import { BLOCK, barSpan, blocksFor } from './roomPlanBlocks';

interface PlanRoom {
  id: number;
  code: string;
  room_type_id: number;
  room_type: string;
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
}
/** One answer of /api/frontoffice/roomplan: a block of rooms; the first block also brings the window's totals. */
interface PlanBlock {
  from: string;
  days: number;
  businessDate: string;
  offset: number;
  totalRooms?: number;
  rooms: PlanRoom[];
  bookings: PlanBooking[];
  available?: { date: string; available: number }[];
  unassigned?: { count: number; first: Pick<PlanBooking, 'id' | 'code' | 'guest' | 'arrival'>[] };
}

const ROW = 34;
const HEAD = 44;
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
 *
 * Only what is in view exists: rows and nights are virtualised (300 rooms × 30 nights draw a few hundred
 * cells, not 9,000), and rooms come from the server a block of 50 at a time as they scroll into view.
 */
export default function RoomPlan(_props: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const [from, setFrom] = useState<string>();
  const [days, setDays] = useState(14);
  const [head, setHead] = useState<PlanBlock>();
  const [blocks, setBlocks] = useState<Map<number, PlanBlock>>(new Map());
  const [reload, setReload] = useState(0);
  const [drag, setDrag] = useState<Drag>();
  const [creating, setCreating] = useState<{ room: PlanRoom; arrival: string }>();
  const moved = useRef(false);
  const asked = useRef(new Set<number>());
  const canEdit = hasRight(session, 'frontoffice.reservation', 'edit');

  // the first block names the window (the business date when no night is chosen yet) and its totals
  useEffect(() => {
    const abort = new AbortController();
    asked.current = new Set([0]);
    dataProvider.read<PlanBlock>('frontoffice/roomplan', { ...(from ? { from } : {}), days, offset: 0, limit: BLOCK }, abort.signal).then(
      (b) => {
        setHead(b);
        setBlocks(new Map([[0, b]]));
        if (!from) setFrom(b.from);
      },
      (e: ApiError) => !abort.signal.aborted && toast.error(e.message),
    );
    return () => abort.abort();
  }, [from, days, reload, session?.branchId]);

  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const shown = head !== undefined;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [shown]);

  const total = head?.totalRooms ?? 0;
  const nights = head?.days ?? days;
  // nights stretch to fill the card, never narrower than the window's minimum
  const w = Math.max(DAY[nights] ?? 48, Math.floor((boxWidth - ROOM_COL) / nights));
  // the rows start below the sticky header of nights (scrollMargin), the nights right of the rooms' column
  const rows = useVirtualizer({
    count: total,
    getScrollElement: () => box.current,
    estimateSize: () => ROW,
    overscan: 8,
    scrollMargin: HEAD,
  });
  const cols = useVirtualizer({
    horizontal: true,
    count: nights,
    getScrollElement: () => box.current,
    estimateSize: () => w,
    overscan: 2,
    paddingStart: ROOM_COL,
  });
  useEffect(() => cols.measure(), [cols, w]);
  const visibleRows = rows.getVirtualItems();
  const visibleCols = cols.getVirtualItems();

  // the blocks of rooms in view that have not been asked for yet
  const firstRow = visibleRows[0]?.index ?? 0;
  const lastRow = visibleRows[visibleRows.length - 1]?.index ?? -1;
  useEffect(() => {
    if (!head) return;
    for (const b of blocksFor(firstRow, lastRow)) {
      if (asked.current.has(b)) continue;
      asked.current.add(b);
      dataProvider.read<PlanBlock>('frontoffice/roomplan', { from: head.from, days: head.days, offset: b * BLOCK, limit: BLOCK }).then(
        (block) => setBlocks((m) => new Map(m).set(b, block)),
        (e: ApiError) => toast.error(e.message),
      );
    }
  }, [head, firstRow, lastRow]);

  const roomAt = (i: number) => blocks.get(Math.floor(i / BLOCK))?.rooms[i % BLOCK];
  const bookingsOf = useMemo(() => {
    const m = new Map<number, PlanBooking[]>();
    for (const b of blocks.values()) for (const k of b.bookings) if (k.room_id != null) m.set(k.room_id, [...(m.get(k.room_id) ?? []), k]);
    return m;
  }, [blocks]);
  const rowOf = useMemo(() => {
    const m = new Map<number, number>();
    for (const [n, b] of blocks) b.rooms.forEach((r, i) => m.set(r.id, n * BLOCK + i));
    return m;
  }, [blocks]);

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
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const onUp = async () => {
    if (!drag) return;
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
        const target = roomAt((rowOf.get(b.room_id) ?? 0) + dRows);
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
    refresh();
  };

  const shift = (n: number) => setFrom(dayjs(from).add(n, 'day').format('YYYY-MM-DD'));
  const dates = useMemo(() => (head ? Array.from({ length: head.days }, (_, i) => dayjs(head.from).add(i, 'day')) : []), [head]);
  const gridWidth = ROOM_COL + nights * w;
  const firstCol = visibleCols[0]?.index ?? 0;
  const lastCol = visibleCols[visibleCols.length - 1]?.index ?? -1;
  const unassigned = head?.unassigned;

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
      {!head ? (
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
              <div className="rp-head" style={{ height: HEAD, width: gridWidth }}>
                <div className="rp-corner" style={{ width: ROOM_COL }}>
                  {t('roomplan.room')}
                </div>
                {visibleCols.map((c) => {
                  const d = dates[c.index];
                  return (
                    <div
                      key={c.index}
                      className={`rp-day${d.day() === 5 || d.day() === 6 ? ' weekend' : ''}`}
                      style={{ left: c.start, width: w }}
                    >
                      <span>{t(`roomplan.weekday.${d.day()}`)}</span>
                      {/* a 30-night window's narrow nights show the day; the month is in the date picker */}
                      <strong>{w < 56 ? d.format('DD') : d.format('DD/MM')}</strong>
                    </div>
                  );
                })}
              </div>
              <div className="rp-body" style={{ height: rows.getTotalSize() }}>
                {visibleRows.map((v) => {
                  const room = roomAt(v.index);
                  if (!room)
                    return (
                      <div key={v.index} className="rp-row rp-loading" style={{ top: v.start - HEAD, height: ROW }}>
                        <div className="rp-room" style={{ width: ROOM_COL }} />
                      </div>
                    );
                  return (
                    <div
                      key={room.id}
                      className={`rp-row${v.index % 2 ? ' odd' : ''}`}
                      style={{ top: v.start - HEAD, height: ROW }}
                      data-room={room.code}
                    >
                      <div className="rp-room" style={{ width: ROOM_COL }}>
                        <strong>{room.code}</strong> <span className="muted">{room.room_type}</span>
                      </div>
                      {visibleCols.map((c) => (
                        <button
                          key={c.index}
                          type="button"
                          className="rp-cell"
                          style={{ left: c.start, width: w }}
                          aria-label={`${room.code} ${dates[c.index].format('DD/MM/YYYY')}`}
                          onClick={() => canEdit && setCreating({ room, arrival: dates[c.index].format('YYYY-MM-DD') })}
                        />
                      ))}
                      {room.ooo_from && <OooBar room={room} from={head.from} days={nights} w={w} />}
                      {(bookingsOf.get(room.id) ?? []).map((b) => {
                        const { start, end } = barSpan(head.from, nights, b.arrival, b.departure);
                        if (end <= firstCol || start > lastCol) return null;
                        const dragging = drag?.booking.id === b.id;
                        const dx = dragging && drag.mode === 'move' ? drag.dx : 0;
                        const dy = dragging && drag.mode === 'move' ? drag.dy : 0;
                        const extra = dragging && drag.mode === 'extend' ? drag.dx : 0;
                        return (
                          <div
                            key={b.id}
                            className={`rp-bar rp-${b.status}${dragging ? ' dragging' : ''}`}
                            style={{
                              top: 4,
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
                  );
                })}
              </div>
              <div className="rp-foot" style={{ width: gridWidth }}>
                <div className="rp-corner" style={{ width: ROOM_COL }}>
                  {t('roomplan.free')}
                </div>
                {visibleCols.map((c) => {
                  const a = head.available?.[c.index];
                  return a ? (
                    <div
                      key={a.date}
                      className={`rp-free${a.available <= 0 ? ' full' : ''}`}
                      style={{ left: c.start, width: w }}
                      data-testid={`free-${a.date}`}
                    >
                      {a.available}
                    </div>
                  ) : null;
                })}
              </div>
            </div>
          </div>
        </div>
      )}
      {unassigned && unassigned.count > 0 && (
        <div className="card">
          <div className="card-header">
            <h3>{t('roomplan.unassigned', { count: unassigned.count })}</h3>
          </div>
          <div className="card-body chips">
            {unassigned.first.map((b) => (
              <button key={b.id} type="button" className="chip" onClick={() => navigate(`/frontoffice/reservation/begining/${b.id}`)}>
                {b.code} · {b.guest} · {formatDate(b.arrival)}
              </button>
            ))}
            {unassigned.count > unassigned.first.length && (
              <span className="muted">{t('roomplan.more', { count: unassigned.count - unassigned.first.length })}</span>
            )}
          </div>
        </div>
      )}
      {creating && (
        <Drawer
          wide
          title={t('roomplan.newTitle', { room: creating.room.code, date: formatDate(creating.arrival) })}
          onClose={() => setCreating(undefined)}
          closeLabel={t('common.close')}
        >
          <div className="drawer-body">
            <LookToBook
              fixed={creating}
              onBooked={() => {
                setCreating(undefined);
                refresh();
              }}
            />
          </div>
        </Drawer>
      )}
    </div>
  );
}

function OooBar({ room, from, days, w }: { room: PlanRoom; from: string; days: number; w: number }) {
  const { start, end } = barSpan(from, days, room.ooo_from!, room.ooo_to ?? dayjs(from).add(days, 'day').format('YYYY-MM-DD'));
  if (end <= 0 || start >= days) return null;
  return (
    <div className="rp-bar rp-ooo" style={{ top: 4, left: ROOM_COL + start * w + 2, width: (end - start) * w - 4 }}>
      OOO
    </div>
  );
}
