import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { dataProvider } from '../../../engine/api/dataProvider';
import { useI18n } from '../../../engine/i18n/i18n';
import { hasRight, useSession } from '../../../engine/session/session';
import { useDebounced } from '../../../engine/useDebounced';
import { formatDate } from '../../../core/format/format';
import { Icon } from '../../../widgets/Icon';

interface Found {
  reservations: {
    id: number;
    code: string;
    guest: string;
    arrival: string;
    departure: string;
    status: string;
    room: string | null;
    room_type: string;
    company: string | null;
  }[];
  guests: { id: number; name: string; phone: string | null; city: string | null; stays: number }[];
  rooms: { id: number; code: string; room_type: string; hk_status: string }[];
  companies: { company: string; stays: number }[];
}
interface Item {
  key: string;
  section: 'reservations' | 'guests' | 'rooms' | 'companies';
  title: string;
  detail: string;
  to: string;
}

/**
 * Find anyone from the header: one box over reservations (number, voucher, group, company, the guest's
 * name, phone, e-mail, document), guests, rooms and companies. "/" puts the cursor in it; arrows and Enter
 * open a result (a reservation opens its screen).
 */
export default function HeaderSearch() {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found>();
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  // on a phone the box is a search button until tapped; then it covers the header, full width
  const [expanded, setExpanded] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const q = useDebounced(text.trim(), 200);
  const may = hasRight(session, 'frontoffice.reservation', 'view') || hasRight(session, 'frontoffice.guest', 'view');

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (e.key === '/' && !/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) && !el.isContentEditable) {
        e.preventDefault();
        setExpanded(true);
        box.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // the box is shown only once expanded (on a phone): focus it after that render
  useEffect(() => {
    if (expanded) box.current?.focus();
  }, [expanded]);

  useEffect(() => {
    if (q.length < 2) {
      setFound(undefined);
      return;
    }
    const abort = new AbortController();
    dataProvider.read<Found>('frontoffice/search', { q }, abort.signal).then(
      (r) => {
        setFound(r);
        setActive(0);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [q]);

  const items = useMemo<Item[]>(() => {
    if (!found) return [];
    return [
      ...found.reservations.map((r) => ({
        key: `r${r.id}`,
        section: 'reservations' as const,
        title: `${r.code} · ${r.guest}`,
        detail: `${formatDate(r.arrival)} – ${formatDate(r.departure)} · ${r.room ?? r.room_type} · ${t(`reservation.status.${r.status}`)}${r.company ? ` · ${r.company}` : ''}`,
        to: `/frontoffice/reservation/detail/${r.id}`,
      })),
      ...found.guests.map((g) => ({
        key: `g${g.id}`,
        section: 'guests' as const,
        title: g.name,
        detail: [g.phone, g.city, t('booking.stays', { count: g.stays })].filter(Boolean).join(' · '),
        to: `/frontoffice/reservation/history-guest?edit=${g.id}`,
      })),
      ...found.rooms.map((r) => ({
        key: `m${r.id}`,
        section: 'rooms' as const,
        title: `${t('roomplan.room')} ${r.code}`,
        detail: `${r.room_type} · ${t(`room.hk_status.${r.hk_status}`)}`,
        to: `/frontoffice/roomplan?jump=${encodeURIComponent(r.code)}`,
      })),
      ...found.companies.map((c) => ({
        key: `c${c.company}`,
        section: 'companies' as const,
        title: c.company,
        detail: t('search.companyStays', { count: c.stays }),
        to: `/frontoffice/reservation/list?q=${encodeURIComponent(c.company)}`,
      })),
    ];
  }, [found, t]);

  if (!may) return null;
  const collapse = () => {
    setOpen(false);
    setExpanded(false);
  };
  const go = (item: Item) => {
    collapse();
    setText('');
    navigate(item.to);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((i) => Math.min(items.length - 1, i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (e.key === 'Enter' && items[active]) go(items[active]);
    else if (e.key === 'Escape') {
      collapse();
      box.current?.blur();
    } else return;
    e.preventDefault();
  };
  const shown = open && q.length >= 2 && found;

  return (
    <div className={`header-search${expanded ? ' expanded' : ''}`} role="search">
      <button
        type="button"
        className="header-search-toggle"
        aria-label={t('search.label')}
        aria-expanded={expanded}
        onClick={() => {
          setExpanded(true);
          box.current?.focus();
        }}
        onMouseDown={(e) => e.preventDefault()}
        data-testid="header-search-open"
      >
        <Icon name="search" size="sm" />
      </button>
      <input
        ref={box}
        type="search"
        className="header-search-input"
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        role="combobox"
        aria-expanded={Boolean(shown)}
        aria-controls="header-search-results"
        aria-activedescendant={shown && items[active] ? `hs-${items[active].key}` : undefined}
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() =>
          setTimeout(() => {
            setOpen(false);
            if (!box.current?.value) setExpanded(false);
          }, 150)
        }
        onKeyDown={onKey}
        data-testid="header-search"
      />
      {expanded && (
        <button
          type="button"
          className="header-search-close"
          aria-label={t('common.close')}
          onMouseDown={(e) => e.preventDefault()}
          onClick={collapse}
        >
          <Icon name="x" size="sm" />
        </button>
      )}
      {shown && (
        <div id="header-search-results" className="header-search-results" role="listbox" aria-label={t('search.label')}>
          {!items.length && <div className="muted header-search-none">{t('search.none', { text: q })}</div>}
          {(['reservations', 'guests', 'rooms', 'companies'] as const).map((section) => {
            const list = items.filter((i) => i.section === section);
            if (!list.length) return null;
            return (
              <div key={section} role="group" aria-label={t(`search.section.${section}`)}>
                <div className="header-search-section">{t(`search.section.${section}`)}</div>
                {list.map((i) => (
                  <div
                    key={i.key}
                    id={`hs-${i.key}`}
                    role="option"
                    aria-selected={items[active]?.key === i.key}
                    className={items[active]?.key === i.key ? 'active' : undefined}
                    onMouseDown={(e) => {
                      e.preventDefault();
                      go(i);
                    }}
                  >
                    <strong>{i.title}</strong>
                    <span className="muted">{i.detail}</span>
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
