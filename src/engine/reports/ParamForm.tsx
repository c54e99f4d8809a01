import type { FormEvent, ReactNode } from 'react';
import type { ReportDefinition } from '../../core/meta/types';
import { useI18n } from '../i18n/i18n';
import { DateInput } from '../../widgets/inputs/DateInput';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';
import { parameterTitle } from '../../core/reports/labels';

export type ParamValues = Record<string, string>;

/**
 * The parameters of a report as inputs. Values are strings (they travel in the URL and the query
 * string); the server fills defaults and checks types, so this form never guesses either.
 */
export function ParamForm({
  def,
  values,
  onChange,
  onSubmit,
  hidden,
  children,
}: {
  def: Pick<ReportDefinition, 'parameters'>;
  values: ParamValues;
  onChange(v: ParamValues): void;
  onSubmit?(): void;
  /** parameters the address fixes: not asked for */
  hidden?: ParamValues;
  children?: ReactNode;
}) {
  const { t, lang } = useI18n();
  const props = Object.entries(def.parameters?.properties ?? {}).filter(([name]) => !hidden?.[name]);
  const set = (name: string, v: string | null | undefined) => {
    const next = { ...values };
    if (v === null || v === undefined || v === '') delete next[name];
    else next[name] = v;
    onChange(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
  };
  const required = new Set(def.parameters?.required ?? []);
  return (
    <form className="report-params" onSubmit={submit} noValidate>
      {props.map(([name, p]) => {
        const id = `param-${name}`;
        const label = parameterTitle(def, name, lang, t);
        const value = values[name] ?? '';
        let input: ReactNode;
        if (p.format === 'date') {
          input = (
            <DateInput
              id={id}
              ariaLabel={label}
              value={value || null}
              onChange={(v) => set(name, v)}
              invalidLabel={t('error.format.date', { field: label })}
            />
          );
        } else if (p['x-ref']) {
          input = (
            <LookupSelect
              id={id}
              ariaLabel={label}
              entity={p['x-ref'] as string}
              value={value ? Number(value) : null}
              onChange={(v) => set(name, v == null ? null : String(v))}
              emptyLabel={t('common.all')}
            />
          );
        } else if (p.enum) {
          input = (
            <select id={id} className="select" value={value} onChange={(e) => set(name, e.target.value)}>
              {!required.has(name) && <option value="">{t('common.all')}</option>}
              {(p.enum as unknown[]).map((v) => (
                <option key={String(v)} value={String(v)}>
                  {p['x-enumLabels'] ? t(`${p['x-enumLabels']}.${String(v)}`) : String(v)}
                </option>
              ))}
            </select>
          );
        } else if (p.type === 'boolean') {
          input = (
            <select id={id} className="select" value={value} onChange={(e) => set(name, e.target.value)}>
              <option value="">{t('common.all')}</option>
              <option value="true">{t('common.yes')}</option>
              <option value="false">{t('common.no')}</option>
            </select>
          );
        } else if (p.type === 'integer' || p.type === 'number') {
          input = (
            <input id={id} className="input num" inputMode="decimal" value={value} onChange={(e) => set(name, e.target.value.trim())} />
          );
        } else {
          input = (
            <input
              id={id}
              className="input"
              maxLength={(p.maxLength as number | undefined) ?? 200}
              value={value}
              onChange={(e) => set(name, e.target.value)}
            />
          );
        }
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>
              {label}
              {required.has(name) && <span className="req">*</span>}
            </label>
            {input}
          </div>
        );
      })}
      {children && <div className="report-params-actions">{children}</div>}
    </form>
  );
}
