import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Link } from 'react-router-dom';
import dayjs from 'dayjs';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { Refusal } from '../../engine/screens/Refusal';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatDate } from '../../core/format/format';
import { toast } from '../../shell/toasts';
import { DateInput } from '../../widgets/inputs/DateInput';
import { Drawer } from '../../widgets/Drawer';
import { Icon } from '../../widgets/Icon';
import { droppedAt, firstHour, hourWidth, rowBlocks, type CalendarSitting, type CalendarVenue } from './calendarLayout';
import './calendar.css';

interface CalendarWindow {
  from: string;
  days: number;
  businessDate: string;
  venues: CalendarVenue[];
  sittings: CalendarSitting[];
}

interface Drag {
  sitting: CalendarSitting;
  row: number;
  x: number;
  y: number;
  dx: number;
  dy: number;
}

const ROW = 52;
const WINDOWS = [1, 3, 7];

/**
 * The function calendar: rooms down, days and hours across, each sitting a block coloured by its event's status
 * (definite solid, tentative hatched, an inquiry only outlined: it holds no room), with the set-up and tear-down
 * it holds drawn faintly around it. A combined room's parts show it greyed, and the other way round. Drag a block
 * to another room or time, or pick it and say where it goes: the server decides (a clash is refused naming the
 * other event) and the calendar reads the rooms again.
 */
