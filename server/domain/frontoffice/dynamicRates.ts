import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { availability } from './availability.js';

/** A dynamic-rate rule as stored (sales/dynamic-rate): dates inclusive, occupancy band [from, to). */
export interface DynamicRule {
  code: string;
  room_type_id: number | null;
  date_from: string;
  date_to: string;
  occupancy_from: string;
  occupancy_to: string;
  adjustment_type: 'percent' | 'amount';
  adjustment: string;
}

const HUNDRED = new Decimal(100);

function inBand(rule: DynamicRule, occupancyPct: Decimal) {
  const from = new Decimal(rule.occupancy_from);
  const to = new Decimal(rule.occupancy_to);
  // the top band includes a full house: 100 % is not "below 100"
  return occupancyPct.gte(from) && (occupancyPct.lt(to) || (to.eq(HUNDRED) && occupancyPct.eq(HUNDRED)));
}

/**
 * The one rule that prices a night: of the rules whose dates hold the night, whose room type is the
 * booked one (or every type) and whose band holds the occupancy, a rule for the room type wins over one
 * for every type, then the band starting higher (the more specific one), then the code.
 */
export function pickRule(rules: DynamicRule[], roomTypeId: number, date: string, occupancyPct: Decimal.Value): DynamicRule | undefined {
  const occ = new Decimal(occupancyPct);
  return rules
    .filter(
      (r) =>
        r.date_from <= date &&
        date <= r.date_to &&
        (r.room_type_id == null || Number(r.room_type_id) === Number(roomTypeId)) &&
        inBand(r, occ),
    )
    .sort(
      (a, b) =>
        Number(b.room_type_id != null) - Number(a.room_type_id != null) ||
        new Decimal(b.occupancy_from).cmp(a.occupancy_from) ||
        a.code.localeCompare(b.code),
    )[0];
}

/** The price a rule makes of a rate's price, to the whole rupiah (half up) and never below zero. */
export function applyRule(price: Decimal.Value, rule: DynamicRule): Decimal {
  const p = new Decimal(price);
  const moved = rule.adjustment_type === 'percent' ? p.mul(HUNDRED.plus(rule.adjustment)).div(HUNDRED) : p.plus(rule.adjustment);
  return Decimal.max(moved, 0).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

export async function activeRules(db: Db, branchId: number, from: string, to: string): Promise<DynamicRule[]> {
  const { rows } = await sql<DynamicRule>`
    SELECT code, room_type_id::int AS room_type_id, date_from::text AS date_from, date_to::text AS date_to,
           occupancy_from, occupancy_to, adjustment_type, adjustment
      FROM dynamic_rate
     WHERE branch_id = ${branchId} AND active AND date_from < ${to}::date AND date_to >= ${from}::date`.execute(db);
  return rows;
}

/**
 * House occupancy per night in [from, to), in percent with 2 decimals: rooms on the books (booked, and
 * held for allotments until their cut-off) over rooms available. Out-of-order rooms stay available
 * unless the hotel setup excludes them (USALI, DOMAIN.md).
 */
export async function houseOccupancy(db: Db, branchId: number, from: string, to: string): Promise<Map<string, Decimal>> {
  const setup = (
    await sql<{ exclude: boolean }>`SELECT exclude_ooo_from_available AS exclude FROM hotel_setup WHERE branch_id = ${branchId}`.execute(db)
  ).rows[0];
  const perNight = new Map<string, { sold: number; available: number }>();
  for (const r of await availability(db, branchId, from, to)) {
    const n = perNight.get(r.date) ?? { sold: 0, available: 0 };
    n.sold += r.booked + r.held;
    n.available += r.total - (setup?.exclude ? r.out_of_order : 0);
    perNight.set(r.date, n);
  }
  const out = new Map<string, Decimal>();
  for (const [date, n] of perNight)
    out.set(
      date,
      n.available > 0 ? new Decimal(n.sold).mul(100).div(n.available).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : new Decimal(0),
    );
  return out;
}
