import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import dayjs from 'dayjs';
import { dataProvider } from '../../engine/api/dataProvider';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { formatDate, formatMoney } from '../../core/format/format';
import { toast } from '../../shell/toasts';
import { DateInput } from '../../widgets/inputs/DateInput';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';
import { Icon } from '../../widgets/Icon';
import { useDebounced } from '../../engine/useDebounced';

export interface RateOffer {
  rate_code_id: number;
  code: string;
  name: string;
  price_mode: 'plus' | 'nett';
  arrangement: string | null;
  totals: { base: string; service: string; tax: string; total: string };
  perNight: string;
  nights: { date: string; total: string }[];
}
export interface RoomTypeOffer {
  room_type_id: number;
  code: string;
  name: string;
  max_adults: number;
  free: number;
  refused?: 'full' | 'occupancy';
  rates: RateOffer[];
}
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

/** A room picked on the room plan: the stay starts there, in that room, on its type's rates. */
export interface FixedRoom {
  room: { id: number; code: string; room_type_id: number; room_type: string };
  arrival: string;
}

const pickKey = (typeId: number, rateId: number) => `${typeId}:${rateId}`;

/**
 * Look to book (as OPERA and Mews do it): the stay and the party → every room type with its free rooms and
 * each rate code priced as the guest will pay (per night and in total) → pick → the guest found by name,
 * phone, document or e-mail, or made here → confirm. The server books the new guest and the stay in one
 * transaction and names the likely duplicates before it makes a new profile. Keyboard only: arrows move
 * between rates, Enter books.
 */
