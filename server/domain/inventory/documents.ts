import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { badRequest, conflict } from '../../http/errors.js';
import { inventorySettings, moveStock, type MovedStock, type MovementKind, type StockMove } from './ledger.js';
import { stockFactors, toStockUnits, type EnteredLine } from './units.js';
import { proposeJournal, type ValuedLine } from './toLedger.js';
import { stampValidated } from './outgoingAfterPosting.js';

export type DocLine = EnteredLine & {
  id: number;
  quantity?: string;
  issued_quantity?: string | null;
  counted_quantity?: string;
  value?: string;
};

/**
 * What every stock document shares: a number under its prefix and month when none is given, the business
 * day when no date is given; a kind, once chosen, is the document's for good.
 */
export function numbered(table: string, prefix: (values: Record<string, unknown>) => string): EntityHook['beforeWrite'] {
  return async (c, mode, values, _virtual, before) => {
    if (mode === 'update' && before && values.kind !== undefined && values.kind !== before.kind) throw conflict('inventory.kindFixed');
    if (mode !== 'create') return;
    if (!values.date) values.date = (await inventorySettings(c.trx, c.auth.branchId)).businessDate;
    if (!values.number)
      values.number = await nextNumber(c.trx, c.auth.branchId, table, `${prefix(values)}-${dayjs(String(values.date)).format('YYYYMM')}-`);
  };
}

/** Moves a posted document's lines through the stock ledger, writes back what it took, and proposes the journal. */
export async function post(
  c: HookContext,
  doc: { table: string; lineTable: string; kind: MovementKind; row: Record<string, unknown>; date?: string },
  lines: DocLine[],
  move: (line: DocLine, stockQuantity: Decimal) => StockMove,
  valued: (line: DocLine, moved: MovedStock, m: StockMove) => ValuedLine,
) {
  if (!lines.length) throw badRequest('inventory.noLines');
  const b = c.auth.branchId;
  const factors = await stockFactors(c.trx, b, lines);
  const stock = lines.map((l, i) => toStockUnits(l.counted_quantity ?? l.issued_quantity ?? l.quantity ?? 0, factors[i]));
  const moves = lines.map((l, i) => move(l, stock[i]));
  const id = Number(doc.row.id);
  const number = String(doc.row.number);
  const date = doc.date ?? String(doc.row.date);
  const moved = await moveStock(c.trx, b, c.auth.user.id, { kind: doc.kind, id, number, date }, moves);
  const written = JSON.stringify(
    lines.map((l, i) => ({
      id: l.id,
      stock_quantity: stock[i].toFixed(3),
      unit_cost: moved[i].unitCost.toFixed(4),
      value: moved[i].value.toFixed(2),
      book_quantity: moved[i].book?.toFixed(3) ?? null,
      difference: moved[i].book ? moved[i].quantity.toFixed(3) : null,
    })),
  );
  const columns =
    doc.kind === 'adjustment' ? sql`book_quantity = x.book_quantity, difference = x.difference,` : sql`stock_quantity = x.stock_quantity,`;
  await sql`
    UPDATE ${sql.table(doc.lineTable)} l SET ${columns} unit_cost = x.unit_cost, value = x.value
      FROM jsonb_to_recordset(${written}::jsonb) AS x(id bigint, stock_quantity numeric, unit_cost numeric, value numeric, book_quantity numeric, difference numeric)
     WHERE l.branch_id = ${b} AND l.id = x.id`.execute(c.trx);
  const total = moved.reduce((s, m) => s.plus(m.value), new Decimal(0));
  await sql`UPDATE ${sql.table(doc.table)} SET total = ${total.toFixed(2)} WHERE branch_id = ${b} AND id = ${id}`.execute(c.trx);
  await proposeJournal(
    c.trx,
    b,
    c.auth.user.id,
    { kind: doc.kind, id, number, date, description: String(doc.row.description ?? '') || number },
    lines.map((l, i) => valued(l, moved[i], moves[i])),
  );
}

export const linesOf = (row: Record<string, unknown>) => (row.lines as DocLine[]) ?? [];

/** Opening stock of one store: each line's quantity comes in at the value entered for it. */
export const openingStockHook: EntityHook = {
  beforeWrite: numbered('inv_opening', () => 'OS'),
  async onStatus(c, action, row) {
    if (action !== 'post') return;
    const store = Number(row.store_id);
    await post(
      c,
      { table: 'inv_opening', lineTable: 'inv_opening_line', kind: 'opening', row },
      linesOf(row),
      (l, q) => ({ storeId: store, itemId: Number(l.item_id), receive: q, value: new Decimal(l.value ?? 0) }),
      (l, m) => ({ itemId: Number(l.item_id), storeId: store, value: m.value }),
    );
  },
};

