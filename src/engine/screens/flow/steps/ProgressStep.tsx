import { useI18n } from '../../../i18n/i18n';
import { Icon } from '../../../../widgets/Icon';
import type { FlowStepProps } from '../stepProps';

/** A server run under way: its step, a bar of its progress, and a word when the server is out of reach. */
export function ProgressStep({ context }: FlowStepProps) {
  const { t } = useI18n();
  const p = context.progress as { done: number; total: number; label: string | null } | null;
  const percent = p && p.total ? Math.min(100, Math.round((p.done / p.total) * 100)) : 0;
  return (
    <div className="stack flow-progress" aria-live="polite" data-testid="flow-progress">
      <div className="flow-progress-head">
        <strong>{context.step ?? t('flow.working')}</strong>
        {p && p.total > 0 && (
          <span className="muted" data-testid="flow-progress-count">
            {t('flow.progress', { done: p.done.toLocaleString('de-DE'), total: p.total.toLocaleString('de-DE') })}
          </span>
        )}
      </div>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </div>
      {p?.label && <div className="muted">{p.label}</div>}
      {context.offline && (
        <div className="alert alert-warning" data-testid="flow-offline">
          <Icon name="alert" /> {t('flow.connectionLost')}
        </div>
      )}
    </div>
  );
}
