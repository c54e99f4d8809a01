import type { RecordProblem } from '../controllers/problem';
import { useI18n } from '../i18n/i18n';
import { Icon } from '../../widgets/Icon';

/** What the server refused, above the form; a stale record offers to read it again. */
export function Refusal({ problem, onReload }: { problem: RecordProblem | undefined; onReload?(): void }) {
  const { t } = useI18n();
  if (!problem) return null;
  return (
    <div className={`alert alert-${problem.tone}`} role="alert" style={{ marginBottom: 14 }}>
      <Icon name="alert" />
      <div style={{ flex: 1 }}>{problem.text}</div>
      {problem.stale && onReload && (
        <button type="button" className="btn btn-sm" onClick={onReload}>
          {t('common.reload')}
        </button>
      )}
    </div>
  );
}
