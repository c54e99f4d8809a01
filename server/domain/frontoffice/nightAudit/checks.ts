import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';

export interface AuditProblem {
  /** a label key: nightAudit.check.<check> */
  check: 'departuresNotOut' | 'inHouseWithoutRate' | 'arrivalsNotArrived';
  /** a blocking problem stops the audit unless someone with the override right gives a reason */
  blocking: boolean;
  /** reservation codes with their room, the first twenty */
  items: string[];
  count: number;
}

/**
 * What the night auditor must see before the day closes (OPERA's checks): guests due out and still in house
 * (blocking: their night would not be charged), in-house stays with no rate to charge (blocking), and arrivals
 * not arrived (they become no-shows: a warning). Cashier shifts and point-of-sale bills join when those
 * modules exist.
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
       WHERE v.branch_id = ${branchId} AND v.status IN ('tentative', 'confirmed') AND v.arrival <= ${day}::date)
    SELECT problem, code || coalesce(' (' || room || ')', '') AS item, count(*) OVER (PARTITION BY problem)::int AS n
      FROM found ORDER BY problem, code`.execute(db);
  const out = new Map<string, AuditProblem>();
  for (const r of rows) {
    const p = out.get(r.problem) ?? { check: r.problem, blocking: r.problem !== 'arrivalsNotArrived', items: [], count: r.n };
    if (p.items.length < 20) p.items.push(r.item);
    out.set(r.problem, p);
  }
  return [...out.values()];
}
