import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { formatDate, formatDateTime, formatMoney } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import type { OpenShift } from './shiftTypes';
import { deskOf } from './desk';
import './gc.css';

/**
 * The shift at work: the box's float, what it should hold now and every movement that got it there, read
 * fresh from the server (advances, vouchers and bills are posted on their own screens), what else the shift
 * took (cards, room charges), and the way to the count.
 */
export default function ShiftDesk({ send, route }: FlowStepProps) {
  const { t } = useI18n();
  const desk = deskOf(route);
  const current = useResource(desk.read, (signal) => dataProvider.read<{ shift: OpenShift | null }>(desk.read, {}, signal));
  const shift = current.data?.shift;
  const gone = current.data && !shift;
  useEffect(() => {
    if (gone) send({ type: 'GONE' });
  }, [gone, send]);
  if (!shift) return <div className="skeleton" style={{ height: 240 }} aria-busy="true" />;
  return (
    <div className="stack" data-testid="gc-shift-desk">
      <div className="card">
        <div className="card-header">
          <h3>
            {t('gc-shift.shiftOf', { date: formatDate(shift.business_date) })} ·{' '}
            {shift.outlet_name ?? `${shift.cash_account} ${shift.cash_account_name}`}
          </h3>
          <button type="button" className="btn" onClick={() => void current.load()} aria-label={t('common.refresh')}>
            <Icon name="refresh" size="sm" />
          </button>
        </div>
        <div className="card-body gc-shift-figures">
          <div>
            <div className="muted">{t('gc-shift.float')}</div>
            <strong>{formatMoney(shift.opening_float)}</strong>
          </div>
          <div>
            <div className="muted">{t('gc-shift.openedAt')}</div>
            <strong>{formatDateTime(shift.opened_at)}</strong>
          </div>
          <div>
            <div className="muted">{t('gc-shift.expected')}</div>
            <strong className="gc-expected" data-testid="gc-expected">
              {formatMoney(shift.expected)}
            </strong>
          </div>
        </div>
      </div>
      <div className="card">
        <div className="card-header">
          <h3>{t('gc-shift.movements')}</h3>
          <div className="row">
            {desk.links.map((l) => (
              <Link key={l.to} className="btn" to={l.to}>
                <Icon name={l.icon} size="sm" /> <span className="hide-mobile">{t(l.label)}</span>
              </Link>
            ))}
          </div>
        </div>
        {shift.movements.length ? (
          <table className="table" data-testid="gc-movements">
            <thead>
              <tr>
                <th className="hide-mobile">{t('gc-shift.time')}</th>
                <th>{t('gc-shift.description')}</th>
                <th className="num">{t('gc-shift.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {shift.movements.map((m, i) => (
                <tr key={i}>
                  <td className="hide-mobile">{formatDateTime(m.created_at).slice(11)}</td>
                  <td>
                    {m.description}
                    <div className="muted">{t(`gc-shift.kind.${m.kind}`)}</div>
                  </td>
                  <td className={`num ${Number(m.amount) < 0 ? 'gc-amount-out' : 'gc-amount-in'}`}>{formatMoney(m.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <div className="empty">
            <p>{t('gc-shift.noMovements')}</p>
          </div>
        )}
      </div>
      {shift.takings.length > 0 && (
        <div className="card">
          <div className="card-header">
            <h3>{t('pos-till.takings')}</h3>
          </div>
          <table className="table" data-testid="pos-takings">
            <thead>
              <tr>
                <th>{t('pos-till.kind')}</th>
                <th className="num">{t('pos-till.count')}</th>
                <th className="num">{t('gc-shift.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {shift.takings.map((k) => (
                <tr key={k.kind}>
                  <td>{t(`pos-till.kind.${k.kind}`)}</td>
                  <td className="num">{k.count}</td>
                  <td className="num">{formatMoney(k.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={() => send({ type: 'COUNT' })} data-testid="gc-shift-count">
          <Icon name="lock" size="sm" /> {t('gc-shift.countAndClose')}
        </button>
      </div>
    </div>
  );
}
