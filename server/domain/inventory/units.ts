import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';

/** A document line as entered: an item, a quantity, and the unit it was counted in (empty: the stock unit). */
export interface EnteredLine {
  item_id: number;
  unit_id?: number | null;
}

const ONE = new Decimal(1);

/**
 * The stock units one entered unit makes for each line: 1 in the item's stock unit, purchase_factor in its
 * purchase unit (a case of 24 bottles is 24). Any other unit is refused, naming the line and both units.
 */
export async function stockFactors(trx: Db, branchId: number, lines: EnteredLine[]): Promise<Decimal[]> {
  const ids = [...new Set(lines.map((l) => Number(l.item_id)))];
  const { rows } = await sql<{
    id: number;
    item: string;
    stock_unit_id: number;
    purchase_unit_id: number;
    purchase_factor: string;
    stock_unit: string;
    purchase_unit: string;
  }>`
    SELECT i.id, i.code || ' ' || i.name AS item, i.stock_unit_id, i.purchase_unit_id, i.purchase_factor,
           su.code AS stock_unit, pu.code AS purchase_unit
      FROM inv_item i
      JOIN inv_unit su ON su.branch_id = i.branch_id AND su.id = i.stock_unit_id
      JOIN inv_unit pu ON pu.branch_id = i.branch_id AND pu.id = i.purchase_unit_id
     WHERE i.branch_id = ${branchId} AND i.id = ANY(${ids}::bigint[])`.execute(trx);
  const items = new Map(rows.map((r) => [Number(r.id), { ...r, factor: new Decimal(r.purchase_factor) }]));
  const factors: Decimal[] = [];
  for (const [i, l] of lines.entries()) {
    const item = items.get(Number(l.item_id))!;
    const unit = l.unit_id == null ? Number(item.stock_unit_id) : Number(l.unit_id);
    if (unit === Number(item.stock_unit_id)) factors.push(ONE);
    else if (unit === Number(item.purchase_unit_id)) factors.push(item.factor);
    else
      throw badRequest('inventory.unitNotOfItem', {
        line: i + 1,
        unit: (await unitCode(trx, branchId, unit)) ?? unit,
        item: item.item,
        stock: item.stock_unit,
        purchase: item.purchase_unit,
      });
  }
  return factors;
}

/** A unit's code, read only to name it in a refusal. */
async function unitCode(trx: Db, branchId: number, id: number): Promise<string | undefined> {
  const { rows } = await sql<{ code: string }>`SELECT code FROM inv_unit WHERE branch_id = ${branchId} AND id = ${id}`.execute(trx);
  return rows[0]?.code;
}

/** Stock quantities are kept to 3 decimals (grams of a kilo, millilitres of a litre). */
export const toStockUnits = (quantity: Decimal.Value, factor: Decimal) =>
  new Decimal(quantity).times(factor).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
