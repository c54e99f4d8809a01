import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/**
 * Today's average cost of a stock unit of each item, for the property: the value of what every store holds
 * over the quantity held (stores with nothing, or below nothing, left out), to 4 decimals as the ledger keeps
 * unit costs; with nothing on hand anywhere, the item's last purchase price. The kitchen's own store is not
 * used alone: it holds a day's stock or none, while every store's stock came in at the same receipts' cost.
 */
export async function averageUnitCosts(db: Db, branchId: number, itemIds: number[]): Promise<Map<number, Decimal>> {
  if (!itemIds.length) return new Map();
  const { rows } = await sql<{ id: number; unit_cost: string }>`
    SELECT i.id::int AS id,
           round(coalesce(sum(b.value) / nullif(sum(b.quantity), 0), i.last_price, 0), 4)::text AS unit_cost
      FROM inv_item i
      LEFT JOIN inv_balance b ON b.branch_id = i.branch_id AND b.item_id = i.id AND b.quantity > 0
     WHERE i.branch_id = ${branchId} AND i.id = ANY(${itemIds}::bigint[])
     GROUP BY i.id, i.last_price`.execute(db);
  return new Map(rows.map((r) => [r.id, new Decimal(r.unit_cost)]));
}
