import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { EntityHook } from '../../../data/hooks.js';
import { numberNew } from './numbering.js';
import { contractPrices, inLineUnit, lastPrices, lineFactors, type BuyingLine } from './prices.js';
import { makeOrders } from './purchaseOrders.js';

/**
 * The chef's daily market list: fresh produce for the market day (tomorrow unless given), a supplier per line,
 * priced at that supplier's contract price or the item's last price unless a price is typed. Ordering it makes
 * one purchase order per supplier, delivered on the market day, and notes each line's order.
 */
export const marketListHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    if (mode === 'create') {
      await numberNew(c, 'purchase_market_list', 'DML', values);
      values.market_date ??= dayjs(String(values.date)).add(1, 'day').format('YYYY-MM-DD');
    }
    const lines = virtual.lines as BuyingLine[] | undefined;
    if (!lines?.length) return;
    const date = String(values.date ?? before?.date);
    const factors = await lineFactors(c.trx, c.auth.branchId, lines);
    const items = lines.map((l) => Number(l.item_id));
    const contracts = await contractPrices(c.trx, c.auth.branchId, date, items);
    const last = await lastPrices(c.trx, c.auth.branchId, items);
    lines.forEach((l, i) => {
      l.purchase_order_id = null;
      if (l.price != null && l.price !== '') return;
      const contract = contracts.find((k) => k.itemId === Number(l.item_id) && k.supplierId === Number(l.supplier_id));
      const perStockUnit = contract?.perStockUnit ?? last.get(Number(l.item_id));
      l.price = perStockUnit ? inLineUnit(perStockUnit, factors[i]).toFixed(2) : null;
    });
  },
  async onStatus(c, action, row) {
    if (action !== 'order') return;
    const bySupplier = new Map<number, BuyingLine[]>();
    for (const l of row.lines as BuyingLine[]) {
      const supplier = Number(l.supplier_id);
      bySupplier.set(supplier, [
        ...(bySupplier.get(supplier) ?? []),
        {
          item_id: Number(l.item_id),
          unit_id: Number(l.unit_id),
          quantity: String(l.quantity),
          unit_price: l.price ?? null,
          price_source: 'market',
        },
      ]);
    }
    const made = await makeOrders(
      c,
      { market_list_id: Number(row.id), date: row.date, delivery_date: row.market_date, store_id: row.store_id ?? null },
      bySupplier,
    );
    const orders = JSON.stringify([...made].map(([supplier, o]) => ({ supplier, order: o.id })));
    await sql`
      UPDATE purchase_market_list_line l SET purchase_order_id = x.order
        FROM jsonb_to_recordset(${orders}::jsonb) AS x(supplier bigint, "order" bigint)
       WHERE l.branch_id = ${c.auth.branchId} AND l.market_list_id = ${Number(row.id)} AND l.supplier_id = x.supplier`.execute(c.trx);
  },
};
