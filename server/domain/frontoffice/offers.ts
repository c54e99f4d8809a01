import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { availability } from './availability.js';
import type { PriceSplit, RateRow } from './pricing.js';
import { quoteInputs, quoteStay } from './stayQuote.js';

export interface StayAsk {
  arrival: string;
  departure: string;
  adults: number;
  children: number;
  /** only this room type (a free night picked on the room plan) */
  roomTypeId?: number;
}

export interface RateOffer {
  rate_code_id: number;
  code: string;
  name: string;
  price_mode: 'plus' | 'nett';
  arrangement: string | null;
  dynamic: boolean;
  /** what the guest pays for the stay, and its split */
  totals: PriceSplit;
  /** the stay's total over its nights, to the rupiah (half up): what a guest compares */
  perNight: string;
  /** each night's price as the guest pays it (weekend nights differ) */
  nights: { date: string; total: string; dynamicRule?: string }[];
}

export interface RoomTypeOffer {
  room_type_id: number;
  code: string;
  name: string;
  description: string | null;
  max_adults: number;
  max_children: number;
  /** rooms of the type free on every night of the stay (the fewest of any night) */
  free: number;
  /** why it cannot be booked as asked: 'full' (no room some night), 'occupancy' (too many guests) */
  refused?: 'full' | 'occupancy';
  rates: RateOffer[];
}

/** The active rate codes that can price every night of a stay, with their tax-service codes. */
export async function ratesForStay(db: Db, branchId: number, arrival: string, departure: string, roomTypeId?: number): Promise<RateRow[]> {
  const lastNight = dayjs(departure).subtract(1, 'day').format('YYYY-MM-DD');
  const type = roomTypeId ?? null;
  const { rows } = await sql<RateRow>`
    SELECT r.id::int AS id, r.code, r.name, r.room_type_id::int AS room_type_id, r.arrangement_id::int AS arrangement_id, r.dynamic,
           r.valid_from::text AS valid_from, r.valid_to::text AS valid_to, r.weekday_price, r.weekend_price,
           t.service_pct, t.tax_pct, t.tax_on_service, t.price_mode
      FROM rate_code r JOIN tax_service t ON t.branch_id = r.branch_id AND t.id = r.tax_service_id
     WHERE r.branch_id = ${branchId} AND r.active AND r.valid_from <= ${arrival}::date AND r.valid_to >= ${lastNight}::date
       AND (${type}::bigint IS NULL OR r.room_type_id = ${type}::bigint)
     ORDER BY r.code, r.id`.execute(db);
  return rows;
}

/**
 * Look to book: for a stay and a party, every room type with the rooms it still has free on all the
 * nights, and each rate code that can sell it priced for the whole stay as the guest will pay it (++
 * rates with service and tax added, nett rates as they are), per night and in total. Room types that are
 * full or too small are still listed, saying why, so the desk can tell the guest. Cheapest rate first.
 */
export async function stayOffers(db: Db, branchId: number, ask: StayAsk): Promise<RoomTypeOffer[]> {
  const type = ask.roomTypeId ?? null;
  const [types, nights, rates] = await Promise.all([
    sql<{ id: number; code: string; name: string; description: string | null; max_adults: number; max_children: number }>`
      SELECT id::int AS id, code, name, description, max_adults, max_children FROM room_type
       WHERE branch_id = ${branchId} AND active AND (${type}::bigint IS NULL OR id = ${type}::bigint)
       ORDER BY sort_order, code`.execute(db),
    availability(db, branchId, ask.arrival, ask.departure, ask.roomTypeId),
    ratesForStay(db, branchId, ask.arrival, ask.departure, ask.roomTypeId),
  ]);
  const inputs = await quoteInputs(db, branchId, ask.arrival, ask.departure, rates);
  const free = new Map<number, number>();
  for (const n of nights) free.set(n.room_type_id, Math.min(free.get(n.room_type_id) ?? Infinity, n.available));
  const count = dayjs(ask.departure).diff(dayjs(ask.arrival), 'day');

  return types.rows.map((t) => {
    const offers: RateOffer[] = [];
    for (const rate of rates.filter((r) => r.room_type_id === t.id)) {
      const q = quoteStay(rate, ask.arrival, ask.departure, ask.adults, inputs);
      // a rate whose base cannot cover its arrangement on some night is not for sale for this stay
      if (q.short) continue;
      offers.push({
        rate_code_id: rate.id,
        code: rate.code,
        name: rate.name,
        price_mode: rate.price_mode,
        arrangement: q.arrangement,
        dynamic: rate.dynamic,
        totals: q.totals,
        perNight: new Decimal(q.totals.total).div(count).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0),
        nights: q.nights.map((n) => ({ date: n.date, total: n.total, ...(n.dynamicRule ? { dynamicRule: n.dynamicRule } : {}) })),
      });
    }
    offers.sort((a, b) => new Decimal(a.totals.total).cmp(b.totals.total) || a.code.localeCompare(b.code));
    const roomsFree = Math.max(0, free.get(t.id) ?? 0);
    const fits = ask.adults <= t.max_adults && ask.children <= t.max_children;
    return {
      room_type_id: t.id,
      code: t.code,
      name: t.name,
      description: t.description,
      max_adults: t.max_adults,
      max_children: t.max_children,
      free: roomsFree,
      ...(!fits ? { refused: 'occupancy' as const } : roomsFree < 1 ? { refused: 'full' as const } : {}),
      rates: offers,
    };
  });
}
