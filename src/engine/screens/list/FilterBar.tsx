import type { EntitySchema } from '../../../core/meta/types';
import { fieldLabelCandidates } from '../../../core/meta/types';
import { useI18n } from '../../i18n/i18n';
import { DateInput } from '../../../widgets/inputs/DateInput';
import { LookupSelect } from '../../../widgets/inputs/LookupSelect';
import { filterKind, type ListState } from '../../controllers/list/listState';
import { valueText } from '../../../core/reports/labels';

export function fieldLabel(entity: EntitySchema, field: string, t: (k: string) => string, has: (k: string) => boolean, explicit?: string) {
  const candidates = fieldLabelCandidates(entity.$id, field, explicit ?? entity.properties[field]?.['x-ui']?.label);
  return t(candidates.find(has) ?? candidates[0]);
}

export function enumLabel(entity: EntitySchema, field: string, value: unknown, t: (k: string) => string) {
  const prefix = entity.properties[field]?.['x-ui']?.enumLabels ?? `${entity.$id.split('/')[1]}.${field}`;
  return valueText(prefix, value, t);
}

/** The list's filters, one control per declared field, by the field's type. */
export function FilterBar({
  fields,
  entity,
  state,
  onChange,
}: {
  fields: string[];
  entity: EntitySchema;
  state: ListState;
  onChange(filters: ListState['filters']): void;
}) {
  const { t, has } = useI18n();
  const set = (name: string, v: ListState['filters'][string] | undefined) => {
    const next = { ...state.filters };
    if (v === undefined || v === '' || (typeof v === 'object' && !v.from && !v.to)) delete next[name];
    else next[name] = v;
    onChange(next);
  };
  return (
    <div className="list-filters">
      {fields.map((name) => {
        const field = entity.properties[name];
        const kind = filterKind(field);
        const label = fieldLabel(entity, name, t, has);
        const raw = state.filters[name];
        const id = `filter-${name}`;
        if (kind === 'dateRange') {
          const range = (typeof raw === 'object' ? raw : {}) as { from?: string; to?: string };
          return (
            <div className="field range" key={name}>
              <label htmlFor={id}>{label}</label>
              <div className="range-inputs">
                <DateInput
                  id={id}
                  ariaLabel={`${label} ${t('common.from')}`}
                  value={range.from}
                  onChange={(v) => set(name, { ...range, from: v ?? undefined })}
                  placeholder={t('common.from')}
                />
                <span className="muted">–</span>
                <DateInput
                  ariaLabel={`${label} ${t('common.to')}`}
                  value={range.to}
                  onChange={(v) => set(name, { ...range, to: v ?? undefined })}
                  placeholder={t('common.to')}
                />
              </div>
            </div>
          );
        }
        const value = typeof raw === 'string' ? raw : '';
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>{label}</label>
            {kind === 'boolean' && (
              <select id={id} className="select" value={value} onChange={(e) => set(name, e.target.value)}>
                <option value="">{t('common.all')}</option>
                <option value="true">{t('common.yes')}</option>
                <option value="false">{t('common.no')}</option>
              </select>
            )}
            {kind === 'enum' && (
              <select id={id} className="select" value={value} onChange={(e) => set(name, e.target.value)}>
                <option value="">{t('common.all')}</option>
                {field!.enum!.map((v) => (
                  <option key={String(v)} value={String(v)}>
                    {enumLabel(entity, name, v, t)}
                  </option>
                ))}
              </select>
            )}
            {kind === 'ref' && (
              <LookupSelect
                id={id}
                ariaLabel={label}
                entity={field!['x-ref']!}
                value={value ? Number(value) : null}
                onChange={(v) => set(name, v == null ? undefined : String(v))}
                emptyLabel={t('common.noRows')}
                placeholder={t('common.all')}
              />
            )}
            {(kind === 'text' || kind === 'number') && (
              <input
                id={id}
                className="input"
                inputMode={kind === 'number' ? 'numeric' : undefined}
                defaultValue={value}
                key={value}
                onBlur={(e) => set(name, e.target.value.trim())}
                onKeyDown={(e) => e.key === 'Enter' && set(name, (e.target as HTMLInputElement).value.trim())}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
