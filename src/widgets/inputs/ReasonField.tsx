/**
 * The reason a person gives for an exception (a day closed despite its checks, a box counted short): a short
 * text area whose help turns into the error once they tried without one.
 */
export function ReasonField(p: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  invalid: boolean;
  help: string;
  onChange(v: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <textarea
        id={p.id}
        className="input"
        rows={2}
        maxLength={p.maxLength}
        value={p.value}
        aria-invalid={p.invalid}
        aria-describedby={`${p.id}-help`}
        onChange={(e) => p.onChange(e.target.value)}
      />
      <div id={`${p.id}-help`} className={p.invalid ? 'field-error' : 'field-help'}>
        {p.help}
      </div>
    </div>
  );
}
