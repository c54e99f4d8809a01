import { useEffect, useRef, useState, type MouseEvent } from 'react';
import dayjs from 'dayjs';
import { useI18n } from '../../engine/i18n/i18n';
import { formatDate } from '../../core/format/format';
import { barSpan, oooSpan } from './roomPlanBlocks';
import { OVERVIEW, overviewLayout } from './roomPlanOverview';
import type { PlanBooking, PlanRoom } from './RoomPlan';

interface Props {
  rooms: PlanRoom[];
  bookingsOf: Map<number, PlanBooking[]>;
  from: string;
  nights: number;
  onOpen: (b: PlanBooking) => void;
  /** a free night clicked: book it (absent for those who may not) */
  onBook?: (room: PlanRoom, arrival: string) => void;
}

/**
 * Every room of the hotel in one view (the "all rooms" density): rooms folded into panels side by side,
 * each with the same nights, rows as tall as the screen allows (overviewLayout). Bars open their
 * reservation and are reached by Tab; a click on a free night books it.
 */
export function RoomPlanOverview({ rooms, bookingsOf, from, nights, onOpen, onBook }: Props) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // inside the box's padding (6 px above and below, 8 px either side)
    const ro = new ResizeObserver(() => setSize({ width: el.clientWidth - 16, height: el.clientHeight - 12 }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const layout = overviewLayout(rooms.length, size.width, size.height, nights);
  const { roomCol, head } = OVERVIEW;
  const dates = Array.from({ length: nights }, (_, i) => dayjs(from).add(i, 'day'));
  const panels = Array.from({ length: layout.panels }, (_, p) => rooms.slice(p * layout.rowsPerPanel, (p + 1) * layout.rowsPerPanel));
  const book = (e: MouseEvent<HTMLDivElement>, room: PlanRoom) => {
    if (!onBook) return;
    const x = e.clientX - e.currentTarget.getBoundingClientRect().left - roomCol;
    const night = Math.floor(x / layout.day);
    if (night >= 0 && night < nights) onBook(room, dates[night].format('YYYY-MM-DD'));
  };

  return (
    <div className="rp-overview" ref={box} data-testid="roomplan-overview" style={{ gap: OVERVIEW.gap }}>
      {size.width > 0 &&
        panels.map((list, p) => (
          <div key={p} className="rp-ov-panel" style={{ width: roomCol + nights * layout.day }}>
            <div className="rp-ov-head" style={{ height: head }}>
              <div className="rp-ov-room">{t('roomplan.room')}</div>
              {dates.map((d, i) => (
                <div
                  key={i}
                  className={`rp-ov-day${d.day() === 5 || d.day() === 6 ? ' weekend' : ''}${d.date() === 1 ? ' month-start' : ''}`}
                  style={{ left: roomCol + i * layout.day, width: layout.day }}
                  title={d.format('DD/MM/YYYY')}
                >
                  {/* two-digit days side by side run together below 18 px: every other night is numbered */}
                  {layout.day >= 18 || i % 2 === 0 ? d.format('D') : ''}
                </div>
              ))}
            </div>
            {list.map((room, i) => (
              <div
                key={room.id}
                className={`rp-ov-row${i % 2 ? ' odd' : ''}`}
                style={{ height: layout.row }}
                data-room={room.code}
                onClick={(e) => book(e, room)}
              >
                <div className="rp-ov-room" title={`${room.code} · ${room.room_type} · ${t(`room.hk_status.${room.hk_status}`)}`}>
                  <i className={`hk-dot hk-${room.hk_status}`} aria-label={t(`room.hk_status.${room.hk_status}`)} role="img" />
                  {room.code}
                </div>
                {room.ooo_from && <OverviewOoo room={room} from={from} nights={nights} day={layout.day} />}
                {(bookingsOf.get(room.id) ?? []).map((b) => {
                  const { start, end } = barSpan(from, nights, b.arrival, b.departure);
                  if (end <= start) return null;
                  const width = (end - start) * layout.day - 2;
                  return (
                    <button
                      key={b.id}
                      type="button"
                      className={`rp-ov-bar rp-${b.status}`}
                      style={{ left: roomCol + start * layout.day + 1, width }}
                      title={`${b.code} · ${b.guest} · ${formatDate(b.arrival)} – ${formatDate(b.departure)}`}
                      aria-label={`${room.code} ${b.guest} ${formatDate(b.arrival)} – ${formatDate(b.departure)}`}
                      data-testid={`bar-${b.code}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(b);
                      }}
                    >
                      {width >= OVERVIEW.minText ? b.guest : null}
                    </button>
                  );
                })}
              </div>
            ))}
          </div>
        ))}
    </div>
  );
}

function OverviewOoo({ room, from, nights, day }: { room: PlanRoom; from: string; nights: number; day: number }) {
  const { start, end } = oooSpan(from, nights, room.ooo_from!, room.ooo_to);
  if (end <= start) return null;
  return <div className="rp-ov-bar rp-ooo" style={{ left: OVERVIEW.roomCol + start * day + 1, width: (end - start) * day - 2 }} />;
}
