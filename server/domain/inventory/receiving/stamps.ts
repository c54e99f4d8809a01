import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';

/**
 * What receipts leave on the masters, worked out from the posted receipts so a cancellation puts them back:
 * the supplier's last delivery and each item's last price (per stock unit, of its latest posted receipt);
 * with no posted receipt left they keep what they were. The item's average price is its value over its
 * quantity in every store. `posting` is a receipt being posted (its status changes after this).
 */
export async function stampMasters(trx: Db, branchId: number, supplierId: number, itemIds: number[], posting = 0) {
  await sql`
    UPDATE pur_supplier s SET last_delivery = x.d
      FROM (SELECT max(date) AS d FROM inv_receipt WHERE branch_id = ${branchId} AND supplier_id = ${supplierId} AND (status = 'posted' OR id = ${posting})) x
     WHERE s.branch_id = ${branchId} AND s.id = ${supplierId} AND x.d IS NOT NULL`.execute(trx);
  await sql`
    UPDATE inv_item i SET last_price = x.cost
      FROM (SELECT DISTINCT ON (l.item_id) l.item_id, round(l.unit_cost, 2) AS cost
              FROM inv_receipt r JOIN inv_receipt_line l ON l.branch_id = r.branch_id AND l.receipt_id = r.id
             WHERE r.branch_id = ${branchId} AND (r.status = 'posted' OR r.id = ${posting}) AND l.item_id = ANY(${itemIds}::bigint[]) AND l.stock_quantity > 0
             ORDER BY l.item_id, r.date DESC, r.id DESC, l.line_no DESC) x
     WHERE i.branch_id = ${branchId} AND i.id = x.item_id`.execute(trx);
  await sql`
    UPDATE inv_item i SET average_price = x.average
      FROM (SELECT item_id, round(sum(value) / sum(quantity), 4) AS average FROM inv_balance
             WHERE branch_id = ${branchId} AND item_id = ANY(${itemIds}::bigint[]) GROUP BY item_id HAVING sum(quantity) > 0) x
     WHERE i.branch_id = ${branchId} AND i.id = x.item_id`.execute(trx);
}
