import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { conversionFactor, type Unit } from '../../purchasing/units.js';
import { stockFactors } from '../units.js';

/** A receipt line as the hook judges it: the item in a unit, at a price per that unit. */
export interface PricedLine {
  item_id: number;
  unit_id?: number | null;
  quantity: string;
  price: string;
  po_line_id?: number | null;
  /** the order line's price per stock unit, when the line is against an order */
  orderPricePerStock?: Decimal | null;
}

export interface Variance {
  reference_price: string | null;
  variance_amount: string | null;
  variance_percent: string | null;
}

/** What a line is worth: its quantity at its price, to the cent. */
export const lineAmount = (l: { quantity: string | number; price: string | number }) =>
  new Decimal(l.quantity).times(l.price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/**
 * Each line's price against what it should have cost, in the line's unit: the order line's price when the line
 * is against an order, else the supplier's contract price for the item valid on the receipt's day (converted
 * from the contract's unit through the stock unit: a case at 660.000 is 27.500 a bottle), else nothing to
 * compare with. The variance is the whole line's difference and its percentage of the reference price.
 */
export async function priceVariances(
  trx: Db,
  branchId: number,
  supplierId: number,
  date: string,
  lines: PricedLine[],
): Promise<Variance[]> {
  if (!lines.length) return [];
  const factors = await stockFactors(trx, branchId, lines);
  const contract = await contractPrices(trx, branchId, supplierId, date, lines);
  return lines.map((l, i) => {
    const perStock = l.orderPricePerStock ?? contract.get(Number(l.item_id)) ?? null;
    if (perStock == null) return { reference_price: null, variance_amount: null, variance_percent: null };
    const reference = perStock.times(factors[i]).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const difference = new Decimal(l.price).minus(reference);
    return {
      reference_price: reference.toFixed(2),
      variance_amount: difference.times(l.quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      variance_percent: reference.isZero()
        ? null
        : difference.div(reference).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    };
  });
}

/** The supplier's contract price per stock unit of each item, on the day (both units read with the prices: one statement). */
async function contractPrices(trx: Db, branchId: number, supplierId: number, date: string, lines: PricedLine[]) {
  const items = [...new Set(lines.map((l) => Number(l.item_id)))];
  const { rows } = await sql<{ item_id: number; price: string; unit: Unit; stock_unit: Unit }>`
    SELECT cl.item_id::int AS item_id, cl.price::text AS price,
           json_build_object('id', cu.id::int, 'code', cu.code, 'base_unit_id', cu.base_unit_id::int, 'factor', cu.factor::text) AS unit,
           json_build_object('id', su.id::int, 'code', su.code, 'base_unit_id', su.base_unit_id::int, 'factor', su.factor::text) AS stock_unit
      FROM pur_contract c
      JOIN pur_contract_line cl ON cl.branch_id = c.branch_id AND cl.contract_id = c.id
      JOIN inv_item i ON i.branch_id = cl.branch_id AND i.id = cl.item_id
      JOIN inv_unit cu ON cu.branch_id = cl.branch_id AND cu.id = cl.unit_id
      JOIN inv_unit su ON su.branch_id = i.branch_id AND su.id = i.stock_unit_id
     WHERE c.branch_id = ${branchId} AND c.supplier_id = ${supplierId} AND ${date}::date BETWEEN c.valid_from AND c.valid_to
       AND cl.item_id = ANY(${items}::bigint[])`.execute(trx);
  const prices = new Map<number, Decimal>();
  for (const r of rows) {
    const factor = conversionFactor(r.unit, r.stock_unit);
    if (factor) prices.set(r.item_id, new Decimal(r.price).div(factor));
  }
  return prices;
}
