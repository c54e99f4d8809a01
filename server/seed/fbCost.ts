import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { postJournal, type PostingLine } from '../domain/gl/post.js';
import { moveStock } from '../domain/inventory/ledger.js';
import { loadCheck, storeBillTotals } from '../domain/pointofsales/bill.js';
import { closingLines } from '../domain/pointofsales/payments.js';
import { conversionFactor, loadUnits } from '../domain/purchasing/units.js';

/** What each main group's revenue counts as in the F&B cost reports. */
const COST_KINDS: Record<string, string> = { FOOD: 'food', BEV: 'beverage' };

type Ingredient = [item: string, quantity: string, unit: string, waste?: string];
/** The restaurant's and the lounge's recipes, one portion each: [menu code, ingredients]. */
const RECIPES: [string, Ingredient[]][] = [
  [
    'A01',
    [
      ['F-005', '250', 'G', '10'],
      ['F-022', '0.05', 'BTL'],
      ['F-008', '20', 'G'],
      ['F-007', '20', 'ML'],
    ],
  ],
  [
    'A02',
    [
      ['F-018', '1', 'PCS'],
      ['F-017', '1', 'PCS'],
      ['F-006', '1', 'PCS'],
      ['F-013', '100', 'G', '10'],
      ['F-014', '50', 'G', '10'],
      ['F-019', '100', 'ML'],
      ['F-010', '20', 'G'],
    ],
  ],
  [
    'A04',
    [
      ['F-018', '2', 'PCS'],
      ['F-006', '2', 'PCS'],
      ['F-022', '0.05', 'BTL'],
      ['F-008', '20', 'G'],
      ['F-007', '50', 'ML'],
      ['F-010', '30', 'G'],
    ],
  ],
  [
    'S01',
    [
      ['F-004', '200', 'G', '30'],
      ['F-006', '1', 'PCS'],
      ['F-008', '20', 'G'],
      ['F-009', '15', 'G'],
      ['F-001', '150', 'G'],
    ],
  ],
  [
    'M01',
    [
      ['F-003', '200', 'G', '10'],
      ['F-019', '150', 'ML'],
      ['F-010', '30', 'G'],
      ['F-008', '30', 'G'],
      ['F-009', '15', 'G'],
      ['F-001', '150', 'G'],
    ],
  ],
  [
    'M02',
    [
      ['F-004', '450', 'G', '25'],
      ['F-011', '15', 'G'],
      ['F-022', '0.05', 'BTL'],
      ['F-007', '20', 'ML'],
      ['F-001', '150', 'G'],
    ],
  ],
  [
    'M05',
    [
      ['F-004', '350', 'G', '25'],
      ['F-021', '50', 'G'],
      ['F-007', '100', 'ML'],
      ['F-001', '150', 'G'],
    ],
  ],
  [
    'R01',
    [
      ['F-001', '200', 'G'],
      ['F-005', '150', 'G', '20'],
      ['F-006', '2', 'PCS'],
      ['F-007', '30', 'ML'],
      ['F-008', '20', 'G'],
      ['F-009', '10', 'G'],
      ['F-022', '0.05', 'BTL'],
      ['F-010', '20', 'G'],
    ],
  ],
  [
    'R02',
    [
      ['F-021', '150', 'G'],
      ['F-006', '2', 'PCS'],
      ['F-005', '100', 'G', '20'],
      ['F-015', '30', 'G'],
      ['F-014', '50', 'G', '10'],
      ['F-022', '0.05', 'BTL'],
      ['F-007', '30', 'ML'],
      ['F-008', '20', 'G'],
    ],
  ],
  ['R06', [['F-001', '250', 'G']]],
  [
    'D03',
    [
      ['F-021', '80', 'G'],
      ['F-020', '30', 'G'],
      ['F-024', '20', 'G'],
      ['F-025', '100', 'ML'],
      ['F-006', '1', 'PCS'],
      ['F-007', '100', 'ML'],
    ],
  ],
  [
    'C01',
    [
      ['B-007', '15', 'G'],
      ['F-020', '15', 'G'],
    ],
  ],
  [
    'C02',
    [
      ['B-006', '18', 'G'],
      ['F-025', '150', 'ML'],
    ],
  ],
  [
    'C03',
    [
      ['B-006', '18', 'G'],
      ['F-025', '120', 'ML'],
      ['F-020', '20', 'G'],
    ],
  ],
  [
    'C04',
    [
      ['B-008', '2', 'PCS'],
      ['F-025', '150', 'ML'],
      ['F-020', '20', 'G'],
    ],
  ],
  [
    'J02',
    [
      ['B-009', '250', 'ML'],
      ['F-020', '15', 'G'],
    ],
  ],
  ['W01', [['B-002', '1', 'BTL']]],
  ['W02', [['B-004', '1', 'BTL']]],
  ['B01', [['B-001', '1', 'BTL']]],
];

