import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EntityHook } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { invalid } from '../../http/errors.js';
import { splitCharge } from '../frontoffice/folio/split.js';
import { conversionFactor, loadUnits } from '../purchasing/units.js';
import { averageUnitCosts } from './averageCost.js';

interface RecipeLine {
  id?: number;
  item_id: number;
  unit_id?: number | null;
  quantity: string;
  waste_pct?: string | null;
  stock_quantity?: string | null;
  unit_cost?: string | null;
  cost?: string | null;
}

interface ItemUnits {
  id: number;
  item: string;
  stock_unit_id: number;
}

async function itemUnits(db: Db, branchId: number, ids: number[]): Promise<Map<number, ItemUnits>> {
  const { rows } = await sql<ItemUnits>`
    SELECT id::int AS id, code || ' ' || name AS item, stock_unit_id::int AS stock_unit_id
      FROM inv_item WHERE branch_id = ${branchId} AND id = ANY(${ids}::bigint[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * How many stock units one entered unit of each line is (200 G of rice stocked in KG is 0.2 KG each); a unit
 * that does not convert to the item's stock unit is refused on its cell, naming both units.
 */
async function stockFactors(db: Db, branchId: number, lines: RecipeLine[]): Promise<Decimal[]> {
  const items = await itemUnits(
    db,
    branchId,
    lines.map((l) => Number(l.item_id)),
  );
  const units = await loadUnits(db, branchId, [
    ...new Set(lines.flatMap((l) => [l.unit_id, items.get(Number(l.item_id))?.stock_unit_id]).filter((u): u is number => u != null)),
  ]);
  const problems: { field: string; key: string; params: Record<string, unknown> }[] = [];
  const factors = lines.map((l, i) => {
    const item = items.get(Number(l.item_id));
    if (!item) return new Decimal(0);
    const stock = units.get(item.stock_unit_id)!;
    const unit = l.unit_id == null ? stock : units.get(Number(l.unit_id));
    const factor = unit && conversionFactor(unit, stock);
    if (factor) return factor;
    problems.push({
      field: `lines/${i}/unit_id`,
      key: 'recipe.unitNotConvert',
      params: { line: i + 1, unit: unit?.code ?? String(l.unit_id), item: item.item, stock: stock.code },
    });
    return new Decimal(0);
  });
  if (problems.length) throw invalid(problems);
  return factors;
}

/** What the store gives for a line: the plate's quantity in stock units, grossed up by what trimming loses. */
const grossStockQuantity = (line: RecipeLine, factor: Decimal) =>
  new Decimal(line.quantity)
    .times(factor)
    .div(new Decimal(1).minus(new Decimal(line.waste_pct ?? 0).div(100)))
    .toDecimalPlaces(6, Decimal.ROUND_HALF_UP);

async function linesOf(db: Db, branchId: number, recipeIds: number[]): Promise<Map<number, RecipeLine[]>> {
  const { rows } = await sql<RecipeLine & { recipe_id: number }>`
    SELECT recipe_id::int AS recipe_id, id::int AS id, item_id::int AS item_id, stock_quantity::text AS stock_quantity
      FROM inv_recipe_line WHERE branch_id = ${branchId} AND recipe_id = ANY(${recipeIds}::bigint[]) ORDER BY line_no`.execute(db);
  const byRecipe = new Map<number, RecipeLine[]>();
  for (const r of rows) byRecipe.set(r.recipe_id, [...(byRecipe.get(r.recipe_id) ?? []), r]);
  return byRecipe;
}

/** The menu item's price and what of it is revenue (a nett price holds service and tax), per recipe. */
async function menuPrices(db: Db, branchId: number, recipeIds: number[]) {
  const { rows } = await sql<{
    id: number;
    price: string;
    service_pct: string | null;
    tax_pct: string | null;
    tax_on_service: boolean | null;
    price_mode: 'plus' | 'nett' | null;
  }>`
    SELECT r.id::int AS id, m.price::text AS price, ts.service_pct::text AS service_pct, ts.tax_pct::text AS tax_pct, ts.tax_on_service, ts.price_mode
      FROM inv_recipe r JOIN pos_menu m ON m.branch_id = r.branch_id AND m.id = r.menu_id
      JOIN outlet o ON o.branch_id = m.branch_id AND o.id = m.outlet_id
      LEFT JOIN tax_service ts ON ts.branch_id = o.branch_id AND ts.id = o.tax_service_id
     WHERE r.branch_id = ${branchId} AND r.id = ANY(${recipeIds}::bigint[])`.execute(db);
  return new Map(
    rows.map((r) => {
      const ts = r.price_mode
        ? { servicePct: r.service_pct!, taxPct: r.tax_pct!, taxOnService: r.tax_on_service!, priceMode: r.price_mode }
        : null;
      return [r.id, { price: new Decimal(r.price), net: new Decimal(splitCharge(r.price, ts).base) }];
    }),
  );
}

/**
 * Costs recipes at today's average (averageCost.ts): each line's unit cost and cost, the cost of one portion
 * (the lines' exact sum over the portions, shown to the rupiah), the menu's price and net price, and the cost
 * as a percentage of the net price — two decimals, from the unrounded cost.
 */
async function costRecipes(db: Db, branchId: number, rows: Record<string, unknown>[]) {
  const ids = rows.map((r) => Number(r.id));
  const stored = await linesOf(db, branchId, ids);
  const prices = await menuPrices(db, branchId, ids);
  const linesFor = (r: Record<string, unknown>) => (r.lines as RecipeLine[] | undefined) ?? stored.get(Number(r.id)) ?? [];
  const averages = await averageUnitCosts(db, branchId, [...new Set(rows.flatMap((r) => linesFor(r).map((l) => Number(l.item_id))))]);
  for (const r of rows) {
    let total = new Decimal(0);
    for (const l of linesFor(r)) {
      const unitCost = averages.get(Number(l.item_id)) ?? new Decimal(0);
      const cost = unitCost.times(l.stock_quantity ?? 0);
      total = total.plus(cost);
      l.unit_cost = unitCost.toFixed(4);
      l.cost = cost.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
    }
    const perPortion = total.div(Number(r.portions) || 1);
    const price = prices.get(Number(r.id));
    r.cost_per_portion = perPortion.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(2);
    r.price = price ? price.price.toFixed(2) : null;
    r.net_price = price ? price.net.toFixed(2) : null;
    r.cost_pct =
      price && price.net.gt(0) ? perPortion.div(price.net).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null;
  }
}

/**
 * A recipe: numbered RC-0001… when no number is given; every line's unit converts to its item's stock unit;
 * saved, each line's stock quantity (with its waste) and its cost as of that save are written back.
 */
export const recipeHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual) {
    if (mode === 'create' && !values.number) values.number = await nextNumber(c.trx, c.auth.branchId, 'inv_recipe', 'RC-');
    const lines = virtual.lines as RecipeLine[] | undefined;
    if (lines?.length) await stockFactors(c.trx, c.auth.branchId, lines);
  },
  async afterWrite(c, _mode, row) {
    const lines = (row.lines as RecipeLine[] | undefined) ?? [];
    if (!lines.length) return;
    const factors = await stockFactors(c.trx, c.auth.branchId, lines);
    lines.forEach((l, i) => (l.stock_quantity = grossStockQuantity(l, factors[i]).toFixed(6)));
    await costRecipes(c.trx, c.auth.branchId, [row]);
    const written = JSON.stringify(
      lines.map((l) => ({ id: l.id, stock_quantity: l.stock_quantity, unit_cost: l.unit_cost, cost: l.cost })),
    );
    await sql`
      UPDATE inv_recipe_line l SET stock_quantity = x.stock_quantity, unit_cost = x.unit_cost, cost = x.cost
        FROM jsonb_to_recordset(${written}::jsonb) AS x(id bigint, stock_quantity numeric, unit_cost numeric, cost numeric)
       WHERE l.branch_id = ${c.auth.branchId} AND l.id = x.id`.execute(c.trx);
  },
  async decorate(c, rows) {
    await costRecipes(c.trx, c.auth.branchId, rows);
  },
};
