import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../../data/hooks.js';
import { createRecord } from '../../../data/createRecord.js';
import { badRequest, forbidden, invalid } from '../../../http/errors.js';
import { hasRight } from '../../../http/rbac.js';
import { refuseOverLimit } from './approval.js';
import { markFilled, nameFilledLines } from './filledLines.js';
import { numberNew, purchasingSettings } from './numbering.js';
import { contractPrices, inLineUnit, lastPrices, lineFactors, type BuyingLine } from './prices.js';
import { settleRequests } from './requests.js';
import { sendOrder } from './sendOrder.js';

export const PURCHASE_ORDER = 'purchasing.purchase-order';

/**
 * A purchase order to one supplier. New: dated the business day, delivery the day after, the supplier's terms
 * and the property's PPN rate unless given; an order naming an approved request and sent without lines takes
 * the request's lines still to order. Every line is priced at the supplier's contract price valid on the order's
 * date when there is one (it replaces a typed or quoted price: the contract is what the hotel pays), else at the
 * price given, else the item's last price. Receipts own received quantities; requests follow what is ordered.
 */
export const purchaseOrderHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    const v = { ...before, ...values };
    if (mode === 'create') {
      await numberNew(c, 'purchase_order', 'PO', values);
      const settings = await purchasingSettings(c.trx, c.auth.branchId);
      values.tax_rate ??= Number(settings.vat_rate);
      values.delivery_date ??= dayjs(String(values.date)).add(1, 'day').format('YYYY-MM-DD');
      if (values.payment_term_id == null) values.payment_term_id = await supplierTerm(c, Number(values.supplier_id));
    }
    const date = String(v.date ?? values.date);
    let lines = virtual.lines as BuyingLine[] | undefined;
    if (mode === 'create' && !lines?.length && v.request_id) {
      lines = virtual.lines = await openRequestLines(c, Number(v.request_id));
      markFilled(virtual);
    }
    if (!lines?.length) return;
    await checkRequestLines(c, lines);
    const factors = await lineFactors(c.trx, c.auth.branchId, lines);
    const items = lines.map((l) => Number(l.item_id));
    const contracts = await contractPrices(c.trx, c.auth.branchId, date, items, Number(v.supplier_id));
    const last = await lastPrices(c.trx, c.auth.branchId, items);
    lines.forEach((l, i) => {
      l.received_quantity = '0';
      const contract = contracts.find((k) => k.itemId === Number(l.item_id));
      if (contract) {
        l.unit_price = inLineUnit(contract.perStockUnit, factors[i]).toFixed(2);
        l.price_source = 'contract';
      } else if (l.unit_price != null && l.unit_price !== '') {
        if (l.price_source === 'contract' || !l.price_source) l.price_source = 'typed';
      } else {
        const price = last.get(Number(l.item_id));
        if (!price) throw invalid([{ field: `lines/${i}/unit_price`, key: 'purchase-order.priceNeeded', params: { line: i + 1 } }]);
        l.unit_price = inLineUnit(price, factors[i]).toFixed(2);
        l.price_source = 'last';
      }
    });
  },
  async afterWrite(c, _mode, row, virtual) {
    await sql`UPDATE purchase_order_line SET amount = round(quantity * unit_price, 2)
               WHERE branch_id = ${c.auth.branchId} AND purchase_order_id = ${Number(row.id)}`.execute(c.trx);
    await settleRequests(c.trx, c.auth.branchId, await requestsOf(c, Number(row.id)));
    await nameFilledLines(c, 'purchasing/purchase-order', row, virtual);
  },
  async beforeDelete(c, row) {
    const requests = await requestsOf(c, Number(row.id));
    await sql`DELETE FROM purchase_order_line WHERE branch_id = ${c.auth.branchId} AND purchase_order_id = ${Number(row.id)}`.execute(
      c.trx,
    );
    await settleRequests(c.trx, c.auth.branchId, requests);
  },
  async onStatus(c, action, row) {
    const b = c.auth.branchId;
    const id = Number(row.id);
    if (action === 'approve') {
      await refuseOverLimit(c, PURCHASE_ORDER, row.total, row.number);
      await sql`UPDATE purchase_order SET approved_by = ${c.auth.user.id}, approved_at = now() WHERE branch_id = ${b} AND id = ${id}`.execute(
        c.trx,
      );
      await stampLastOrder(c, row);
    } else if (action === 'send') {
      await sendOrder(c, id);
      await sql`UPDATE purchase_order SET sent_at = now() WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
      await stampLastOrder(c, row);
    } else if (action === 'cancel') {
      // the status allows it only before anything is received; requests get back what it held
      await sql`UPDATE purchase_order SET status = 'cancelled' WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
      await settleRequests(c.trx, b, await requestsOf(c, id));
    }
  },
};

