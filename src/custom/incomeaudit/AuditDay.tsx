import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Decimal from 'decimal.js';
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
import { defaultDay, statusBadge, type AuditDays } from './auditTypes';

interface Journal {
  date: string;
  accounts: { code: string; name: string; debit: string; credit: string }[];
}

interface Line {
  id: number;
  business_date: string;
  description: string;
  amount: string;
  folio: string;
  guest: string;
  room: string | null;
  reverses_id: number | null;
  reversed_by: number | null;
}

/**
 * The auditor's day: the open audit dates, the chosen day's journal summarised by account (balanced or not), a
 * folio line reversed in that day with a reason (opened from a review screen's line), then review and close.
 */
export default function AuditDay({ route }: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [reason, setReason] = useState('');
  const may = (action: string) => hasRight(session, route.node.permission, action);
  const days = useResource('incomeaudit/days', (signal) => dataProvider.read<AuditDays>('incomeaudit/days', {}, signal));
  const date = params.get('date') ?? defaultDay(days.data);
  const lineId = Number(params.get('line')) || null;
  const journal = useResource(date ? `incomeaudit/journal/${date}` : null, (signal) =>
    dataProvider.read<Journal>('incomeaudit/journal', { date }, signal),
  );
  const line = useResource(lineId ? `incomeaudit/line/${lineId}` : null, (signal) =>
    dataProvider.read<Line>('incomeaudit/line', { id: lineId }, signal),
  );
  const command = useCommand({ abortable: false });
  const day = days.data?.days.find((d) => d.business_date === date);

  const pick = (d: string) => setParams({ date: d });
  const reload = async () => {
    await Promise.all([days.load(), journal.load(), lineId ? line.load() : Promise.resolve()]);
  };
  const act = async (op: string, input: Record<string, unknown>, confirmKey: string, doneKey: string) => {
    if (!(await confirmDialog({ message: t(confirmKey, { date: formatDate(String(input.date)) }) }))) return;
    const done = await command.run((signal) => dataProvider.run(op, input, signal));
    if (!done) return;
    toast.success(t(doneKey, { date: formatDate(String(input.date)) }));
    await reload();
  };

  const totals = (journal.data?.accounts ?? []).reduce((s, a) => ({ debit: s.debit.plus(a.debit), credit: s.credit.plus(a.credit) }), {
    debit: new Decimal(0),
    credit: new Decimal(0),
  });
  const balanced = totals.debit.eq(totals.credit);
  const open = day && day.status !== 'closed';

  return (
    <div className="stack">
      <Refusal problem={command.problem} />
      {days.error && <div className="alert alert-warning">{days.error}</div>}
      <div className="card">
        <div className="card-header">
          <h3>{t('incomeaudit.days')}</h3>
          {days.data && (
            <span className="muted">
              {t('incomeaudit.setting', { days: days.data.openDays, date: formatDate(days.data.businessDate) })}
            </span>
          )}
        </div>
        <div className="card-body" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} data-testid="audit-days">
          {!days.data && !days.error && <div className="skeleton" style={{ height: 36, width: '100%' }} aria-busy="true" />}
          {days.data?.days.length === 0 && <span className="muted">{t('incomeaudit.noDays')}</span>}
          {days.data?.days.map((d) => (
            <button
              key={d.business_date}
              type="button"
              data-date={d.business_date}
              className={`btn btn-sm ${d.business_date === date ? 'btn-primary' : ''}`}
              onClick={() => pick(d.business_date)}
            >
              {formatDate(d.business_date)} <span className={`badge ${statusBadge[d.status]}`}>{t(`incomeaudit.status.${d.status}`)}</span>
            </button>
          ))}
        </div>
      </div>

      {lineId && (
        <div className="card" data-testid="audit-correction">
          <div className="card-header">
            <h3>{t('incomeaudit.correction')}</h3>
          </div>
          <div className="card-body stack">
            {line.error && <div className="alert alert-warning">{line.error}</div>}
            {line.data && (
              <>
                <p>
                  <strong>{line.data.description}</strong> ·{' '}
                  {t('incomeaudit.lineOn', { folio: line.data.folio, guest: line.data.guest, room: line.data.room ?? '–' })} ·{' '}
                  {formatDate(line.data.business_date)} · <strong>{formatMoney(line.data.amount)}</strong>
                </p>
                {line.data.reversed_by && (
                  <div className="alert alert-info">{t('incomeaudit.alreadyReversed', { id: line.data.reversed_by })}</div>
                )}
                {!line.data.reversed_by && !line.data.reverses_id && open && may('correct') && (
                  <>
                    <label className="field-label" htmlFor="correction-reason">
                      {t('incomeaudit.reason')}
                    </label>
                    <input
                      id="correction-reason"
                      className="input"
                      maxLength={200}
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                      placeholder={t('incomeaudit.reasonHint')}
                    />
                    <div>
                      <button
                        type="button"
                        className="btn btn-danger"
                        disabled={reason.trim().length < 3}
                        onClick={async () => {
                          await act(
                            'incomeaudit.correct',
                            { date: line.data!.business_date, id: line.data!.id, reason: reason.trim() },
                            'incomeaudit.correctConfirm',
                            'incomeaudit.corrected',
                          );
                          setReason('');
                        }}
                      >
                        <Icon name="rotate-ccw" size="sm" /> {t('incomeaudit.reverse')}
                      </button>
                    </div>
                  </>
                )}
              </>
            )}
          </div>
        </div>
      )}

      {date && (
        <div className="card">
          <div className="card-header">
            <h3>{t('incomeaudit.journalOf', { date: formatDate(date) })}</h3>
            {day && <span className={`badge ${statusBadge[day.status]}`}>{t(`incomeaudit.status.${day.status}`)}</span>}
            {journal.data && (
              <span className={`badge ${balanced ? 'badge-success' : 'badge-danger'}`} data-testid="journal-balance">
                {t(balanced ? 'incomeaudit.balanced' : 'incomeaudit.unbalancedBadge')}
              </span>
            )}
            {open && may('review') && (
              <button
                type="button"
                className="btn"
                onClick={() => void act('incomeaudit.review', { date }, 'incomeaudit.reviewConfirm', 'incomeaudit.reviewed')}
              >
                <Icon name="check" size="sm" /> {t('incomeaudit.review')}
              </button>
            )}
            {open && may('close') && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void act('incomeaudit.close', { date }, 'incomeaudit.closeConfirm', 'incomeaudit.closed')}
              >
                <Icon name="lock" size="sm" /> {t('incomeaudit.close')}
              </button>
            )}
          </div>
          {day && (day.reviewed_by || day.closed_by) && (
            <div className="card-body muted small">
              {day.reviewed_by && t('incomeaudit.reviewedBy', { who: day.reviewed_by, when: formatDateTime(day.reviewed_at!) })}{' '}
              {day.closed_by && t('incomeaudit.closedBy', { who: day.closed_by, when: formatDateTime(day.closed_at!) })}
            </div>
          )}
          {!journal.data && !journal.error && <div className="skeleton" style={{ height: 240 }} aria-busy="true" />}
          {journal.error && <div className="alert alert-warning">{journal.error}</div>}
          {journal.data && (
            <table className="table" data-testid="audit-journal">
              <thead>
                <tr>
                  <th>{t('incomeaudit.account')}</th>
                  <th className="num">{t('incomeaudit.debit')}</th>
                  <th className="num">{t('incomeaudit.credit')}</th>
                </tr>
              </thead>
              <tbody>
                {journal.data.accounts.map((a) => (
                  <tr key={a.code}>
                    <td>
                      {a.code} · {a.name}
                    </td>
                    <td className="num">{formatMoney(a.debit)}</td>
                    <td className="num">{formatMoney(a.credit)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th>{t('incomeaudit.total')}</th>
                  <th className="num">{formatMoney(totals.debit.toFixed(2))}</th>
                  <th className="num">{formatMoney(totals.credit.toFixed(2))}</th>
                </tr>
              </tfoot>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
