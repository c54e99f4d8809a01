import { useEffect, useRef, useState } from 'react';
import { formatDate, parseDisplayDate } from '../../core/format/format';
import { Icon } from '../Icon';
import { t } from '../../engine/i18n/i18n';

/** A date typed as DD/MM/YYYY (or picked from the calendar), stored as YYYY-MM-DD. */
export function DateInput({
  value,
  onChange,
  id,
  disabled,
  placeholder = 'DD/MM/YYYY',
  invalidLabel,
  ariaLabel,
}: {
  value: string | null | undefined;
  onChange(v: string | null): void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  invalidLabel?: string;
  ariaLabel?: string;
}) {
  const [text, setText] = useState(formatDate(value ?? null));
  const [bad, setBad] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // what the person is typing is theirs: a value arriving meanwhile (a screen's first load) does not overwrite it
  const typing = useRef(false);
  useEffect(() => {
    if (typing.current) return;
    setText(formatDate(value ?? null));
    setBad(false);
  }, [value]);
  const commit = () => {
    typing.current = false;
    if (!text.trim()) {
      setBad(false);
      if (value) onChange(null);
      return;
    }
    const parsed = parseDisplayDate(text);
    setBad(!parsed);
    if (parsed) {
      setText(formatDate(parsed));
      if (parsed !== value) onChange(parsed);
    }
  };
  return (
    <div className="input-group">
      <input
        id={id}
        className="input"
        inputMode="numeric"
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-invalid={bad}
        title={bad ? invalidLabel : undefined}
        onChange={(e) => {
          typing.current = true;
          setText(e.target.value);
        }}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        style={bad ? { borderColor: 'var(--danger)' } : undefined}
      />
      {!disabled && (
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm"
          style={{ position: 'absolute', right: 3 }}
          tabIndex={-1}
          aria-label={t('common.calendar')}
          onClick={() => picker.current?.showPicker?.()}
        >
          <Icon name="calendar" size="sm" />
        </button>
      )}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
    </div>
  );
}
