import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';

export interface DayStatistics {
  business_date: string;
  ooo_excluded: boolean;
  rooms_total: number;
  rooms_out_of_order: number;
  rooms_available: number;
  rooms_sold: number;
  rooms_complimentary: number;
  rooms_house_use: number;
  no_shows: number;
  arrivals: number;
  departures: number;
  guests: number;
  occupancy_pct: string;
  occupancy_with_comp_pct: string;
  room_revenue: string;
  adr: string;
  revpar: string;
  guest_ledger: string;
  deposits_held: string;
}

const ratio = (a: Decimal.Value, b: Decimal.Value, scale = 100) =>
  new Decimal(b).isZero() ? '0.00' : new Decimal(a).mul(scale).div(b).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * The day's statistics as USALI (11th ed.) defines them (docs/DOMAIN.md): rooms available = the inventory,
 * less the rooms out of order only when the hotel says so; occupied rooms split into sold, complimentary and
 * house use by their rate's usage or, on a paid rate, their market segment's kind; occupancy = sold ÷ available (and with comp); room revenue = the
 * base of the room articles posted for the day (net of service and PBJT, packages already taken out, no-show
 * fees in); ADR = room revenue ÷ sold; RevPAR = room revenue ÷ available.
 */
export async function dayStatistics(db: Db, branchId: number, day: string, noShows: number): Promise<DayStatistics> {
  const { rows } = await sql<{
    ooo_excluded: boolean;
    rooms_total: number;
    rooms_out_of_order: number;
    occupied: number;
    comp: number;
    house_use: number;
    arrivals: number;
    departures: number;
    guests: number;
    room_revenue: string;
    guest_ledger: string;
    deposits_held: string;
  }>`
    SELECT s.exclude_ooo_from_available AS ooo_excluded,
      (SELECT count(*)::int FROM room r WHERE r.branch_id = s.branch_id AND r.active) AS rooms_total,
      (SELECT count(*)::int FROM room r WHERE r.branch_id = s.branch_id AND r.active
          AND (CASE WHEN r.ooo_from IS NOT NULL THEN r.ooo_from <= ${day}::date AND (r.ooo_to IS NULL OR r.ooo_to >= ${day}::date)
                    ELSE r.hk_status = 'out_of_order' END)) AS rooms_out_of_order,
      o.occupied, o.comp, o.house_use, o.guests,
      (SELECT count(*)::int FROM reservation v WHERE v.branch_id = s.branch_id AND v.arrival = ${day}::date AND v.status IN ('in_house', 'checked_out')) AS arrivals,
      (SELECT count(*)::int FROM reservation v WHERE v.branch_id = s.branch_id AND v.departure = ${day}::date AND v.status = 'checked_out') AS departures,
      (SELECT coalesce(sum(l.base), 0)::text FROM folio_line l JOIN fo_article a ON a.branch_id = l.branch_id AND a.id = l.fo_article_id
        WHERE l.branch_id = s.branch_id AND l.business_date = ${day}::date AND l.kind = 'charge' AND a.kind = 'room' AND l.transfer_side IS NULL) AS room_revenue,
      (SELECT coalesce(sum(l.amount), 0)::text FROM folio_line l JOIN folio f ON f.branch_id = l.branch_id AND f.id = l.folio_id
        WHERE l.branch_id = s.branch_id AND f.status = 'open') AS guest_ledger,
      ((SELECT coalesce(sum(d.amount), 0) FROM reservation_deposit d WHERE d.branch_id = s.branch_id)
       + (SELECT coalesce(sum(l.amount), 0) FROM folio_line l JOIN pay_article p ON p.branch_id = l.branch_id AND p.id = l.pay_article_id
           WHERE l.branch_id = s.branch_id AND p.payment_type = 'deposit' AND l.transfer_side IS NULL))::text AS deposits_held
      FROM hotel_setup s
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS occupied,
               count(*) FILTER (WHERE u.usage = 'complimentary')::int AS comp,
               count(*) FILTER (WHERE u.usage = 'house_use')::int AS house_use,
               coalesce(sum(v.adults + v.children), 0)::int AS guests
          FROM reservation v LEFT JOIN segment g ON g.branch_id = v.branch_id AND g.id = v.segment_id
          LEFT JOIN rate_code rc ON rc.branch_id = v.branch_id AND rc.id = v.rate_code_id
          -- the rate's usage first, then the segment's kind: the same rule as reservation_night (migration 0018)
          CROSS JOIN LATERAL (SELECT CASE WHEN rc.usage IN ('complimentary', 'house_use') THEN rc.usage
                                          WHEN g.kind IN ('complimentary', 'house_use') THEN g.kind ELSE 'paid' END AS usage) u
         WHERE v.branch_id = s.branch_id AND v.status = 'in_house' AND v.arrival <= ${day}::date AND v.departure > ${day}::date) o
     WHERE s.branch_id = ${branchId}`.execute(db);
  const r = rows[0];
  const available = r.ooo_excluded ? r.rooms_total - r.rooms_out_of_order : r.rooms_total;
  const sold = r.occupied - r.comp - r.house_use;
  const revenue = new Decimal(r.room_revenue);
  return {
    business_date: day,
    ooo_excluded: r.ooo_excluded,
    rooms_total: r.rooms_total,
    rooms_out_of_order: r.rooms_out_of_order,
    rooms_available: available,
    rooms_sold: sold,
    rooms_complimentary: r.comp,
    rooms_house_use: r.house_use,
    no_shows: noShows,
    arrivals: r.arrivals,
    departures: r.departures,
    guests: r.guests,
    occupancy_pct: ratio(sold, available),
    occupancy_with_comp_pct: ratio(sold + r.comp, available),
    room_revenue: revenue.toFixed(2),
    adr: ratio(revenue, sold, 1),
    revpar: ratio(revenue, available, 1),
    guest_ledger: new Decimal(r.guest_ledger).toFixed(2),
    deposits_held: new Decimal(r.deposits_held).toFixed(2),
  };
}

/** Keeps the closed day's statistics and its revenue by department, once (a resumed step writes nothing twice). */
export async function keepDayStatistics(trx: Db, branchId: number, userId: number | null, runId: string, stats: DayStatistics) {
  const cols = Object.keys(stats) as (keyof DayStatistics)[];
  await sql`
    INSERT INTO night_audit_day (branch_id, ${sql.join(cols.map((c) => sql.ref(c)))}, run_id, created_by)
    VALUES (${branchId}, ${sql.join(cols.map((c) => stats[c]))}, ${runId}, ${userId})
    ON CONFLICT (branch_id, business_date) DO NOTHING`.execute(trx);
  await sql`
    INSERT INTO night_audit_revenue (branch_id, business_date, department_id, department, base, service, tax)
    SELECT l.branch_id, l.business_date, a.department_id, coalesce(d.name, '—'), sum(l.base), sum(l.service), sum(l.tax)
      FROM folio_line l JOIN fo_article a ON a.branch_id = l.branch_id AND a.id = l.fo_article_id
      LEFT JOIN department d ON d.branch_id = a.branch_id AND d.id = a.department_id
     WHERE l.branch_id = ${branchId} AND l.business_date = ${stats.business_date}::date AND l.kind = 'charge' AND l.transfer_side IS NULL
     GROUP BY l.branch_id, l.business_date, a.department_id, d.name
    ON CONFLICT (branch_id, business_date, department) DO NOTHING`.execute(trx);
}
