import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** The room figures of one night or of a whole period (USALI 11th ed.; DOMAIN.md). */
export interface RoomFigures {
  /** rooms available: the inventory, less out-of-order rooms only when the hotel setup says so */
  available: number;
  out_of_order: number;
  /** definite stays on a paid rate (tentative ones are apart) */
  sold: number;
  complimentary: number;
  house_use: number;
  tentative: number;
  /** net of service, tax and the package share, whole rupiah */
  room_revenue: string;
  /** sold ÷ available, percent with two decimals */
  occupancy: string;
  /** (sold + complimentary + house use) ÷ available */
  occupancy_with_comp: string;
  /** room revenue ÷ sold, whole rupiah */
  adr: string;
  /** room revenue ÷ available, whole rupiah */
  revpar: string;
}

export interface PeriodStatistics {
  from: string;
  to: string;
  basis: 'inventory' | 'less_out_of_order';
  nights: (RoomFigures & { night: string })[];
  period: RoomFigures;
}

interface Counts {
  available: number;
  out_of_order: number;
  sold: number;
  complimentary: number;
  house_use: number;
  tentative: number;
  room_revenue: string;
}

/**
 * Occupancy, ADR and RevPAR per night and for the whole period [from, to]. The period's figures are
 * computed from the period's sums (rooms and rupiah), never averaged from the nights' rounded ones; only
 * the final ratio is rounded (percent to two decimals, money half up to the rupiah). A stay on a
 * complimentary or house-use rate (or segment) is occupied, not sold; its revenue is no room revenue.
 */
export async function periodStatistics(db: Db, branchId: number, from: string, to: string): Promise<PeriodStatistics> {
  const { rows } = await sql<Counts & { night: string; excl: boolean }>`
    WITH nights AS (SELECT d::date AS night FROM generate_series(${from}::date, ${to}::date, interval '1 day') d),
         setup AS (SELECT exclude_ooo_from_available AS excl FROM hotel_setup WHERE branch_id = ${branchId}),
         rooms AS (
           SELECT n.night, count(r.id)::int AS total,
                  count(r.id) FILTER (WHERE r.ooo_from <= n.night AND (r.ooo_to IS NULL OR n.night < r.ooo_to))::int AS ooo
             FROM nights n JOIN room r ON r.branch_id = ${branchId} AND r.active GROUP BY n.night),
         stays AS (
           SELECT rn.night,
                  count(*) FILTER (WHERE rn.status <> 'tentative' AND rn.usage = 'paid')::int AS sold,
                  count(*) FILTER (WHERE rn.status <> 'tentative' AND rn.usage = 'complimentary')::int AS complimentary,
                  count(*) FILTER (WHERE rn.status <> 'tentative' AND rn.usage = 'house_use')::int AS house_use,
                  count(*) FILTER (WHERE rn.status = 'tentative')::int AS tentative,
                  coalesce(sum(rn.room_revenue) FILTER (WHERE rn.status <> 'tentative' AND rn.usage = 'paid'), 0)::text AS room_revenue
             FROM reservation_night rn
            WHERE rn.branch_id = ${branchId} AND rn.night BETWEEN ${from}::date AND ${to}::date
            GROUP BY rn.night)
    SELECT n.night::text AS night, coalesce(s.excl, false) AS excl,
           coalesce(r.total, 0) - CASE WHEN s.excl THEN coalesce(r.ooo, 0) ELSE 0 END AS available, coalesce(r.ooo, 0) AS out_of_order,
           coalesce(st.sold, 0) AS sold, coalesce(st.complimentary, 0) AS complimentary, coalesce(st.house_use, 0) AS house_use,
           coalesce(st.tentative, 0) AS tentative, coalesce(st.room_revenue, '0') AS room_revenue
      FROM nights n LEFT JOIN rooms r ON r.night = n.night LEFT JOIN stays st ON st.night = n.night LEFT JOIN setup s ON true
     ORDER BY n.night`.execute(db);
  const sum: Counts = { available: 0, out_of_order: 0, sold: 0, complimentary: 0, house_use: 0, tentative: 0, room_revenue: '0' };
  for (const r of rows) {
    sum.available += r.available;
    sum.out_of_order += r.out_of_order;
    sum.sold += r.sold;
    sum.complimentary += r.complimentary;
    sum.house_use += r.house_use;
    sum.tentative += r.tentative;
    sum.room_revenue = new Decimal(sum.room_revenue).plus(r.room_revenue).toFixed(0);
  }
  return {
    from,
    to,
    basis: rows[0]?.excl ? 'less_out_of_order' : 'inventory',
    nights: rows.map(({ excl: _excl, ...r }) => ({ ...figures(r), night: r.night })),
    period: figures(sum),
  };
}

function figures(c: Counts): RoomFigures {
  const revenue = new Decimal(c.room_revenue);
  const pct = (n: number) => (c.available ? new Decimal(n).times(100).div(c.available).toFixed(2, Decimal.ROUND_HALF_UP) : '0.00');
  const money = (d: Decimal, by: number) => (by ? d.div(by).toFixed(0, Decimal.ROUND_HALF_UP) : '0');
  return {
    available: c.available,
    out_of_order: c.out_of_order,
    sold: c.sold,
    complimentary: c.complimentary,
    house_use: c.house_use,
    tentative: c.tentative,
    room_revenue: revenue.toFixed(0),
    occupancy: pct(c.sold),
    occupancy_with_comp: pct(c.sold + c.complimentary + c.house_use),
    adr: money(revenue, c.sold),
    revpar: money(revenue, c.available),
  };
}
