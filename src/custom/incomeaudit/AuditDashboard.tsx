import { Link, useSearchParams } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import { formatDate, formatMoney } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import { defaultDay, statusBadge, type AuditDays, type Tie } from './auditTypes';

/** Where a reconciliation's detail is reviewed. */
const DETAIL: Record<string, string> = {
  guestLedger: 'guest-account-balance',
  posRoomCharges: 'restauran-daily',
  cashByCashier: 'pay-trans-journal',
  statistics: 'room-usage-rpt',
  deposits: 'adv-depo',
};

/**
 * The income auditor's dashboard: the dates waiting for audit and the last closed, and for the chosen date the
 * five reconciliations, each green when its two sums tie and red with the difference when they do not.
 */
export default function AuditDashboard() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const days = useResource('incomeaudit/days', (signal) => dataProvider.read<AuditDays>('incomeaudit/days', {}, signal));
  const date = params.get('date') ?? defaultDay(days.data);
  const ties = useResource(date ? `incomeaudit/reconciliations/${date}` : null, (signal) =>
    dataProvider.read<{ ties: Tie[] }>('incomeaudit/reconciliations', { date }, signal),
  );
  const off = ties.data?.ties.filter((x) => !x.ties).length ?? 0;

  return (
    <div className="stack">
      {days.error && <div className="alert alert-warning">{days.error}</div>}
      <div className="card">
        <div className="card-header">
          <h3>{t('incomeaudit.days')}</h3>
        </div>
        <div className="card-body" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {!days.data && !days.error && <div className="skeleton" style={{ height: 36, width: '100%' }} aria-busy="true" />}
          {days.data?.days.length === 0 && <span className="muted">{t('incomeaudit.noDays')}</span>}
          {days.data?.days.map((d) => (
            <button
              key={d.business_date}
              type="button"
              data-date={d.business_date}
              className={`btn btn-sm ${d.business_date === date ? 'btn-primary' : ''}`}
              onClick={() => setParams({ date: d.business_date })}
            >
              {formatDate(d.business_date)} <span className={`badge ${statusBadge[d.status]}`}>{t(`incomeaudit.status.${d.status}`)}</span>
            </button>
          ))}
        </div>
      </div>
      {date && (
        <div className="card">
          <div className="card-header">
            <h3>{t('incomeaudit.reconciliationsOf', { date: formatDate(date) })}</h3>
            {ties.data && (
              <span className={`badge ${off ? 'badge-danger' : 'badge-success'}`}>
                {off ? t('incomeaudit.someOff', { count: off }) : t('incomeaudit.allTie')}
              </span>
            )}
            <Link className="btn btn-sm" to={`/incomeaudit/transaction/gl-journal/form?date=${date}`}>
              <Icon name="book" size="sm" /> {t('incomeaudit.openDay')}
            </Link>
          </div>
          {!ties.data && !ties.error && <div className="skeleton" style={{ height: 240 }} aria-busy="true" />}
          {ties.error && <div className="alert alert-warning">{ties.error}</div>}
          {ties.data && (
            <table className="table" data-testid="reconciliations">
              <thead>
                <tr>
                  <th>{t('incomeaudit.tie')}</th>
                  <th className="num hide-mobile">{t('incomeaudit.left')}</th>
                  <th className="num hide-mobile">{t('incomeaudit.right')}</th>
                  <th className="num">{t('incomeaudit.difference')}</th>
                </tr>
              </thead>
              <tbody>
                {ties.data.ties.map((x) => (
                  <tr key={`${x.code}-${x.subject ?? ''}`} data-tie={x.code} data-ok={x.ties}>
                    <td>
                      <span className={`badge ${x.ties ? 'badge-success' : 'badge-danger'}`}>
                        {t(x.ties ? 'incomeaudit.ties' : 'incomeaudit.differs')}
                      </span>{' '}
                      <Link to={`/incomeaudit/transaction/${DETAIL[x.code]}?audit_date=${date}`}>{t(`incomeaudit.tie.${x.code}`)}</Link>
                      {x.subject && (
                        <span className="muted"> · {x.code === 'statistics' ? t(`incomeaudit.stat.${x.subject}`) : x.subject}</span>
                      )}
                      <div className="muted small">{t(`incomeaudit.tieSides.${x.code}`)}</div>
                    </td>
                    <td className="num hide-mobile">{formatMoney(x.left)}</td>
                    <td className="num hide-mobile">{formatMoney(x.right)}</td>
                    <td className="num">
                      <strong>{formatMoney(x.difference)}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