export default function FunctionCalendar(_props: ScreenProps) {
  const { t, lang } = useI18n();
  const session = useSession();
  const canMove = hasRight(session, 'banquet.calendar', 'move');
  const [from, setFrom] = useState<string>();
  const [days, setDays] = useState(() => (window.innerWidth < 768 ? 1 : 3));
  const [drag, setDrag] = useState<Drag>();
  const [picked, setPicked] = useState<CalendarSitting>();
  const command = useCommand();
  const cal = useResource(`banquet/calendar:${from ?? ''}:${days}`, (signal) =>
    dataProvider.read<CalendarWindow>('banquet/calendar', { ...(from ? { from } : {}), days }, signal),
  );
  const data = cal.data;
  const start = from ?? data?.from;
  const hw = hourWidth(days);
  const width = days * 24 * hw;
  const roomName = (v: CalendarVenue) => (lang === 'id' ? v.name_id : v.name);
  const scroller = useRef<HTMLDivElement>(null);
  // opens on the day's first sitting (07:00 when there is none), not on the empty small hours
  const opened = data && start ? `${start}:${days}:${data.sittings.length}` : '';
  useEffect(() => {
    if (opened && scroller.current && data && start) scroller.current.scrollLeft = firstHour(data.sittings, start) * hw;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const move = async (s: CalendarSitting, target: { venue_id: number; activity_date: string; start_time: string }) => {
    const done = await command.run((signal) =>
      dataProvider.run<{ venue_id: number; activity_date: string; start_time: string; end_time: string }>(
        'banquet.moveActivity',
        { id: s.id, version: s.version, ...target },
        signal,
      ),
    );
    if (done) {
      const venue = data?.venues.find((v) => v.id === done.venue_id);
      toast.success(
        t('bq-calendar.moved', {
          title: s.title,
          venue: venue ? roomName(venue) : '',
          date: formatDate(done.activity_date),
          start: done.start_time,
          end: done.end_time,
        }),
      );
      setPicked(undefined);
    }
    await cal.load();
  };

  const onPointerDown = (e: ReactPointerEvent, sitting: CalendarSitting, row: number) => {
    if (!canMove) return setPicked(sitting);
    (e.target as Element).setPointerCapture?.(e.pointerId);
    setDrag({ sitting, row, x: e.clientX, y: e.clientY, dx: 0, dy: 0 });
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (drag) setDrag({ ...drag, dx: e.clientX - drag.x, dy: e.clientY - drag.y });
  };
  const onPointerUp = () => {
    if (!drag || !data || !start) return;
    setDrag(undefined);
    // a press without a move picks the sitting: its details and a way to move it without dragging
    if (Math.abs(drag.dx) < 5 && Math.abs(drag.dy) < 5) return setPicked(drag.sitting);
    const row = Math.min(Math.max(drag.row + Math.round(drag.dy / ROW), 0), data.venues.length - 1);
    void move(drag.sitting, { venue_id: data.venues[row].id, ...droppedAt(drag.sitting, start, days, drag.dx) });
  };

  const shift = (n: number) => start && setFrom(dayjs(start).add(n, 'day').format('YYYY-MM-DD'));

  return (
    <div className="stack">
      <div className="card">
        <div className="card-body row bq-cal-toolbar">
          <button type="button" className="btn btn-icon" aria-label={t('bq-calendar.previous')} onClick={() => shift(-days)}>
            <Icon name="chevron-left" />
          </button>
          <div style={{ width: 160 }}>
            <DateInput value={start} onChange={(v) => v && setFrom(v)} ariaLabel={t('bq-event.event_date')} />
          </div>
          <button type="button" className="btn btn-icon" aria-label={t('bq-calendar.next')} onClick={() => shift(days)}>
            <Icon name="chevron-right" />
          </button>
          <button type="button" className="btn btn-sm" onClick={() => data && setFrom(data.businessDate)}>
            {t('bq-calendar.today')}
          </button>
          <div className="segmented" role="group" aria-label={t('bq-calendar.days')}>
            {WINDOWS.map((n) => (
              <button
                key={n}
                type="button"
                className={`btn btn-sm${days === n ? ' btn-primary' : ''}`}
                aria-pressed={days === n}
                onClick={() => setDays(n)}
              >
                {n}
              </button>
            ))}
          </div>
          <div className="bq-cal-legend">
            <span className="bq-definite">{t('bq-calendar.legendDefinite')}</span>
            <span className="bq-tentative">{t('bq-calendar.legendTentative')}</span>
            <span className="bq-inquiry">{t('bq-calendar.legendInquiry')}</span>
          </div>
        </div>
        {canMove && <div className="card-body muted">{t('bq-calendar.moveHint')}</div>}
      </div>
      <Refusal problem={command.problem} />
      {cal.error && <div className="alert alert-danger">{cal.error}</div>}
      {!data || !start ? (
        <div className="card card-body skeleton" style={{ height: 240 }} />
      ) : (
        <div className="bq-cal" data-testid="function-calendar">
          <div className="bq-cal-rooms">
            <div className="bq-cal-room bq-cal-corner">{t('bq-calendar.room')}</div>
            {data.venues.map((v) => (
              <div key={v.id} className="bq-cal-room" style={v.color ? { borderLeft: `4px solid ${v.color}` } : undefined}>
                <strong>{v.code}</strong>
                <small>{roomName(v)}</small>
                {v.parts.length > 0 && (
                  <small>
                    {t('bq-calendar.combined', {
                      parts: v.parts.map((p) => data.venues.find((x) => x.id === p)?.code).join(' + '),
                    })}
                  </small>
                )}
              </div>
            ))}
          </div>
          <div
            className="bq-cal-scroll"
            ref={scroller}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => setDrag(undefined)}
          >
            <div style={{ width, position: 'relative' }}>
              <div className="bq-cal-head" style={{ width }}>
                {Array.from({ length: days }, (_, d) => (
                  <div key={d} className="bq-cal-day" style={{ left: d * 24 * hw }}>
                    {dayjs(start).add(d, 'day').format('dd')} {formatDate(dayjs(start).add(d, 'day').format('YYYY-MM-DD'))}
                  </div>
                ))}
                {Array.from({ length: days * 24 }, (_, h) =>
                  h % (days <= 1 ? 2 : days <= 3 ? 4 : 6) === 0 ? (
                    <div key={h} className="bq-cal-hour" style={{ left: h * hw }}>
                      {String(h % 24).padStart(2, '0')}
                    </div>
                  ) : null,
                )}
              </div>
              {data.venues.map((v, row) => (
                <div key={v.id} className="bq-cal-row" data-venue={v.code}>
                  {Array.from({ length: days * 24 }, (_, h) =>
                    h % 3 === 0 ? (
                      <div key={h} className={`bq-cal-line${h % 24 === 0 ? ' bq-midnight' : ''}`} style={{ left: h * hw }} />
                    ) : null,
                  )}
                  {rowBlocks(v, data.venues, data.sittings, start, days).map((b) => {
                    const dragging = drag?.sitting.id === b.sitting.id && !b.ghost;
                    const offset = dragging ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` } : undefined;
                    return (
                      <div key={`${b.sitting.id}-${b.ghost ? 'g' : 's'}`}>
                        {!b.ghost && b.sitting.status !== 'inquiry' && (
                          <div
                            className="bq-cal-hold"
                            style={{ left: b.left - b.before, width: b.before + b.width + b.after, ...offset }}
                          />
                        )}
                        <div
                          className={`bq-cal-block bq-${b.sitting.status}${b.ghost ? ' bq-ghost' : ''}${dragging ? ' bq-dragging' : ''}`}
                          style={{ left: b.left, width: b.width, ...offset }}
                          title={`${b.sitting.number} ${b.sitting.event} · ${b.sitting.title} · ${b.sitting.start_time}–${b.sitting.end_time}`}
                          data-sitting={b.ghost ? undefined : b.sitting.id}
                          role={b.ghost ? undefined : 'button'}
                          tabIndex={b.ghost ? undefined : 0}
                          onPointerDown={b.ghost ? undefined : (e) => onPointerDown(e, b.sitting, row)}
                          onKeyDown={(e) => e.key === 'Enter' && setPicked(b.sitting)}
                        >
                          <strong>{b.sitting.event}</strong>
                          <span>
                            {b.sitting.start_time}–{b.sitting.end_time} · {b.sitting.title}
                          </span>
                        </div>
                      </div>
                    );
                  })}
                </div>
              ))}
              {data.sittings.length === 0 && <div className="bq-cal-empty muted">{t('bq-calendar.empty')}</div>}
            </div>
          </div>
        </div>
      )}
      {picked && data && (
        <MoveSitting
          sitting={picked}
          venues={data.venues}
          canMove={canMove}
          onMove={(target) => void move(picked, target)}
          onClose={() => setPicked(undefined)}
        />
      )}
    </div>
  );
}

/** A picked sitting: what and when, a link to its event, and where to move it — for a phone, or without a mouse. */
function MoveSitting({
  sitting,
  venues,
  canMove,
  onMove,
  onClose,
}: {
  sitting: CalendarSitting;
  venues: CalendarVenue[];
  canMove: boolean;
  onMove(target: { venue_id: number; activity_date: string; start_time: string }): void;
  onClose(): void;
}) {
  const { t, lang } = useI18n();
  const [venue, setVenue] = useState(sitting.venue_id);
  const [date, setDate] = useState(sitting.activity_date);
  const [time, setTime] = useState(sitting.start_time);
  return (
    <Drawer
      title={`${sitting.number} ${sitting.event}`}
      onClose={onClose}
      closeLabel={t('bq-calendar.close')}
      footer={
        canMove ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => onMove({ venue_id: venue, activity_date: date, start_time: time })}
          >
            {t('bq-calendar.moveButton')}
          </button>
        ) : undefined
      }
    >
      <div className="stack drawer-body">
        <p>
          <strong>{sitting.title}</strong>
          <br />
          {formatDate(sitting.activity_date)} {sitting.start_time}–{sitting.end_time} · {lang === 'id' ? sitting.setup_id : sitting.setup} ·{' '}
          {sitting.pax} pax
          <br />
          {t(`bq-event.status.${sitting.status}`)}
        </p>
        <Link to={`/banquet/transaction/form-event?id=${sitting.event_id}`}>{t('bq-calendar.openEvent')}</Link>
        {canMove && (
          <fieldset className="stack">
            <legend>{t('bq-calendar.moveTo')}</legend>
            <label>
              {t('bq-calendar.room')}
              <select className="input" value={venue} onChange={(e) => setVenue(Number(e.target.value))}>
                {venues.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.code} {lang === 'id' ? v.name_id : v.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('bq-calendar.moveDate')}
              <DateInput value={date} onChange={(v) => v && setDate(v)} ariaLabel={t('bq-calendar.moveDate')} />
            </label>
            <label>
              {t('bq-calendar.moveStart')}
              <input className="input" type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} />
            </label>
          </fieldset>
        )}
      </div>
    </Drawer>
  );
}
