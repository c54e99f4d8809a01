import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { badRequest, conflict } from '../../http/errors.js';
import { formatDate, formatQuantity } from '../../../src/core/format/format.js';

/** What moves stock; the kind a document's movements carry in the ledger and its journal's key. */
export type MovementKind =
  'opening' | 'requisition' | 'issue' | 'transfer' | 'adjustment' | 'receipt' | 'receipt_cancel' | 'issue_cancel' | 'transfer_cancel';

/**
 * One item of one store moving. Exactly one of:
 * - `receive` stock units with their value (opening stock, a count's surplus is valued by the ledger instead);
 * - `issue` stock units, valued by the ledger at the store's cost;
 * - `transfer` stock units to `toStoreId`: out at the source's cost, in at the same value;
 * - `countedTo` the quantity counted: the difference to the book is adjusted at the current cost;
 * - `giveBack` the stock units a cancelled receipt brought in (`receipt`: its movement), out at that receipt's value.
 */
export type StockMove = { storeId: number; itemId: number; departmentId?: number | null; outletId?: number | null } & (
  | { receive: Decimal; value: Decimal }
  | { issue: Decimal }
  | { transfer: Decimal; toStoreId: number }
  | { countedTo: Decimal }
  | { giveBack: Decimal; value: Decimal; receipt: number }
);

export interface StockDocument {
  kind: MovementKind;
  id: number;
  number: string;
  date: string;
}

/** What the ledger did with one move, in stock units: value is what left (issue, transfer) or changed (count). */
export interface MovedStock {
  quantity: Decimal;
  unitCost: Decimal;
  value: Decimal;
  /** a count: the book quantity it was compared with */
  book?: Decimal;
}

interface Balance {
  quantity: Decimal;
  value: Decimal;
  lastUnitCost: Decimal;
}

interface Settings {
  businessDate: string;
  costing: 'average' | 'fifo';
  allowNegative: boolean;
}

/** Unit costs are kept to 4 decimals (a gram of saffron costs less than a rupiah); values to the cent. */
const COST_SCALE = 4;
const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const unitCost = (value: Decimal, quantity: Decimal) =>
  quantity.isZero() ? new Decimal(0) : value.div(quantity).abs().toDecimalPlaces(COST_SCALE, Decimal.ROUND_HALF_UP);

/** The property's inventory settings and its business day, read so the night audit's roll waits for us. */
export async function inventorySettings(trx: Db, branchId: number): Promise<Settings> {
  const { rows } = await sql<{ d: string; costing: 'average' | 'fifo'; negative: boolean }>`
    SELECT business_date::text AS d, inventory_costing AS costing, inventory_allow_negative AS negative
      FROM hotel_setup WHERE branch_id = ${branchId} FOR SHARE`.execute(trx);
  if (!rows[0]) throw badRequest('gl.noSetup');
  return { businessDate: rows[0].d, costing: rows[0].costing, allowNegative: rows[0].negative };
}

/** A movement may be dated up to the business day, never in or before a closed inventory month. */
export async function checkStockDate(trx: Db, branchId: number, date: string, businessDate: string) {
  if (date > businessDate) throw conflict('inventory.dateAhead', { date: formatDate(date), open: formatDate(businessDate) });
  const { rows } = await sql<{ period: string }>`
    SELECT period::text AS period FROM inv_period_close
     WHERE branch_id = ${branchId} AND period >= date_trunc('month', ${date}::date)::date ORDER BY period DESC LIMIT 1`.execute(trx);
  if (rows[0])
    throw conflict('inventory.periodClosed', {
      date: formatDate(date),
      period: formatDate(rows[0].period).slice(3),
      until: formatDate(lastDayOf(rows[0].period)),
    });
}

