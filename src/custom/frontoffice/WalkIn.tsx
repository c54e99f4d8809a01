import { useEffect, useRef, useState, type FormEvent } from 'react';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { dataProvider, type Row } from '../../engine/api/dataProvider';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatDate, formatMoney } from '../../core/format/format';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import { duplicatesOf, GuestPicker, type GuestChoice, type GuestMatch } from './GuestPicker';
import { NumberField } from './NumberField';
import { StayTotalBar } from './StayTotalBar';
import { RateOfferList, useRateOffers } from './RateOffers';

/** payment articles money can be taken with at the desk (a deposit applied or the city ledger are not cash in hand) */
const DESK_PAYMENTS = ['cash', 'card', 'transfer'];
const READY_ROOMS = ['vacant_clean', 'vacant_inspected'];

interface Choice {
  id: number;
  label: string;
}

/**
 * A walk-in on one screen: the guest found or made (with the identity document the registration needs), the
 * nights and party, a rate priced as the guest pays, a vacant and clean room of its type, and the money taken at
 * the desk — then one command (`frontoffice.walkIn`) books, takes the deposit and checks in, all or nothing,
 * and the new folio opens. A room chosen on the room plan comes as `?room=`. Keyboard: Tab through, arrows in
 * the guest list and the rates, Enter checks in.
 */
