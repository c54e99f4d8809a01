import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** How a property applies service and tax to a price (its tax-service code). */
export interface TaxService {
  servicePct: string;
  taxPct: string;
  taxOnService: boolean;
  priceMode: 'plus' | 'nett';
}

export interface PriceSplit {
  base: string;
  service: string;
  tax: string;
  total: string;
}

const whole = (d: Decimal) => d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);

/**
 * Splits a price into base, service and tax, to the whole rupiah (DOMAIN.md):
 * "++" — the price is the base; service = base × s, tax = (base + service) × t; the guest pays the sum.
 * "nett" — the price is what the guest pays; base = price ÷ (1 + s + t·(1 + s)), service = base × s,
 * and the tax takes the remainder, so the three parts always add up to the price exactly.
 * Without tax on service (tax_on_service false) the tax is on the base alone.
 */
export function splitPrice(price: Decimal.Value, ts: TaxService): PriceSplit {
  const p = new Decimal(price);
  const s = new Decimal(ts.servicePct).div(100);
  const t = new Decimal(ts.taxPct).div(100);
  if (ts.priceMode === 'plus') {
    const base = whole(p);
    const service = whole(base.mul(s));
    const tax = whole((ts.taxOnService ? base.plus(service) : base).mul(t));
    return { base: base.toFixed(0), service: service.toFixed(0), tax: tax.toFixed(0), total: base.plus(service).plus(tax).toFixed(0) };
  }
  const total = whole(p);
  const factor = new Decimal(1).plus(s).plus(t.mul(ts.taxOnService ? new Decimal(1).plus(s) : 1));
  const base = whole(total.div(factor));
  const service = whole(base.mul(s));
  const tax = total.minus(base).minus(service);
  return { base: base.toFixed(0), service: service.toFixed(0), tax: tax.toFixed(0), total: total.toFixed(0) };
}

/** Friday and Saturday nights are the weekend in Indonesian city hotels (the guest leaves Sat/Sun). */
export function isWeekendNight(date: string): boolean {
  const d = dayjs(date).day();
  return d === 5 || d === 6;
}

export interface NightPrice extends PriceSplit {
  date: string;
  weekend: boolean;
  /** the price the rate (or the override) names for the night, before the split */
  price: string;
  /** the dynamic-rate rule that moved the rate's price this night (its price is then `price`) */
  dynamicRule?: string;
  /** the rate's own price before that rule */
  ratePrice?: string;
  /** what the arrangement includes of the night's base, per revenue article … */
  packages?: RevenueLine[];
  /** … and the room revenue left of the base (negative when the rate cannot cover its arrangement) */
  roomRevenue?: string;
}

/** Part of a night's base (before service and tax) that belongs to one revenue article. */
export interface RevenueLine {
  article: string;
  amount: string;
}

/** What a night's price may be changed by before it is split (dynamic rates), and what its base includes (an arrangement). */
export interface StayOptions {
  adjust?(date: string, price: Decimal): { price: Decimal; rule: string } | undefined;
  /** what the arrangement includes of a night's base, per revenue article */
  packages?: RevenueLine[];
}

export interface RateRow {
  id: number;
  code: string;
  name: string;
  room_type_id: number;
  arrangement_id: number | null;
  dynamic: boolean;
  valid_from: string;
  valid_to: string;
  weekday_price: string;
  weekend_price: string;
  service_pct: string;
  tax_pct: string;
  tax_on_service: boolean;
  price_mode: 'plus' | 'nett';
}

export async function rateRow(db: Db, branchId: number, rateCodeId: number): Promise<RateRow | undefined> {
  const { rows } = await sql<RateRow>`
    SELECT r.id::int AS id, r.code, r.name, r.room_type_id::int AS room_type_id, r.arrangement_id::int AS arrangement_id, r.dynamic, r.valid_from::text AS valid_from, r.valid_to::text AS valid_to, r.weekday_price, r.weekend_price,
           t.service_pct, t.tax_pct, t.tax_on_service, t.price_mode
      FROM rate_code r JOIN tax_service t ON t.branch_id = r.branch_id AND t.id = r.tax_service_id
     WHERE r.branch_id = ${branchId} AND r.id = ${rateCodeId}`.execute(db);
  return rows[0];
}

/**
 * The price of each night of a stay [arrival, departure) under a rate, or under an overriding nightly price.
 * A dynamic-rate rule moves the rate's price before the split (never an override: that price was agreed);
 * an arrangement then splits each night's base between its revenue articles and the room.
 */
export function priceStay(
  rate: RateRow,
  arrival: string,
  departure: string,
  override?: string | null,
  options: StayOptions = {},
): NightPrice[] {
  const ts: TaxService = {
    servicePct: rate.service_pct,
    taxPct: rate.tax_pct,
    taxOnService: rate.tax_on_service,
    priceMode: rate.price_mode,
  };
  const nights: NightPrice[] = [];
  for (let d = dayjs(arrival); d.isBefore(dayjs(departure)); d = d.add(1, 'day')) {
    const date = d.format('YYYY-MM-DD');
    const weekend = isWeekendNight(date);
    const listed = new Decimal(override ?? (weekend ? rate.weekend_price : rate.weekday_price));
    const adjusted = override == null ? options.adjust?.(date, listed) : undefined;
    const price = adjusted?.price ?? listed;
    const night: NightPrice = { date, weekend, price: whole(price).toFixed(0), ...splitPrice(price, ts) };
    if (adjusted) Object.assign(night, { dynamicRule: adjusted.rule, ratePrice: whole(listed).toFixed(0) });
    if (options.packages) {
      night.packages = options.packages;
      night.roomRevenue = options.packages.reduce((left, p) => left.minus(p.amount), new Decimal(night.base)).toFixed(0);
    }
    nights.push(night);
  }
  return nights;
}

export function stayTotals(nights: NightPrice[]): PriceSplit {
  const sum = (k: keyof PriceSplit) => nights.reduce((a, n) => a.plus(n[k]), new Decimal(0)).toFixed(0);
  return { base: sum('base'), service: sum('service'), tax: sum('tax'), total: sum('total') };
}