async function supplierTerm(c: HookContext, supplierId: number) {
  const { rows } = await sql<{ payment_term_id: number | null }>`
    SELECT payment_term_id::int AS payment_term_id FROM pur_supplier WHERE branch_id = ${c.auth.branchId} AND id = ${supplierId}`.execute(
    c.trx,
  );
  return rows[0]?.payment_term_id ?? null;
}

/** The supplier's last order is the latest order date approved or sent to it. */
async function stampLastOrder(c: HookContext, row: Record<string, unknown>) {
  await sql`UPDATE pur_supplier SET last_order = GREATEST(last_order, ${String(row.date)}::date)
             WHERE branch_id = ${c.auth.branchId} AND id = ${Number(row.supplier_id)}`.execute(c.trx);
}

/** What an approved request still has to order, line by line, in the request's units and at its estimates. */
async function openRequestLines(c: HookContext, requestId: number): Promise<BuyingLine[]> {
  const { rows } = await sql<{ status: string; number: string }>`
    SELECT status, number FROM purchase_request WHERE branch_id = ${c.auth.branchId} AND id = ${requestId}`.execute(c.trx);
  if (!rows[0] || !['approved', 'partially_ordered'].includes(rows[0].status))
    throw invalid([{ field: 'request_id', key: 'purchase-order.requestNotApproved', params: { number: rows[0]?.number ?? requestId } }]);
  const { rows: lines } = await sql<BuyingLine>`
    SELECT item_id::int AS item_id, unit_id::int AS unit_id, (quantity - ordered_quantity)::text AS quantity,
           price::text AS unit_price, 'request' AS price_source, id::int AS request_line_id
      FROM purchase_request_line
     WHERE branch_id = ${c.auth.branchId} AND request_id = ${requestId} AND quantity > ordered_quantity
     ORDER BY line_no`.execute(c.trx);
  if (!lines.length)
    throw invalid([{ field: 'request_id', key: 'purchase-order.requestFullyOrdered', params: { number: rows[0].number } }]);
  return lines;
}

/** A line ordering a request's line is of an approved request, for the same item and in the same unit. */
async function checkRequestLines(c: HookContext, lines: BuyingLine[]) {
  const ids = lines.map((l) => l.request_line_id).filter((x): x is number => x != null);
  if (!ids.length) return;
  const { rows } = await sql<{ id: number; item_id: number; unit_id: number; status: string; number: string }>`
    SELECT rl.id::int AS id, rl.item_id::int AS item_id, rl.unit_id::int AS unit_id, r.status, r.number
      FROM purchase_request_line rl JOIN purchase_request r ON r.branch_id = rl.branch_id AND r.id = rl.request_id
     WHERE rl.branch_id = ${c.auth.branchId} AND rl.id = ANY(${ids}::bigint[])`.execute(c.trx);
  const found = new Map(rows.map((r) => [r.id, r]));
  lines.forEach((l, i) => {
    if (l.request_line_id == null) return;
    const r = found.get(Number(l.request_line_id));
    if (!r || !['approved', 'partially_ordered', 'ordered'].includes(r.status) || r.item_id !== Number(l.item_id))
      throw invalid([
        { field: `lines/${i}/item_id`, key: 'purchase-order.requestLineMismatch', params: { line: i + 1, number: r?.number ?? '' } },
      ]);
    l.unit_id = r.unit_id;
  });
}

async function requestsOf(c: HookContext, orderId: number) {
  const { rows } = await sql<{ id: number }>`
    SELECT DISTINCT rl.request_id::int AS id FROM purchase_order_line ol
      JOIN purchase_request_line rl ON rl.branch_id = ol.branch_id AND rl.id = ol.request_line_id
     WHERE ol.branch_id = ${c.auth.branchId} AND ol.purchase_order_id = ${orderId}`.execute(c.trx);
  return rows.map((r) => r.id);
}

/**
 * Makes one purchase order per supplier from lines chosen elsewhere (a vendor selection, a market list), each
 * through the same rules as an order typed on its screen; returns the orders' ids by supplier.
 */
export async function makeOrders(
  c: HookContext,
  source: Record<string, unknown>,
  bySupplier: Map<number, BuyingLine[]>,
): Promise<Map<number, { id: number; number: string }>> {
  if (!hasRight(c.auth, PURCHASE_ORDER, 'create')) throw forbidden('purchase-order.noCreateRight');
  if (!bySupplier.size) throw badRequest('purchase-order.nothingToOrder');
  const model = c.ctx.models.get('purchasing/purchase-order')!;
  const made = new Map<number, { id: number; number: string }>();
  for (const [supplier, lines] of bySupplier) {
    const order = await createRecord(c, model, { ...source, supplier_id: supplier, lines });
    made.set(supplier, { id: Number(order.id), number: String(order.number) });
  }
  return made;
}
