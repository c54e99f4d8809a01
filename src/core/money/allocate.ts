import Decimal from 'decimal.js';

/**
 * Shares a whole-rupiah amount by weights: each share rounded down to the rupiah, the remainder on the last
 * share, so the shares always add up to the amount exactly (a bill's base over its food and beverage groups).
 */
export function allocate(amount: Decimal.Value, weights: Decimal.Value[]): string[] {
  const total = new Decimal(amount);
  const sum = weights.reduce<Decimal>((s, w) => s.plus(w), new Decimal(0));
  if (!weights.length) return [];
  if (sum.isZero()) return weights.map((_, i) => (i === weights.length - 1 ? total.toFixed(0) : '0'));
  let given = new Decimal(0);
  return weights.map((w, i) => {
    const share = i === weights.length - 1 ? total.minus(given) : total.mul(w).div(sum).toDecimalPlaces(0, Decimal.ROUND_DOWN);
    given = given.plus(share);
    return share.toFixed(0);
  });
}

/** A bill in `parts` equal parts: whole rupiah each, the rupiah remainder on the last part. */
export function equalParts(amount: Decimal.Value, parts: number): string[] {
  return allocate(
    amount,
    Array.from({ length: parts }, () => 1),
  );
}
