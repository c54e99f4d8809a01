/** A small whole number the desk types (nights, adults, children), kept within its bounds. */
export function NumberField(p: { id: string; label: string; value: number; min: number; max: number; onChange(v: number): void }) {
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <input
        id={p.id}
        className="input num"
        type="number"
        inputMode="numeric"
        min={p.min}
        max={p.max}
        value={p.value}
        // the whole number is selected on arrival, so typing replaces it
        onFocus={(e) => e.target.select()}
        onChange={(e) => p.onChange(Math.min(p.max, Math.max(p.min, Number(e.target.value) || p.min)))}
      />
    </div>
  );
}
