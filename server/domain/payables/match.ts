import Decimal from 'decimal.js';

export interface MatchTolerance {
  /** percent either way the invoiced quantity may differ from the received */
  quantity: Decimal;
  /** percent either way the invoiced price may differ from the received price and from the order's */
  price: Decimal;
}

export interface MatchInput {
  quantity: Decimal.Value;
  price: Decimal.Value;
  receivedQuantity: Decimal.Value;
  receivedPrice: Decimal.Value;
  /** the order's price in the receipt line's unit (the contract's for a receipt without an order) */
  orderedPrice: Decimal.Value | null;
}

export interface MatchResult {
  quantity_variance_percent: string;
  price_variance_percent: string;
  order_variance_percent: string | null;
  match: 'matched' | 'mismatch';
}

/** How far `value` is from `reference`, in percent of the reference (exact); no reference: 0 when equal, else 100. */
function variance(value: Decimal, reference: Decimal): Decimal {
  if (reference.isZero()) return value.isZero() ? new Decimal(0) : new Decimal(100);
  return value.minus(reference).div(reference).times(100);
}

/**
 * The three-way match of one invoice line: the invoice against the receipt (quantity and price) and against the
 * order (price). A line matches when every variance is within the property's tolerance either way, the boundary
 * included (2,00 % on a tolerance of 2 % matches, 2,01 % does not); the comparison is exact, the percentages
 * kept are rounded to two decimals for reading.
 */
export function matchLine(l: MatchInput, tolerance: MatchTolerance): MatchResult {
  const q = variance(new Decimal(l.quantity), new Decimal(l.receivedQuantity));
  const p = variance(new Decimal(l.price), new Decimal(l.receivedPrice));
  const o = l.orderedPrice == null ? null : variance(new Decimal(l.price), new Decimal(l.orderedPrice));
  const within = q.abs().lte(tolerance.quantity) && p.abs().lte(tolerance.price) && (o === null || o.abs().lte(tolerance.price));
  return {
    quantity_variance_percent: q.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    price_variance_percent: p.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    order_variance_percent: o === null ? null : o.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    match: within ? 'matched' : 'mismatch',
  };
}
