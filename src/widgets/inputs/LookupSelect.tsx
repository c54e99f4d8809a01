import { useEffect, useMemo, useRef, useState } from 'react';
import { useLookupSource, type LookupOption as Option } from './lookupSource';
import { Icon } from '../Icon';
import { t } from '../../engine/i18n/i18n';

/**
 * Picks a row of another entity by typing part of its code or name. Holds the id; shows the name.
 * With `multiple`, holds a list of ids shown as chips.
 */
export function LookupSelect(props: {
  entity: string;
  value: number | number[] | null | undefined;
  onChange(v: any): void;
  multiple?: boolean;
  filter?: Record<string, unknown>;
  /** a named rule of the entity narrowing the choices (rooms free for the stay) */
  scope?: { name: string; params: Record<string, unknown> };
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  emptyLabel: string;
  ariaLabel?: string;
}) {
  const { entity, value, onChange, multiple, filter, disabled } = props;
  const source = useLookupSource();
  const [labels, setLabels] = useState<Map<number, string>>(new Map());
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<Option[]>([]);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const selected = useMemo(
    () => (multiple ? ((value as number[] | null) ?? []) : value == null ? [] : [value as number]),
    [multiple, value],
  );
  const selectedKey = selected.join(',');
  // the filter and the named rule as one text, so a new object with the same content searches nothing again
  const filterKey = JSON.stringify([filter ?? {}, props.scope ?? null]);

  // Names of the values already held (an edit form opening, or a URL filter); the ones known are kept.
  const known = useRef(labels);
  useEffect(() => {
    known.current = labels;
  }, [labels]);
  useEffect(() => {
    const missing = selectedKey
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((id) => !known.current.has(id));
    if (!missing.length) return;
    const controller = new AbortController();
    source
      .labels(entity, missing, controller.signal)
      .then((rows) => setLabels((m) => new Map([...m, ...rows.map((x) => [x.id, x.label] as [number, string])])))
      .catch(() => undefined);
    return () => controller.abort();
  }, [source, entity, selectedKey]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      source
        .search(entity, { q: query || undefined, ...narrowing(filterKey) }, controller.signal)
        .then((rows) => {
          setOptions(rows);
          setActive(0);
          setLabels((m) => new Map([...m, ...rows.map((x) => [x.id, x.label] as [number, string])]));
        })
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [source, open, query, entity, filterKey]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const choose = (o: Option) => {
    if (multiple) {
      onChange(selected.includes(o.id) ? selected.filter((x) => x !== o.id) : [...selected, o.id]);
      setQuery('');
    } else {
      onChange(o.id);
      setOpen(false);
      setQuery('');
    }
  };

  const display = !multiple && !open && selected.length ? (labels.get(selected[0]) ?? '…') : query;
  return (
    <div className="lookup" ref={box}>
      {multiple && selected.length > 0 && (
        <div className="chips">
          {selected.map((id) => (
            <span className="chip" key={id}>
              {labels.get(id) ?? `#${id}`}
              {!disabled && (
                <button
                  type="button"
                  aria-label={t('common.removeValue', { name: labels.get(id) ?? String(id) })}
                  onClick={() => onChange(selected.filter((x) => x !== id))}
                >
                  <Icon name="x" size="sm" />
                </button>
              )}
            </span>
          ))}
        </div>
      )}
      <div className="input-group">
        <input
          id={props.id}
          className="input"
          role="combobox"
          aria-expanded={open}
          aria-autocomplete="list"
          aria-label={props.ariaLabel}
          autoComplete="off"
          disabled={disabled}
          placeholder={props.placeholder}
          value={display}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, options.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && open && options[active]) {
              e.preventDefault();
              choose(options[active]);
            } else if (e.key === 'Escape') setOpen(false);
          }}
        />
        {!disabled && !multiple && selected.length > 0 && !open ? (
          <button
            type="button"
            className="btn btn-ghost btn-icon btn-sm"
            style={{ position: 'absolute', right: 3 }}
            aria-label={t('common.clear')}
            onClick={() => onChange(null)}
          >
            <Icon name="x" size="sm" />
          </button>
        ) : (
          <span className="suffix">
            {loading ? <span className="spinner spinner-sm" style={{ display: 'inline-block' }} /> : <Icon name="chevron-down" size="sm" />}
          </span>
        )}
      </div>
      {open && (
        <div className="lookup-menu" role="listbox">
          {options.length === 0 && !loading && <div className="lookup-empty">{props.emptyLabel}</div>}
          {options.map((o, i) => (
            <div
              key={o.id}
              role="option"
              aria-selected={selected.includes(o.id)}
              className={`lookup-option${i === active ? ' active' : ''}${selected.includes(o.id) ? ' selected' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              {multiple && <input type="checkbox" readOnly checked={selected.includes(o.id)} style={{ marginRight: 8 }} />}
              {o.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function narrowing(key: string) {
  const [filter, scope] = JSON.parse(key) as [Record<string, unknown>, { name: string; params: Record<string, unknown> } | null];
  return { filter, scope: scope ?? undefined };
}
