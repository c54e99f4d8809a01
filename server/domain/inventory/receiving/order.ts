import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { stockFactors } from '../units.js';

/** What a receipt takes from the purchase order it is against. */
export interface Order {
  id: number;
  number: string;
  supplier_id: number;
  tax_rate: string;
  status: string;
}

export interface OrderLine {
  id: number;
  item_id: number;
  unit_id: number;
  quantity: string;
  received_quantity: string;
  unit_price: string;
}

const RECEIVABLE = ['approved', 'sent', 'partially_received'];

export async function loadOrder(trx: Db, branchId: number, id: number): Promise<Order> {
  const { rows } = await sql<Order>`
    SELECT id::int AS id, number, supplier_id::int AS supplier_id, tax_rate::text AS tax_rate, status
      FROM purchase_order WHERE branch_id = ${branchId} AND id = ${id}`.execute(trx);
  if (!rows[0]) throw badRequest('receiving.orderUnknown');
  return rows[0];
}

/** Goods come in only against an order approved or sent to the supplier and not yet fully received. */
export function refuseUnreceivable(order: Order) {
  if (!RECEIVABLE.includes(order.status)) throw conflict('purchase-order.notReceivable', { number: order.number, status: order.status });
}

export async function orderLines(trx: Db, branchId: number, orderId: number): Promise<OrderLine[]> {
  const { rows } = await sql<OrderLine>`
    SELECT id::int AS id, item_id::int AS item_id, unit_id::int AS unit_id, quantity::text AS quantity,
           received_quantity::text AS received_quantity, unit_price::text AS unit_price
      FROM purchase_order_line WHERE branch_id = ${branchId} AND purchase_order_id = ${orderId} ORDER BY line_no`.execute(trx);
  return rows;
}

/** The order's lines still to come, as receipt lines: the quantity outstanding at the ordered price and unit. */
export function outstandingLines(lines: OrderLine[]) {
  return lines
    .map((l) => ({ l, left: new Decimal(l.quantity).minus(l.received_quantity) }))
    .filter(({ left }) => left.gt(0))
    .map(({ l, left }) => ({
      item_id: l.item_id,
      unit_id: l.unit_id,
      po_line_id: l.id,
      outstanding_quantity: left.toFixed(3),
      quantity: left.toFixed(3),
      price: l.unit_price,
    }));
}

/** Each order line's price per stock unit of its item (a case at 660.000 is 27.500 a bottle). */
export async function orderPricesPerStock(trx: Db, branchId: number, lines: OrderLine[]) {
  const factors = await stockFactors(trx, branchId, lines);
  return new Map(lines.map((l, i) => [l.id, new Decimal(l.unit_price).div(factors[i])]));
}

/**
 * The quantities a receipt's lines make in their order lines' units (a receipt counted in bottles against an
 * order in cases gives the cases), for applyReceipt and reverseReceipt.
 */
export async function inOrderUnits(
  trx: Db,
  branchId: number,
  orderId: number,
  lines: { po_line_id?: number | null; stock_quantity: Decimal }[],
) {
  const byId = new Map((await orderLines(trx, branchId, orderId)).map((l) => [l.id, l]));
  const against = lines.filter((l) => l.po_line_id != null && byId.has(Number(l.po_line_id)));
  const factors = await stockFactors(
    trx,
    branchId,
    against.map((l) => byId.get(Number(l.po_line_id))!),
  );
  return against.map((l, i) => ({
    purchaseOrderLineId: Number(l.po_line_id),
    quantity: l.stock_quantity.div(factors[i]).toDecimalPlaces(3, Decimal.ROUND_HALF_UP),
  }));
}
