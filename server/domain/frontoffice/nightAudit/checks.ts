import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';

export interface AuditProblem {
  /** a label key: nightAudit.check.<check> */
  check: 'departuresNotOut' | 'inHouseWithoutRate' | 'arrivalsNotArrived' | 'openChecks' | 'openShifts';
  /** a blocking problem stops the audit unless someone with the override right gives a reason */
  blocking: boolean;
  /** reservation codes with their room, checks with their table, cashiers with their outlet: the first twenty */
  items: string[];
  count: number;
}

/**
 * What the night auditor must see before the day closes (OPERA's checks): guests due out and still in house
 * (blocking: their night would not be charged), in-house stays with no rate to charge (blocking), and arrivals
 * not arrived (they become no-shows: a warning), outlet bills still open (blocking: their revenue would miss the
 * day) and cashier shifts still open (a warning: the cashier counts the box when the shift ends).
 */
export async function auditChecks(db: Db, branchId: number, day: string): Promise<AuditProblem[]> {
  const { rows } = await sql<{ problem: AuditProblem['check']; item: string; n: number }>`
    WITH found AS (
      SELECT 'departuresNotOut' AS problem, v.id, v.code, r.code AS room FROM reservation v LEFT JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
       WHERE v.branch_id = ${branchId} AND v.status = 'in_house' AND v.departure <= ${day}::date
      UNION ALL
      SELECT 'inHouseWithoutRate', v.id, v.code, r.code FROM reservation v LEFT JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
       WHERE v.branch_id = ${branchId} AND v.status = 'in_house' AND v.departure > ${day}::date AND v.rate_code_id IS NULL
      UNION ALL
      SELECT 'arrivalsNotArrived', v.id, v.code, r.code FROM reservation v LEFT JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
       WHERE v.branch_id = ${branchId} AND v.status IN ('tentative', 'confirmed') AND v.arrival <= ${day}::date
      UNION ALL
      SELECT 'openChecks', c.id, c.number, coalesce(t.code, o.code) FROM pos_check c JOIN outlet o ON o.branch_id = c.branch_id AND o.id = c.outlet_id
        LEFT JOIN pos_table t ON t.branch_id = c.branch_id AND t.id = c.table_id
       WHERE c.branch_id = ${branchId} AND c.status = 'open' AND c.business_date <= ${day}::date
      UNION ALL
      SELECT 'openShifts', s.id, u.full_name, coalesce(o.code, 'GC') FROM gc_shift s JOIN app_user u ON u.id = s.user_id
        LEFT JOIN outlet o ON o.branch_id = s.branch_id AND o.id = s.outlet_id
       WHERE s.branch_id = ${branchId} AND s.status = 'open')
    SELECT problem, code || coalesce(' (' || room || ')', '') AS item, count(*) OVER (PARTITION BY problem)::int AS n
      FROM found ORDER BY problem, code`.execute(db);
  const out = new Map<string, AuditProblem>();
  for (const r of rows) {
    const p = out.get(r.problem) ?? {
      check: r.problem,
      blocking: r.problem !== 'arrivalsNotArrived' && r.problem !== 'openShifts',
      items: [],
      count: r.n,
    };
    if (p.items.length < 20) p.items.push(r.item);
    out.set(r.problem, p);
  }
  return [...out.values()];
}
