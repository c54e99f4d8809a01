/**
 * Receiving against a purchase order — the interface the receiving document (inventory) calls, in its own
 * transaction:
 *
 *   applyReceipt(trx, branchId, purchaseOrderId, [{ purchaseOrderLineId, quantity }], receivedOn)
 *     quantity is in the PO line's unit (a string or Decimal, > 0, at most 3 decimals). Locks the order; refuses
 *     an order that is not approved, sent or partially received (409), a line of another order (400), and more
 *     than ordered plus the property's purchase_receipt_tolerance percent (400, naming the line, the item and
 *     by how much). Adds to received_quantity, sets the order partially_received or received, and stamps the
 *     supplier's last delivery (never moved back by an older receipt).
 *   reverseReceipt(trx, branchId, purchaseOrderId, lines, receivedOn)
 *     the same lines of a cancelled receipt, subtracted: never below zero; a received (or closed) order goes back
 *     to partially received, or to sent when nothing is left received.
 *
 * Neither writes the stock ledger: the receiving document moves the stock and keeps its own audit row.
 */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { formatDate, formatQuantity } from '../../../../src/core/format/format.js';

export interface ReceiptLine {
  purchaseOrderLineId: number;
  quantity: Decimal | string;
}

interface OrderLine {
  id: number;
  line_no: number;
  item: string;
  unit: string;
  quantity: string;
  received_quantity: string;
}

const RECEIVABLE = ['approved', 'sent', 'partially_received'];

/** Adds a receipt's quantities to the order's lines (see the note above). */
export async function applyReceipt(trx: Db, branchId: number, purchaseOrderId: number, lines: ReceiptLine[], receivedOn: string) {
  const order = await lockOrder(trx, branchId, purchaseOrderId);
  if (!RECEIVABLE.includes(order.status)) throw conflict('purchase-order.notReceivable', { number: order.number, status: order.status });
  const tolerance = new Decimal(order.tolerance).div(100);
  const current = await orderLines(trx, branchId, purchaseOrderId);
  const next = changed(current, lines, order.number, (line, q) => {
    const after = new Decimal(line.received_quantity).plus(q);
    const allowed = new Decimal(line.quantity).times(tolerance.plus(1)).toDecimalPlaces(3, Decimal.ROUND_DOWN);
    if (after.gt(allowed))
      throw badRequest('purchase-order.overReceived', {
        number: order.number,
        line: line.line_no,
        item: line.item,
        ordered: formatQuantity(line.quantity),
        received: formatQuantity(line.received_quantity),
        over: formatQuantity(after.minus(allowed).toFixed(3)),
        unit: line.unit,
      });
    return after;
  });
  await writeReceived(trx, branchId, next);
  await settleStatus(trx, branchId, purchaseOrderId);
  await sql`
    UPDATE pur_supplier SET last_delivery = GREATEST(last_delivery, ${receivedOn}::date)
     WHERE branch_id = ${branchId} AND id = ${order.supplier_id}`.execute(trx);
}

/** Takes a cancelled receipt's quantities off the order's lines (see the note above). */
export async function reverseReceipt(trx: Db, branchId: number, purchaseOrderId: number, lines: ReceiptLine[], receivedOn: string) {
  const order = await lockOrder(trx, branchId, purchaseOrderId);
  if (!['partially_received', 'received', 'closed'].includes(order.status))
    throw conflict('purchase-order.nothingReceived', { number: order.number, date: formatDate(receivedOn) });
  const current = await orderLines(trx, branchId, purchaseOrderId);
  const next = changed(current, lines, order.number, (line, q) => {
    const after = new Decimal(line.received_quantity).minus(q);
    if (after.isNegative())
      throw badRequest('purchase-order.reversedTooMuch', {
        number: order.number,
        line: line.line_no,
        item: line.item,
        received: formatQuantity(line.received_quantity),
        unit: line.unit,
      });
    return after;
  });
  await writeReceived(trx, branchId, next);
  await settleStatus(trx, branchId, purchaseOrderId);
}

async function lockOrder(trx: Db, branchId: number, id: number) {
  const { rows } = await sql<{ number: string; status: string; supplier_id: number; tolerance: string }>`
    SELECT o.number, o.status, o.supplier_id::int AS supplier_id, s.purchase_receipt_tolerance::text AS tolerance
      FROM purchase_order o JOIN hotel_setup s ON s.branch_id = o.branch_id
     WHERE o.branch_id = ${branchId} AND o.id = ${id}
       FOR UPDATE OF o`.execute(trx);
  if (!rows[0]) throw notFound('purchase-order');
  return rows[0];
}

async function orderLines(trx: Db, branchId: number, orderId: number) {
  const { rows } = await sql<OrderLine>`
    SELECT l.id::int AS id, l.line_no, i.code || ' ' || i.name AS item, u.code AS unit,
           l.quantity::text AS quantity, l.received_quantity::text AS received_quantity
      FROM purchase_order_line l
      JOIN inv_item i ON i.branch_id = l.branch_id AND i.id = l.item_id
      JOIN inv_unit u ON u.branch_id = l.branch_id AND u.id = l.unit_id
     WHERE l.branch_id = ${branchId} AND l.purchase_order_id = ${orderId}`.execute(trx);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The received quantity each touched line ends with; a line given twice counts twice. */
function changed(
  current: Map<number, OrderLine>,
  lines: ReceiptLine[],
  number: string,
  apply: (line: OrderLine, quantity: Decimal) => Decimal,
): Map<number, Decimal> {
  const next = new Map<number, Decimal>();
  lines.forEach((l, i) => {
    const line = current.get(Number(l.purchaseOrderLineId));
    if (!line) throw badRequest('purchase-order.lineNotOfOrder', { line: i + 1, number });
    const q = new Decimal(l.quantity);
    if (!q.isFinite() || q.lte(0) || q.decimalPlaces() > 3) throw badRequest('purchase-order.receiptQuantity', { line: line.line_no });
    const after = apply({ ...line, received_quantity: (next.get(line.id) ?? new Decimal(line.received_quantity)).toFixed(3) }, q);
    next.set(line.id, after);
  });
  return next;
}

async function writeReceived(trx: Db, branchId: number, next: Map<number, Decimal>) {
  const rows = JSON.stringify([...next].map(([id, q]) => ({ id, q: q.toFixed(3) })));
  await sql`
    UPDATE purchase_order_line l SET received_quantity = x.q
      FROM jsonb_to_recordset(${rows}::jsonb) AS x(id bigint, q numeric)
     WHERE l.branch_id = ${branchId} AND l.id = x.id`.execute(trx);
}

/** received when every line has all it ordered, partially when some came, sent when nothing is left. */
async function settleStatus(trx: Db, branchId: number, orderId: number) {
  await sql`
    UPDATE purchase_order o
       SET status = CASE WHEN x.all_in THEN CASE WHEN o.status = 'closed' THEN 'closed' ELSE 'received' END
                         WHEN x.any_in THEN 'partially_received'
                         ELSE 'sent' END,
           version = o.version + 1, updated_at = now()
      FROM (SELECT bool_and(received_quantity >= quantity) AS all_in, bool_or(received_quantity > 0) AS any_in
              FROM purchase_order_line WHERE branch_id = ${branchId} AND purchase_order_id = ${orderId}) x
     WHERE o.branch_id = ${branchId} AND o.id = ${orderId}`.execute(trx);
}
