import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../../data/hooks.js';
import { badRequest, forbidden, invalid } from '../../../http/errors.js';
import { hasRight } from '../../../http/rbac.js';
import { applyReceipt } from '../../purchasing/orders/receipts.js';
import { linesOf, numbered, post, type DocLine } from '../documents.js';
import { inOrderUnits, loadOrder, orderLines, orderPricesPerStock, outstandingLines, refuseUnreceivable } from './order.js';
import { lineAmount, priceVariances } from './prices.js';
import { stampMasters } from './stamps.js';

export const RECEIVING = 'inventory.receiving';

type ReceiptLine = DocLine & {
  price: string;
  po_line_id?: number | null;
  outstanding_quantity?: string | null;
  reference_price?: string | null;
  variance_amount?: string | null;
  variance_percent?: string | null;
  variance_reason?: string | null;
};

/** Receiving without a purchase order is a right of its own: the order is where buying is approved. */
function mayReceiveDirect(c: HookContext) {
  if (!hasRight(c.auth, RECEIVING, 'direct')) throw forbidden('receiving.directRight');
}

/**
 * A goods receipt being written: numbered RC-YYYYMM-nnnn; against an order (of its supplier) it takes the order's
 * tax rate, and, given no lines, the order's outstanding lines at their outstanding quantity; each line's
 * price is compared with the order's (else the contract's) and the variance kept on the line; the due date
 * follows the supplier's terms of payment from the invoice date (the receipt's day without one).
 */
export const receivingHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    await numbered('inv_receipt', () => 'RC')!(c, mode, values, virtual, before);
    const v = { ...before, ...values };
    const b = c.auth.branchId;
    let orderPrices = new Map<number, Decimal>();
    if (v.po_id == null) mayReceiveDirect(c);
    else {
      const order = await loadOrder(c.trx, b, Number(v.po_id));
      if (values.po_id !== undefined && values.po_id !== before?.po_id) {
        refuseUnreceivable(order);
        values.tax_percent = order.tax_rate;
      }
      const supplier = values.supplier_id ?? before?.supplier_id;
      if (Number(supplier) !== order.supplier_id)
        throw invalid([{ field: 'po_id', key: 'receiving.orderOfAnother', params: { number: order.number } }]);
      const lines = await orderLines(c.trx, b, order.id);
      const sent = virtual.lines as ReceiptLine[] | undefined;
      const held = (before?.lines as ReceiptLine[] | undefined) ?? [];
      if (!sent?.length && !held.length) virtual.lines = outstandingLines(lines);
      orderPrices = await orderPricesPerStock(c.trx, b, lines);
      const ofOrder = new Map(lines.map((l) => [l.id, l]));
      ((virtual.lines as ReceiptLine[] | undefined) ?? []).forEach((l, i) => {
        const ordered = l.po_line_id == null ? undefined : ofOrder.get(Number(l.po_line_id));
        if (l.po_line_id != null && (!ordered || ordered.item_id !== Number(l.item_id)))
          throw invalid([
            { field: `lines/${i}/po_line_id`, key: 'receiving.lineNotOfOrder', params: { line: i + 1, number: order.number } },
          ]);
      });
    }
    if (v.supplier_id != null) values.due_date = await dueDate(c, Number(v.supplier_id), String(v.invoice_date ?? v.date));
    const lines = virtual.lines as ReceiptLine[] | undefined;
    if (lines && v.supplier_id != null) {
      if (v.po_id == null) for (const l of lines) l.po_line_id = null;
      const variances = await priceVariances(
        c.trx,
        b,
        Number(v.supplier_id),
        String(v.date),
        lines.map((l) => ({
          ...l,
          quantity: String(l.quantity ?? 0),
          orderPricePerStock: l.po_line_id == null ? null : orderPrices.get(Number(l.po_line_id)),
        })),
      );
      lines.forEach((l, i) => Object.assign(l, variances[i], { stock_quantity: null, unit_cost: null, value: null }));
      values.variance_lines = variances.filter((x) => x.variance_amount != null && !new Decimal(x.variance_amount).isZero()).length;
    }
  },
  async onStatus(c, action, row) {
    if (action !== 'post') return;
    if (row.po_id == null) mayReceiveDirect(c);
    const lines = linesOf(row) as ReceiptLine[];
    await refuseUnexplained(c, lines);
    const store = Number(row.store_id);
    await post(
      c,
      { table: 'inv_receipt', lineTable: 'inv_receipt_line', kind: 'receipt', row },
      lines,
      (l, q) => ({
        storeId: store,
        itemId: Number(l.item_id),
        receive: q,
        value: lineAmount({ quantity: l.quantity ?? 0, price: (l as ReceiptLine).price }),
      }),
      (l, m) => ({ itemId: Number(l.item_id), storeId: store, value: m.value }),
    );
    if (row.po_id != null) {
      const { rows } = await sql<{ po_line_id: number | null; stock_quantity: string }>`
        SELECT po_line_id::int AS po_line_id, stock_quantity::text AS stock_quantity FROM inv_receipt_line
         WHERE branch_id = ${c.auth.branchId} AND receipt_id = ${Number(row.id)} ORDER BY line_no`.execute(c.trx);
      const received = await inOrderUnits(
        c.trx,
        c.auth.branchId,
        Number(row.po_id),
        rows.map((r) => ({ po_line_id: r.po_line_id, stock_quantity: new Decimal(r.stock_quantity) })),
      );
      if (received.length) await applyReceipt(c.trx, c.auth.branchId, Number(row.po_id), received, String(row.date));
    }
    await stampMasters(
      c.trx,
      c.auth.branchId,
      Number(row.supplier_id),
      lines.map((l) => Number(l.item_id)),
      Number(row.id),
    );
  },
};

/** A price further from its reference than the property's tolerance (in either direction) is posted only with a reason. */
async function refuseUnexplained(c: HookContext, lines: ReceiptLine[]) {
  const { rows } = await sql<{ tolerance: string }>`
    SELECT receiving_price_tolerance::text AS tolerance FROM hotel_setup WHERE branch_id = ${c.auth.branchId}`.execute(c.trx);
  const tolerance = new Decimal(rows[0]?.tolerance ?? 0);
  const problems = lines.flatMap((l, i) =>
    l.variance_percent != null && new Decimal(l.variance_percent).abs().gt(tolerance) && !l.variance_reason?.trim()
      ? [
          {
            field: `lines/${i}/variance_reason`,
            key: 'receiving.varianceNeedsReason',
            params: { line: i + 1, percent: l.variance_percent, tolerance: tolerance.toString() },
          },
        ]
      : [],
  );
  if (problems.length) throw invalid(problems);
}

/** The supplier's terms of payment counted from the day given; no terms: due that day. */
async function dueDate(c: HookContext, supplierId: number, from: string): Promise<string | null> {
  if (!from || from === 'undefined') return null;
  const { rows } = await sql<{ days: number | null }>`
    SELECT t.days FROM pur_supplier s LEFT JOIN pur_payment_term t ON t.branch_id = s.branch_id AND t.id = s.payment_term_id
     WHERE s.branch_id = ${c.auth.branchId} AND s.id = ${supplierId}`.execute(c.trx);
  if (!rows[0]) throw badRequest('receiving.supplierUnknown');
  return dayjs(from)
    .add(Number(rows[0].days ?? 0), 'day')
    .format('YYYY-MM-DD');
}