/** A day's paid bills: [outlet, [menu code, quantity]…]. The restaurant sells food, the lounge drinks. */
const BILLS: [string, [string, number][]][] = [
  [
    'RESTO',
    [
      ['R01', 2],
      ['A01', 1],
      ['R06', 2],
    ],
  ],
  [
    'RESTO',
    [
      ['M01', 2],
      ['S01', 1],
      ['R06', 1],
    ],
  ],
  [
    'RESTO',
    [
      ['M02', 1],
      ['A02', 1],
      ['D03', 2],
    ],
  ],
  [
    'RESTO',
    [
      ['R02', 3],
      ['A04', 1],
    ],
  ],
  [
    'RESTO',
    [
      ['M05', 2],
      ['R01', 1],
      ['R06', 2],
    ],
  ],
  [
    'RESTO',
    [
      ['S01', 2],
      ['A01', 2],
      ['D03', 1],
    ],
  ],
  [
    'RESTO',
    [
      ['M01', 1],
      ['M02', 2],
      ['R06', 3],
      ['A02', 1],
    ],
  ],
  [
    'RESTO',
    [
      ['R01', 3],
      ['R02', 1],
    ],
  ],
  [
    'LOUNGE',
    [
      ['J02', 3],
      ['W02', 2],
    ],
  ],
  [
    'LOUNGE',
    [
      ['C02', 2],
      ['C03', 2],
      ['W01', 2],
    ],
  ],
  [
    'LOUNGE',
    [
      ['C03', 3],
      ['J02', 2],
    ],
  ],
  [
    'LOUNGE',
    [
      ['C01', 2],
      ['C04', 2],
      ['W01', 1],
    ],
  ],
  [
    'LOUNGE',
    [
      ['C02', 2],
      ['W02', 1],
    ],
  ],
];

/** How many days before the business date the demo's restaurant and lounge have traded (within its month). */
const DAYS = 7;

/** What the kitchen and the bar draw from the main store over what the recipes need: trim, spills, tastings. */
const OVER_RECIPE = new Decimal('1.03');

/**
 * F&B cost control in the demo: in every property the main groups' food and beverage kinds and the recipes of
 * the restaurant's, the lounge's and the pool bar's menus; in the Bali resort the week before the business
 * date: each day's paid bills and the main store's requisitions to the kitchen and the bar for them — so the F&B
 * flash (month to date), the reconciliations and the cost-control dashboard show real trading. Bandung's ledger
 * and bills stay as they were (its November is what the other modules' tests count to the rupiah), and neither
 * property has traded on the business date itself yet.
 */
export async function seedFbCost(db: Db, branchIds: number[], resort: number, businessDate: string) {
  for (const branchId of branchIds)
    for (const [code, kind] of Object.entries(COST_KINDS))
      await sql`UPDATE pos_main_group SET cost_kind = ${kind} WHERE branch_id = ${branchId} AND code = ${code}`.execute(db);
  for (const branchId of branchIds) await seedRecipes(db, branchId);
  let last: string | undefined;
  for (let day = DAYS; day >= 1; day--) {
    const date = dayjs(businessDate).subtract(day, 'day').format('YYYY-MM-DD');
    if (date.slice(0, 7) !== businessDate.slice(0, 7)) continue;
    await seedBills(db, resort, date, day);
    await seedRequisitions(db, resort, date);
    last = date;
  }
  if (last) for (const store of ['KIT', 'BAR']) await seedCount(db, resort, store, last);
}

async function idsOf(db: Db, branchId: number, table: string, where = sql`true`) {
  const { rows } = await sql<{ id: number; code: string }>`
    SELECT id::int AS id, code FROM ${sql.table(table)} WHERE branch_id = ${branchId} AND ${where}`.execute(db);
  return new Map(rows.map((r) => [r.code, r.id]));
}

