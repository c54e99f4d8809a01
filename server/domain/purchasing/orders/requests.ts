import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { EntityHook } from '../../../data/hooks.js';
import { refuseOverLimit } from './approval.js';
import { numberNew, purchasingSettings } from './numbering.js';
import { contractPrices, inLineUnit, lastPrices, lineFactors, type BuyingLine } from './prices.js';

export const PURCHASE_REQUEST = 'purchasing.purchase-request';

/**
 * A department's purchase request. A line without a price is estimated at the cheapest contract price valid on
 * the request's date, else the item's last price, in the line's unit (the purchase unit unless another is
 * given); what ordered it is the purchase orders' business, never typed. Approval goes by amount.
 */
export const purchaseRequestHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    if (mode === 'create') await numberNew(c, 'purchase_request', 'PR', values);
    const lines = virtual.lines as BuyingLine[] | undefined;
    if (!lines?.length) return;
    const date = String(values.date ?? before?.date ?? (await purchasingSettings(c.trx, c.auth.branchId)).business_date);
    const factors = await lineFactors(c.trx, c.auth.branchId, lines);
    const items = lines.map((l) => Number(l.item_id));
    const contracts = await contractPrices(c.trx, c.auth.branchId, date, items);
    const last = await lastPrices(c.trx, c.auth.branchId, items);
    lines.forEach((l, i) => {
      l.ordered_quantity = '0';
      if (l.price != null && l.price !== '') {
        l.price_source ??= 'typed';
        return;
      }
      const contract = contracts.find((k) => k.itemId === Number(l.item_id));
      const perStockUnit = contract?.perStockUnit ?? last.get(Number(l.item_id));
      l.price = perStockUnit ? inLineUnit(perStockUnit, factors[i]).toFixed(2) : '0';
      l.price_source = contract ? 'contract' : perStockUnit ? 'last' : 'typed';
    });
  },
  async onStatus(c, action, row) {
    if (action === 'approve') {
      await refuseOverLimit(c, PURCHASE_REQUEST, row.total, row.number);
      await sql`UPDATE purchase_request SET approved_by = ${c.auth.user.id}, approved_at = now()
                 WHERE branch_id = ${c.auth.branchId} AND id = ${Number(row.id)}`.execute(c.trx);
    }
  },
};

/**
 * What purchase orders (not cancelled) hold of each line of the requests, in the line's unit, and the requests'
 * status from it: partially or fully ordered. A closed request stays closed.
 */
export async function settleRequests(trx: Db, branchId: number, requestIds: number[]) {
  if (!requestIds.length) return;
  await sql`
    UPDATE purchase_request_line rl
       SET ordered_quantity = COALESCE((
             SELECT sum(ol.quantity) FROM purchase_order_line ol
               JOIN purchase_order o ON o.branch_id = ol.branch_id AND o.id = ol.purchase_order_id AND o.status <> 'cancelled'
              WHERE ol.branch_id = rl.branch_id AND ol.request_line_id = rl.id), 0)
     WHERE rl.branch_id = ${branchId} AND rl.request_id = ANY(${requestIds}::bigint[])`.execute(trx);
  await sql`
    UPDATE purchase_request r
       SET status = CASE WHEN x.all_ordered THEN 'ordered' WHEN x.any_ordered THEN 'partially_ordered' ELSE 'approved' END,
           version = r.version + 1, updated_at = now()
      FROM (SELECT request_id, bool_and(ordered_quantity >= quantity) AS all_ordered, bool_or(ordered_quantity > 0) AS any_ordered
              FROM purchase_request_line WHERE branch_id = ${branchId} AND request_id = ANY(${requestIds}::bigint[]) GROUP BY request_id) x
     WHERE r.branch_id = ${branchId} AND r.id = x.request_id AND r.status IN ('approved', 'partially_ordered', 'ordered')`.execute(trx);
}
