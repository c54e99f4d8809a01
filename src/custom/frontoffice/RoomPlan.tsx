import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
import { LookupSelect } from '../../widgets/inputs/LookupSelect';
import { Drawer } from '../../widgets/Drawer';
import { BLOCK, barSpan, blocksFor, oooSpan } from './roomPlanBlocks';
import { RoomPlanOverview } from './RoomPlanOverview';
import { useRoomStatusChanges } from '../housekeeping/useRoomStatusChanges';
import { planKey, type PlanCursor } from './roomPlanKeys';

export interface PlanRoom {
  id: number;
  code: string;
  room_type_id: number;
  room_type: string;
  hk_status: string;
  floor: string | null;
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
  unassigned?: { count: number; first: (Omit<PlanBooking, 'room_id'> & { room_type: string })[] };
}

/** The last move, so it can be taken back: the booking as it was, and the version the move left. */
interface LastMove {
  booking: PlanBooking;
  version: number;
}

const ROWS = { comfortable: 34, compact: 22 } as const;
/** comfortable and compact draw the scrolling grid; overview draws every room at once (RoomPlanOverview) */
const DENSITIES = ['comfortable', 'compact', 'overview'] as const;
type Density = (typeof DENSITIES)[number];
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
  // the first night asked for; until one is, the server's answer names it (the business date)
  const [from, setFrom] = useState<string>();
  const [params] = useSearchParams();
  // a link may ask for the 30-night window (?days=30)
  const [days, setDays] = useState(() => (params.get('days') === '30' ? 30 : 14));
  const [head, setHead] = useState<PlanBlock>();
  const [blocks, setBlocks] = useState<Map<number, PlanBlock>>(new Map());
  const [reload, setReload] = useState(0);
  const [drag, setDrag] = useState<Drag>();
  const [creating, setCreating] = useState<{ room: PlanRoom; arrival: string }>();
  const [roomType, setRoomType] = useState<number | null>(null);
  const [floor, setFloor] = useState<number | null>(null);
  const [density, setDensity] = useState<Density>(
    () => DENSITIES.find((d) => d === localStorage.getItem('roomplan.density')) ?? 'comfortable',
  );
  const [cursor, setCursor] = useState<PlanCursor>({ row: 0, col: 0 });
  const [lastMove, setLastMove] = useState<LastMove>();
  const [jump, setJump] = useState('');
  const [pendingRoom, setPendingRoom] = useState<number>();
  const overview = density === 'overview';
  const ROW = ROWS[overview ? 'compact' : density];
  const asked4Jump = useRef<string | null>(null);
  const moved = useRef(false);
  const asked = useRef(new Set<number>());
  const window_ = useRef(0);
  const canEdit = hasRight(session, 'frontoffice.reservation', 'edit');

  const filters = useMemo(() => ({ ...(roomType ? { roomType } : {}), ...(floor ? { floor } : {}) }), [roomType, floor]);
  // the first block names the window (the business date when no night is chosen yet) and its totals
  useEffect(() => {
    const abort = new AbortController();
    dataProvider
      .read<PlanBlock>('frontoffice/roomplan', { ...(from ? { from } : {}), days, offset: 0, limit: BLOCK, ...filters }, abort.signal)
      .then(
        (b) => {
          // a new window: blocks asked for the last one are forgotten, and their answers still on the way dropped
          window_.current++;
          asked.current = new Set([0]);
          setHead(b);
          setBlocks(new Map([[0, b]]));
        },
        (e: ApiError) => !abort.signal.aborted && toast.error(e.message),
      );
    return () => abort.abort();
    // filters is derived from roomType and floor, named here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from, days, reload, session?.branchId, roomType, floor]);

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
  useEffect(() => rows.measure(), [rows, ROW]);
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

  // the blocks of rooms in view that have not been asked for yet (all of them for the overview)
  const firstRow = overview ? 0 : (visibleRows[0]?.index ?? 0);
  const lastRow = overview ? total - 1 : (visibleRows[visibleRows.length - 1]?.index ?? -1);
  /** A block of rooms of the window in `head`, asked for once; an answer for a window since replaced is dropped. */
  const readBlock = (b: number, of: PlanBlock) => {
    if (asked.current.has(b)) return;
    asked.current.add(b);
    const asking = window_.current;
    dataProvider
      .read<PlanBlock>('frontoffice/roomplan', { from: of.from, days: of.days, offset: b * BLOCK, limit: BLOCK, ...filters })
      .then(
        (block) => asking === window_.current && setBlocks((m) => new Map(m).set(b, block)),
        (e: ApiError) => toast.error(e.message),
      );
  };
  useEffect(() => {
    if (!head) return;
    for (const b of blocksFor(firstRow, lastRow)) readBlock(b, head);
    // readBlock reads only refs and the filters named here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [head, firstRow, lastRow, filters]);

  // a room cleaned on a phone shows clean here without a reload
  useRoomStatusChanges((changes) => {
    const now = new Map(changes.map((c) => [c.room_id, c.hk_status]));
    setBlocks((m) => {
      const next = new Map<number, PlanBlock>();
      for (const [n, b] of m) next.set(n, { ...b, rooms: b.rooms.map((r) => (now.has(r.id) ? { ...r, hk_status: now.get(r.id)! } : r)) });
      return next;
    });
  });

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
    await move(b, values);
  };

  /** Every change of a booking on the plan (drag, keys, the unassigned lane, undo) is one update the server checks. */
  const write = async (b: PlanBooking, values: Record<string, unknown>) => {
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
      return saved;
    } catch (err) {
      toast.error((err as ApiError).message);
      return undefined;
    } finally {
      refresh();
    }
  };
  const move = async (b: PlanBooking, values: Record<string, unknown>) => {
    const saved = await write(b, values);
    if (saved) setLastMove({ booking: b, version: saved.version as number });
    return saved;
  };
  const undo = async () => {
    if (!lastMove) return;
    const { booking: was, version } = lastMove;
    setLastMove(undefined);
    await write(
      { ...was, version },
      { arrival: was.arrival, departure: was.departure, room_id: was.room_id, room_type_id: was.room_type_id },
    );
  };
  const assignAll = async () => {
    if (!head) return;
    try {
      const r = await dataProvider.run<{ assigned: number; left: number }>('frontoffice.assignRooms', {
        from: head.from,
        to: dayjs(head.from).add(head.days, 'day').format('YYYY-MM-DD'),
        ...(roomType ? { room_type_id: roomType } : {}),
      });
      toast.success(t('roomplan.assignedAll', { count: r.assigned, left: r.left }));
    } catch (err) {
      toast.error((err as ApiError).message);
    }
    refresh();
  };

  const barAt = (c: PlanCursor) => {
    const room = roomAt(c.row);
    if (!room || !head) return undefined;
    return (bookingsOf.get(room.id) ?? []).find((b) => {
      const { start, end } = barSpan(head.from, nights, b.arrival, b.departure);
      return start <= c.col && c.col < end;
    });
  };
  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!head || !total) return;
    const action = planKey(e, cursor, { rows: total, cols: nights });
    if (!action) return;
    e.preventDefault();
    if (action.kind === 'cursor') {
      setCursor(action.to);
      rows.scrollToIndex(action.to.row);
      cols.scrollToIndex(action.to.col);
      return;
    }
    if (action.kind === 'undo') return void undo();
    const room = roomAt(cursor.row);
    const bar = barAt(cursor);
    if (action.kind === 'open') {
      if (bar) navigate(`/frontoffice/reservation/detail/${bar.id}`);
      else if (room && canEdit) setCreating({ room, arrival: dates[cursor.col].format('YYYY-MM-DD') });
      return;
    }
    if (!bar || !canEdit) return;
    if (action.kind === 'extend') {
      const departure = dayjs(bar.departure).add(action.days, 'day');
      if (!departure.isAfter(dayjs(bar.arrival))) return;
      void move(bar, { departure: departure.format('YYYY-MM-DD') });
      return;
    }
    const values: Record<string, unknown> = {};
    if (action.days) {
      values.arrival = dayjs(bar.arrival).add(action.days, 'day').format('YYYY-MM-DD');
      values.departure = dayjs(bar.departure).add(action.days, 'day').format('YYYY-MM-DD');
    }
    const target = action.rooms ? roomAt(cursor.row + action.rooms) : undefined;
    if (target) {
      values.room_id = target.id;
      if (target.room_type_id !== bar.room_type_id) values.room_type_id = target.room_type_id;
    }
    if (!Object.keys(values).length) return;
    void move(bar, values).then((saved) => {
      if (!saved) return;
      const to = { row: cursor.row + (target ? action.rooms : 0), col: Math.min(nights - 1, Math.max(0, cursor.col + action.days)) };
      setCursor(to);
    });
  };

  // a booking from the unassigned lane dropped on a room (HTML drag and drop: mouse and pen)
  const onDropRoom = (e: DragEvent, room: PlanRoom) => {
    e.preventDefault();
    const id = Number(e.dataTransfer.getData('text/x-booking'));
    const b = head?.unassigned?.first.find((x) => x.id === id);
    if (!b) return;
    void move(
      { ...b, room_id: null },
      { room_id: room.id, ...(room.room_type_id !== b.room_type_id ? { room_type_id: room.room_type_id } : {}) },
    );
  };

  /** Jump to a date (DD/MM/YYYY), a room (its number) or a booking (its number, R…). */
  const goTo = async (asked = jump) => {
    const text = asked.trim();
    if (!text) return;
    const date = /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text) ? dayjs(text.split('/').reverse().join('-')) : undefined;
    if (date?.isValid()) {
      setFrom(date.format('YYYY-MM-DD'));
      setCursor((c) => ({ ...c, col: 0 }));
      box.current?.focus();
      return;
    }
    if (/^r\d+$/i.test(text)) {
      const found = await dataProvider.getList('frontoffice/reservation', {
        limit: 1,
        filter: { code: { op: 'eq', value: text.toUpperCase() } },
      });
      const r = found.rows[0];
      if (!r) return void toast.error(t('roomplan.notFound', { text }));
      setFrom(r.arrival);
      if (r.room_id) setPendingRoom(r.room_id);
      return;
    }
    const { rows: found } = await dataProvider.lookup('frontoffice/room', { q: text });
    if (!found[0]) return void toast.error(t('roomplan.notFound', { text }));
    setRoomType(null);
    setFloor(null);
    setPendingRoom(found[0].id);
  };
  // a jump asked by the address (the header search opens a room here), once the plan has its window
  useEffect(() => {
    const wanted = params.get('jump');
    if (!head || !wanted || asked4Jump.current === wanted) return;
    asked4Jump.current = wanted;
    setJump(wanted);
    void goTo(wanted);
    // goTo reads only state that is settled once the first block is in
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [head, params]);
  // the plan is the desk's workspace: it takes the keyboard when it opens
  const focused = useRef(false);
  useEffect(() => {
    if (!head || focused.current || params.get('jump')) return;
    focused.current = true;
    box.current?.focus({ preventScroll: true });
  }, [head, params]);

  // a room asked for by a jump: its block is read if need be, then the plan scrolls to it
  useEffect(() => {
    if (pendingRoom === undefined || !head) return;
    const row = rowOf.get(pendingRoom);
    if (row !== undefined) {
      setPendingRoom(undefined);
      setCursor((c) => ({ ...c, row }));
      rows.scrollToIndex(row, { align: 'center' });
      box.current?.focus();
      return;
    }
    for (let b = 0; b * BLOCK < total; b++) readBlock(b, head);
    // readBlock reads only refs and the filters named here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingRoom, rowOf, head, total, filters, rows]);

  const shift = (n: number) =>
    setFrom(
      dayjs(from ?? head?.from)
        .add(n, 'day')
        .format('YYYY-MM-DD'),
    );
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
            <DateInput value={from ?? head?.from} onChange={(v) => v && setFrom(v)} ariaLabel={t('roomplan.from')} />
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
          <div className="segmented" role="group" aria-label={t('roomplan.density')}>
            {DENSITIES.map((d) => (
              <button
                key={d}
                type="button"
                className={`btn btn-sm${density === d ? ' btn-primary' : ''}`}
                aria-pressed={density === d}
                onClick={() => {
                  setDensity(d);
                  localStorage.setItem('roomplan.density', d);
                }}
              >
                {t(`roomplan.density.${d}`)}
              </button>
            ))}
          </div>
          <div className="roomplan-filter">
            <LookupSelect
              entity="frontoffice/room-type"
              value={roomType}
              onChange={(v) => setRoomType(v)}
              placeholder={t('roomplan.allTypes')}
              ariaLabel={t('roomplan.roomType')}
              emptyLabel={t('common.noRows')}
            />
          </div>
          <div className="roomplan-filter">
            <LookupSelect
              entity="frontoffice/floor"
              value={floor}
              onChange={(v) => setFloor(v)}
              placeholder={t('roomplan.allFloors')}
              ariaLabel={t('roomplan.floor')}
              emptyLabel={t('common.noRows')}
            />
          </div>
          <form
            className="roomplan-jump"
            onSubmit={(e) => {
              e.preventDefault();
              void goTo();
            }}
          >
            <input
              className="input"
              value={jump}
              maxLength={20}
              onChange={(e) => setJump(e.target.value)}
              placeholder={t('roomplan.jumpHint')}
              aria-label={t('roomplan.jump')}
            />
          </form>
          <button type="button" className="btn btn-sm" disabled={!lastMove} onClick={() => void undo()} data-testid="rp-undo">
            <Icon name="undo" size="sm" /> {t('roomplan.undo')}
          </button>
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
      ) : overview ? (
        <div className="card roomplan-card">
          <RoomPlanOverview
            rooms={[...blocks.keys()].sort((x, y) => x - y).flatMap((n) => blocks.get(n)!.rooms)}
            bookingsOf={bookingsOf}
            from={head.from}
            nights={nights}
            onOpen={(b) => navigate(`/frontoffice/reservation/detail/${b.id}`)}
            onBook={canEdit ? (room, arrival) => setCreating({ room, arrival }) : undefined}
          />
        </div>
      ) : (
        <div className="card roomplan-card">
          <div
            className="roomplan-scroll"
            ref={box}
            tabIndex={0}
            role="grid"
            aria-label={t('roomplan.gridHelp')}
            aria-rowcount={total}
            aria-colcount={nights}
            onKeyDown={onGridKey}
            onPointerMove={onMove}
            onPointerUp={() => void onUp()}
            onPointerCancel={() => setDrag(undefined)}
          >
            <div className={`roomplan ${density}`} style={{ width: gridWidth }} data-testid="roomplan">
              <div className="rp-head" style={{ height: HEAD, width: gridWidth }}>
                <div className="rp-corner" style={{ width: ROOM_COL }}>
                  {t('roomplan.room')}
                </div>
                {visibleCols.map((c) => {
                  const d = dates[c.index];
                  return (
                    <div
                      key={c.index}
                      className={`rp-day${d.day() === 5 || d.day() === 6 ? ' weekend' : ''}${d.date() === 1 || c.index === 0 ? ' month-start' : ''}${c.index === cursor.col ? ' at-cursor' : ''}`}
                      style={{ left: c.start, width: w }}
                      title={d.format('DD/MM/YYYY')}
                    >
                      <span>
                        {t(`roomplan.weekday.${d.day()}`)}
                        {w < 56 && (d.date() === 1 || c.index === 0) ? ` ${t(`roomplan.month.${d.month()}`)}` : ''}
                      </span>
                      {/* a narrow night shows its day alone, the month over its first night */}
                      <strong>{w < 56 ? d.format('D') : d.format('DD/MM')}</strong>
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
                      role="row"
                      onDragOver={(e) => e.preventDefault()}
                      onDrop={(e) => onDropRoom(e, room)}
                    >
                      <div
                        className="rp-room"
                        style={{ width: ROOM_COL }}
                        title={`${room.code} · ${room.room_type} · ${t(`room.hk_status.${room.hk_status}`)}`}
                      >
                        <i className={`hk-dot hk-${room.hk_status}`} aria-label={t(`room.hk_status.${room.hk_status}`)} role="img" />
                        <strong>{room.code}</strong> <span className="muted">{room.room_type}</span>
                      </div>
                      {visibleCols.map((c) => (
                        <button
                          key={c.index}
                          type="button"
                          tabIndex={-1}
                          className={`rp-cell${cursor.row === v.index && cursor.col === c.index ? ' rp-cursor' : ''}`}
                          style={{ left: c.start, width: w }}
                          aria-label={`${room.code} ${dates[c.index].format('DD/MM/YYYY')}`}
                          onClick={() => {
                            setCursor({ row: v.index, col: c.index });
                            if (canEdit) setCreating({ room, arrival: dates[c.index].format('YYYY-MM-DD') });
                          }}
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
                            className={`rp-bar rp-${b.status}${dragging ? ' dragging' : ''}${cursor.row === v.index && start <= cursor.col && cursor.col < end ? ' selected' : ''}`}
                            style={{
                              top: density === 'compact' ? 2 : 4,
                              left: ROOM_COL + start * w + 2 + dx,
                              width: Math.max(8, (end - start) * w - 4 + extra),
                              transform: `translateY(${dy}px)`,
                            }}
                            title={`${b.code} · ${b.guest} · ${formatDate(b.arrival)} – ${formatDate(b.departure)}`}
                            data-testid={`bar-${b.code}`}
                            onPointerDown={(e) => startDrag(e, b, 'move')}
                            onClick={() => !moved.current && navigate(`/frontoffice/reservation/detail/${b.id}`)}
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
        <div className="card rp-lane">
          <div className="card-header row">
            <h3>{t('roomplan.unassigned', { count: unassigned.count })}</h3>
            {canEdit && (
              <button type="button" className="btn btn-sm btn-primary" onClick={() => void assignAll()} data-testid="rp-assign-all">
                {t('roomplan.assignAll')}
              </button>
            )}
          </div>
          <div className="card-body chips">
            {unassigned.first.map((b) => (
              <button
                key={b.id}
                type="button"
                className={`chip rp-chip rp-${b.status}`}
                draggable={canEdit}
                onDragStart={(e) => {
                  e.dataTransfer.setData('text/x-booking', String(b.id));
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onClick={() => navigate(`/frontoffice/reservation/detail/${b.id}`)}
                data-testid={`unassigned-${b.code}`}
                title={t('roomplan.dragHint')}
              >
                {b.code} · {b.guest} · {b.room_type} · {formatDate(b.arrival)} – {formatDate(b.departure)}
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
            {creating.arrival === head?.businessDate && ['vacant_clean', 'vacant_inspected'].includes(creating.room.hk_status) && (
              <button
                type="button"
                className="btn btn-primary walkin-now"
                data-testid="rp-walk-in"
                onClick={() => navigate(`/frontoffice/reservation/walk-in?room=${creating.room.id}`)}
              >
                <Icon name="key" size="sm" /> {t('walkin.now')}
              </button>
            )}
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
  const { start, end } = oooSpan(from, days, room.ooo_from!, room.ooo_to);
  if (end <= start) return null;
  return (
    <div className="rp-bar rp-ooo" style={{ top: 4, left: ROOM_COL + start * w + 2, width: (end - start) * w - 4 }}>
      OOO
    </div>
  );
}
