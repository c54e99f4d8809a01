import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { moveStock } from '../domain/inventory/ledger.js';

/** [code, name, kind, outlet code, department code, item group it keeps (the main store keeps every one)] */
const STORES: [string, string, string, string | null, string, string | null][] = [
  ['MAIN', 'Main store', 'main', null, 'FB', null],
  ['KIT', 'Main kitchen', 'kitchen', 'RESTO', 'FB', 'FOOD'],
  ['BAR', 'Lobby Lounge bar', 'bar', 'LOUNGE', 'FB', 'BEV'],
  ['HK', 'Housekeeping store', 'housekeeping', null, 'HK', 'HK'],
];

/**
 * The stores of every property and their opening stock on the first of the business month: the main store
 * halfway between each item's minimum and maximum, the kitchen, the bar and housekeeping half their group's
 * minimum, at the item's last price. The ledger's balances brought forward already hold this stock, so the
 * property names no opening account and the opening stock makes no journal.
 */
export async function seedInventory(db: Db, branchIds: number[], businessDate: string) {
  const date = dayjs(businessDate).startOf('month').format('YYYY-MM-DD');
  for (const branchId of branchIds) {
    for (const [code, name, kind, outlet, department, group] of STORES) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO inv_store (branch_id, code, name, kind, outlet_id, department_id)
        VALUES (${branchId}, ${code}, ${name}, ${kind},
                (SELECT id FROM outlet WHERE branch_id = ${branchId} AND code = ${outlet}),
                (SELECT id FROM department WHERE branch_id = ${branchId} AND code = ${department}))
        RETURNING id`.execute(db);
      await openingStock(db, branchId, Number(rows[0].id), code, group, date);
    }
  }
}

async function openingStock(db: Db, branchId: number, storeId: number, store: string, group: string | null, date: string) {
  const { rows: items } = await sql<{ id: number; min_stock: string; max_stock: string; last_price: string }>`
    SELECT i.id, i.min_stock, i.max_stock, i.last_price FROM inv_item i JOIN inv_item_group g ON g.branch_id = i.branch_id AND g.id = i.group_id
     WHERE i.branch_id = ${branchId} AND i.active AND i.last_price IS NOT NULL AND (${group}::text IS NULL OR g.code = ${group}) ORDER BY i.code`.execute(
    db,
  );
  const lines = items
    .map((i) => {
      const quantity = group
        ? new Decimal(i.min_stock ?? 0).div(2).floor()
        : new Decimal(i.min_stock ?? 0)
            .plus(i.max_stock ?? 0)
            .div(2)
            .floor();
      return { item: Number(i.id), quantity, value: quantity.times(i.last_price).toDecimalPlaces(2) };
    })
    .filter((l) => l.quantity.gt(0));
  if (!lines.length) return;
  const number = `OS-${date.slice(0, 7).replace('-', '')}-${store}`;
  const total = lines.reduce((s, l) => s.plus(l.value), new Decimal(0));
  const { rows } = await sql<{ id: number }>`
    INSERT INTO inv_opening (branch_id, number, date, store_id, description, status, total)
    VALUES (${branchId}, ${number}, ${date}, ${storeId}, 'Stock brought forward', 'posted', ${total.toFixed(2)}) RETURNING id`.execute(db);
  const id = Number(rows[0].id);
  await sql`
    INSERT INTO inv_opening_line (branch_id, opening_id, line_no, item_id, quantity, value, stock_quantity, unit_cost)
    SELECT ${branchId}, ${id}, x.line_no, x.item_id, x.quantity, x.value, x.quantity, round(x.value / x.quantity, 4)
      FROM jsonb_to_recordset(${JSON.stringify(
        lines.map((l, n) => ({ line_no: n + 1, item_id: l.item, quantity: l.quantity.toFixed(3), value: l.value.toFixed(2) })),
      )}::jsonb) AS x(line_no int, item_id bigint, quantity numeric, value numeric)`.execute(db);
  await moveStock(
    db,
    branchId,
    null,
    { kind: 'opening', id, number, date },
    lines.map((l) => ({ storeId, itemId: l.item, receive: l.quantity, value: l.value })),
  );
}
