import { useEffect, useRef, useState } from 'react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { DateInput } from '../inputs/DateInput';
import { LookupSelect } from '../inputs/LookupSelect';
import dayjs from 'dayjs';
import { formatDateTime, formatDecimal, formatMoney } from '../../core/format/format';
import { parseAmount } from '../../core/format/amount';
import { t, useI18n } from '../../engine/i18n/i18n';

/**
 * Typing keeps its text locally and commits on blur (or Enter), so a keystroke re-renders one field,
 * not the whole form (rjsf #3715).
 */
function useCommitOnBlur(props: WidgetProps, toText: (v: unknown) => string, fromText: (s: string) => unknown) {
  const [text, setText] = useState(toText(props.value));
  // only a new value from outside (a reload, a reset) replaces what is being typed
  const shown = useRef(toText);
  useEffect(() => {
    shown.current = toText;
  });
  useEffect(() => setText(shown.current(props.value)), [props.value]);
  const commit = () => {
    const next = fromText(text);
    if (next !== props.value) props.onChange(next);
    props.onBlur(props.id, next);
  };
  return { text, setText, commit };
}

const str = (v: unknown) => (v == null ? '' : String(v));

function TextLike(type: string, inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' | 'url') {
  return function Widget(props: WidgetProps) {
    const { text, setText, commit } = useCommitOnBlur(props, str, (s) =>
      s.trim() === '' ? undefined : type === 'password' ? s : s.trim(),
    );
    return (
      <input
        id={props.id}
        name={props.name}
        type={type}
        inputMode={inputMode}
        className="input"
        value={text}
        disabled={props.disabled}
        readOnly={props.readonly}
        placeholder={props.placeholder}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        autoFocus={props.autofocus}
        aria-invalid={Boolean(props.rawErrors?.length)}
        maxLength={(props.schema.maxLength as number | undefined) ?? undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    );
  };
}

function TextareaWidget(props: WidgetProps) {
  const { text, setText, commit } = useCommitOnBlur(props, str, (s) => (s.trim() === '' ? undefined : s));
  return (
    <textarea
      id={props.id}
      className="input"
      rows={3}
      value={text}
      disabled={props.disabled}
      readOnly={props.readonly}
      maxLength={props.schema.maxLength as number | undefined}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
    />
  );
}

/**
 * A count or a quantity. Whole numbers show as they are (adults "2"); decimals show two places in the
 * reader's separators (1,5 → "1,50" in Indonesian) and are typed either way ("1,5" or "1.5").
 */
function NumberWidget(props: WidgetProps) {
  const { lang } = useI18n();
  const [focused, setFocused] = useState(false);
  const integer = props.schema.type === 'integer' || (Array.isArray(props.schema.type) && props.schema.type.includes('integer'));
  const { text, setText, commit } = useCommitOnBlur(props, str, (s) => {
    const clean = s.trim();
    if (clean === '') return undefined;
    const exact = parseAmount(clean);
    if (exact === undefined) return clean;
    return integer ? Number(exact) : props.schema.type === 'string' ? exact : Number(exact);
  });
  return (
    <input
      id={props.id}
      className="input num"
      inputMode={integer ? 'numeric' : 'decimal'}
      value={focused || integer || parseAmount(text) === undefined ? text : formatDecimal(text, lang)}
      disabled={props.disabled}
      readOnly={props.readonly}
      onFocus={() => setFocused(true)}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        setFocused(false);
        commit();
      }}
    />
  );
}

/** Rupiah typed freely ("1.250.000" or "1250000"), kept as an exact decimal string. */
function MoneyWidget(props: WidgetProps) {
  const [focused, setFocused] = useState(false);
  const { text, setText, commit } = useCommitOnBlur(props, str, (s) => {
    const clean = s.trim();
    return clean === '' ? undefined : (parseAmount(clean) ?? clean);
  });
  return (
    <div className="input-group">
      <span className="prefix">Rp</span>
      <input
        id={props.id}
        className="input num"
        inputMode="decimal"
        value={focused ? text : formatMoney(text)}
        disabled={props.disabled}
        readOnly={props.readonly}
        onFocus={() => setFocused(true)}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          setFocused(false);
          commit();
        }}
      />
    </div>
  );
}

/** A percentage: two decimals in the reader's separators (10,00 in Indonesian), typed either way. */
function PercentWidget(props: WidgetProps) {
  const { lang } = useI18n();
  const [focused, setFocused] = useState(false);
  const { text, setText, commit } = useCommitOnBlur(props, str, (s) => {
    const clean = s.trim();
    return clean === '' ? undefined : (parseAmount(clean) ?? clean);
  });
  return (
    <div className="input-group">
      <input
        id={props.id}
        className="input num"
        inputMode="decimal"
        value={focused || parseAmount(text) === undefined ? text : formatDecimal(text, lang)}
        disabled={props.disabled}
        readOnly={props.readonly}
        onFocus={() => setFocused(true)}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          setFocused(false);
          commit();
        }}
      />
      <span className="suffix">%</span>
    </div>
  );
}

