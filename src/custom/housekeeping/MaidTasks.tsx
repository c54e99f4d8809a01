import { useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { downloadFile, type ApiError } from '../../engine/api/client';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { Refusal } from '../../engine/screens/Refusal';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatDate, formatMoney } from '../../core/format/format';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';
import { Icon } from '../../widgets/Icon';
import { blocking } from '../../shell/overlay';
import { toast } from '../../shell/toasts';

interface Task {
  id: number;
  room: string;
  floor: string;
  room_type: string;
  hk_status: string;
  kind: 'departure' | 'stay_over' | 'vacant';
  credits: string;
  seq: number;
  status: 'assigned' | 'started' | 'done';
  problem: string | null;
  attendant_id: number;
  attendant: string;
}
interface Sheet {
  business_date: string;
  tasks: Task[];
  minibar: { id: number; name: string; price: string | null }[];
}
const RIGHT = 'housekeeping.room-maid-task';

/**
 * The attendants' rooms of the day. A supervisor shares the rooms among the attendants on duty by credits, moves
 * a room to someone else and prints the sheet; an attendant, on a phone, sees only their rooms in walking order,
 * starts and finishes each (the room turns clean everywhere), reports a problem and charges the minibar.
 */
export default function MaidTasks(_props: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const sheet = useResource('housekeeping/tasks', (signal) => dataProvider.read<Sheet>('housekeeping/tasks', {}, signal));
  const command = useCommand();
  const mayAssign = hasRight(session, RIGHT, 'assign');
  const mayWork = hasRight(session, RIGHT, 'work');
  const [staff, setStaff] = useState<number[]>([]);
  const [floors, setFloors] = useState<number[]>([]);
  const [open, setOpen] = useState<{ id: number; mode: 'problem' | 'minibar' }>();
  const [problem, setProblem] = useState('');
  const [minibar, setMinibar] = useState<{ article?: number; quantity: number; price: string }>({ quantity: 1, price: '' });

  const run = async (op: string, input: Record<string, unknown>, message: (r: Record<string, unknown>) => string) => {
    const done = await command.run((signal) => dataProvider.run<Record<string, unknown>>(op, input, signal));
    if (!done) return false;
    toast.success(message(done));
    void sheet.load();
    return true;
  };
  const share = () =>
    run('housekeeping.assignTasks', { attendant_ids: staff, ...(floors.length ? { floor_ids: floors } : {}) }, (r) =>
      t('hk-task.shared', { rooms: String(r.rooms) }),
    );
  const print = async () => {
    try {
      await blocking((signal) => downloadFile('/api/reports/hk-task-sheet', { format: 'pdf' }, signal));
    } catch (e) {
      if (!(e as ApiError).aborted) toast.error((e as ApiError).message);
    }
  };

  const tasks = sheet.data?.tasks ?? [];
  const byAttendant = [...new Set(tasks.map((x) => x.attendant_id))].map((id) => tasks.filter((x) => x.attendant_id === id));
  const attendants = byAttendant.map((list) => ({ id: list[0].attendant_id, name: list[0].attendant }));
  const credits = (list: Task[]) => list.reduce((s, x) => s + Number(x.credits) * 10, 0) / 10;

  return (
    <div className="stack maid-tasks">
      {mayAssign && (
        <div className="card">
          <div className="card-body stack">
            <div className="maid-staff">
              <label className="label" htmlFor="maid-staff">
                {t('hk-task.onDuty')}
              </label>
              <LookupSelect
                id="maid-staff"
                entity="system/user"
                multiple
                value={staff}
                onChange={setStaff}
                placeholder={t('hk-task.addAttendant')}
                ariaLabel={t('hk-task.onDuty')}
                emptyLabel={t('common.noRows')}
              />
              <label className="label" htmlFor="maid-floors">
                {t('hk-task.section')}
              </label>
              <LookupSelect
                id="maid-floors"
                entity="frontoffice/floor"
                multiple
                value={floors}
                onChange={setFloors}
                placeholder={t('hk-task.wholeHotel')}
                ariaLabel={t('hk-task.section')}
                emptyLabel={t('common.noRows')}
              />
            </div>
            <div className="row">
              <button
                type="button"
                className="btn btn-primary"
                disabled={!staff.length}
                onClick={() => void share()}
                data-testid="maid-share"
              >
                <Icon name="users" size="sm" /> {t('hk-task.share')}
              </button>
              <button type="button" className="btn" onClick={() => void print()} disabled={!tasks.length}>
                <Icon name="printer" size="sm" /> {t('hk-task.print')}
              </button>
              <span className="muted">{t('hk-task.shareHint')}</span>
            </div>
            <Refusal problem={command.problem} />
          </div>
        </div>
      )}
      {!mayAssign && <Refusal problem={command.problem} />}
      {sheet.error && <div className="alert alert-danger">{sheet.error}</div>}
      {sheet.loading ? (
        <div className="skeleton" style={{ height: 320 }} />
      ) : !tasks.length ? (
        <div className="card">
          <div className="card-body muted">
            {t(mayAssign ? 'hk-task.noneShared' : 'hk-task.noneMine', { date: formatDate(sheet.data?.business_date) })}
          </div>
        </div>
      ) : (
        byAttendant.map((list) => (
          <div className="card" key={list[0].attendant_id} data-testid="maid-attendant">
            <div className="card-header row">
              <strong>{list[0].attendant}</strong>
              <span className="muted">
                {t('hk-task.progress', {
                  done: String(list.filter((x) => x.status === 'done').length),
                  rooms: String(list.length),
                  credits: String(credits(list)),
                })}
              </span>
            </div>
            <ul className="maid-list">
              {list.map((x) => (
                <li key={x.id} className={`maid-room maid-${x.status}`} data-room={x.room}>
                  <div className="maid-room-head">
                    <span className="maid-seq">{x.seq}</span>
                    <strong className="maid-code">{x.room}</strong>
                    <span className={`badge maid-kind-${x.kind}`}>{t(`hk-task.kind.${x.kind}`)}</span>
                    <span className="muted hide-mobile">
                      {x.room_type} · {x.floor}
                    </span>
                    <span className={`hk-state hk-${x.hk_status}`}>{t(`room.hk_status.${x.hk_status}`)}</span>
                  </div>
                  {x.problem && (
                    <div className="maid-problem">
                      <Icon name="alert" size="sm" /> {x.problem}
                    </div>
                  )}
                  <div className="row maid-actions">
                    {mayWork && x.status === 'assigned' && (
                      <button
                        type="button"
                        className="btn"
                        onClick={() => void run('housekeeping.startTask', { id: x.id }, () => t('hk-task.started', { room: x.room }))}
                      >
                        {t('hk-task.start')}
                      </button>
                    )}
                    {mayWork && x.status !== 'done' && (
                      <button
                        type="button"
                        className="btn btn-primary"
                        onClick={() => void run('housekeeping.finishTask', { id: x.id }, () => t('hk-task.finished', { room: x.room }))}
                      >
                        {t('hk-task.finish')}
                      </button>
                    )}
                    {x.status === 'done' && <span className="badge badge-success">{t('hk-task.status.done')}</span>}
                    {mayWork && (
                      <button type="button" className="btn btn-ghost" onClick={() => setOpen({ id: x.id, mode: 'problem' })}>
                        {t('hk-task.reportProblem')}
                      </button>
                    )}
                    {mayWork && x.kind !== 'vacant' && (sheet.data?.minibar.length ?? 0) > 0 && (
                      <button type="button" className="btn btn-ghost" onClick={() => setOpen({ id: x.id, mode: 'minibar' })}>
                        {t('hk-task.minibar')}
                      </button>
                    )}
                    {mayAssign && x.status !== 'done' && attendants.length > 1 && (
                      <select
                        className="input maid-move"
                        aria-label={t('hk-task.moveTo')}
                        value=""
                        onChange={(e) =>
                          void run('housekeeping.moveTask', { id: x.id, attendant_id: Number(e.target.value) }, () =>
                            t('hk-task.moved', { room: x.room }),
                          )
                        }
                      >
                        <option value="">{t('hk-task.moveTo')}</option>
                        {attendants
                          .filter((a) => a.id !== x.attendant_id)
                          .map((a) => (
                            <option key={a.id} value={a.id}>
                              {a.name}
                            </option>
                          ))}
                      </select>
                    )}
                  </div>
                  {open?.id === x.id && open.mode === 'problem' && (
                    <form
                      className="row maid-form"
                      onSubmit={(e) => {
                        e.preventDefault();
                        void run('housekeeping.reportProblem', { id: x.id, problem }, () => t('hk-task.reported', { room: x.room })).then(
                          (ok) => ok && (setOpen(undefined), setProblem('')),
                        );
                      }}
                    >
                      <input
                        className="input"
                        maxLength={300}
                        value={problem}
                        onChange={(e) => setProblem(e.target.value)}
                        placeholder={t('hk-task.problemHint')}
                        aria-label={t('hk-task.reportProblem')}
                      />
                      <button type="submit" className="btn btn-primary">
                        {t('hk-task.report')}
                      </button>
                    </form>
                  )}
                  {open?.id === x.id && open.mode === 'minibar' && (
                    <form
                      className="row maid-form"
                      onSubmit={(e) => {
                        e.preventDefault();
                        void run(
                          'housekeeping.chargeMinibar',
                          {
                            id: x.id,
                            fo_article_id: minibar.article,
                            quantity: minibar.quantity,
                            ...(minibar.price ? { unit_price: minibar.price } : {}),
                          },
                          (r) => t('hk-task.charged', { room: x.room, amount: formatMoney(String(r.amount ?? '0')) }),
                        ).then((ok) => ok && (setOpen(undefined), setMinibar({ quantity: 1, price: '' })));
                      }}
                    >
                      <select
                        className="input"
                        aria-label={t('hk-task.minibarItem')}
                        value={minibar.article ?? ''}
                        onChange={(e) => setMinibar({ ...minibar, article: Number(e.target.value) || undefined })}
                      >
                        <option value="">{t('hk-task.minibarItem')}</option>
                        {sheet.data?.minibar.map((m) => (
                          <option key={m.id} value={m.id}>
                            {m.name}
                            {m.price ? ` · ${formatMoney(m.price)}` : ''}
                          </option>
                        ))}
                      </select>
                      <input
                        className="input maid-qty"
                        type="number"
                        min={1}
                        max={99}
                        value={minibar.quantity}
                        onChange={(e) => setMinibar({ ...minibar, quantity: Math.max(1, Number(e.target.value) || 1) })}
                        aria-label={t('hk-task.quantity')}
                      />
                      <input
                        className="input maid-price"
                        inputMode="numeric"
                        maxLength={20}
                        value={minibar.price}
                        onChange={(e) => setMinibar({ ...minibar, price: e.target.value })}
                        placeholder={t('hk-task.unitPrice')}
                        aria-label={t('hk-task.unitPrice')}
                      />
                      <button type="submit" className="btn btn-primary" disabled={!minibar.article}>
                        {t('hk-task.charge')}
                      </button>
                    </form>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </div>
  );
}
