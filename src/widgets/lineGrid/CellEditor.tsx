import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { GridKey } from './keyboard';
import type { CellOption, LineGridColumn } from './types';

/**
 * What an editor holds when the grid asks: a value (and its name), a reason it is not one, no change, or a
 * text whose choices have not come yet (typed faster than the lookup answers): the document looks it up.
 */
export type Taken = { value: unknown; label?: string } | { error: string } | { text: string } | 'unchanged';

export interface CellEditorProps {
  column: LineGridColumn;
  row: number;
  /** what the editor starts with: the key typed, or the cell's text */
  text: string;
  /** true when the editor was opened by typing (a combo then searches at once) */
  typed: boolean;
  label: string;
  /**
   * A key the grid may act on (Enter, Tab, arrows, Escape, Insert, Ctrl+S): the editor hands it over with
   * what it holds; the grid prevents the browser's default when it takes the key.
   */
  onKey(key: GridKey, take: () => Taken, event: KeyboardEvent): void;
  /** the focus left the cell (a click elsewhere, a choice clicked): keep a readable value, drop the rest */
  onLeave(taken: Taken): void;
  /** the message when nothing matches what was typed */
  noMatch(text: string): string;
  error?: string;
}

const keyOf = (e: KeyboardEvent): GridKey => ({ key: e.key, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey });
const isGridKey = (e: KeyboardEvent) => GRID_KEYS.has(e.key) || ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's');

const GRID_KEYS = new Set(['Enter', 'Tab', 'Escape', 'ArrowUp', 'ArrowDown', 'Insert']);

/** The editor of one cell: a text input read by its column, or a combo of choices that follow the typing. */
export function CellEditor(props: CellEditorProps) {
  return props.column.editor === 'combo' ? <ComboEditor {...props} /> : <TextEditor {...props} />;
}

function TextEditor({ column, text: initial, typed, label, onKey, onLeave, error }: CellEditorProps) {
  const [text, setText] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const el = input.current!;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  // an editor opened by typing holds a change even before another key (the "5" that opened it)
  const take = (): Taken =>
    !typed && text === initial ? 'unchanged' : (column.read?.(text) ?? { value: text.trim() === '' ? null : text });
  return (
    <input
      ref={input}
      className={`lg-editor${column.align === 'right' ? ' num' : ''}`}
      value={text}
      inputMode={column.inputMode}
      placeholder={column.placeholder}
      aria-label={label}
      aria-invalid={Boolean(error)}
      autoComplete="off"
      spellCheck={false}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => isGridKey(e) && onKey(keyOf(e), take, e)}
      onBlur={(e) => {
        if (!e.currentTarget.isConnected) return;
        onLeave(take());
      }}
    />
  );
}

/**
 * A choice typed for: the options follow the text (a lookup asks the server, a list of values filters
 * itself); the arrows move through them, Enter or Tab takes the highlighted one and goes on.
 */
function ComboEditor({ column, row, text: initial, typed, label, onKey, onLeave, noMatch, error }: CellEditorProps) {
  const [query, setQuery] = useState(typed ? initial : '');
  const [touched, setTouched] = useState(typed);
  const [choices, setChoices] = useState<CellOption[]>([]);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(true);
  const input = useRef<HTMLInputElement>(null);
  const [box, setBox] = useState<DOMRect>();

  useLayoutEffect(() => {
    const el = input.current!;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    const place = () => setBox(el.getBoundingClientRect());
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, []);

  // the column's description is rebuilt whenever the document changes; the search follows the typing only
  const search = useRef(column.options!);
  search.current = column.options!;
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(
      () =>
        void search.current(query.trim(), row, controller.signal).then(
          (found) => {
            if (controller.signal.aborted) return;
            setChoices(found);
            setActive(0);
            setLoading(false);
          },
          // an answer for an older text is dropped: only the newest search may end the waiting
          () => !controller.signal.aborted && setLoading(false),
        ),
      touched ? 150 : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, row, touched]);

  const take = (): Taken => {
    if (!touched) return 'unchanged';
    if (query.trim() === '') return { value: null };
    // typed faster than the choices come: entry goes on, the document looks the text up by code or name
    if (loading) return { text: query.trim() };
    const pick = choices[active];
    return pick ? { value: pick.value, label: pick.label } : { error: noMatch(query.trim()) };
  };
  const listId = `${label.replace(/\W+/g, '-')}-options`;

  return (
    <>
      <input
        ref={input}
        className="lg-editor"
        value={query}
        placeholder={typed ? undefined : initial}
        role="combobox"
        aria-label={label}
        aria-expanded
        aria-controls={listId}
        aria-activedescendant={choices[active] ? `${listId}-${active}` : undefined}
        aria-autocomplete="list"
        aria-invalid={Boolean(error)}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setQuery(e.target.value);
          setTouched(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setTouched(true);
            setActive((a) => Math.max(0, Math.min(choices.length - 1, a + (e.key === 'ArrowDown' ? 1 : -1))));
            return;
          }
          if (isGridKey(e)) onKey(keyOf(e), take, e);
        }}
        onBlur={(e) => {
          if (!e.currentTarget.isConnected) return;
          onLeave(take());
        }}
      />
      {box &&
        createPortal(
          <div
            className="lookup-menu lg-menu"
            role="listbox"
            id={listId}
            style={{ top: box.bottom + 2, left: box.left, minWidth: Math.max(box.width, 220) }}
            // choosing with the mouse must not blur the input first
            onMouseDown={(e) => e.preventDefault()}
          >
            {choices.map((o, i) => (
              <div
                key={String(o.value)}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={`lookup-option${i === active ? ' active' : ''}`}
                onMouseEnter={() => setActive(i)}
                onClick={() => onLeave({ value: o.value, label: o.label })}
              >
                {o.label}
              </div>
            ))}
            {!choices.length && !loading && <div className="lookup-empty">{error ?? '—'}</div>}
          </div>,
          document.body,
        )}
    </>
  );
}
