import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { invalid } from '../../../http/errors.js';
import { stockFactors } from '../../inventory/units.js';
import { conversionFactor, loadUnits } from '../units.js';

export interface BuyingLine {
  item_id: number;
  unit_id?: number | null;
  [field: string]: unknown;
}

export interface ContractPrice {
  itemId: number;
  supplierId: number;
  contract: string;
  /** per stock unit, unrounded */
  perStockUnit: Decimal;
}

/**
 * Lines are bought in the item's purchase unit unless another is given, and only in its stock or purchase unit
 * (receiving converts by the item's purchase factor): the stock units one line unit makes, per line.
 */
export async function lineFactors(trx: Db, branchId: number, lines: BuyingLine[], field = 'lines') {
  const { rows } = await sql<{ id: number; purchase_unit_id: number }>`
    SELECT id::int AS id, purchase_unit_id::int AS purchase_unit_id FROM inv_item
     WHERE branch_id = ${branchId} AND id = ANY(${lines.map((l) => Number(l.item_id))}::bigint[])`.execute(trx);
  const purchaseUnit = new Map(rows.map((r) => [r.id, r.purchase_unit_id]));
  // an item of another property or none at all is named before anything is priced from it
  const unknown = lines.flatMap((l, i) =>
    purchaseUnit.has(Number(l.item_id)) ? [] : [{ field: `${field}/${i}/item_id`, key: 'error.refMissing', params: {} }],
  );
  if (unknown.length) throw invalid(unknown);
  for (const l of lines) if (l.unit_id == null) l.unit_id = purchaseUnit.get(Number(l.item_id)) ?? null;
  return stockFactors(trx, branchId, lines as { item_id: number; unit_id: number }[]);
}

/**
 * Contract prices valid on a day for the items, per stock unit: of one supplier, or of every supplier (the
 * cheapest first). A contract may price in any unit converting to the item's stock unit (a KG for grams).
 */
export async function contractPrices(trx: Db, branchId: number, date: string, itemIds: number[], supplierId?: number) {
  const { rows } = await sql<{
    item_id: number;
    supplier_id: number;
    number: string;
    price: string;
    unit_id: number;
    stock_unit_id: number;
    purchase_unit_id: number;
    purchase_factor: string;
  }>`
    SELECT kl.item_id::int AS item_id, k.supplier_id::int AS supplier_id, k.number, kl.price::text AS price, kl.unit_id::int AS unit_id,
           i.stock_unit_id::int AS stock_unit_id, i.purchase_unit_id::int AS purchase_unit_id, i.purchase_factor::text AS purchase_factor
      FROM pur_contract k
      JOIN pur_contract_line kl ON kl.branch_id = k.branch_id AND kl.contract_id = k.id
      JOIN inv_item i ON i.branch_id = kl.branch_id AND i.id = kl.item_id
     WHERE k.branch_id = ${branchId} AND ${date}::date BETWEEN k.valid_from AND k.valid_to
       AND kl.item_id = ANY(${itemIds}::bigint[]) AND (${supplierId ?? null}::bigint IS NULL OR k.supplier_id = ${supplierId ?? null})`.execute(
    trx,
  );
  const units = await loadUnits(trx, branchId, [...new Set(rows.flatMap((r) => [r.unit_id, r.stock_unit_id]))]);
  const prices: ContractPrice[] = rows.map((r) => {
    const factor =
      r.unit_id === r.stock_unit_id
        ? new Decimal(1)
        : r.unit_id === r.purchase_unit_id
          ? new Decimal(r.purchase_factor)
          : conversionFactor(units.get(r.unit_id)!, units.get(r.stock_unit_id)!)!;
    return { itemId: r.item_id, supplierId: r.supplier_id, contract: r.number, perStockUnit: new Decimal(r.price).div(factor) };
  });
  return prices.sort((a, b) => a.perStockUnit.comparedTo(b.perStockUnit));
}

/** The items' last prices, per stock unit. */
export async function lastPrices(trx: Db, branchId: number, itemIds: number[]) {
  const { rows } = await sql<{ id: number; last_price: string | null }>`
    SELECT id::int AS id, last_price::text AS last_price FROM inv_item WHERE branch_id = ${branchId} AND id = ANY(${itemIds}::bigint[])`.execute(
    trx,
  );
  return new Map(rows.filter((r) => r.last_price !== null).map((r) => [r.id, new Decimal(r.last_price!)]));
}

/** A price per stock unit as the price of one line unit, to the cent. */
export const inLineUnit = (perStockUnit: Decimal, factor: Decimal) => perStockUnit.times(factor).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
