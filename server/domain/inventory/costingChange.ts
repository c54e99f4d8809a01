import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { conflict } from '../../http/errors.js';

/**
 * The costing method (moving average ↔ FIFO) changes only while the property holds no stock: stock valued
 * under one method would otherwise be costed under the other (FIFO would make it one layer at the average,
 * the average would forget the layers), and the history of issues would not match what is left. The setup
 * row is locked first, so no movement (which reads it FOR SHARE) slips in between the count and the change.
 */
export const costingChangeHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    if (mode !== 'update' || values.inventory_costing === undefined || values.inventory_costing === before?.inventory_costing) return;
    await sql`SELECT 1 FROM hotel_setup WHERE branch_id = ${c.auth.branchId} FOR UPDATE`.execute(c.trx);
    const { rows } = await sql<{ items: number; stores: number; places: number }>`
      SELECT count(DISTINCT item_id)::int AS items, count(DISTINCT store_id)::int AS stores, count(*)::int AS places
        FROM inv_balance WHERE branch_id = ${c.auth.branchId} AND (quantity <> 0 OR value <> 0)`.execute(c.trx);
    const held = rows[0];
    if (held.places > 0)
      throw conflict('inventory.costingChangeWithStock', {
        items: held.items,
        stores: held.stores,
        from: `setup.inventory_costing.${before?.inventory_costing}`,
      });
  },
};