async function seedRecipes(db: Db, branchId: number) {
  const items = await idsOf(db, branchId, 'inv_item');
  const units = await idsOf(db, branchId, 'inv_unit');
  const { rows: stockUnits } = await sql<{ id: number; stock_unit_id: number }>`
    SELECT id::int AS id, stock_unit_id::int AS stock_unit_id FROM inv_item WHERE branch_id = ${branchId}`.execute(db);
  const stockUnitOf = new Map(stockUnits.map((r) => [r.id, r.stock_unit_id]));
  const unitRows = await loadUnits(db, branchId, [...units.values()]);
  let n = 0;
  for (const outlet of ['RESTO', 'LOUNGE', 'POOL']) {
    const outletId = (await idsOf(db, branchId, 'outlet')).get(outlet);
    if (!outletId) continue;
    const menus = await idsOf(db, branchId, 'pos_menu', sql`outlet_id = ${outletId}`);
    for (const [menu, ingredients] of RECIPES) {
      const menuId = menus.get(menu);
      if (!menuId) continue;
      const number = `RC-${String(++n).padStart(4, '0')}`;
      const { rows } = await sql<{ id: number }>`
        INSERT INTO inv_recipe (branch_id, number, outlet_id, menu_id, portions) VALUES (${branchId}, ${number}, ${outletId}, ${menuId}, 1)
        RETURNING id`.execute(db);
      for (const [i, [item, quantity, unit, waste]] of ingredients.entries()) {
        const itemId = items.get(item)!;
        const factor = conversionFactor(unitRows.get(units.get(unit)!)!, unitRows.get(stockUnitOf.get(itemId)!)!)!;
        const stock = new Decimal(quantity).times(factor).div(new Decimal(1).minus(new Decimal(waste ?? 0).div(100)));
        await sql`
          INSERT INTO inv_recipe_line (branch_id, recipe_id, line_no, item_id, unit_id, quantity, waste_pct, stock_quantity)
          VALUES (${branchId}, ${rows[0].id}, ${i + 1}, ${itemId}, ${units.get(unit)!}, ${quantity}, ${waste ?? null}, ${stock.toDecimalPlaces(6).toFixed(6)})`.execute(
          db,
        );
      }
    }
  }
}

/**
 * One day's bills as the point of sale closes them, paid by Visa in a closed card-only shift of the
 * administrator's: the card against the outlets' clearing account, then the bill's revenue by group, service and tax
 * against it (pointofsales/payments.ts). A past day's journals are dated that day, in the open month.
 */
async function seedBills(db: Db, branchId: number, date: string, day: number) {
  const { rows: people } = await sql<{ id: number; visa: number; visa_account: string; cash: number }>`
    SELECT u.id::int AS id, p.id::int AS visa, p.gl_account AS visa_account,
           (SELECT id::int FROM gl_account WHERE branch_id = ${branchId} AND code = '1101.01') AS cash
      FROM app_user u, pay_article p WHERE u.username = 'admin' AND p.branch_id = ${branchId} AND p.code = 'VISA'`.execute(db);
  const { id: userId, visa, visa_account: visaAccount, cash } = people[0];
  const outlets = await idsOf(db, branchId, 'outlet');
  const shifts = new Map<string, number>();
  const post = (key: string, sourceType: string, sourceId: number, description: string, lines: PostingLine[]) =>
    postJournal(db, branchId, userId, {
      date,
      dating: 'open-period',
      source: 'pointofsales',
      sourceType,
      sourceId,
      key,
      description,
      lines,
    });
  for (const [n, [outlet, lines]] of BILLS.entries()) {
    const outletId = outlets.get(outlet)!;
    if (!shifts.has(outlet)) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO gc_shift (branch_id, user_id, business_date, cash_account_id, opening_float, status, closed_at, expected, counted, difference, box, outlet_id)
        VALUES (${branchId}, ${userId}, ${date}, ${cash}, 0, 'closed', ${`${date} 23:00:00+07`}, 0, 0, 0, 'pos', ${outletId}) RETURNING id`.execute(
        db,
      );
      shifts.set(outlet, Number(rows[0].id));
    }
    const menus = await idsOf(db, branchId, 'pos_menu', sql`outlet_id = ${outletId}`);
    const number = `B-${date.slice(2).replaceAll('-', '')}-${String(n + 1).padStart(4, '0')}`;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO pos_check (branch_id, number, outlet_id, covers, business_date, created_by)
      VALUES (${branchId}, ${number}, ${outletId}, ${lines.length}, ${date}, ${userId}) RETURNING id`.execute(db);
    const checkId = Number(rows[0].id);
    // the same tables order a little more on alternate days
    for (const [i, [menu, quantity]] of lines.entries())
      await sql`
        INSERT INTO pos_check_item (branch_id, check_id, line_no, menu_id, quantity, unit_price, amount, status, sent_at, ready_at)
        SELECT ${branchId}, ${checkId}, ${i + 1}, m.id, ${quantity + ((day + i) % 2)}, m.price, m.price * ${quantity + ((day + i) % 2)}, 'ready', now(), now()
          FROM pos_menu m WHERE m.branch_id = ${branchId} AND m.id = ${menus.get(menu)!}`.execute(db);
    const check = await loadCheck(db, branchId, checkId);
    const totals = await storeBillTotals(db, branchId, check);
    const description = `${check.outlet_name} bill ${number}`;
    const clearing = { type: 'pos_check', id: checkId };
    const key = `pos-pay:${crypto.randomUUID()}`;
    const paid = await post(key, 'pos_payment', checkId, description, [
      { account: visaAccount, amount: totals.total, description: `${description} Visa` },
      { role: 'pos_clearing', amount: new Decimal(totals.total).neg(), subledger: clearing, description },
    ]);
    await sql`
      INSERT INTO pos_payment (branch_id, check_id, shift_id, kind, pay_article_id, amount, card_last4, journal_id, posting_key, created_by)
      VALUES (${branchId}, ${checkId}, ${shifts.get(outlet)!}, 'card', ${visa}, ${totals.total}, ${String(4100 + n * 37 + day)}, ${paid.id}, ${key}, ${userId})`.execute(
      db,
    );
    const closed = await post(`pos-check:${checkId}:close`, 'pos_check', checkId, description, closingLines(check, totals, description));
    await sql`
      UPDATE pos_check SET status = 'paid', paid = total, closed_at = ${`${date} 21:00:00+07`}, closed_by = ${userId}, journal_id = ${closed.id}
       WHERE branch_id = ${branchId} AND id = ${checkId}`.execute(db);
  }
}

