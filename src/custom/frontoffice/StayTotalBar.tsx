import type { ReactNode } from 'react';
import { useI18n } from '../../engine/i18n/i18n';
import { formatMoney } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';

/**
 * The bar under a booking screen: what was picked and the stay's total (an ellipsis while the price is being
 * fetched again), or a prompt to pick a rate, and the screen's submit button.
 */
export function StayTotalBar({
  picked,
  total,
  stale,
  busy,
  action,
  testIds,
}: {
  /** the picked stay in words; absent until a room type and a rate are picked */
  picked?: ReactNode;
  total?: string;
  stale: boolean;
  busy: boolean;
  action: { label: string; icon: string };
  testIds: { total: string; submit: string };
}) {
  const { t } = useI18n();
  return (
    <div className="ltb-summary" aria-live="polite">
      {picked && total !== undefined ? (
        <>
          <span>{picked}</span>
          <strong className="num" data-testid={testIds.total}>
            {stale ? '…' : formatMoney(total)}
          </strong>
        </>
      ) : (
        <span className="muted">{t('booking.pickRate')}</span>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid={testIds.submit}>
        <Icon name={action.icon} size="sm" /> {action.label}
      </button>
    </div>
  );
}
