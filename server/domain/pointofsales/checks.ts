import crypto from 'node:crypto';
import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import type { Line } from '../../data/lines.js';
import { nextNumber } from '../../data/numbering.js';
import { conflict, invalid } from '../../http/errors.js';
import { openBusinessDay } from '../gl/post.js';
import { loadCheck, storeBillTotals } from './bill.js';

interface MenuPrice {
  id: number;
  name: string;
  price: string;
  modifiers: { name: string; price: string | null }[];
}

/** The dishes the lines name, of the check's outlet, with their modifiers' prices. */
export async function menuPrices(trx: Db, branchId: number, outletId: number, ids: number[]): Promise<Map<number, MenuPrice>> {
  const { rows } = await sql<MenuPrice>`
    SELECT m.id, m.name, m.price::text AS price,
           coalesce((SELECT json_agg(json_build_object('name', mm.name, 'price', mm.price::text)) FROM pos_menu_modifier mm
                      WHERE mm.branch_id = m.branch_id AND mm.menu_id = m.id), '[]') AS modifiers
      FROM pos_menu m
     WHERE m.branch_id = ${branchId} AND m.outlet_id = ${outletId} AND m.id = ANY(${ids}::bigint[]) AND m.active AND m.available`.execute(
    trx,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/**
 * A line's price: the dish's and that of each modifier named ("Extra peanut sauce, no chilli"); a wish the
 * menu does not list ("less sugar") goes to the kitchen free.
 */
export function unitPrice(menu: MenuPrice, modifiers: string | null | undefined): Decimal {
  const asked = (modifiers ?? '')
    .split(',')
    .map((m) => m.trim().toLowerCase())
    .filter(Boolean);
  return menu.modifiers
    .filter((m) => m.price && asked.includes(m.name.toLowerCase()))
    .reduce((p, m) => p.plus(m.price!), new Decimal(menu.price));
}

/** The rupiah a line discount takes off an item's amount. */
export const lineDiscount = (amount: Decimal.Value, percent: Decimal.Value) =>
  new Decimal(amount).mul(percent).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(2);

const same = (a: Line, b: Line) =>
  Number(a.menu_id) === Number(b.menu_id) && Number(a.quantity) === Number(b.quantity) && (a.modifiers ?? '') === (b.modifiers ?? '');

/**
 * The items a save leaves on a check, priced by the server: a new item at the menu's price (what the client
 * sends as price or status is not taken), an item already sent to the kitchen unchanged — it leaves the
 * check only as a void, with a reason.
 */
async function priceItems(c: HookContext, outletId: number, lines: Line[], before: Line[]) {
  const was = new Map(before.map((l) => [Number(l.id), l]));
  const kept = new Set(lines.filter((l) => l.id != null).map((l) => Number(l.id)));
  before.forEach((old, i) => {
    if (old.status !== 'new' && !kept.has(Number(old.id))) throw conflict('pos-check.sentVoidOnly', { line: i + 1 });
  });
  const menus = await menuPrices(c.trx, c.auth.branchId, outletId, [...new Set(lines.map((l) => Number(l.menu_id)))]);
  lines.forEach((l, i) => {
    const old = l.id != null ? was.get(Number(l.id)) : undefined;
    const discountOf = { discount_pct: String(old?.discount_pct ?? '0'), discount_reason_id: old?.discount_reason_id ?? null };
    if (old && old.status !== 'new') {
      if (!same(l, old)) throw conflict('pos-check.sentFixed', { line: i + 1 });
      Object.assign(l, { unit_price: old.unit_price, amount: old.amount, status: old.status, discount: old.discount, ...discountOf });
      return;
    }
    const menu = menus.get(Number(l.menu_id));
    if (!menu) throw invalid([{ field: `items/${i}/menu_id`, key: 'pos-check.menuNotSold', params: {} }]);
    const price = unitPrice(menu, l.modifiers as string | null);
    const amount = price.mul(Number(l.quantity ?? 1));
    // an item's discount stays with it (its percentage of the new amount when the quantity changed)
    Object.assign(l, {
      unit_price: price.toFixed(2),
      amount: amount.toFixed(2),
      status: 'new',
      discount: lineDiscount(amount, discountOf.discount_pct),
      ...discountOf,
    });
  });
}

/** The table belongs to the outlet, and has no other open check. */
async function checkTable(c: HookContext, outletId: number, tableId: number, self?: number) {
  const { rows } = await sql<{ outlet_id: number; code: string; open: string | null }>`
    SELECT t.outlet_id, t.code,
           (SELECT number FROM pos_check k WHERE k.branch_id = t.branch_id AND k.table_id = t.id AND k.status = 'open' AND k.split_of IS NULL
               AND k.id IS DISTINCT FROM ${self ?? null}::bigint LIMIT 1) AS open
      FROM pos_table t WHERE t.branch_id = ${c.auth.branchId} AND t.id = ${tableId}`.execute(c.trx);
  const t = rows[0];
  if (!t || Number(t.outlet_id) !== outletId) throw invalid([{ field: 'table_id', key: 'pos-check.tableElsewhere', params: {} }]);
  if (t.open) throw conflict('pos-check.tableOpen', { table: t.code, number: t.open });
}

/** A room guest's check names a stay that is in house; the guest's name comes with it. */
async function checkStay(c: HookContext, values: Record<string, unknown>) {
  const { rows } = await sql<{ status: string; code: string; guest: string }>`
    SELECT r.status, r.code, g.name AS guest FROM reservation r JOIN guest g ON g.branch_id = r.branch_id AND g.id = r.guest_id
     WHERE r.branch_id = ${c.auth.branchId} AND r.id = ${Number(values.reservation_id)}`.execute(c.trx);
  const stay = rows[0];
  if (!stay || stay.status !== 'in_house') throw invalid([{ field: 'reservation_id', key: 'pos-check.stayNotInHouse', params: {} }]);
  if (!values.guest_name) values.guest_name = stay.guest;
}

const billStem = (day: string) => `B-${dayjs(day).format('YYMMDD')}-`;

/**
 * A check (pointofsales/check), numbered per business day (B-YYMMDD-####): opened on a table of its outlet or
 * for an in-house guest, its items priced from the menu, its totals worked out by the server after each save.
 * Once payments have started the items are what is being paid for, and stay as they are.
 *
 * The number is taken last, after the items and totals are written: bills of a day are numbered one after
 * the other (no gaps, the lock held to the commit), so ten terminals opening bills at once wait for each other
 * only over the last statements of the save, not all of them. Until then the bill carries a provisional one.
 */
export const checkHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    const outletId = Number(values.outlet_id ?? before?.outlet_id);
    if (mode === 'create') {
      const day = await openBusinessDay(c.trx, c.auth.branchId);
      values.business_date = day;
      values.number = `${billStem(day)}~${crypto.randomUUID()}`;
    } else if (values.outlet_id !== undefined && Number(values.outlet_id) !== Number(before!.outlet_id)) {
      throw conflict('pos-check.outletFixed');
    }
    if (values.table_id && (mode === 'create' || Number(values.table_id) !== Number(before?.table_id)))
      await checkTable(c, outletId, Number(values.table_id), before ? Number(before.id) : undefined);
    if (values.reservation_id && (mode === 'create' || Number(values.reservation_id) !== Number(before?.reservation_id)))
      await checkStay(c, values);
    if (virtual.items !== undefined) {
      if (before && new Decimal(String(before.paid ?? 0)).gt(0)) throw conflict('pos-check.paymentsStarted');
      await priceItems(c, outletId, (virtual.items ?? []) as Line[], (before?.items ?? []) as Line[]);
    }
  },
  async afterWrite(c, mode, row) {
    const totals = await storeBillTotals(c.trx, c.auth.branchId, await loadCheck(c.trx, c.auth.branchId, Number(row.id)));
    // as a read shows them
    for (const f of ['subtotal', 'discount', 'service', 'tax', 'total'] as const) row[f] = new Decimal(totals[f]).toFixed(2);
    if (mode === 'create') {
      row.number = await nextNumber(c.trx, c.auth.branchId, 'pos_check', billStem(String(row.business_date)));
      await sql`UPDATE pos_check SET number = ${row.number} WHERE branch_id = ${c.auth.branchId} AND id = ${Number(row.id)}`.execute(c.trx);
    }
  },
  async onStatus(c, action, row) {
    if (action !== 'cancel') return;
    // what the kitchen was sent is voided item by item, each with its reason, before a check is cancelled
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pos_check_item WHERE branch_id = ${c.auth.branchId} AND check_id = ${Number(row.id)} AND status IN ('sent', 'ready')`.execute(
      c.trx,
    );
    if (rows[0].n > 0) throw conflict('pos-check.cancelSent', { count: rows[0].n });
    if (new Decimal(String(row.paid ?? 0)).gt(0)) throw conflict('pos-check.paymentsStarted');
  },
};
