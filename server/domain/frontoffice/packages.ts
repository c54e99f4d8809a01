import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
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

export async function arrangementLines(
  db: Db,
  branchId: number,
  arrangementId: number,
): Promise<{ code: string; lines: ArrangementLine[] }> {
  const { rows } = await sql<{ code: string; article: string | null; amount: string | null; basis: 'per_person' | 'per_room' | null }>`
    SELECT a.code, f.code || ' - ' || f.name AS article, l.amount, l.basis
      FROM arrangement a
      LEFT JOIN arrangement_line l ON l.branch_id = a.branch_id AND l.arrangement_id = a.id
      LEFT JOIN fo_article f ON f.branch_id = l.branch_id AND f.id = l.fo_article_id
     WHERE a.branch_id = ${branchId} AND a.id = ${arrangementId}
     ORDER BY l.line_no`.execute(db);
  return {
    code: rows[0]?.code ?? '',
    lines: rows.filter((r) => r.article).map((r) => ({ article: r.article!, amount: r.amount!, basis: r.basis! })),
  };
}
