import { useState, type FormEvent } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { hasRight, useSession } from '../../engine/session/session';
import { Icon } from '../../widgets/Icon';
import { ReasonField } from '../../widgets/inputs/ReasonField';

interface AuditProblem {
  check: string;
  blocking: boolean;
  items: string[];
  count: number;
}

const REASON_MIN = 3;

/**
 * Where a night audit that stopped ends: why it stopped, the checks of the open day as they stand now, and —
 * only for someone holding the override right, while a blocking check is still open — a reason and a button
 * that closes the day anyway. The reason goes with the new run; the server checks the right again, writes it
 * to the audit log and keeps it on the run.
 */
export default function NightAuditFailed({ context, send, can }: FlowStepProps) {
  const { t } = useI18n();
  const session = useSession();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const checks = useResource('frontoffice/night-audit/checks', (signal) =>
    dataProvider.read<{ business_date: string; problems: AuditProblem[] }>('frontoffice/night-audit/checks', {}, signal),
  );
  const blocking = (checks.data?.problems ?? []).filter((p) => p.blocking);
  const mayOverride = hasRight(session, 'frontoffice.night-audit', 'override') && can('OVERRIDE');
  const short = reason.trim().length < REASON_MIN;

  const override = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!short) send({ type: 'OVERRIDE', data: { override_reason: reason.trim() } });
  };

  return (
    <div className="stack" data-testid="flow-summary">
      <div className="alert alert-danger" role="alert">
        <Icon name="alert" /> <strong>{t('nightAudit.failed')}</strong>
        {context.error && <div data-testid="na-error">{String(context.error)}</div>}
      </div>
      {checks.loading && <div className="skeleton" style={{ height: 60 }} />}
      {blocking.length > 0 && (
        <div className="na-problems" data-testid="na-blocking">
          {blocking.map((p) => (
            <div key={p.check} className="na-problem">
              <strong>
                {t(`nightAudit.check.${p.check}`)} ({p.count})
              </strong>
              <div className="muted">
                {p.items.join(', ')}
                {p.count > p.items.length ? ' …' : ''}
              </div>
            </div>
          ))}
        </div>
      )}
      {blocking.length > 0 && mayOverride && (
        <form className="na-override stack" onSubmit={override} noValidate data-testid="na-override">
          <ReasonField
            id="na-override-reason"
            label={t('nightAudit.overrideReason')}
            value={reason}
            maxLength={200}
            invalid={tried && short}
            help={t(tried && short ? 'nightAudit.overrideReasonShort' : 'nightAudit.overrideHelp')}
            onChange={setReason}
          />
          <div className="row">
            <button type="submit" className="btn btn-danger" data-testid="na-override-run">
              <Icon name="unlock" size="sm" /> {t('nightAudit.overrideRun')}
            </button>
          </div>
        </form>
      )}
      {blocking.length > 0 && !mayOverride && <p className="muted">{t('nightAudit.overrideNotYours')}</p>}
      <div className="row">
        {can('AGAIN') && (
          <button type="button" className="btn" onClick={() => send({ type: 'AGAIN' })} data-testid="flow-action-AGAIN">
            {t('nightAudit.again')}
          </button>
        )}
      </div>
    </div>
  );
}
