import Decimal from 'decimal.js';
import { splitPrice, type PriceSplit, type TaxService } from '../pricing.js';

const whole = (d: Decimal) => d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);

/** A charge's price under its article's tax-service code (++ adds service and tax, nett contains them); none: all base. */
export function splitCharge(total: Decimal.Value, ts: TaxService | null): PriceSplit {
  if (ts) return splitPrice(total, ts);
  const t = whole(new Decimal(total)).toFixed(0);
  return { base: t, service: '0', tax: '0', total: t };
}

export interface NightPart extends PriceSplit {
  /** the revenue article: a package's, or undefined for the room itself */
  articleId?: number;
}

/**
 * A night's price split between the packages it includes and the room (DOMAIN.md, decisions "An arrangement
 * splits the base"): each package takes its base with its own service and tax, rounded to the rupiah; the
 * room takes what is left of each part, so the parts add up to the night's price exactly. Undefined when the
 * base cannot cover the packages.
 */
export function splitNight(night: PriceSplit, packages: { articleId: number; amount: string }[], ts: TaxService): NightPart[] | undefined {
  const s = new Decimal(ts.servicePct).div(100);
  const t = new Decimal(ts.taxPct).div(100);
  const parts: NightPart[] = [];
  let base = new Decimal(night.base);
  let service = new Decimal(night.service);
  let tax = new Decimal(night.tax);
  for (const p of packages) {
    const b = new Decimal(p.amount);
    const sv = whole(b.mul(s));
    const tx = whole((ts.taxOnService ? b.plus(sv) : b).mul(t));
    parts.push({
      articleId: p.articleId,
      base: b.toFixed(0),
      service: sv.toFixed(0),
      tax: tx.toFixed(0),
      total: b.plus(sv).plus(tx).toFixed(0),
    });
    base = base.minus(b);
    service = service.minus(sv);
    tax = tax.minus(tx);
  }
  if (base.isNegative()) return undefined;
  const last = parts[parts.length - 1];
  if (base.isZero() && last) {
    // the packages take the whole base: the rounding left over belongs to the last of them
    last.service = service.plus(last.service).toFixed(0);
    last.tax = tax.plus(last.tax).toFixed(0);
    last.total = new Decimal(last.base).plus(last.service).plus(last.tax).toFixed(0);
    return parts;
  }
  parts.unshift({
    base: base.toFixed(0),
    service: service.toFixed(0),
    tax: tax.toFixed(0),
    total: base.plus(service).plus(tax).toFixed(0),
  });
  return parts;
}
