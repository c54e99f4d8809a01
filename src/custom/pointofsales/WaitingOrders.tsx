import { useEffect, useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useChangeFeed } from '../../engine/api/useChangeFeed';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { Refusal } from '../../engine/screens/Refusal';
import type { ScreenProps } from '../../engine/screens/kinds';
import { Icon } from '../../widgets/Icon';
import './pos.css';

interface Waiting {
  id: number;
  check_id: number;
  number: string;
  table_code: string | null;
  room: string | null;
  outlet: string;
  guest_name: string | null;
  quantity: number;
  name: string;
  name_id: string | null;
  modifiers: string | null;
  seat: number | null;
  note: string | null;
  minutes: number;
}

/** how often the board reads again with nothing new, so its minutes waiting keep counting */
const CLOCK_MS = 60_000;
/** an order waiting longer than this is shown as late */
const LATE_MINUTES = 20;

/** The boards by the right that opens them: the kitchen's and the bar's, or housekeeping's amenity requests. */
const BOARDS: Record<string, { api: string; mark: string; stations: string[] }> = {
  'pointofsales.waiting-orders': { api: 'pointofsales/waiting', mark: 'pointofsales.markReady', stations: ['kitchen', 'bar'] },
  'housekeeping.waiting-orders': { api: 'housekeeping/waiting', mark: 'housekeeping.markAmenityDone', stations: ['amenity'] },
};

/**
 * The waiting-orders board of a station (the kitchen, the bar, or housekeeping for amenity requests): every item
 * sent and not ready, grouped by check, oldest first, following every change as it is committed. The cook (or the attendant) taps the
 * items that are ready or delivered (or a whole check) and marks them.
 */
export default function WaitingOrders({ params, route }: ScreenProps) {
  const { t, lang } = useI18n();
  const session = useSession();
  const kind = BOARDS[route.node.permission!] ?? BOARDS['pointofsales.waiting-orders'];
  const station = kind.stations.includes(params.module!) ? params.module! : kind.stations[0];
  const board = useResource(`${kind.api}/${station}`, (signal) =>
    dataProvider.read<{ rows: Waiting[] }>(`${kind.api}/${station}`, {}, signal),
  );
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const command = useCommand({ abortable: false });
  const mayMark = hasRight(session, route.node.permission, 'ready');
  const { load } = board;
  // an order sent, an item made ready or voided anywhere shows within a second (the point of sales' change feed)
  useChangeFeed('pointofsales/changes', () => void load());
  useEffect(() => {
    const timer = setInterval(() => void load(), CLOCK_MS);
    return () => clearInterval(timer);
  }, [load]);

  const rows = board.data?.rows ?? [];
  const checks = [...new Map(rows.map((r) => [r.check_id, rows.filter((x) => x.check_id === r.check_id)])).values()];
  const toggle = (ids: number[]) => {
    const next = new Set(picked);
    const all = ids.every((id) => next.has(id));
    for (const id of ids)
      if (all) next.delete(id);
      else next.add(id);
    setPicked(next);
  };
  const ready = async () => {
    const ids = [...picked].filter((id) => rows.some((r) => r.id === id));
    if (!ids.length) return;
    const done = await command.run((signal) => dataProvider.run(kind.mark, { item_ids: ids }, signal));
    if (done) {
      setPicked(new Set());
      await load();
    }
  };

  return (
    <div className="stack pos-board" data-testid="pos-board">
      <div className="row pos-board-bar">
        <h2>{t(`pos-board.${station}`)}</h2>
        <span className="muted">{t('pos-board.waiting', { count: rows.length })}</span>
        <span className="grow" />
        {mayMark && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!picked.size}
            onClick={() => void ready()}
            data-testid="pos-board-ready"
          >
            <Icon name="check" size="sm" />{' '}
            {t(station === 'amenity' ? 'pos-board.markDelivered' : 'pos-board.markReady', { count: picked.size })}
          </button>
        )}
      </div>
      <Refusal problem={command.problem} />
      {board.loading && !board.data ? (
        <div className="skeleton" style={{ height: 240 }} aria-busy="true" />
      ) : !checks.length ? (
        <div className="card">
          <div className="empty">
            <Icon name="check" size="lg" />
            <p>{t('pos-board.empty')}</p>
          </div>
        </div>
      ) : (
        <div className="pos-tickets">
          {checks.map((items) => {
            const head = items[0];
            const late = head.minutes >= LATE_MINUTES;
            return (
              <section key={head.check_id} className={`card pos-ticket${late ? ' late' : ''}`} aria-label={head.number}>
                <button type="button" className="pos-ticket-head" onClick={() => mayMark && toggle(items.map((i) => i.id))}>
                  <strong>
                    {head.table_code
                      ? t('pos-board.table', { table: head.table_code })
                      : head.room
                        ? t('pos-board.room', { room: head.room })
                        : (head.guest_name ?? head.number)}
                  </strong>
                  <span className="muted">{head.outlet}</span>
                  <span className={`badge ${late ? 'badge-danger' : ''}`}>{t('pos-board.minutes', { minutes: head.minutes })}</span>
                </button>
                <ul>
                  {items.map((i) => (
                    <li key={i.id}>
                      <label className={`pos-ticket-item${picked.has(i.id) ? ' picked' : ''}`}>
                        {mayMark && <input type="checkbox" checked={picked.has(i.id)} onChange={() => toggle([i.id])} />}
                        <span className="pos-qty">{i.quantity}×</span>
                        <span>
                          {lang === 'id' && i.name_id ? i.name_id : i.name}
                          {i.seat && <span className="muted"> · {t('pos-board.seat', { seat: i.seat })}</span>}
                          {i.modifiers && <div className="pos-mod">+ {i.modifiers}</div>}
                          {i.note && <div className="pos-note">! {i.note}</div>}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
                <div className="pos-ticket-foot muted">{head.number}</div>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