export function LookToBook({
  fixed,
  businessDate,
  onBooked,
}: {
  fixed?: FixedRoom;
  businessDate?: string;
  onBooked(r: { id: number; code: string }): void;
}) {
  const { t } = useI18n();
  const [arrival, setArrival] = useState(fixed?.arrival ?? businessDate ?? dayjs().format('YYYY-MM-DD'));
  const [nights, setNights] = useState(1);
  const [adults, setAdults] = useState(2);
  const [children, setChildren] = useState(0);
  const [offers, setOffers] = useState<RoomTypeOffer[]>();
  /** the stay the offers shown were priced for: while the desk is still typing they are marked stale */
  const [pricedFor, setPricedFor] = useState<string>();
  const [picked, setPicked] = useState<string>();
  const [roomId, setRoomId] = useState<number | null>(fixed?.room.id ?? null);
  const [guestText, setGuestText] = useState('');
  const [guest, setGuest] = useState<GuestMatch>();
  const [phone, setPhone] = useState('');
  const [found, setFound] = useState<GuestMatch[]>([]);
  const [active, setActive] = useState(-1);
  const [duplicates, setDuplicates] = useState<GuestMatch[]>();
  const command = useCommand({ shows: () => false });
  const departure = dayjs(arrival).add(Math.max(1, nights), 'day').format('YYYY-MM-DD');
  const guestBox = useRef<HTMLInputElement>(null);

  const stayKey = `${arrival}|${departure}|${adults}|${children}`;
  const debouncedStay = useDebounced(stayKey, 200);
  useEffect(() => {
    const [a, d, ad, ch] = debouncedStay.split('|');
    const abort = new AbortController();
    dataProvider
      .read<{ roomTypes: RoomTypeOffer[] }>(
        'frontoffice/offers',
        { arrival: a, departure: d, adults: ad, children: ch, ...(fixed ? { roomType: fixed.room.room_type_id } : {}) },
        abort.signal,
      )
      .then(
        (r) => {
          setOffers(r.roomTypes);
          setPricedFor(debouncedStay);
          // the cheapest rate of the first type that can take the party is preselected
          setPicked((p) => {
            const still = r.roomTypes.some((rt) => !rt.refused && rt.rates.some((x) => pickKey(rt.room_type_id, x.rate_code_id) === p));
            if (still) return p;
            const first = r.roomTypes.find((rt) => !rt.refused && rt.rates.length);
            return first ? pickKey(first.room_type_id, first.rates[0].rate_code_id) : undefined;
          });
        },
        () => !abort.signal.aborted && setOffers([]),
      );
    return () => abort.abort();
  }, [debouncedStay, fixed]);

  const query = useDebounced(guest ? '' : guestText.trim(), 200);
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

  const stale = pricedFor !== stayKey;
  const [typeId, rateId] = (picked ?? '').split(':').map(Number);
  const pickedType = offers?.find((o) => o.room_type_id === typeId);
  const pickedRate = pickedType?.rates.find((r) => r.rate_code_id === rateId);

  const book = async (opts: { guestId?: number; confirmNew?: boolean } = {}) => {
    const guestId = opts.guestId ?? guest?.id;
    if (!guestId && !guestText.trim()) {
      command.refuse({}, t('roomplan.guestNeeded'));
      guestBox.current?.focus();
      return;
    }
    if (!pickedType || !pickedRate) {
      command.refuse({}, t('booking.rateNeeded'));
      return;
    }
    const r = await command.run((signal) =>
      dataProvider.run<{ id: number; code: string; guest_created: boolean }>(
        'frontoffice.book',
        {
          ...(guestId ? { guest_id: guestId } : { guest: { name: guestText.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}) } }),
          ...(opts.confirmNew ? { new_guest_confirmed: true } : {}),
          arrival,
          departure,
          adults,
          children,
          room_type_id: pickedType.room_type_id,
          rate_code_id: pickedRate.rate_code_id,
          ...(roomId && pickedType.room_type_id === (fixed?.room.room_type_id ?? pickedType.room_type_id) ? { room_id: roomId } : {}),
        },
        signal,
      ),
    );
    if (!r) {
      const matches = (command.store.get().error?.details as { matches?: GuestMatch[] } | undefined)?.matches;
      if (matches?.length) setDuplicates(matches);
      return;
    }
    toast.success(t('booking.booked', { code: r.code, from: formatDate(arrival), to: formatDate(departure) }));
    onBooked(r);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void book();
  };

  const onGuestKey = (e: KeyboardEvent<HTMLInputElement>) => {
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
  const choose = (g: GuestMatch) => {
    setGuest(g);
    setGuestText(g.name);
    setFound([]);
    setDuplicates(undefined);
  };

  const guestSection = (
    <fieldset className="ltb-section" key="guest">
      <legend>{t('booking.guest')}</legend>
      <div className="field ltb-guest">
        <label htmlFor="ltb-guest">{t('booking.guestFind')}</label>
        <div className="row">
          <input
            id="ltb-guest"
            ref={guestBox}
            className="input"
            autoFocus={Boolean(fixed)}
            autoComplete="off"
            maxLength={120}
            role="combobox"
            aria-expanded={found.length > 0}
            aria-controls="ltb-found"
            aria-activedescendant={active >= 0 ? `ltb-found-${active}` : undefined}
            value={guestText}
            readOnly={Boolean(guest)}
            onChange={(e) => {
              setGuestText(e.target.value);
              setDuplicates(undefined);
            }}
            onKeyDown={onGuestKey}
          />
          {guest && (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                setGuest(undefined);
                setGuestText('');
                guestBox.current?.focus();
              }}
            >
              {t('booking.otherGuest')}
            </button>
          )}
        </div>
        {guest ? (
          <div className="field-help" data-testid="ltb-guest-picked">
            <Icon name="check" size="sm" /> {describe(guest, t)}
          </div>
        ) : (
          guestText.trim() && <div className="field-help">{t('booking.newGuestHint', { name: guestText.trim() })}</div>
        )}
        {found.length > 0 && (
          <ul id="ltb-found" role="listbox" className="ltb-found" aria-label={t('booking.existing')}>
            {found.map((g, i) => (
              <li
                key={g.id}
                id={`ltb-found-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(g);
                }}
              >
                <strong>{g.name}</strong> <span className="muted">{describe(g, t)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {!guest && guestText.trim() && (
        <div className="field">
          <label htmlFor="ltb-phone">{t('booking.phone')}</label>
          <input id="ltb-phone" className="input" type="tel" maxLength={40} value={phone} onChange={(e) => setPhone(e.target.value)} />
        </div>
      )}
      {duplicates && (
        <div className="alert alert-warning ltb-duplicates" role="alert" data-testid="ltb-duplicates">
          <p>{t('booking.duplicatesFound', { name: guestText.trim() })}</p>
          <ul>
            {duplicates.map((g) => (
              <li key={g.id}>
                <button type="button" className="btn btn-sm" onClick={() => void book({ guestId: g.id }).then(() => choose(g))}>
                  {t('booking.useProfile', { name: g.name })}
                </button>{' '}
                <span className="muted">{describe(g, t)}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => void book({ confirmNew: true })}>
            {t('booking.newAnyway', { name: guestText.trim() })}
          </button>
        </div>
      )}
    </fieldset>
  );

  const staySection = (
    <fieldset className="ltb-section" key="stay">
      <legend>{t('booking.stay')}</legend>
      <div className="ltb-stay">
        {!fixed && (
          <div className="field">
            <label htmlFor="ltb-arrival">{t('reservation.arrival')}</label>
            <DateInput id="ltb-arrival" value={arrival} onChange={(v) => v && setArrival(v)} />
          </div>
        )}
        <NumberField id="ltb-nights" label={t('roomplan.nights')} value={nights} min={1} max={365} onChange={setNights} />
        <NumberField id="ltb-adults" label={t('reservation.adults')} value={adults} min={1} max={20} onChange={setAdults} />
        <NumberField id="ltb-children" label={t('reservation.children')} value={children} min={0} max={20} onChange={setChildren} />
      </div>
      <div className="field-help" data-testid="ltb-dates">
        {formatDate(arrival)} – {formatDate(departure)} · {t('booking.nightsCount', { count: nights })}
      </div>
    </fieldset>
  );

  const offersSection = (
    <fieldset className="ltb-section" key="offers">
      <legend>{t('booking.offers')}</legend>
      {!offers ? (
        <div className="skeleton" style={{ height: 120 }} />
      ) : (
        <div className={`ltb-offers${stale ? ' stale' : ''}`} role="radiogroup" aria-label={t('booking.offers')} aria-busy={stale}>
          {offers.map((rt) => (
            <div key={rt.room_type_id} className={`ltb-type${rt.refused ? ' refused' : ''}`}>
              <div className="ltb-type-head">
                <strong>{rt.name}</strong>
                <span className={rt.free > 0 ? 'chip chip-ok' : 'chip chip-danger'}>{t('booking.free', { count: rt.free })}</span>
                {rt.refused && <span className="muted">{t(`booking.refused.${rt.refused}`, { max: rt.max_adults })}</span>}
              </div>
              {!rt.refused &&
                rt.rates.map((r) => {
                  const key = pickKey(rt.room_type_id, r.rate_code_id);
                  return (
                    <label key={key} className={`ltb-rate${picked === key ? ' picked' : ''}`}>
                      <input type="radio" name="ltb-rate" value={key} checked={picked === key} onChange={() => setPicked(key)} />
                      <span className="ltb-rate-name">
                        <strong>{r.code}</strong> {r.name}
                        {r.arrangement && <span className="muted"> · {r.arrangement}</span>}
                      </span>
                      <span className="ltb-rate-night num">
                        {formatMoney(r.perNight)}
                        <small>{t('booking.perNight')}</small>
                      </span>
                      <span className="ltb-rate-total num">
                        {formatMoney(r.totals.total)}
                        <small>{t(`booking.priceMode.${r.price_mode}`)}</small>
                      </span>
                    </label>
                  );
                })}
              {!rt.refused && !rt.rates.length && <div className="muted">{t('booking.noRate')}</div>}
            </div>
          ))}
        </div>
      )}
      {!fixed && pickedType && (
        <div className="field">
          <label htmlFor="ltb-room">{t('booking.roomOptional')}</label>
          <LookupSelect
            id="ltb-room"
            entity="frontoffice/room"
            value={roomId}
            filter={{ room_type_id: { op: 'eq', value: pickedType.room_type_id } }}
            scope={{ name: 'freeForStay', params: { arrival, departure } }}
            onChange={(v) => setRoomId(v)}
            emptyLabel={t('booking.noFreeRoom')}
          />
        </div>
      )}
    </fieldset>
  );

  return (
    <form className="ltb stack" onSubmit={submit} noValidate id="look-to-book" data-testid="look-to-book">
      {command.problem && !duplicates && (
        <div className="alert alert-danger" role="alert">
          <Icon name="alert" /> {command.problem.text}
        </div>
      )}
      {fixed ? [guestSection, staySection, offersSection] : [staySection, offersSection, guestSection]}
      <div className="ltb-summary" aria-live="polite">
        {pickedType && pickedRate ? (
          <>
            <span>
              {pickedType.name} · {pickedRate.code}
              {fixed ? ` · ${fixed.room.code}` : ''} · {formatDate(arrival)} – {formatDate(departure)}
            </span>
            <strong className="num" data-testid="ltb-total">
              {stale ? '…' : formatMoney(pickedRate.totals.total)}
            </strong>
          </>
        ) : (
          <span className="muted">{t('booking.pickRate')}</span>
        )}
        <button type="submit" className="btn btn-primary" disabled={command.busy} data-testid="ltb-book">
          <Icon name="check" size="sm" /> {t('booking.confirm')}
        </button>
      </div>
    </form>
  );
}

function NumberField(p: { id: string; label: string; value: number; min: number; max: number; onChange(v: number): void }) {
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

function describe(g: GuestMatch, t: (k: string, p?: Record<string, unknown>) => string) {
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