export const lastDayOf = (firstOfMonth: string) => {
  const d = new Date(`${firstOfMonth}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

/**
 * The one way stock moves. In the caller's transaction: checks the date against the business day and the
 * closed inventory months, locks every store+item balance the document touches (in a fixed order, so two
 * documents never wait for each other in a circle), values each outgoing quantity at the store's cost
 * (moving average, or FIFO layers oldest first), refuses stock below zero unless the property allows it,
 * and appends one ledger row per store and item with the on-hand quantity and value after it.
 */
export async function moveStock(
  trx: Db,
  branchId: number,
  userId: number | null,
  doc: StockDocument,
  moves: StockMove[],
): Promise<MovedStock[]> {
  const settings = await inventorySettings(trx, branchId);
  await checkStockDate(trx, branchId, doc.date, settings.businessDate);
  const keys = new Map<string, { storeId: number; itemId: number }>();
  for (const m of moves) {
    keys.set(`${m.storeId}:${m.itemId}`, { storeId: m.storeId, itemId: m.itemId });
    if ('transfer' in m) keys.set(`${m.toStoreId}:${m.itemId}`, { storeId: m.toStoreId, itemId: m.itemId });
  }
  const pairs = [...keys.values()].sort((a, b) => a.storeId - b.storeId || a.itemId - b.itemId);
  const json = JSON.stringify(pairs.map((p) => ({ store_id: p.storeId, item_id: p.itemId })));
  await sql`
    INSERT INTO inv_balance (branch_id, store_id, item_id)
    SELECT ${branchId}, x.store_id, x.item_id FROM jsonb_to_recordset(${json}::jsonb) AS x(store_id bigint, item_id bigint)
    ON CONFLICT DO NOTHING`.execute(trx);
  const { rows } = await sql<{ store_id: number; item_id: number; quantity: string; value: string; last_unit_cost: string }>`
    SELECT b.store_id, b.item_id, b.quantity, b.value, b.last_unit_cost
      FROM inv_balance b JOIN jsonb_to_recordset(${json}::jsonb) AS x(store_id bigint, item_id bigint) ON x.store_id = b.store_id AND x.item_id = b.item_id
     WHERE b.branch_id = ${branchId} ORDER BY b.store_id, b.item_id FOR UPDATE OF b`.execute(trx);
  const balances = new Map<string, Balance>(
    rows.map((r) => [
      `${r.store_id}:${r.item_id}`,
      { quantity: new Decimal(r.quantity), value: new Decimal(r.value), lastUnitCost: new Decimal(r.last_unit_cost) },
    ]),
  );
  const ledger = new StockLedger(trx, branchId, userId, doc, settings, balances);
  const result: MovedStock[] = [];
  for (const m of moves) result.push(await ledger.apply(m));
  await ledger.saveBalances();
  return result;
}

class StockLedger {
  constructor(
    private trx: Db,
    private branchId: number,
    private userId: number | null,
    private doc: StockDocument,
    private settings: Settings,
    private balances: Map<string, Balance>,
  ) {}

  async apply(m: StockMove): Promise<MovedStock> {
    const extra = { departmentId: m.departmentId ?? null, outletId: m.outletId ?? null, otherStoreId: null as number | null };
    if ('receive' in m) {
      positive(m.receive);
      await this.receive(m.storeId, m.itemId, m.receive, cents(m.value), extra);
      return { quantity: m.receive, unitCost: unitCost(m.value, m.receive), value: cents(m.value) };
    }
    if ('issue' in m) {
      positive(m.issue);
      const value = await this.take(m.storeId, m.itemId, m.issue, extra);
      return { quantity: m.issue, unitCost: unitCost(value, m.issue), value };
    }
    if ('transfer' in m) {
      positive(m.transfer);
      const value = await this.take(m.storeId, m.itemId, m.transfer, { ...extra, otherStoreId: m.toStoreId });
      await this.receive(m.toStoreId, m.itemId, m.transfer, value, { ...extra, otherStoreId: m.storeId });
      return { quantity: m.transfer, unitCost: unitCost(value, m.transfer), value };
    }
    if ('giveBack' in m) {
      positive(m.giveBack);
      const value = await this.giveBack(m.storeId, m.itemId, m.giveBack, cents(m.value), m.receipt, extra);
      return { quantity: m.giveBack, unitCost: unitCost(value, m.giveBack), value };
    }
    const book = this.balance(m.storeId, m.itemId).quantity;
    const difference = m.countedTo.minus(book);
    if (difference.isZero()) return { quantity: difference, unitCost: this.currentCost(m.storeId, m.itemId), value: new Decimal(0), book };
    if (difference.isNegative()) {
      const value = await this.take(m.storeId, m.itemId, difference.neg(), extra);
      return { quantity: difference, unitCost: unitCost(value, difference), value: value.neg(), book };
    }
    // a surplus comes in at what the store's stock costs now: the item was mis-counted or mis-issued, not bought
    const cost = this.currentCost(m.storeId, m.itemId);
    const value = cents(difference.times(cost));
    await this.receive(m.storeId, m.itemId, difference, value, extra);
    return { quantity: difference, unitCost: cost, value, book };
  }

  async saveBalances() {
    const json = JSON.stringify(
      [...this.balances.entries()].map(([k, b]) => {
        const [store_id, item_id] = k.split(':').map(Number);
        return {
          store_id,
          item_id,
          quantity: b.quantity.toFixed(3),
          value: b.value.toFixed(2),
          last_unit_cost: b.lastUnitCost.toFixed(COST_SCALE),
        };
      }),
    );
    await sql`
      UPDATE inv_balance b SET quantity = x.quantity, value = x.value, last_unit_cost = x.last_unit_cost, updated_at = now()
        FROM jsonb_to_recordset(${json}::jsonb) AS x(store_id bigint, item_id bigint, quantity numeric, value numeric, last_unit_cost numeric)
       WHERE b.branch_id = ${this.branchId} AND b.store_id = x.store_id AND b.item_id = x.item_id`.execute(this.trx);
  }

  private balance(storeId: number, itemId: number): Balance {
    return this.balances.get(`${storeId}:${itemId}`)!;
  }

  /** What one more unit in this store costs now: its average, else the last cost it moved at. */
  private currentCost(storeId: number, itemId: number): Decimal {
    const b = this.balance(storeId, itemId);
    return b.quantity.gt(0) ? unitCost(b.value, b.quantity) : b.lastUnitCost;
  }

  private async receive(storeId: number, itemId: number, quantity: Decimal, value: Decimal, extra: Extra) {
    const b = this.balance(storeId, itemId);
    b.quantity = b.quantity.plus(quantity);
    b.value = b.value.plus(value);
    b.lastUnitCost = unitCost(value, quantity);
    const movementId = await this.record(storeId, itemId, quantity, value, b, extra);
    if (this.settings.costing === 'fifo')
      await sql`
        INSERT INTO inv_layer (branch_id, store_id, item_id, movement_id, date, quantity, unit_cost, quantity_left, value_left)
        VALUES (${this.branchId}, ${storeId}, ${itemId}, ${movementId}, ${this.doc.date}, ${quantity.toFixed(3)}, ${b.lastUnitCost.toFixed(COST_SCALE)},
                ${quantity.toFixed(3)}, ${value.toFixed(2)})`.execute(this.trx);
  }

  /**
   * A cancelled receipt's stock leaves the store again, refused once any of it has gone: under FIFO its own
   * layer must be whole (it leaves with that layer's value); under the moving average the store must still hold
   * the quantity, and it leaves at the receipt's value unless that would leave the rest of the store valued
   * below nothing, or something with no quantity: then at the store's cost (the journal puts the difference
   * to the cost of what was consumed meanwhile). Answers the value taken out.
   */
  private async giveBack(storeId: number, itemId: number, quantity: Decimal, value: Decimal, receipt: number, extra: Extra) {
    const b = this.balance(storeId, itemId);
    const { rows } = await sql<{ id: number; quantity_left: string; value_left: string }>`
      SELECT id, quantity_left, value_left FROM inv_layer WHERE branch_id = ${this.branchId} AND movement_id = ${receipt} FOR UPDATE`.execute(
      this.trx,
    );
    const layer = this.settings.costing === 'fifo' ? rows[0] : undefined;
    const left = layer ? new Decimal(layer.quantity_left) : b.quantity;
    if (left.lt(quantity)) await this.refuseGone(storeId, itemId, Decimal.max(left, 0), quantity);
    let taken = value;
    if (layer) taken = new Decimal(layer.value_left);
    else if (quantity.eq(b.quantity)) taken = b.value;
    else if (b.value.minus(value).lt(0)) taken = averageCost(b, quantity);
    b.quantity = b.quantity.minus(quantity);
    b.value = b.value.minus(taken);
    const movementId = await this.record(storeId, itemId, quantity.neg(), taken.neg(), b, extra);
    if (layer) {
      await sql`UPDATE inv_layer SET quantity_left = 0, value_left = 0 WHERE branch_id = ${this.branchId} AND id = ${layer.id}`.execute(
        this.trx,
      );
      await sql`
        INSERT INTO inv_layer_use (branch_id, movement_id, layer_id, quantity, value)
        VALUES (${this.branchId}, ${movementId}, ${layer.id}, ${quantity.toFixed(3)}, ${taken.toFixed(2)})`.execute(this.trx);
    }
    return taken;
  }

  /** Takes `quantity` out of a store at its cost and answers the value taken (positive). */
  private async take(storeId: number, itemId: number, quantity: Decimal, extra: Extra): Promise<Decimal> {
    const b = this.balance(storeId, itemId);
    if (b.quantity.lt(quantity) && !this.settings.allowNegative) await this.refuseShortage(storeId, itemId, b.quantity, quantity);
    let value: Decimal;
    let layers: { id: number; quantity: Decimal; value: Decimal }[] = [];
    if (this.settings.costing === 'fifo') ({ value, layers } = await this.takeLayers(storeId, itemId, quantity, b));
    else value = averageCost(b, quantity);
    b.quantity = b.quantity.minus(quantity);
    b.value = b.value.minus(value);
    if (value.gt(0)) b.lastUnitCost = unitCost(value, quantity);
    const movementId = await this.record(storeId, itemId, quantity.neg(), value.neg(), b, extra);
    if (layers.length) {
      const json = JSON.stringify(layers.map((l) => ({ layer_id: l.id, quantity: l.quantity.toFixed(3), value: l.value.toFixed(2) })));
      await sql`
        INSERT INTO inv_layer_use (branch_id, movement_id, layer_id, quantity, value)
        SELECT ${this.branchId}, ${movementId}, x.layer_id, x.quantity, x.value
          FROM jsonb_to_recordset(${json}::jsonb) AS x(layer_id bigint, quantity numeric, value numeric)`.execute(this.trx);
    }
    return value;
  }

  /**
   * FIFO: the oldest layers first; a layer emptied gives all its value, a part of one its share to the cent.
   * Stock the balance holds beyond its layers was received under the moving average: it becomes one layer
   * at that average first, consumed before any receipt since.
   */
  private async takeLayers(storeId: number, itemId: number, quantity: Decimal, b: Balance) {
    const where = sql`branch_id = ${this.branchId} AND store_id = ${storeId} AND item_id = ${itemId} AND quantity_left > 0`;
    const { rows: held } = await sql<{ q: string; v: string }>`
      SELECT coalesce(sum(quantity_left), 0)::text AS q, coalesce(sum(value_left), 0)::text AS v FROM inv_layer WHERE ${where}`.execute(
      this.trx,
    );
    const untracked = b.quantity.minus(held[0].q);
    if (untracked.gt(0)) {
      const value = Decimal.max(b.value.minus(held[0].v), 0);
      await sql`
        INSERT INTO inv_layer (branch_id, store_id, item_id, movement_id, date, quantity, unit_cost, quantity_left, value_left)
        VALUES (${this.branchId}, ${storeId}, ${itemId}, NULL, ${this.doc.date}, ${untracked.toFixed(3)}, ${unitCost(value, untracked).toFixed(COST_SCALE)},
                ${untracked.toFixed(3)}, ${value.toFixed(2)})`.execute(this.trx);
    }
    const { rows } = await sql<{ id: number; quantity_left: string; value_left: string }>`
      SELECT id, quantity_left, value_left FROM inv_layer WHERE ${where} ORDER BY movement_id IS NOT NULL, date, id`.execute(this.trx);
    let rest = quantity;
    let value = new Decimal(0);
    const used: { id: number; quantity: Decimal; value: Decimal; left: Decimal; valueLeft: Decimal }[] = [];
    for (const r of rows) {
      if (rest.isZero()) break;
      const left = new Decimal(r.quantity_left);
      const valueLeft = new Decimal(r.value_left);
      const take = Decimal.min(left, rest);
      const v = take.eq(left) ? valueLeft : cents(valueLeft.times(take).div(left));
      used.push({ id: Number(r.id), quantity: take, value: v, left: left.minus(take), valueLeft: valueLeft.minus(v) });
      value = value.plus(v);
      rest = rest.minus(take);
    }
    // the balance and the layers agree (both written here only); a shortfall was refused before, FIFO never runs below zero
    if (!rest.isZero()) await this.refuseShortage(storeId, itemId, quantity.minus(rest), quantity);
    const json = JSON.stringify(used.map((u) => ({ id: u.id, quantity_left: u.left.toFixed(3), value_left: u.valueLeft.toFixed(2) })));
    await sql`
      UPDATE inv_layer l SET quantity_left = x.quantity_left, value_left = x.value_left
        FROM jsonb_to_recordset(${json}::jsonb) AS x(id bigint, quantity_left numeric, value_left numeric)
       WHERE l.branch_id = ${this.branchId} AND l.id = x.id`.execute(this.trx);
    return { value, layers: used };
  }

  private async record(storeId: number, itemId: number, quantity: Decimal, value: Decimal, after: Balance, extra: Extra): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO inv_movement (branch_id, date, store_id, item_id, kind, document_id, document_number, quantity, unit_cost, value,
                                on_hand_quantity, on_hand_value, other_store_id, department_id, outlet_id, created_by)
      VALUES (${this.branchId}, ${this.doc.date}, ${storeId}, ${itemId}, ${this.doc.kind}, ${this.doc.id}, ${this.doc.number},
              ${quantity.toFixed(3)}, ${unitCost(value, quantity).toFixed(COST_SCALE)}, ${value.toFixed(2)},
              ${after.quantity.toFixed(3)}, ${after.value.toFixed(2)}, ${extra.otherStoreId}, ${extra.departmentId}, ${extra.outletId}, ${this.userId})
      RETURNING id`.execute(this.trx);
    return Number(rows[0].id);
  }

  private async refuseShortage(storeId: number, itemId: number, onHand: Decimal, wanted: Decimal): Promise<never> {
    const names = await this.names(storeId, itemId);
    throw conflict('inventory.notEnough', {
      ...names,
      onHand: formatQuantity(onHand.toString()),
      wanted: formatQuantity(wanted.toString()),
    });
  }

  private async refuseGone(storeId: number, itemId: number, left: Decimal, received: Decimal): Promise<never> {
    const names = await this.names(storeId, itemId);
    throw conflict('inventory.receiptGone', {
      ...names,
      left: formatQuantity(left.toString()),
      received: formatQuantity(received.toString()),
    });
  }

  private async names(storeId: number, itemId: number) {
    const { rows } = await sql<{ item: string; unit: string; store: string }>`
      SELECT i.code || ' ' || i.name AS item, u.code AS unit, s.name AS store
        FROM inv_item i JOIN inv_unit u ON u.branch_id = i.branch_id AND u.id = i.stock_unit_id, inv_store s
       WHERE i.branch_id = ${this.branchId} AND i.id = ${itemId} AND s.branch_id = ${this.branchId} AND s.id = ${storeId}`.execute(
      this.trx,
    );
    return { item: rows[0]?.item ?? itemId, store: rows[0]?.store ?? storeId, unit: rows[0]?.unit ?? '', number: this.doc.number };
  }
}

type Extra = { departmentId: number | null; outletId: number | null; otherStoreId: number | null };

function positive(q: Decimal) {
  if (!q.isFinite() || q.lte(0)) throw badRequest('inventory.quantityPositive', { quantity: q.toString() });
}

/**
 * Moving average: a part of the stock takes its share of the value to the cent; the last units take all that
 * is left, so a store emptied holds no stray cents. Units not on hand (allowed negative stock) are costed at
 * the last cost the item moved at.
 */
function averageCost(b: Balance, quantity: Decimal): Decimal {
  if (b.quantity.lte(0)) return cents(quantity.times(b.lastUnitCost));
  if (quantity.eq(b.quantity)) return b.value;
  if (quantity.lt(b.quantity)) return cents(b.value.times(quantity).div(b.quantity));
  return b.value.plus(cents(quantity.minus(b.quantity).times(b.lastUnitCost)));
}
