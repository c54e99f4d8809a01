import { useEffect, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useI18n } from '../../engine/i18n/i18n';
import { useDebounced } from '../../engine/useDebounced';
import { formatDate } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';

export interface GuestMatch {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  id_hint: string | null;
  city: string | null;
  vip: string | null;
  stays: number;
  last_arrival: string | null;
  same: string[];
}

/** What the desk has said about the guest so far: a profile picked, or the name of a new one being typed. */
export interface GuestChoice {
  text: string;
  guest?: GuestMatch;
}

/** The likely duplicates a command answered with (409 `details.matches`), to offer before a new profile is made. */
export const duplicatesOf = (details: unknown) => (details as { matches?: GuestMatch[] } | undefined)?.matches;

/**
 * The desk's guest picker (look to book, walk-in): type a name, telephone number, e-mail or document, pick a
 * profile with the arrows and Enter, or keep typing a new guest's name. When the server names likely
 * duplicates of a new guest, they are offered as "use this profile" beside "no — a new profile".
 * `children` are the new guest's or the picked profile's extra fields, drawn under the box.
 */
export function GuestPicker({
  id,
  value,
  onChange,
  duplicates,
  onUseDuplicate,
  onNewAnyway,
  autoFocus,
  inputRef,
  children,
}: {
  id: string;
  value: GuestChoice;
  onChange(v: GuestChoice): void;
  duplicates?: GuestMatch[];
  onUseDuplicate(g: GuestMatch): void;
  onNewAnyway(): void;
  autoFocus?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [found, setFound] = useState<GuestMatch[]>([]);
  const [active, setActive] = useState(-1);
  const { guest, text } = value;

  const query = useDebounced(guest ? '' : text.trim(), 200);
  useEffect(() => {
    if (query.length < 2) {
      setFound([]);
      return;
    }
    const abort = new AbortController();
    dataProvider.read<{ rows: GuestMatch[] }>('frontoffice/guest-search', { q: query }, abort.signal).then(
      (r) => {
        setFound(r.rows);
        setActive(-1);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [query]);

  const choose = (g: GuestMatch) => {
    onChange({ guest: g, text: g.name });
    setFound([]);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!found.length) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(found.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(-1, i - 1));
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      choose(found[active]);
    }
  };

  return (
    <>
      <div className="field ltb-guest">
        <label htmlFor={id}>{t('booking.guestFind')}</label>
        <div className="row">
          <input
            id={id}
            ref={inputRef}
            className="input"
            autoFocus={autoFocus}
            autoComplete="off"
            maxLength={120}
            role="combobox"
            aria-expanded={found.length > 0}
            aria-controls={`${id}-found`}
            aria-activedescendant={active >= 0 ? `${id}-found-${active}` : undefined}
            value={text}
            readOnly={Boolean(guest)}
            onChange={(e) => onChange({ text: e.target.value })}
            onKeyDown={onKey}
          />
          {guest && (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                onChange({ text: '' });
                inputRef?.current?.focus();
              }}
            >
              {t('booking.otherGuest')}
            </button>
          )}
        </div>
        {guest ? (
          <div className="field-help" data-testid="ltb-guest-picked">
            <Icon name="check" size="sm" /> {describeGuest(guest, t)}
          </div>
        ) : (
          text.trim() && <div className="field-help">{t('booking.newGuestHint', { name: text.trim() })}</div>
        )}
        {found.length > 0 && (
          <ul id={`${id}-found`} role="listbox" className="ltb-found" aria-label={t('booking.existing')}>
            {found.map((g, i) => (
              <li
                key={g.id}
                id={`${id}-found-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(g);
                }}
              >
                <strong>{g.name}</strong> <span className="muted">{describeGuest(g, t)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {children}
      {duplicates && (
        <div className="alert alert-warning ltb-duplicates" role="alert" data-testid="ltb-duplicates">
          <p>{t('booking.duplicatesFound', { name: text.trim() })}</p>
          <ul>
            {duplicates.map((g) => (
              <li key={g.id}>
                <button type="button" className="btn btn-sm" onClick={() => onUseDuplicate(g)}>
                  {t('booking.useProfile', { name: g.name })}
                </button>{' '}
                <span className="muted">{describeGuest(g, t)}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-sm btn-primary" onClick={onNewAnyway}>
            {t('booking.newAnyway', { name: text.trim() })}
          </button>
        </div>
      )}
    </>
  );
}

export function describeGuest(g: GuestMatch, t: (k: string, p?: Record<string, unknown>) => string) {
  return [
    g.vip && `VIP ${g.vip}`,
    g.phone,
    g.email,
    g.id_hint && `ID …${g.id_hint}`,
    g.city,
    t('booking.stays', { count: g.stays }),
    g.last_arrival && t('booking.lastStay', { date: formatDate(g.last_arrival) }),
  ]
    .filter(Boolean)
    .join(' · ');
}
