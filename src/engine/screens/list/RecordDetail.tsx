import type { EntitySchema, Lang } from '../../../core/meta/types';
import { useI18n } from '../../i18n/i18n';
import { fieldValueType, formatValue } from '../../../core/format/format';
import type { Row } from '../../api/dataProvider';
import { useRecordController } from '../../controllers/record/useRecordController';
import { enumLabel, fieldLabel } from './FilterBar';

function display(entity: EntitySchema, row: Row, name: string, t: (k: string) => string, lang: Lang): string {
  const f = entity.properties[name];
  const v = row[name];
  if (v == null || v === '') return '—';
  if (f?.['x-ref']) return row._refs?.[name] ?? String(v);
  if (f?.enum || f?.['x-ui']?.enumLabels) return enumLabel(entity, name, v, t);
  if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
  return formatValue(v, fieldValueType(f), lang);
}

/**
 * A read-only record, read fresh through the record controller: every field by its label; a
 * before/after pair is shown as a change table.
 */
export function RecordDetail({ entity, id }: { entity: EntitySchema; id: number }) {
  const { state } = useRecordController({ entity: entity.$id, id });
  if (state.loadError) return <div className="alert alert-danger">{state.loadError}</div>;
  if (!state.row) return <div className="skeleton" style={{ height: 240 }} aria-busy="true" />;
  return <RecordFields entity={entity} row={state.row} />;
}

function RecordFields({ entity, row }: { entity: EntitySchema; row: Row }) {
  const { t, has, lang } = useI18n();
  const names = Object.keys(entity.properties).filter(
    (n) => entity.properties[n]['x-ui']?.widget !== 'hidden' && !entity.properties[n].writeOnly,
  );
  const objects = names.filter((n) => typeof row[n] === 'object' && row[n] !== null && !Array.isArray(row[n]));
  const scalars = names.filter((n) => !objects.includes(n));
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const showDiff = objects.includes('before') || objects.includes('after');
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <div className="stack">
      <dl className="kv">
        {scalars.map((n) => (
          <div key={n} style={{ display: 'contents' }}>
            <dt>{fieldLabel(entity, n, t, has)}</dt>
            <dd>{display(entity, row, n, t, lang)}</dd>
          </div>
        ))}
      </dl>
      {showDiff && keys.length > 0 && (
        <table className="diff">
          <thead>
            <tr>
              <th />
              <th>{t('common.before')}</th>
              <th>{t('common.after')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k}>
                <th className="mono">{k}</th>
                <td className={k in before ? 'old' : undefined}>{k in before ? JSON.stringify(before[k]) : ''}</td>
                <td className={k in after ? 'new' : undefined}>{k in after ? JSON.stringify(after[k]) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!showDiff &&
        objects.map((n) => (
          <div key={n}>
            <div className="field-label">{fieldLabel(entity, n, t, has)}</div>
            <pre className="json">{JSON.stringify(row[n], null, 2)}</pre>
          </div>
        ))}
    </div>
  );
}