function DateWidget(props: WidgetProps) {
  return (
    <DateInput
      id={props.id}
      value={props.value}
      disabled={props.disabled || props.readonly}
      onChange={(v) => {
        props.onChange(v ?? undefined);
        props.onBlur(props.id, v);
      }}
      invalidLabel={t('error.format.date', { field: props.label })}
    />
  );
}

/**
 * A moment (stored as an ISO timestamp): shown DD/MM/YYYY HH:mm in the browser's time; written with the browser's
 * date-and-time picker. A stamp the server keeps (paired, last seen) is read-only and reads like any date.
 */
function DateTimeWidget(props: WidgetProps) {
  if (props.readonly || props.disabled)
    return (
      <input id={props.id} className="input" value={formatDateTime(props.value as string | undefined)} readOnly disabled={props.disabled} />
    );
  return (
    <input
      id={props.id}
      type="datetime-local"
      className="input"
      value={props.value ? dayjs(props.value as string).format('YYYY-MM-DDTHH:mm') : ''}
      onChange={(e) => props.onChange(e.target.value ? dayjs(e.target.value).toISOString() : undefined)}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

function TimeWidget(props: WidgetProps) {
  return (
    <input
      id={props.id}
      type="time"
      className="input"
      value={props.value ?? ''}
      disabled={props.disabled}
      readOnly={props.readonly}
      onChange={(e) => props.onChange(e.target.value || undefined)}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

function CheckboxWidget(props: WidgetProps) {
  return (
    <label className="check">
      <input
        id={props.id}
        type="checkbox"
        checked={Boolean(props.value)}
        disabled={props.disabled || props.readonly}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}

function SelectWidget(props: WidgetProps) {
  const options = props.options.enumOptions ?? [];
  const index = options.findIndex((o) => o.value === props.value);
  return (
    <select
      id={props.id}
      className="select"
      value={index < 0 ? '' : String(index)}
      disabled={props.disabled || props.readonly}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : options[Number(e.target.value)].value)}
      onBlur={() => props.onBlur(props.id, props.value)}
    >
      <option value="">{t('common.choose')}</option>
      {options
        .filter((o) => o.value !== null)
        .map((o) => (
          <option key={String(o.value)} value={String(options.indexOf(o))}>
            {o.label}
          </option>
        ))}
    </select>
  );
}

function RadioWidget(props: WidgetProps) {
  const options = (props.options.enumOptions ?? []).filter((o) => o.value !== null);
  return (
    <div className="radio-group" role="radiogroup" id={props.id}>
      {options.map((o) => (
        <label key={String(o.value)} className={o.value === props.value ? 'on' : ''}>
          <input
            type="radio"
            name={props.id}
            checked={o.value === props.value}
            disabled={props.disabled || props.readonly}
            onChange={() => props.onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

function LookupWidget(props: WidgetProps) {
  // the filter and named rule follow the other fields of the form (buildForm resolves them on each change)
  const opts = props.options as {
    entity: string;
    filter?: Record<string, unknown>;
    scope?: { name: string; params: Record<string, unknown> };
  };
  return (
    <LookupSelect
      id={props.id}
      entity={opts.entity}
      value={props.value}
      filter={opts.filter}
      scope={opts.scope}
      multiple={props.schema.type === 'array' || (Array.isArray(props.schema.type) && props.schema.type.includes('array'))}
      disabled={props.disabled || props.readonly}
      emptyLabel={t('common.noRows')}
      placeholder={t('common.choose')}
      onChange={(v) => {
        props.onChange(v ?? undefined);
        props.onBlur(props.id, v);
      }}
    />
  );
}

function ColorWidget(props: WidgetProps) {
  return (
    <input
      id={props.id}
      type="color"
      className="input"
      style={{ width: 64, padding: 2 }}
      value={props.value ?? '#2f7dbd'}
      disabled={props.disabled || props.readonly}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

function HiddenWidget() {
  return null;
}

/** A widget name nobody registered shows a box naming the screen and the field, never a blank. */
export function UnknownWidget(props: WidgetProps) {
  const o = props.options as { requested?: string; screen?: string };
  return (
    <div className="unknown-widget">
      {t('common.unknownWidget', { widget: o.requested ?? '?', screen: o.screen ?? '?', path: props.id })}
    </div>
  );
}

export const widgets: RegistryWidgetsType = {
  text: TextLike('text'),
  password: TextLike('password'),
  email: TextLike('email', 'email'),
  url: TextLike('url', 'url'),
  phone: TextLike('tel', 'tel'),
  textarea: TextareaWidget,
  number: NumberWidget,
  money: MoneyWidget,
  percent: PercentWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  time: TimeWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  radio: RadioWidget,
  lookup: LookupWidget,
  multiLookup: LookupWidget,
  color: ColorWidget,
  hidden: HiddenWidget,
  unknown: UnknownWidget,
};
