import { useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { Refusal } from '../../engine/screens/Refusal';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatDate, formatMoney } from '../../core/format/format';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';
import { Icon } from '../../widgets/Icon';
import { toast } from '../../shell/toasts';
import './pos.css';

interface Charge {
  payment_id: number;
  number: string;
  outlet: string;
  amount: string;
  room: string | null;
  guest: string;
  stay: string;
  moves: number;
  reason: string | null;
}

/**
 * The outlet cashier's correction of a bill charged to the wrong room: today's room charges, each with the room
 * and guest it stands on now; "Move" takes the right in-house guest and the reason and moves the charge onto
 * that guest's folio (the front office sees it at once, the first folio shows it moved out).
 */
export default function RoomChargeTransfer({ route }: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const mayMove = hasRight(session, route.node.permission, 'transfer');
  const list = useResource('pointofsales/room-charges', (signal) =>
    dataProvider.read<{ date: string; rows: Charge[] }>('pointofsales/room-charges', {}, signal),
  );
  const [moving, setMoving] = useState<number | null>(null);
  const [stay, setStay] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const command = useCommand({ abortable: false });

  const open = (id: number | null) => {
    setMoving(id);
    setStay(null);
    setReason('');
    command.clear();
  };
  const move = async (charge: Charge) => {
    const done = await command.run((signal) =>
      dataProvider.run<{ code: string }>(
        'pointofsales.transferRoomCharge',
        { payment_id: charge.payment_id, reservation_id: stay ?? 0, reason },
        signal,
      ),
    );
    if (!done) return;
    toast.success(t('pos-transfer.moved', { number: charge.number, code: done.code }));
    open(null);
    await list.load();
  };

  return (
    <div className="stack" data-testid="pos-room-charges">
      <div className="row pos-pad-bar">
        <h2>{t('pos-transfer.heading')}</h2>
        <span className="grow" />
        {list.data && <span className="muted">{t('pos-transfer.day', { date: formatDate(list.data.date) })}</span>}
        <button type="button" className="btn" onClick={() => void list.load()} aria-label={t('common.refresh')}>
          <Icon name="refresh" size="sm" />
        </button>
      </div>
      <Refusal problem={command.problem} />
      <div className="card">
        {!list.data ? (
          <div className="skeleton" style={{ height: 240 }} aria-busy="true" />
        ) : !list.data.rows.length ? (
          <div className="empty">
            <p>{t('pos-transfer.none')}</p>
          </div>
        ) : (
          <table className="table pos-charges">
            <thead>
              <tr>
                <th>{t('pos-transfer.bill')}</th>
                <th>{t('pos-transfer.charged')}</th>
                <th className="num">{t('pos-transfer.amount')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.rows.map((r) => (
                <tr key={r.payment_id} data-testid={`pos-room-charge-${r.number}`}>
                  <td>
                    <strong className="nowrap">{r.number}</strong>
                    <div className="muted">{r.outlet}</div>
                  </td>
                  <td>
                    <strong>{r.room ?? '—'}</strong> · {r.guest}
                    <div className="muted">
                      {r.stay}
                      {r.moves > 0 && ` · ${t('pos-transfer.movedTimes', { count: r.moves, reason: r.reason ?? '' })}`}
                    </div>
                  </td>
                  <td className="num">{formatMoney(r.amount)}</td>
                  <td className="pos-charge-action">
                    {moving === r.payment_id ? (
                      <div className="stack" style={{ gap: 8 }}>
                        <LookupSelect
                          id="pos-transfer-stay"
                          entity="frontoffice/reservation"
                          filter={{ status: { op: 'eq', value: 'in_house' } }}
                          value={stay}
                          onChange={setStay}
                          ariaLabel={t('pos-transfer.to')}
                          placeholder={t('pos-transfer.to')}
                          emptyLabel={t('common.noRows')}
                        />
                        <input
                          id="pos-transfer-reason"
                          className="input"
                          maxLength={200}
                          placeholder={t('pos-transfer.reason')}
                          aria-label={t('pos-transfer.reason')}
                          value={reason}
                          onChange={(e) => setReason(e.target.value)}
                        />
                        <div className="row" style={{ gap: 6 }}>
                          <button type="button" className="btn btn-primary" onClick={() => void move(r)} data-testid="pos-transfer-submit">
                            <Icon name="check" size="sm" /> {t('pos-transfer.submit')}
                          </button>
                          <button type="button" className="btn" onClick={() => open(null)}>
                            {t('common.cancel')}
                          </button>
                        </div>
                      </div>
                    ) : (
                      mayMove && (
                        <button type="button" className="btn" onClick={() => open(r.payment_id)}>
                          <Icon name="bed" size="sm" /> {t('pos-transfer.move')}
                        </button>
                      )
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
