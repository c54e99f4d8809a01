import { useEffect, useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useI18n } from '../../engine/i18n/i18n';
import { useDebounced } from '../../engine/useDebounced';
import { formatMoney } from '../../core/format/format';

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

export interface StayAsked {
  arrival: string;
  departure: string;
  adults: number;
  children: number;
  /** only this room type's rates (a room already chosen) */
  roomType?: number;
}

const pickKey = (typeId: number, rateId: number) => `${typeId}:${rateId}`;

/**
 * The room types and their rates for a stay, priced by the server as the guest will pay (`/api/frontoffice/offers`),
 * asked again after a pause in typing. The cheapest rate of the first type that takes the party is picked until
 * the desk picks another; offers priced for other dates than those on screen are `stale`.
 */
export function useRateOffers(stay: StayAsked) {
  const [offers, setOffers] = useState<RoomTypeOffer[]>();
  const [pricedFor, setPricedFor] = useState<string>();
  const [picked, setPicked] = useState<string>();
  const stayKey = `${stay.arrival}|${stay.departure}|${stay.adults}|${stay.children}|${stay.roomType ?? ''}`;
  const debounced = useDebounced(stayKey, 200);
  useEffect(() => {
    const [arrival, departure, adults, children, roomType] = debounced.split('|');
    const abort = new AbortController();
    dataProvider
      .read<{
        roomTypes: RoomTypeOffer[];
      }>('frontoffice/offers', { arrival, departure, adults, children, ...(roomType ? { roomType } : {}) }, abort.signal)
      .then(
        (r) => {
          setOffers(r.roomTypes);
          setPricedFor(debounced);
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
  }, [debounced]);
  const [typeId, rateId] = (picked ?? '').split(':').map(Number);
  const pickedType = offers?.find((o) => o.room_type_id === typeId);
  return {
    offers,
    stale: pricedFor !== stayKey,
    picked,
    setPicked,
    pickedType,
    pickedRate: pickedType?.rates.find((r) => r.rate_code_id === rateId),
  };
}

/** Each room type with its free rooms and its rates as radio buttons (arrows move between rates). */
export function RateOfferList({
  offers,
  stale,
  picked,
  onPick,
}: Omit<ReturnType<typeof useRateOffers>, 'setPicked' | 'pickedType' | 'pickedRate'> & { onPick(key: string): void }) {
  const { t } = useI18n();
  if (!offers) return <div className="skeleton" style={{ height: 120 }} />;
  return (
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
                  <input type="radio" name="ltb-rate" value={key} checked={picked === key} onChange={() => onPick(key)} />
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
  );
}
