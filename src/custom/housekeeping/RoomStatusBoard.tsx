import { memo, useCallback, useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { Refusal } from '../../engine/screens/Refusal';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatDate } from '../../core/format/format';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';
import { DateInput } from '../../widgets/inputs/DateInput';
import { toast } from '../../shell/toasts';
import { useRoomStatusChanges } from './useRoomStatusChanges';

interface BoardRoom {
  id: number;
  code: string;
  floor: string;
  room_type: string;
  hk_status: string;
  fo: 'vacant' | 'occupied' | 'due_out' | 'arrival';
  ooo_from: string | null;
  ooo_to: string | null;
  ooo_reason: string | null;
  changed_at: string | null;
  changed_by: string | null;
}
const HK = ['vacant_dirty', 'vacant_clean', 'vacant_inspected', 'occupied_dirty', 'occupied_clean', 'out_of_order', 'out_of_service'];
const FO = ['vacant', 'occupied', 'due_out', 'arrival'] as const;
const TARGETS = ['clean', 'dirty', 'inspected', 'out_of_service', 'out_of_order', 'in_service'] as const;
type Target = (typeof TARGETS)[number];
const RIGHT = 'housekeeping.room-status';

/**
 * The room status board: every room as a tile, its housekeeping status as the colour and its front-office state
 * (vacant, occupied, due out, arrival) as a badge, filtered by floor, type and either state. Tap rooms to pick
 * them, then say what they are now; the server applies the rules and logs each change.
 */