/**
 * The main store's requisitions for a day, issued: to the kitchen what the restaurant's bills need by the
 * recipes, to the bar the lounge's, each over the recipes by OVER_RECIPE and rounded up to what a storekeeper
 * weighs out (a tenth of a kilo or litre, ten grams, whole pieces and bottles).
 */
async function seedRequisitions(db: Db, branchId: number, date: string) {
  const stores = await idsOf(db, branchId, 'inv_store');
  for (const [outlet, store] of [
    ['RESTO', 'KIT'],
    ['LOUNGE', 'BAR'],
  ]) {
    const outletId = (await idsOf(db, branchId, 'outlet')).get(outlet)!;
    const { rows: sold } = await sql<{ menu_id: number; quantity: number }>`
      SELECT ci.menu_id::int AS menu_id, sum(ci.quantity)::int AS quantity
        FROM pos_check c JOIN pos_check_item ci ON ci.branch_id = c.branch_id AND ci.check_id = c.id
       WHERE c.branch_id = ${branchId} AND c.business_date = ${date} AND c.outlet_id = ${outletId} AND c.status = 'paid'
       GROUP BY ci.menu_id`.execute(db);
    const { rows: recipeLines } = await sql<{ menu_id: number; item_id: number; code: string; unit: string; per_portion: string }>`
      SELECT r.menu_id::int AS menu_id, rl.item_id::int AS item_id, i.code, u.code AS unit, (rl.stock_quantity / r.portions)::text AS per_portion
        FROM inv_recipe r JOIN inv_recipe_line rl ON rl.branch_id = r.branch_id AND rl.recipe_id = r.id
        JOIN inv_item i ON i.branch_id = rl.branch_id AND i.id = rl.item_id
        JOIN inv_unit u ON u.branch_id = i.branch_id AND u.id = i.stock_unit_id
       WHERE r.branch_id = ${branchId} AND r.outlet_id = ${outletId}`.execute(db);
    const byItem = new Map<number, { code: string; unit: string; quantity: Decimal }>();
    for (const s of sold)
      for (const l of recipeLines.filter((x) => x.menu_id === s.menu_id)) {
        const need = byItem.get(l.item_id) ?? { code: l.code, unit: l.unit, quantity: new Decimal(0) };
        need.quantity = need.quantity.plus(new Decimal(l.per_portion).times(s.quantity));
        byItem.set(l.item_id, need);
      }
    const needs = [...byItem.entries()].sort((a, b) => a[1].code.localeCompare(b[1].code)).map(([item_id, n]) => ({ item_id, ...n }));
    const step = (unit: string) => new Decimal(['KG', 'L'].includes(unit) ? '0.1' : unit === 'G' || unit === 'ML' ? '10' : '1');
    const lines = needs.map((l) => {
      const s = step(l.unit);
      return { item: l.item_id, quantity: l.quantity.times(OVER_RECIPE).div(s).ceil().times(s) };
    });
    const number = `SR-${date.replaceAll('-', '')}-${store}`;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO inv_requisition (branch_id, number, date, from_store_id, to_store_id, requested_by, description, status, issued_date)
      VALUES (${branchId}, ${number}, ${date}, ${stores.get('MAIN')!}, ${stores.get(store)!}, 'Chef Andi Wijaya',
              'Mise en place for the day', 'issued', ${date}) RETURNING id`.execute(db);
    const id = Number(rows[0].id);
    const moved = await moveStock(
      db,
      branchId,
      null,
      { kind: 'requisition', id, number, date },
      lines.map((l) => ({ storeId: stores.get('MAIN')!, itemId: l.item, transfer: l.quantity, toStoreId: stores.get(store)! })),
    );
    for (const [i, l] of lines.entries())
      await sql`
        INSERT INTO inv_requisition_line (branch_id, requisition_id, line_no, item_id, quantity, issued_quantity, stock_quantity, unit_cost, value)
        VALUES (${branchId}, ${id}, ${i + 1}, ${l.item}, ${l.quantity.toFixed(3)}, ${l.quantity.toFixed(3)}, ${l.quantity.toFixed(3)},
                ${moved[i].unitCost.toFixed(4)}, ${moved[i].value.toFixed(2)})`.execute(db);
    const total = moved.reduce((s, m) => s.plus(m.value), new Decimal(0));
    await sql`UPDATE inv_requisition SET total = ${total.toFixed(2)} WHERE branch_id = ${branchId} AND id = ${id}`.execute(db);
  }
}

/** What the kitchen and the bar still hold of what they were given at the week's end: a little of each. */
const LEFT_OVER = new Decimal('0.04');

/**
 * The kitchen's and the bar's count at the end of the last trading day: of what the week's requisitions
 * brought in, LEFT_OVER is still on the shelf (rounded down to whole units of a tenth); the rest was cooked and
 * poured, so the count's adjustment is the F&B stores' consumption the month's reconciliation finds.
 */
async function seedCount(db: Db, branchId: number, store: string, date: string) {
  const storeId = (await idsOf(db, branchId, 'inv_store')).get(store)!;
  const { rows } = await sql<{ item_id: number; on_hand: string; brought: string }>`
    SELECT b.item_id::int AS item_id, b.quantity::text AS on_hand, sum(m.quantity)::text AS brought
      FROM inv_balance b JOIN inv_movement m ON m.branch_id = b.branch_id AND m.store_id = b.store_id AND m.item_id = b.item_id
     WHERE b.branch_id = ${branchId} AND b.store_id = ${storeId} AND m.kind = 'requisition' AND m.quantity > 0
     GROUP BY b.item_id, b.quantity ORDER BY b.item_id`.execute(db);
  const lines = rows.map((r) => ({
    item: r.item_id,
    counted: new Decimal(r.on_hand)
      .minus(new Decimal(r.brought).times(new Decimal(1).minus(LEFT_OVER)))
      .toDecimalPlaces(1, Decimal.ROUND_DOWN),
  }));
  const number = `SC-${date.replaceAll('-', '')}-${store}`;
  const { rows: doc } = await sql<{ id: number }>`
    INSERT INTO inv_count (branch_id, number, date, store_id, description, status)
    VALUES (${branchId}, ${number}, ${date}, ${storeId}, 'Closing count of the week', 'posted') RETURNING id`.execute(db);
  const id = Number(doc[0].id);
  const moved = await moveStock(
    db,
    branchId,
    null,
    { kind: 'adjustment', id, number, date },
    lines.map((l) => ({ storeId, itemId: l.item, countedTo: l.counted })),
  );
  for (const [i, l] of lines.entries())
    await sql`
      INSERT INTO inv_count_line (branch_id, count_id, line_no, item_id, counted_quantity, book_quantity, difference, unit_cost, value)
      VALUES (${branchId}, ${id}, ${i + 1}, ${l.item}, ${l.counted.toFixed(3)}, ${moved[i].book?.toFixed(3) ?? null}, ${moved[i].quantity.toFixed(3)},
              ${moved[i].unitCost.toFixed(4)}, ${moved[i].value.toFixed(2)})`.execute(db);
  const total = moved.reduce((s, m) => s.plus(m.value), new Decimal(0));
  await sql`UPDATE inv_count SET total = ${total.toFixed(2)} WHERE branch_id = ${branchId} AND id = ${id}`.execute(db);
}
