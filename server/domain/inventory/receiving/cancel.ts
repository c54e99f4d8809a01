import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { conflict, notFound } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { reverseReceipt } from '../../purchasing/orders/receipts.js';
import { inventorySettings, moveStock } from '../ledger.js';
import { proposeJournal } from '../toLedger.js';
import { RECEIVING } from './hook.js';
import { inOrderUnits } from './order.js';
import { stampMasters } from './stamps.js';

/**
 * A posted receipt is never edited: it is cancelled, on the business day, by taking its stock back out of the
 * store (refused once any of it has gone, saying how much is left), proposing the reversing journal, and
 * giving its quantities back to the purchase order. The receipt stays, cancelled, with the reason.
 */
export const cancelReceiptOp = defineOp<{ id: number; reason: string }>({
  name: 'inventory.cancelReceipt',
  summary: 'Cancel a posted goods receipt: its stock leaves the store again and its order gets the quantities back',
  resource: RECEIVING,
  action: 'cancel',
  labelsFrom: 'inventory/receiving',
  input: {
    type: 'object',
    required: ['id', 'reason'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, 'x-ref': 'inventory/receiving' },
      reason: { type: 'string', minLength: 3, maxLength: 200, pattern: '\\S' },
    },
  },
  async handler(c, { id, reason }) {
    const b = c.auth.branchId;
    const { rows } = await sql<{
      number: string;
      status: string;
      invoice_status: string;
      store_id: number;
      supplier_id: number;
      po_id: number | null;
    }>`
      SELECT number, status, invoice_status, store_id::int AS store_id, supplier_id::int AS supplier_id, po_id::int AS po_id
        FROM inv_receipt WHERE branch_id = ${b} AND id = ${id} FOR UPDATE`.execute(c.trx);
    const receipt = rows[0];
    if (!receipt) throw notFound('receiving.title');
    if (receipt.status !== 'posted') throw conflict('receiving.notPosted', { number: receipt.number });
    // the supplier's invoice booked on it has cleared its GRNI: a reversal here would clear it a second time
    if (receipt.invoice_status === 'invoiced') throw conflict('receiving.invoiced', { number: receipt.number });
    const { rows: lines } = await sql<{
      item_id: number;
      po_line_id: number | null;
      stock_quantity: string;
      value: string;
      movement: number;
    }>`
      SELECT l.item_id::int AS item_id, l.po_line_id::int AS po_line_id, l.stock_quantity::text AS stock_quantity, l.value::text AS value, m.id AS movement
        FROM (SELECT *, row_number() OVER (ORDER BY line_no) AS n FROM inv_receipt_line WHERE branch_id = ${b} AND receipt_id = ${id}) l
        JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM inv_movement WHERE branch_id = ${b} AND kind = 'receipt' AND document_id = ${id}) m
          ON m.n = l.n
       ORDER BY l.n`.execute(c.trx);
    const date = (await inventorySettings(c.trx, b)).businessDate;
    const moved = await moveStock(
      c.trx,
      b,
      c.auth.user.id,
      { kind: 'receipt_cancel', id, number: receipt.number, date },
      lines.map((l) => ({
        storeId: receipt.store_id,
        itemId: l.item_id,
        giveBack: new Decimal(l.stock_quantity),
        value: new Decimal(l.value),
        receipt: Number(l.movement),
      })),
    );
    await proposeJournal(
      c.trx,
      b,
      c.auth.user.id,
      { kind: 'receipt_cancel', id, number: receipt.number, date, description: reason },
      lines.map((l, i) => ({ itemId: l.item_id, storeId: receipt.store_id, value: moved[i].value, received: new Decimal(l.value) })),
    );
    await sql`
      UPDATE inv_receipt SET status = 'cancelled', cancelled_date = ${date}, cancel_reason = ${reason.trim()}, version = version + 1,
             updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
    if (receipt.po_id != null) {
      const back = await inOrderUnits(
        c.trx,
        b,
        receipt.po_id,
        lines.map((l) => ({ po_line_id: l.po_line_id, stock_quantity: new Decimal(l.stock_quantity) })),
      );
      if (back.length) await reverseReceipt(c.trx, b, receipt.po_id, back, date);
    }
    await stampMasters(
      c.trx,
      b,
      receipt.supplier_id,
      lines.map((l) => l.item_id),
    );
    return { id, number: receipt.number, status: 'cancelled' };
  },
});
