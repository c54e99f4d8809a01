import type { ActionInput, ScreenAction } from '../../../core/meta/types';
import { useI18n } from '../../i18n/i18n';
import { LookupSelect } from '../../../widgets/inputs/LookupSelect';
import { DateInput } from '../../../widgets/inputs/DateInput';

/** The values an action asks for before it runs (a reason, a note), in a panel above the form. */
export function ActionInputs({
  action,
  values,
  onChange,
  onRun,
  onCancel,
}: {
  action: ScreenAction;
  values: Record<string, unknown>;
  onChange(v: Record<string, unknown>): void;
  onRun(): void;
  onCancel(): void;
}) {
  const { t } = useI18n();
  const missing = (action.input ?? []).some((f) => f.required && (values[f.name] == null || values[f.name] === ''));
  const field = (f: ActionInput) => {
    const id = `action-${action.key}-${f.name}`;
    return (
      <div className="field" key={f.name}>
        <label htmlFor={id}>
          {t(f.label)}
          {f.required && <span className="req">*</span>}
        </label>
        {f.ref ? (
          <LookupSelect
            id={id}
            entity={f.ref}
            value={(values[f.name] as number | undefined) ?? null}
            onChange={(v) => onChange({ ...values, [f.name]: v ?? undefined })}
            emptyLabel={t('common.noRows')}
          />
        ) : f.format === 'date' ? (
          <DateInput
            id={id}
            value={(values[f.name] as string | undefined) ?? null}
            onChange={(v) => onChange({ ...values, [f.name]: v ?? undefined })}
          />
        ) : f.format === 'integer' ? (
          <input
            id={id}
            className="input num"
            type="number"
            inputMode="numeric"
            step={1}
            value={values[f.name] == null ? '' : String(values[f.name])}
            onChange={(e) => onChange({ ...values, [f.name]: e.target.value === '' ? undefined : Math.trunc(Number(e.target.value)) })}
          />
        ) : (
          <input
            id={id}
            className="input"
            maxLength={f.maxLength ?? 200}
            value={String(values[f.name] ?? '')}
            onChange={(e) => onChange({ ...values, [f.name]: e.target.value || undefined })}
          />
        )}
      </div>
    );
  };
  return (
    <div className={`action-inputs${action.tone === 'danger' ? ' danger' : ''}`} role="group" aria-label={t(action.label)}>
      <strong>{t(action.label)}</strong>
      {(action.input ?? []).map(field)}
      <div className="row">
        <button
          type="button"
          className={`btn ${action.tone === 'danger' ? 'btn-danger' : 'btn-primary'}`}
          disabled={missing}
          onClick={onRun}
          data-testid={`action-run-${action.key}`}
        >
          {t(action.label)}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}