export default function RoomStatusBoard(_props: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const [floor, setFloor] = useState<number | null>(null);
  const [roomType, setRoomType] = useState<number | null>(null);
  const [hk, setHk] = useState('');
  const [fo, setFo] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [closing, setClosing] = useState<{ reason: string; from?: string; to?: string }>();
  const query = { ...(floor ? { floor } : {}), ...(roomType ? { roomType } : {}), ...(hk ? { hk } : {}), ...(fo ? { fo } : {}) };
  const board = useResource(`housekeeping/room-status?${new URLSearchParams(query as Record<string, string>)}`, (signal) =>
    dataProvider.read<{ businessDate: string; rooms: BoardRoom[] }>('housekeeping/room-status', query, signal),
  );
  const command = useCommand();
  const mayEdit = hasRight(session, RIGHT, 'edit');
  const mayBulk = hasRight(session, RIGHT, 'bulk');
  const mayInspect = hasRight(session, RIGHT, 'inspect');

  const toggle = useCallback(
    (id: number) =>
      setPicked((p) => {
        const next = new Set(mayBulk ? p : []);
        if (p.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [mayBulk],
  );
  const apply = async (status: Target) => {
    if ((status === 'out_of_order' || status === 'out_of_service') && !closing) return setClosing({ reason: '' });
    const extra = closing
      ? { reason: closing.reason, ...(status === 'out_of_order' ? { ooo_from: closing.from, ooo_to: closing.to } : {}) }
      : {};
    const done = await command.run((signal) =>
      dataProvider.run<{ rooms: { code: string }[] }>('housekeeping.setRoomStatus', { room_ids: [...picked], status, ...extra }, signal),
    );
    if (!done) return;
    toast.success(t('hk.board.changed', { rooms: done.rooms.map((r) => r.code).join(', '), status: t(`hk.target.${status}`) }));
    setPicked(new Set());
    setClosing(undefined);
    void board.load();
  };

  // a room cleaned on a phone, or changed on another board, turns here too: patched in place, or the filtered
  // board read again when a room may have entered or left its filter
  useRoomStatusChanges((changes) => {
    if (!board.data) return;
    if (hk) return void board.load();
    const to = new Map(changes.map((c) => [c.room_id, c.hk_status]));
    board.set({ ...board.data, rooms: board.data.rooms.map((r) => (to.has(r.id) ? { ...r, hk_status: to.get(r.id)! } : r)) });
  });

  const rooms = board.data?.rooms ?? [];
  const counts = HK.map((s) => [s, rooms.filter((r) => r.hk_status === s).length] as const).filter(([, n]) => n > 0);
  return (
    <div className="stack">
      <div className="card">
        <div className="card-body row hk-toolbar">
          <div className="hk-filter">
            <LookupSelect
              entity="frontoffice/floor"
              value={floor}
              onChange={setFloor}
              placeholder={t('roomplan.allFloors')}
              ariaLabel={t('roomplan.floor')}
              emptyLabel={t('common.noRows')}
            />
          </div>
          <div className="hk-filter">
            <LookupSelect
              entity="frontoffice/room-type"
              value={roomType}
              onChange={setRoomType}
              placeholder={t('roomplan.allTypes')}
              ariaLabel={t('roomplan.roomType')}
              emptyLabel={t('common.noRows')}
            />
          </div>
          <select className="input hk-filter" value={hk} onChange={(e) => setHk(e.target.value)} aria-label={t('hk.board.hkState')}>
            <option value="">{t('hk.board.anyHk')}</option>
            {HK.map((s) => (
              <option key={s} value={s}>
                {t(`room.hk_status.${s}`)}
              </option>
            ))}
          </select>
          <select className="input hk-filter" value={fo} onChange={(e) => setFo(e.target.value)} aria-label={t('hk.board.foState')}>
            <option value="">{t('hk.board.anyFo')}</option>
            {FO.map((s) => (
              <option key={s} value={s}>
                {t(`hk.fo.${s}`)}
              </option>
            ))}
          </select>
          <div className="hk-counts muted">
            {counts.map(([s, n]) => (
              <span key={s}>
                <i className={`hk-dot hk-${s}`} /> {t(`room.hk_status.${s}`)} {n}
              </span>
            ))}
          </div>
        </div>
      </div>
      {mayEdit && picked.size > 0 && (
        <div className="card hk-actions" data-testid="hk-actions">
          <div className="card-body row">
            <strong>{t('hk.board.picked', { count: picked.size })}</strong>
            {TARGETS.filter((s) => s !== 'inspected' || mayInspect).map((s) => (
              <button
                key={s}
                type="button"
                className={`btn btn-sm${s === 'clean' || s === 'inspected' ? ' btn-primary' : ''}`}
                onClick={() => void apply(s)}
                data-testid={`hk-to-${s}`}
              >
                {t(`hk.target.${s}`)}
              </button>
            ))}
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setPicked(new Set())}>
              {t('common.close')}
            </button>
          </div>
          {closing && (
            <div className="card-body row hk-closing">
              <input
                className="input"
                maxLength={200}
                placeholder={t('hk.board.reason')}
                aria-label={t('hk.board.reason')}
                value={closing.reason}
                onChange={(e) => setClosing({ ...closing, reason: e.target.value })}
              />
              <div className="hk-date">
                <DateInput
                  value={closing.from}
                  onChange={(v) => setClosing({ ...closing, from: v ?? undefined })}
                  ariaLabel={t('hk.board.oooFrom')}
                />
              </div>
              <div className="hk-date">
                <DateInput
                  value={closing.to}
                  onChange={(v) => setClosing({ ...closing, to: v ?? undefined })}
                  ariaLabel={t('hk.board.oooTo')}
                />
              </div>
              <span className="muted">{t('hk.board.closeHint')}</span>
            </div>
          )}
          <Refusal problem={command.problem} />
        </div>
      )}
      {board.error && <div className="alert alert-danger">{board.error}</div>}
      {board.loading ? (
        <div className="skeleton" style={{ height: 320 }} />
      ) : (
        <div className="hk-board" data-testid="hk-board">
          {rooms.map((r) => (
            <BoardTile key={r.id} room={r} picked={picked.has(r.id)} disabled={!mayEdit} onToggle={toggle} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * One room's tile. Memoised: a change seen from elsewhere re-draws its own tile, not the 3,000 others (the board's goal
 * is a change shown within a second).
 */
const BoardTile = memo(function BoardTile(props: { room: BoardRoom; picked: boolean; disabled: boolean; onToggle: (id: number) => void }) {
  const { room: r, picked, disabled, onToggle } = props;
  const { t } = useI18n();
  return (
    <button
      type="button"
      className={`hk-tile hk-${r.hk_status}${picked ? ' picked' : ''}`}
      aria-pressed={picked}
      disabled={disabled}
      onClick={() => onToggle(r.id)}
      data-room={r.code}
      title={[
        `${r.code} · ${r.room_type} · ${r.floor}`,
        t(`room.hk_status.${r.hk_status}`),
        r.ooo_from ? `${formatDate(r.ooo_from)} – ${r.ooo_to ? formatDate(r.ooo_to) : ''} ${r.ooo_reason ?? ''}` : '',
        r.changed_by ? t('hk.board.lastChange', { who: r.changed_by, when: new Date(r.changed_at!).toLocaleString() }) : '',
      ]
        .filter(Boolean)
        .join('\n')}
    >
      <span className="hk-head">
        <strong>{r.code}</strong>
        {r.fo !== 'vacant' && <span className={`hk-fo hk-fo-${r.fo}`}>{t(`hk.fo.${r.fo}`)}</span>}
      </span>
      <span className="hk-type">{r.room_type}</span>
      <span className="hk-state">{t(`room.hk_status.${r.hk_status}`)}</span>
    </button>
  );
});
