import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { allocate } from '../../../src/core/money/allocate.js';
import type { TaxService } from '../frontoffice/pricing.js';
import { splitCharge } from '../frontoffice/folio/split.js';

export const ORDER = 'pointofsales.order';

export interface BillItem {
  amount: string;
  /** rupiah taken off this item by a line discount */
  discount?: string;
  /** the revenue account of the item's main group (food, beverage, other) */
  account: string;
}

export interface BillTotals {
  subtotal: string;
  discount: string;
  service: string;
  tax: string;
  total: string;
  /** the base (after the discount) by revenue account, adding up to the base exactly */
  revenue: { account: string; amount: string }[];
}

/**
 * A bill's totals: the items' sum, the discounts — the items' own, then the bill's percentage of what is left,
 * rounded to the rupiah — then service and tax by the outlet's code ("++" adds them to the prices, "nett" finds
 * them inside), and the base shared over the revenue accounts by what each sold after its items' discounts,
 * with the rupiah remainder on the last one — so revenue, service and tax add up to the total exactly.
 */
export function billTotals(items: BillItem[], discountPct: Decimal.Value, ts: TaxService | null): BillTotals {
  const subtotal = items.reduce((s, i) => s.plus(i.amount), new Decimal(0));
  const lineDiscounts = items.reduce((s, i) => s.plus(i.discount ?? 0), new Decimal(0));
  const billDiscount = subtotal.minus(lineDiscounts).mul(discountPct).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const discount = lineDiscounts.plus(billDiscount);
  const split = splitCharge(subtotal.minus(discount), ts);
  const byAccount = new Map<string, Decimal>();
  for (const i of items)
    byAccount.set(i.account, (byAccount.get(i.account) ?? new Decimal(0)).plus(new Decimal(i.amount).minus(i.discount ?? 0)));
  const accounts = [...byAccount.keys()].sort();
  const shares = allocate(
    split.base,
    accounts.map((a) => byAccount.get(a)!),
  );
  return {
    subtotal: subtotal.toFixed(0),
    discount: discount.toFixed(0),
    service: split.service,
    tax: split.tax,
    total: split.total,
    revenue: accounts.map((account, i) => ({ account, amount: shares[i] })).filter((r) => r.amount !== '0'),
  };
}

export interface CheckRow {
  id: number;
  number: string;
  outlet_id: number;
  outlet_name: string;
  department_id: number | null;
  fo_article_id: number | null;
  table_id: number | null;
  table_code: string | null;
  reservation_id: number | null;
  status: string;
  split_parts: number | null;
  discount_pct: string;
  total: string;
  paid: string;
  version: number;
  ts: TaxService | null;
}

/** A check with its outlet's tax code, locked for the rest of the transaction when `lock` (a payment, a send). */
export async function loadCheck(trx: Db, branchId: number, id: number, lock = true): Promise<CheckRow> {
  const { rows } = await sql<
    Omit<CheckRow, 'ts'> & {
      service_pct: string | null;
      tax_pct: string | null;
      tax_on_service: boolean | null;
      price_mode: 'plus' | 'nett' | null;
    }
  >`
    SELECT c.id, c.number, c.outlet_id, o.name AS outlet_name, o.department_id, o.fo_article_id, c.table_id, t.code AS table_code,
           c.reservation_id, c.status, c.split_parts, c.discount_pct::text AS discount_pct, c.total::text AS total, c.paid::text AS paid, c.version,
           ts.service_pct::text AS service_pct, ts.tax_pct::text AS tax_pct, ts.tax_on_service, ts.price_mode
      FROM pos_check c JOIN outlet o ON o.branch_id = c.branch_id AND o.id = c.outlet_id
      LEFT JOIN pos_table t ON t.branch_id = c.branch_id AND t.id = c.table_id
      LEFT JOIN tax_service ts ON ts.branch_id = o.branch_id AND ts.id = o.tax_service_id
     WHERE c.branch_id = ${branchId} AND c.id = ${id}
     ${lock ? sql`FOR UPDATE OF c` : sql``}`.execute(trx);
  const r = rows[0];
  if (!r) throw notFound('pos-check.title');
  const { service_pct, tax_pct, tax_on_service, price_mode, ...check } = r;
  return {
    ...check,
    id: Number(check.id),
    outlet_id: Number(check.outlet_id),
    department_id: check.department_id === null ? null : Number(check.department_id),
    fo_article_id: check.fo_article_id === null ? null : Number(check.fo_article_id),
    table_id: check.table_id === null ? null : Number(check.table_id),
    reservation_id: check.reservation_id === null ? null : Number(check.reservation_id),
    ts: price_mode ? { servicePct: service_pct!, taxPct: tax_pct!, taxOnService: tax_on_service!, priceMode: price_mode } : null,
  };
}

/**
 * The check's items still on the bill (not voided), summed by their main group's revenue account: what
 * billTotals needs, a row a group however long the bill (a banquet's 200 lines are three rows).
 */
export async function billItems(trx: Db, branchId: number, checkId: number): Promise<BillItem[]> {
  // summed by dish first, so the menu, group and account are looked up once a dish, not once a line
  const { rows } = await sql<BillItem>`
    SELECT a.code AS account, sum(i.amount)::text AS amount, sum(i.discount)::text AS discount
      FROM (SELECT menu_id, sum(amount) AS amount, sum(discount) AS discount FROM pos_check_item
             WHERE branch_id = ${branchId} AND check_id = ${checkId} AND status <> 'void' GROUP BY menu_id) i
      JOIN pos_menu m ON m.branch_id = ${branchId} AND m.id = i.menu_id
      JOIN pos_group g ON g.branch_id = m.branch_id AND g.id = m.group_id
      JOIN pos_main_group mg ON mg.branch_id = g.branch_id AND mg.id = g.main_group_id
      JOIN gl_account a ON a.branch_id = mg.branch_id AND a.id = mg.revenue_account_id
     GROUP BY a.code`.execute(trx);
  return rows;
}

/** Works the check's totals out again from its items and stores them (a new version when `changed`); answers them. */
export async function storeBillTotals(trx: Db, branchId: number, check: CheckRow, changed = false): Promise<BillTotals> {
  const totals = billTotals(await billItems(trx, branchId, check.id), check.discount_pct, check.ts);
  await sql`
    UPDATE pos_check SET subtotal = ${totals.subtotal}, discount = ${totals.discount}, service = ${totals.service}, tax = ${totals.tax},
           total = ${totals.total} ${changed ? sql`, version = version + 1, updated_at = now()` : sql``}
     WHERE branch_id = ${branchId} AND id = ${check.id}`.execute(trx);
  return totals;
}
