import { useRef, useState, type FormEvent } from 'react';
import dayjs from 'dayjs';
import { dataProvider } from '../../engine/api/dataProvider';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { formatDate } from '../../core/format/format';
import { toast } from '../../shell/toasts';
import { DateInput } from '../../widgets/inputs/DateInput';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';
import { Icon } from '../../widgets/Icon';
import { duplicatesOf, GuestPicker, type GuestChoice, type GuestMatch } from './GuestPicker';
import { NumberField } from './NumberField';
import { RateOfferList, useRateOffers } from './RateOffers';
import { StayTotalBar } from './StayTotalBar';

/** A room picked on the room plan: the stay starts there, in that room, on its type's rates. */
export interface FixedRoom {
  room: { id: number; code: string; room_type_id: number; room_type: string };
  arrival: string;
}

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
  const departure = dayjs(arrival).add(Math.max(1, nights), 'day').format('YYYY-MM-DD');
  const rates = useRateOffers({ arrival, departure, adults, children, roomType: fixed?.room.room_type_id });
  const { pickedType, pickedRate, stale } = rates;
  const [roomId, setRoomId] = useState<number | null>(fixed?.room.id ?? null);
  const [choice, setChoice] = useState<GuestChoice>({ text: '' });
  const [phone, setPhone] = useState('');
  const [duplicates, setDuplicates] = useState<GuestMatch[]>();
  const command = useCommand({ shows: () => false });
  const guestBox = useRef<HTMLInputElement>(null);
  const guest = choice.guest;
  const guestText = choice.text;

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
      const matches = duplicatesOf(command.store.get().error?.details);
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

  const guestSection = (
    <fieldset className="ltb-section" key="guest">
      <legend>{t('booking.guest')}</legend>
      <GuestPicker
        id="ltb-guest"
        inputRef={guestBox}
        autoFocus={Boolean(fixed)}
        value={choice}
        onChange={(v) => {
          setChoice(v);
          setDuplicates(undefined);
        }}
        duplicates={duplicates}
        onUseDuplicate={(g) => void book({ guestId: g.id }).then(() => setChoice({ guest: g, text: g.name }))}
        onNewAnyway={() => void book({ confirmNew: true })}
      >
        {!guest && guestText.trim() && (
          <div className="field">
            <label htmlFor="ltb-phone">{t('booking.phone')}</label>
            <input id="ltb-phone" className="input" type="tel" maxLength={40} value={phone} onChange={(e) => setPhone(e.target.value)} />
          </div>
        )}
      </GuestPicker>
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
      <RateOfferList {...rates} onPick={rates.setPicked} />
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
      <StayTotalBar
        picked={
          pickedType &&
          pickedRate &&
          `${pickedType.name} · ${pickedRate.code}${fixed ? ` · ${fixed.room.code}` : ''} · ${formatDate(arrival)} – ${formatDate(departure)}`
        }
        total={pickedRate?.totals.total}
        stale={stale}
        busy={command.busy}
        action={{ label: t('booking.confirm'), icon: 'check' }}
        testIds={{ total: 'ltb-total', submit: 'ltb-book' }}
      />
    </form>
  );
}
