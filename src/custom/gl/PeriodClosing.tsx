import { useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { formatDate, formatDateTime, formatMoney } from '../../core/format/format';
import { confirmDialog } from '../../shell/confirm';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import type { ScreenProps } from '../../engine/screens/kinds';

interface Month {
  period: string;
  closed: boolean;
  closed_at: string | null;
  closed_by: string | null;
  reopened_at: string | null;
  reopened_by: string | null;
  reopen_reason: string | null;
  journals: number;
  total: string;
  drafts: number;
}

interface Periods {
  year: number;
  businessDate: string | null;
  yearClosed: { journal_id: number; closed_at: string } | null;
  months: Month[];
}

/**
 * Month and year closing: the twelve months of a year with their state, close and reopen buttons for those
 * the person's rights allow (reopening asks for a reason, which the audit log keeps), and the year closing.
 */
export default function PeriodClosing({ route }: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [reason, setReason] = useState('');
  const { data, error, load } = useResource(`gl/periods/${year}`, (signal) => dataProvider.read<Periods>('gl/periods', { year }, signal));
  const command = useCommand({ abortable: false });
  const may = (action: string) => hasRight(session, route.node.permission, action);

  const act = async (op: string, input: Record<string, unknown>, confirmKey: string, params: Record<string, unknown>) => {
    if (!(await confirmDialog({ message: t(confirmKey, params), tone: op.startsWith('gl.reopen') ? 'danger' : 'default' }))) return;
    const done = await command.run((signal) => dataProvider.run(op, input, signal));
    if (!done) return;
    toast.success(t('glclosing.done'));
    setReason('');
    await load();
  };
  const monthName = (period: string) => formatDate(`${period}-01`).slice(3);
  const reasonOk = reason.trim().length >= 3;

  return (
    <div className="stack">
      <Refusal problem={command.problem} />
      <div className="card">
        <div className="card-header">
          <div className="input-group" style={{ maxWidth: 220 }}>
            <button type="button" className="btn btn-icon" aria-label={t('glclosing.previousYear')} onClick={() => setYear(year - 1)}>
              <Icon name="chevron-left" size="sm" />
            </button>
            <strong style={{ padding: '0 12px' }} data-testid="closing-year">
              {year}
            </strong>
            <button type="button" className="btn btn-icon" aria-label={t('glclosing.nextYear')} onClick={() => setYear(year + 1)}>
              <Icon name="chevron-right" size="sm" />
            </button>
          </div>
          {data && (
            <span className="muted">{t('glclosing.businessDate', { date: data.businessDate ? formatDate(data.businessDate) : '–' })}</span>
          )}
        </div>
        {may('reopen') && (
          <div className="card-body">
            <label className="field-label" htmlFor="reopen-reason">
              {t('glclosing.reason')}
            </label>
            <input
              id="reopen-reason"
              className="input"
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('glclosing.reasonHint')}
            />
          </div>
        )}
      </div>
      {error && <div className="alert alert-warning">{error}</div>}
      {!data && !error && <div className="skeleton" style={{ height: 360 }} aria-busy="true" />}
      {data && (
        <>
          <div className="card">
            <div className="card-header">
              <h3>{t('glclosing.yearTitle', { year })}</h3>
              <span className={`badge ${data.yearClosed ? 'badge-success' : 'badge-info'}`}>
                {t(data.yearClosed ? 'glclosing.yearIsClosed' : 'glclosing.yearIsOpen')}
              </span>
              {!data.yearClosed && may('closeYear') && (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => void act('gl.closeYear', { year }, 'glclosing.closeYearConfirm', { year })}
                >
                  <Icon name="lock" size="sm" /> {t('glclosing.closeYear')}
                </button>
              )}
              {data.yearClosed && may('reopen') && (
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={!reasonOk}
                  title={reasonOk ? undefined : t('glclosing.reasonFirst')}
                  onClick={() => void act('gl.reopenYear', { year, reason: reason.trim() }, 'glclosing.reopenYearConfirm', { year })}
                >
                  <Icon name="unlock" size="sm" /> {t('glclosing.reopenYear')}
                </button>
              )}
            </div>
          </div>
          <div className="card">
            <table className="table" data-testid="closing-months">
              <thead>
                <tr>
                  <th>{t('glclosing.month')}</th>
                  <th>{t('glclosing.state')}</th>
                  <th className="num">{t('glclosing.journals')}</th>
                  <th className="num hide-mobile">{t('glclosing.total')}</th>
                  <th className="hide-mobile">{t('glclosing.history')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.months.map((m) => (
                  <tr key={m.period} data-period={m.period}>
                    <td>{monthName(m.period)}</td>
                    <td>
                      <span className={`badge ${m.closed ? 'badge-success' : 'badge-info'}`}>
                        {t(m.closed ? 'glclosing.closed' : 'glclosing.open')}
                      </span>
                      {m.drafts > 0 && <span className="badge badge-warning">{t('glclosing.draftCount', { count: m.drafts })}</span>}
                    </td>
                    <td className="num">{m.journals}</td>
                    <td className="num hide-mobile">{formatMoney(m.total)}</td>
                    <td className="hide-mobile muted small">
                      {m.closed_at && m.closed && t('glclosing.closedBy', { who: m.closed_by ?? '–', when: formatDateTime(m.closed_at) })}
                      {m.reopened_at &&
                        !m.closed &&
                        t('glclosing.reopenedBy', {
                          who: m.reopened_by ?? '–',
                          when: formatDateTime(m.reopened_at),
                          reason: m.reopen_reason ?? '',
                        })}
                    </td>
                    <td className="actions">
                      {!m.closed && may('close') && (
                        <button
                          type="button"
                          className="btn btn-sm"
                          onClick={() =>
                            void act('gl.closeMonth', { period: m.period }, 'glclosing.closeConfirm', { period: monthName(m.period) })
                          }
                        >
                          <Icon name="lock" size="sm" /> {t('glclosing.close')}
                        </button>
                      )}
                      {m.closed && may('reopen') && (
                        <button
                          type="button"
                          className="btn btn-sm"
                          disabled={!reasonOk}
                          title={reasonOk ? undefined : t('glclosing.reasonFirst')}
                          onClick={() =>
                            void act('gl.reopenMonth', { period: m.period, reason: reason.trim() }, 'glclosing.reopenConfirm', {
                              period: monthName(m.period),
                            })
                          }
                        >
                          <Icon name="unlock" size="sm" /> {t('glclosing.reopen')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
