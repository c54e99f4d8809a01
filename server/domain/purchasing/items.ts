import Decimal from 'decimal.js';
import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';
import { conversionFactor, loadUnits } from './units.js';

/**
 * An item's purchase factor is how many stock units one purchase unit holds. When the two units convert (a KG
 * bought, G stocked; a CS24 bought, BTL stocked) it is the conversion itself and the server fills it in; a typed
 * one that disagrees is refused. Only units that do not convert (a PACK of sachets, stocked by the PCS) need it
 * typed.
 */
export const itemHook: EntityHook = {
  async beforeWrite(c, _mode, values, _virtual, before) {
    checkStockLevels(values, before);
    const written = ['stock_unit_id', 'purchase_unit_id', 'purchase_factor'].some((f) => values[f] !== undefined);
    if (!written) return;
    const stockId = Number(values.stock_unit_id ?? before?.stock_unit_id);
    const purchaseId = Number(values.purchase_unit_id ?? before?.purchase_unit_id);
    const typed =
      values.purchase_factor === undefined || values.purchase_factor === null ? undefined : new Decimal(String(values.purchase_factor));
    const units = await loadUnits(c.trx, c.auth.branchId, [stockId, purchaseId]);
    const stock = units.get(stockId);
    const purchase = units.get(purchaseId);
    // an unknown unit is refused by the generic lookup check with its own message
    if (!stock || !purchase) return;
    const factor = conversionFactor(purchase, stock);
    if (factor) {
      if (typed && !typed.eq(factor))
        throw invalid([
          {
            field: 'purchase_factor',
            key: 'item.factorMismatch',
            params: { purchase: purchase.code, stock: stock.code, factor: factor.toString() },
          },
        ]);
      values.purchase_factor = factor.toString();
    } else if (!typed && (values.stock_unit_id !== undefined || values.purchase_unit_id !== undefined || !before)) {
      throw invalid([{ field: 'purchase_factor', key: 'item.factorNeeded', params: { purchase: purchase.code, stock: stock.code } }]);
    }
  },
};

/** Stock levels are kept to the thousandth of a stock unit (a gram of a kilo), the minimum never above the maximum. */
function checkStockLevels(values: Record<string, unknown>, before?: Record<string, unknown>) {
  for (const field of ['min_stock', 'max_stock'])
    if (values[field] != null && new Decimal(String(values[field])).decimalPlaces() > 3)
      throw invalid([{ field, key: 'item.stockLevelPlaces', params: {} }]);
  const min = values.min_stock !== undefined ? values.min_stock : before?.min_stock;
  const max = values.max_stock !== undefined ? values.max_stock : before?.max_stock;
  if (min != null && max != null && new Decimal(String(min)).gt(String(max)))
    throw invalid([{ field: 'max_stock', key: 'item.minOverMax', params: {} }]);
}
