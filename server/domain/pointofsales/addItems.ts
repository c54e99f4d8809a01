import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { conflict, invalid } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { ORDER, loadCheck, storeBillTotals } from './bill.js';
import { menuPrices, unitPrice } from './checks.js';

interface NewItem {
  menu_id: number;
  quantity: number;
  modifiers?: string;
  seat?: number;
  note?: string;
}

/**
 * The waiter's taps, added to an open bill without sending the whole bill back: each dish priced by the server
 * from the menu and its named modifiers, numbered after the bill's last line, the totals worked out again — the
 * same rules as a save of the bill, in a handful of statements, because a terminal adds dishes all evening.
 */
export const addItems = defineOp<{ id: number; items: NewItem[] }>({
  name: 'pointofsales.addItems',
  summary: 'Add dishes to an open bill (priced from the menu, numbered after its last line); answers the new totals',
  resource: ORDER,
  action: 'edit',
  input: {
    type: 'object',
    required: ['id', 'items'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': 'pointofsales/check' },
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 50,
        items: {
          type: 'object',
          required: ['menu_id', 'quantity'],
          additionalProperties: false,
          properties: {
            menu_id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': 'pointofsales/menu' },
            quantity: { type: 'integer', minimum: 1, maximum: 999 },
            modifiers: { type: 'string', maxLength: 200 },
            seat: { type: 'integer', minimum: 1, maximum: 40 },
            note: { type: 'string', maxLength: 120 },
          },
        },
      },
    },
  },
  handler: (c, input) => addToBill(c.trx, c.auth.branchId, input.id, input.items),
});

/**
 * The op's work inside its transaction, without what every command adds around it (session, idempotency key,
 * audit row): the benchmark times the API against exactly these statements.
 */
export async function addToBill(trx: Db, branchId: number, id: number, items: NewItem[]) {
  const check = await loadCheck(trx, branchId, id);
  if (check.status !== 'open') throw conflict('pos-check.notOpen', { number: check.number });
  if (new Decimal(check.paid).gt(0)) throw conflict('pos-check.paymentsStarted');
  const menus = await menuPrices(trx, branchId, check.outlet_id, [...new Set(items.map((i) => i.menu_id))]);
  const rows = items.map((i, n) => {
    const menu = menus.get(i.menu_id);
    if (!menu) throw invalid([{ field: `items/${n}/menu_id`, key: 'pos-check.menuNotSold', params: {} }]);
    const price = unitPrice(menu, i.modifiers);
    return {
      n: n + 1,
      menu_id: i.menu_id,
      quantity: i.quantity,
      modifiers: i.modifiers?.trim() || null,
      seat: i.seat ?? null,
      note: i.note?.trim() || null,
      unit_price: price.toFixed(2),
      amount: price.mul(i.quantity).toFixed(2),
    };
  });
  await sql`
    INSERT INTO pos_check_item (branch_id, check_id, line_no, menu_id, quantity, modifiers, seat, note, unit_price, amount)
    SELECT ${branchId}, ${check.id},
           coalesce((SELECT max(line_no) FROM pos_check_item WHERE branch_id = ${branchId} AND check_id = ${check.id}), 0) + x.n,
           x.menu_id, x.quantity, x.modifiers, x.seat, x.note, x.unit_price, x.amount
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS x(n int, menu_id bigint, quantity int, modifiers text, seat int, note text, unit_price numeric, amount numeric)`.execute(trx);
  const totals = await storeBillTotals(trx, branchId, check, true);
  return { id: check.id, added: rows.length, subtotal: totals.subtotal, service: totals.service, tax: totals.tax, total: totals.total };
}