/**
 * A store requisition: the kitchen asks the main store (requested), the store approves it and issues what it
 * gives (a line's issued quantity, the quantity asked when left empty) as a transfer into the asking store,
 * dated the business day it is issued.
 */
export const requisitionHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    await numbered('inv_requisition', () => 'SR')!(c, mode, values, virtual, before);
    const from = values.from_store_id ?? before?.from_store_id;
    const to = values.to_store_id ?? before?.to_store_id;
    if (from !== undefined && from === to) throw badRequest('inventory.sameStore');
  },
  async onStatus(c, action, row) {
    if (action !== 'issue') return;
    const from = Number(row.from_store_id);
    const to = Number(row.to_store_id);
    const date = (await inventorySettings(c.trx, c.auth.branchId)).businessDate;
    const lines = linesOf(row).filter((l) => l.issued_quantity == null || !new Decimal(l.issued_quantity).isZero());
    await post(
      c,
      { table: 'inv_requisition', lineTable: 'inv_requisition_line', kind: 'requisition', row, date },
      lines,
      (l, q) => ({ storeId: from, itemId: Number(l.item_id), transfer: q, toStoreId: to }),
      (l, m) => ({ itemId: Number(l.item_id), storeId: from, toStoreId: to, value: m.value }),
    );
    await sql`UPDATE inv_requisition SET issued_date = ${date} WHERE branch_id = ${c.auth.branchId} AND id = ${Number(row.id)}`.execute(
      c.trx,
    );
  },
};

/**
 * Stock going out of a store: an issue to a department or an outlet (its cost there), or a transfer to another
 * store. An outlet's department takes the cost when no department is named.
 */
export const outgoingHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    await numbered('inv_outgoing', (v) => (v.kind === 'transfer' ? 'TR' : 'IS'))!(c, mode, values, virtual, before);
    const v = { ...before, ...values };
    if (v.kind === 'transfer') {
      if (!v.to_store_id)
        throw badRequest('inventory.transferNeedsStore', {}, [{ field: 'to_store_id', key: 'inventory.transferNeedsStore', params: {} }]);
      if (v.to_store_id === v.store_id)
        throw badRequest('inventory.sameStore', {}, [{ field: 'to_store_id', key: 'inventory.sameStore', params: {} }]);
      values.outlet_id = null;
      values.department_id = null;
    } else {
      values.to_store_id = null;
      if (!v.department_id && v.outlet_id) {
        const { rows } = await sql<{ department_id: number | null }>`
          SELECT department_id FROM outlet WHERE branch_id = ${c.auth.branchId} AND id = ${Number(v.outlet_id)}`.execute(c.trx);
        values.department_id = rows[0]?.department_id ?? null;
      }
      if (!values.department_id && !v.department_id)
        throw badRequest('inventory.issueNeedsDepartment', {}, [
          { field: 'department_id', key: 'inventory.issueNeedsDepartment', params: {} },
        ]);
    }
  },
  async onStatus(c, action, row) {
    if (action === 'validate') return stampValidated(c, row);
    if (action !== 'post') return;
    const store = Number(row.store_id);
    const kind = row.kind === 'transfer' ? 'transfer' : 'issue';
    const department = row.department_id == null ? null : Number(row.department_id);
    const outlet = row.outlet_id == null ? null : Number(row.outlet_id);
    await post(
      c,
      { table: 'inv_outgoing', lineTable: 'inv_outgoing_line', kind, row },
      linesOf(row),
      (l, q) =>
        kind === 'transfer'
          ? { storeId: store, itemId: Number(l.item_id), transfer: q, toStoreId: Number(row.to_store_id) }
          : { storeId: store, itemId: Number(l.item_id), issue: q, departmentId: department, outletId: outlet },
      (l, m) => ({
        itemId: Number(l.item_id),
        storeId: store,
        toStoreId: kind === 'transfer' ? Number(row.to_store_id) : undefined,
        value: m.value,
        departmentId: department,
      }),
    );
  },
};

/** A stock count: each counted quantity against the book when posted; the difference adjusted at the current cost. */
export const stockCountHook: EntityHook = {
  beforeWrite: numbered('inv_count', () => 'SC'),
  async onStatus(c, action, row) {
    if (action !== 'post') return;
    const store = Number(row.store_id);
    await post(
      c,
      { table: 'inv_count', lineTable: 'inv_count_line', kind: 'adjustment', row },
      linesOf(row),
      (l, q) => ({ storeId: store, itemId: Number(l.item_id), countedTo: q }),
      (l, m) => ({ itemId: Number(l.item_id), storeId: store, value: m.value }),
    );
  },
};