export default function WalkIn({ bundle }: ScreenProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const today = bundle.context?.businessDate ?? dayjs().format('YYYY-MM-DD');
  const [nights, setNights] = useState(1);
  const [adults, setAdults] = useState(1);
  const [children, setChildren] = useState(0);
  const departure = dayjs(today).add(Math.max(1, nights), 'day').format('YYYY-MM-DD');
  const [given] = useState(() => Number(params.get('room')) || undefined);
  const [givenRoom, setGivenRoom] = useState<Row>();
  const rates = useRateOffers({ arrival: today, departure, adults, children, roomType: givenRoom?.room_type_id as number | undefined });
  const { pickedType, pickedRate, stale } = rates;

  const [choice, setChoice] = useState<GuestChoice>({ text: '' });
  const [duplicates, setDuplicates] = useState<GuestMatch[]>();
  const [phone, setPhone] = useState('');
  const [nationality, setNationality] = useState('ID');
  const [idTypes, setIdTypes] = useState<Choice[]>([]);
  const [idType, setIdType] = useState<number>();
  const [idNumber, setIdNumber] = useState('');

  const [rooms, setRooms] = useState<Choice[]>();
  const [roomId, setRoomId] = useState<number | undefined>(given);

  const [payments, setPayments] = useState<Row[]>([]);
  const [payment, setPayment] = useState<number>();
  const [amount, setAmount] = useState('');
  const [amountTouched, setAmountTouched] = useState(false);
  const [last4, setLast4] = useState('');

  const command = useCommand({ shows: () => false });
  const guestBox = useRef<HTMLInputElement>(null);
  const guest = choice.guest;

  // the masters the screen picks from: identity document types, the desk's payment articles, the room given
  useEffect(() => {
    const abort = new AbortController();
    dataProvider.getList('frontoffice/guest-identity', { limit: 50, sort: 'id' }, abort.signal).then(
      (r) => {
        setIdTypes(r.rows.map((x) => ({ id: x.id, label: String(x.name ?? x.code) })));
        // the property's first document for its own nationals (KTP in Indonesia), as most walk-ins are
        setIdType((v) => v ?? (r.rows.find((x) => !x.foreign_only) ?? r.rows[0])?.id);
      },
      () => undefined,
    );
    dataProvider
      .getList(
        'system/pay-article',
        { limit: 50, sort: 'code', filter: { payment_type: { op: 'in', value: DESK_PAYMENTS }, active: { op: 'eq', value: true } } },
        abort.signal,
      )
      .then(
        (r) => {
          setPayments(r.rows);
          setPayment((v) => v ?? r.rows.find((x) => x.payment_type === 'cash')?.id ?? r.rows[0]?.id);
        },
        () => undefined,
      );
    if (given) dataProvider.getOne('frontoffice/room', given, abort.signal).then(setGivenRoom, () => undefined);
    return () => abort.abort();
  }, [given]);

  // the vacant, clean rooms of the rate's type free for every night of the stay; the room given, or the first
  const typeId = pickedType?.room_type_id;
  useEffect(() => {
    if (!typeId) return;
    const abort = new AbortController();
    dataProvider
      .lookup(
        'frontoffice/room',
        {
          filter: { room_type_id: { op: 'eq', value: typeId }, hk_status: { op: 'in', value: READY_ROOMS } },
          scope: { name: 'freeForStay', params: { arrival: today, departure } },
        },
        abort.signal,
      )
      .then(
        (r) => {
          setRooms(r.rows);
          setRoomId((v) => (r.rows.some((x) => x.id === v) ? v : r.rows[0]?.id));
        },
        () => !abort.signal.aborted && setRooms([]),
      );
    return () => abort.abort();
  }, [typeId, today, departure]);

  // the deposit asked is the stay's total until the desk types another amount
  const total = pickedRate && !stale ? pickedRate.totals.total : undefined;
  useEffect(() => {
    if (!amountTouched && total) setAmount(formatMoney(total));
  }, [total, amountTouched]);

  const paymentRow = payments.find((p) => p.id === payment);
  const byCard = paymentRow?.payment_type === 'card';
  const room = rooms?.find((r) => r.id === roomId);

  const checkIn = async (opts: { guestId?: number; confirmNew?: boolean } = {}) => {
    const guestId = opts.guestId ?? guest?.id;
    if (!guestId && !choice.text.trim()) {
      command.refuse({}, t('roomplan.guestNeeded'));
      guestBox.current?.focus();
      return;
    }
    if (!pickedType || !pickedRate) return command.refuse({}, t('booking.rateNeeded'));
    if (!roomId) return command.refuse({}, t('walkin.roomNeeded'));
    const document = { nationality: nationality.trim().toUpperCase(), id_type_id: idType, id_number: idNumber.trim() };
    const deposit = amount.trim() && amount.trim() !== '0' && payment ? { pay_article_id: payment, amount: amount.trim() } : undefined;
    const r = await command.run((signal) =>
      dataProvider.run<{ id: number; code: string; room: string; folio_id: number }>(
        'frontoffice.walkIn',
        {
          ...(guestId
            ? {
                guest_id: guestId,
                ...(document.id_number ? { registration: document } : {}),
              }
            : { guest: { name: choice.text.trim(), ...document, ...(phone.trim() ? { phone: phone.trim() } : {}) } }),
          ...(opts.confirmNew ? { new_guest_confirmed: true } : {}),
          room_id: roomId,
          departure,
          adults,
          children,
          rate_code_id: pickedRate.rate_code_id,
          ...(deposit ? { deposit } : {}),
          ...(byCard && payment ? { guarantee: { pay_article_id: payment, card_last4: last4 } } : {}),
        },
        signal,
      ),
    );
    if (!r) {
      const matches = duplicatesOf(command.store.get().error?.details);
      if (matches?.length) setDuplicates(matches);
      return;
    }
    toast.success(t('walkin.done', { code: r.code, room: r.room }));
    navigate(`/frontoffice/billing/edit/${r.folio_id}`);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void checkIn();
  };

  return (
    <div className="card">
      <div className="card-body">
        <form className="ltb stack walkin" onSubmit={submit} noValidate data-testid="walk-in">
          {command.problem && !duplicates && (
            <div className="alert alert-danger" role="alert">
              <Icon name="alert" /> {command.problem.text}
            </div>
          )}
          <div className="walkin-columns">
            <div className="stack">
              <fieldset className="ltb-section">
                <legend>{t('booking.guest')}</legend>
                <GuestPicker
                  id="wi-guest"
                  inputRef={guestBox}
                  autoFocus
                  value={choice}
                  onChange={(v) => {
                    setChoice(v);
                    setDuplicates(undefined);
                  }}
                  duplicates={duplicates}
                  onUseDuplicate={(g) => {
                    setChoice({ guest: g, text: g.name });
                    setDuplicates(undefined);
                    void checkIn({ guestId: g.id });
                  }}
                  onNewAnyway={() => void checkIn({ confirmNew: true })}
                >
                  {(guest || choice.text.trim()) && (
                    <div className="walkin-document">
                      {guest && <p className="field-help">{t('walkin.documentSeen')}</p>}
                      <div className="field">
                        <label htmlFor="wi-id-type">{t('guest.id_type_id')}</label>
                        <select id="wi-id-type" className="input" value={idType ?? ''} onChange={(e) => setIdType(Number(e.target.value))}>
                          {idTypes.map((x) => (
                            <option key={x.id} value={x.id}>
                              {x.label}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="field">
                        <label htmlFor="wi-id-number">{t('guest.id_number')}</label>
                        <input
                          id="wi-id-number"
                          className="input"
                          autoComplete="off"
                          maxLength={40}
                          value={idNumber}
                          onChange={(e) => setIdNumber(e.target.value)}
                        />
                      </div>
                      <div className="field">
                        <label htmlFor="wi-nationality">{t('guest.nationality')}</label>
                        <input
                          id="wi-nationality"
                          className="input"
                          maxLength={2}
                          value={nationality}
                          onChange={(e) => setNationality(e.target.value.toUpperCase())}
                        />
                      </div>
                      {!guest && (
                        <div className="field">
                          <label htmlFor="wi-phone">{t('booking.phone')}</label>
                          <input
                            id="wi-phone"
                            className="input"
                            type="tel"
                            maxLength={30}
                            value={phone}
                            onChange={(e) => setPhone(e.target.value)}
                          />
                        </div>
                      )}
                    </div>
                  )}
                </GuestPicker>
              </fieldset>
              <fieldset className="ltb-section">
                <legend>{t('booking.stay')}</legend>
                <div className="ltb-stay">
                  <NumberField id="wi-nights" label={t('roomplan.nights')} value={nights} min={1} max={365} onChange={setNights} />
                  <NumberField id="wi-adults" label={t('reservation.adults')} value={adults} min={1} max={20} onChange={setAdults} />
                  <NumberField
                    id="wi-children"
                    label={t('reservation.children')}
                    value={children}
                    min={0}
                    max={20}
                    onChange={setChildren}
                  />
                </div>
                <div className="field-help" data-testid="wi-dates">
                  {formatDate(today)} – {formatDate(departure)} · {t('booking.nightsCount', { count: nights })}
                </div>
              </fieldset>
              <fieldset className="ltb-section">
                <legend>{t('walkin.money')}</legend>
                <div className="walkin-money">
                  <div className="field">
                    <label htmlFor="wi-payment">{t('walkin.paidBy')}</label>
                    <select id="wi-payment" className="input" value={payment ?? ''} onChange={(e) => setPayment(Number(e.target.value))}>
                      {payments.map((p) => (
                        <option key={p.id} value={p.id}>
                          {String(p.name)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor="wi-amount">{t('walkin.deposit')}</label>
                    <input
                      id="wi-amount"
                      className="input num"
                      inputMode="numeric"
                      maxLength={20}
                      value={amount}
                      onFocus={(e) => e.target.select()}
                      onChange={(e) => {
                        setAmountTouched(true);
                        setAmount(e.target.value);
                      }}
                    />
                  </div>
                  {byCard && (
                    <div className="field">
                      <label htmlFor="wi-last4">{t('walkin.cardLast4')}</label>
                      <input
                        id="wi-last4"
                        className="input num"
                        inputMode="numeric"
                        maxLength={4}
                        pattern="[0-9]{4}"
                        autoComplete="off"
                        value={last4}
                        onChange={(e) => setLast4(e.target.value.replace(/[^0-9]/g, ''))}
                      />
                    </div>
                  )}
                </div>
                <div className="field-help">{t(byCard ? 'walkin.cardHint' : 'walkin.depositHint')}</div>
              </fieldset>
            </div>
            <fieldset className="ltb-section">
              <legend>{t('walkin.roomAndRate')}</legend>
              <RateOfferList {...rates} onPick={rates.setPicked} />
              {pickedType && (
                <div className="field">
                  <label htmlFor="wi-room">{t('walkin.room')}</label>
                  <select
                    id="wi-room"
                    className="input"
                    value={roomId ?? ''}
                    disabled={!rooms?.length}
                    onChange={(e) => setRoomId(Number(e.target.value))}
                  >
                    {!rooms?.length && <option value="">{t('walkin.noReadyRoom')}</option>}
                    {rooms?.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.label}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </fieldset>
          </div>
          <StayTotalBar
            picked={
              pickedType &&
              pickedRate &&
              `${room ? `${t('walkin.roomShort', { room: room.label })} · ` : ''}${pickedType.name} · ${pickedRate.code} · ${formatDate(today)} – ${formatDate(departure)}`
            }
            total={pickedRate?.totals.total}
            stale={stale}
            busy={command.busy}
            action={{ label: t('walkin.checkIn'), icon: 'key' }}
            testIds={{ total: 'wi-total', submit: 'wi-check-in' }}
          />
        </form>
      </div>
    </div>
  );
}
