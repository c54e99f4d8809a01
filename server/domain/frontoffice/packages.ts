import Decimal from 'decimal.js';
import type { RevenueLine } from './pricing.js';

export interface ArrangementLine {
  article: string;
  amount: string;
  basis: 'per_person' | 'per_room';
}

/**
 * What an arrangement includes of one night's base, per revenue article: a per-person line counts every
 * adult of the booking (breakfast for two), a per-room line once. Lines of the same article add up.
 */
export function packageRevenue(lines: ArrangementLine[], adults: number): RevenueLine[] {
  const byArticle = new Map<string, Decimal>();
  for (const l of lines) {
    const amount = new Decimal(l.amount).mul(l.basis === 'per_person' ? adults : 1);
    byArticle.set(l.article, (byArticle.get(l.article) ?? new Decimal(0)).plus(amount));
  }
  return [...byArticle].map(([article, amount]) => ({ article, amount: amount.toFixed(0) }));
}
