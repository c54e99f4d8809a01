import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';
import { splitPrice, type PriceSplit, type TaxService } from '../frontoffice/pricing.js';

/** What an event sells, grouped as the ledger books it: banquet F&B, function-room hire, other (equipment …). */
export type RevenueClass = 'fnb' | 'hire' | 'other';

export interface SoldLine {
  kind: 'food' | 'beverage' | 'equipment' | 'room_hire' | 'other';
  quantity: Decimal.Value;
  per_person: boolean;
  unit_price: Decimal.Value;
}

export interface EventPrice {
  /** each line's amount (quantity × unit price, × pax when per person), to the cent */
  amounts: string[];
  classes: Record<RevenueClass, PriceSplit>;
  total: PriceSplit;
}

const CLASS_OF: Record<SoldLine['kind'], RevenueClass> = {
  food: 'fnb',
  beverage: 'fnb',
  room_hire: 'hire',
  equipment: 'other',
  other: 'other',
};

/**
 * An event's price at a number of guests: the package (per person) and the items, each revenue class split into
 * base, service and tax under the event's tax-service code — "++" adds them, "nett" contains them — to the whole
 * rupiah, so each class's parts add up to its price and the event's parts to its total.
 */
export function priceEvent(pax: number, packagePrice: Decimal.Value | null, lines: SoldLine[], ts: TaxService): EventPrice {
  const sums: Record<RevenueClass, Decimal> = { fnb: new Decimal(0), hire: new Decimal(0), other: new Decimal(0) };
  if (packagePrice != null) sums.fnb = sums.fnb.plus(new Decimal(packagePrice).mul(pax));
  const amounts = lines.map((l) => {
    const amount = new Decimal(l.quantity)
      .mul(l.unit_price)
      .mul(l.per_person ? pax : 1)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    sums[CLASS_OF[l.kind]] = sums[CLASS_OF[l.kind]].plus(amount);
    return amount.toFixed(2);
  });
  const classes = {
    fnb: splitPrice(sums.fnb, ts),
    hire: splitPrice(sums.hire, ts),
    other: splitPrice(sums.other, ts),
  };
  const add = (k: keyof PriceSplit) =>
    Object.values(classes)
      .reduce((s, c) => s.plus(c[k]), new Decimal(0))
      .toFixed(0);
  return { amounts, classes, total: { base: add('base'), service: add('service'), tax: add('tax'), total: add('total') } };
}

/** An event's tax-service code as pricing reads it. */
export async function eventTaxService(trx: Db, branchId: number, taxServiceId: number): Promise<TaxService> {
  const { rows } = await sql<{ service_pct: string; tax_pct: string; tax_on_service: boolean; price_mode: 'plus' | 'nett' }>`
    SELECT service_pct::text, tax_pct::text, tax_on_service, price_mode FROM tax_service WHERE branch_id = ${branchId} AND id = ${taxServiceId}`.execute(
    trx,
  );
  if (!rows[0]) throw badRequest('error.refMissing', { field: 'tax_service_id' });
  const r = rows[0];
  return { servicePct: r.service_pct, taxPct: r.tax_pct, taxOnService: r.tax_on_service, priceMode: r.price_mode };
}
