import { useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { Refusal } from '../../engine/screens/Refusal';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatDate, formatDateTime } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import { toast } from '../../shell/toasts';
import { usePadOutlet } from './padData';
import './pos.css';

interface Stay {
  reservation_id: number;
  code: string;
  room: string | null;
  guest: string;
  pax: number;
  redeemed: number | null;
  redeemed_at: string | null;
}

/**
 * The breakfast host's list: this morning's guests whose rate includes the outlet's breakfast, found by room or
 * name; a tap redeems the stay's coupon for the covers that came, once a day.
 */
export default function BreakfastCoupons(_props: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const { outlet, outlets, setOutlet } = usePadOutlet();
  const list = useResource(outlet ? `pointofsales/breakfast/${outlet}` : null, (signal) =>
    dataProvider.read<{ date: string; rows: Stay[]; entitled: number; redeemed: number }>(`pointofsales/breakfast/${outlet}`, {}, signal),
  );
  const [q, setQ] = useState('');
  const [covers, setCovers] = useState<Record<number, number>>({});
  const command = useCommand({ abortable: false });
  const mayRedeem = hasRight(session, 'pointofsales.breakfast-coupon', 'redeem');
  const rows = (list.data?.rows ?? []).filter((r) => {
    const s = q.trim().toLowerCase();
    return !s || [r.room ?? '', r.guest, r.code].some((x) => x.toLowerCase().includes(s));
  });

  const redeem = async (stay: Stay) => {
    const n = covers[stay.reservation_id] ?? stay.pax;
    const done = await command.run((signal) =>
      dataProvider.run('pointofsales.redeemBreakfast', { outlet_id: outlet, reservation_id: stay.reservation_id, covers: n }, signal),
    );
    if (!done) return;
    toast.success(t('pos-coupon.redeemed', { room: stay.room ?? stay.code, covers: n }));
    await list.load();
  };

  return (
    <div className="stack" data-testid="pos-coupons">
      <div className="row pos-pad-bar">
        <select
          className="select"
          aria-label={t('pos-till.outlet')}
          value={outlet ?? ''}
          onChange={(e) => setOutlet(Number(e.target.value))}
        >
          {outlets.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
        <input
          className="input"
          type="search"
          placeholder={t('pos-coupon.find')}
          aria-label={t('pos-coupon.find')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <span className="grow" />
        {list.data && (
          <span className="muted" data-testid="pos-coupon-count">
            {t('pos-coupon.count', { date: formatDate(list.data.date), redeemed: list.data.redeemed, entitled: list.data.entitled })}
          </span>
        )}
      </div>
      <Refusal problem={command.problem} />
      <div className="card">
        {!list.data ? (
          <div className="skeleton" style={{ height: 240 }} aria-busy="true" />
        ) : !rows.length ? (
          <div className="empty">
            <p>{t('pos-coupon.none')}</p>
          </div>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th>{t('pos-coupon.room')}</th>
                <th>{t('pos-coupon.guest')}</th>
                <th className="num">{t('pos-coupon.pax')}</th>
                <th>{t('pos-coupon.coupon')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.reservation_id} data-testid={`pos-coupon-${r.room ?? r.code}`}>
                  <td>
                    <strong>{r.room ?? '—'}</strong>
                  </td>
                  <td>
                    {r.guest}
                    <div className="muted">{r.code}</div>
                  </td>
                  <td className="num">{r.pax}</td>
                  <td>
                    {r.redeemed ? (
                      <span className="badge">
                        <Icon name="check" size="sm" />{' '}
                        {t('pos-coupon.used', { covers: r.redeemed, time: formatDateTime(r.redeemed_at!).slice(11) })}
                      </span>
                    ) : mayRedeem ? (
                      <div className="row" style={{ gap: 6, alignItems: 'center' }}>
                        <input
                          className="input num"
                          style={{ width: 70 }}
                          type="number"
                          min={1}
                          max={r.pax}
                          aria-label={t('pos-coupon.covers')}
                          value={covers[r.reservation_id] ?? r.pax}
                          onChange={(e) =>
                            setCovers({
                              ...covers,
                              [r.reservation_id]: Math.max(1, Math.min(r.pax, Math.trunc(Number(e.target.value) || 1))),
                            })
                          }
                        />
                        <button type="button" className="btn btn-primary" onClick={() => void redeem(r)}>
                          {t('pos-coupon.redeem')}
                        </button>
                      </div>
                    ) : (
                      <span className="muted">{t('pos-coupon.open')}</span>
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
