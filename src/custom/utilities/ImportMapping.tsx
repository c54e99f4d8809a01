import { useState } from 'react';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { Icon } from '../../widgets/Icon';
import type { ImportSheet, ImportTarget } from './importTypes';

function cellText(v: unknown) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 10).split('-').reverse().join('/');
  return String(v);
}

/**
 * The second step of the import flow: each column of the chosen sheet mapped to a field (matched by label
 * in either language, changed by hand), required fields that no column fills named; IMPORT runs it.
 */
export default function ImportMapping({ context, send }: FlowStepProps) {
  const { t } = useI18n();
  const sheets = (context.sheets ?? []) as ImportSheet[];
  const fields = (context.fields ?? []) as ImportTarget['fields'];
  const [sheetName, setSheetName] = useState<string>(context.sheet ?? sheets[0]?.name ?? '');
  const [mapping, setMapping] = useState<Record<string, string | null>>(context.mapping ?? {});
  const sheet = sheets.find((s) => s.name === sheetName);
  const mapped = new Set(Object.values(mapping));
  const missing = fields.filter((f) => f.required && !mapped.has(f.name));
  if (!sheet) return null;

  return (
    <div className="card">
      <div className="card-header">
        <h3>
          {t('import.step.map')} · {context.name}
        </h3>
        <div className="row">
          {sheets.length > 1 && (
            <select
              className="select"
              aria-label={t('import.sheet')}
              value={sheetName}
              onChange={(e) => {
                setSheetName(e.target.value);
                setMapping(sheets.find((s) => s.name === e.target.value)?.mapping ?? {});
              }}
            >
              {sheets.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
          <span className="badge badge-info">{t('import.rowsInFile', { count: sheet.rowCount.toLocaleString('de-DE') })}</span>
        </div>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t('import.column')}</th>
              <th>{t('import.field')}</th>
              <th className="hide-mobile">{t('import.preview')}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.headers.map((h, i) => (
              <tr key={`${h}-${i}`}>
                <td>
                  <strong>{h || `#${i + 1}`}</strong>
                </td>
                <td>
                  <select
                    className="select"
                    aria-label={`${t('import.field')} ${h}`}
                    data-testid={`map-${h}`}
                    value={mapping[h] ?? ''}
                    onChange={(e) => setMapping({ ...mapping, [h]: e.target.value || null })}
                  >
                    <option value="">{t('import.ignore')}</option>
                    {fields.map((f) => (
                      <option key={f.name} value={f.name}>
                        {f.label}
                        {f.required ? ' *' : ''}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="muted hide-mobile">
                  {sheet.sample
                    .slice(0, 3)
                    .map((r) => cellText(r[i]))
                    .filter(Boolean)
                    .join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="card-footer stack">
        {missing.length > 0 && (
          <div className="alert alert-warning">
            <Icon name="alert" /> {t('import.requiredMissing', { fields: missing.map((f) => f.label).join(', ') })}
          </div>
        )}
        <div className="row">
          <button
            type="button"
            className="btn btn-primary"
            disabled={missing.length > 0}
            onClick={() => send({ type: 'IMPORT', data: { sheet: sheetName, mapping } })}
            data-testid="import-run"
          >
            <Icon name="upload" size="sm" /> {t('import.run')}
          </button>
        </div>
      </div>
    </div>
  );
}
