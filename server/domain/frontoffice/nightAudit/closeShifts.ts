import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { AuthInfo } from '../../../context.js';
import { audit } from '../../../http/audit.js';
import { expectedCash } from '../../gc/shift.js';

/**
 * The cashier shifts still open when the day closes (the general cashier's and the outlets' tills), closed by
 * the night audit as OPERA closes forgotten cashiers: nobody counted those boxes, so each keeps what it should
 * hold and no count, names the run, and is in the audit log; the cashier opens a new shift next time. A
 * resumed step finds them closed already and closes nothing twice.
 */
export async function closeOpenShifts(trx: Db, auth: AuthInfo, runId: string): Promise<number> {
  const { rows } = await sql<{ id: number; opening_float: string; cashier: string; box: string; outlet: string | null }>`
    SELECT s.id, s.opening_float::text AS opening_float, u.full_name AS cashier, s.box, o.code AS outlet
      FROM gc_shift s JOIN app_user u ON u.id = s.user_id LEFT JOIN outlet o ON o.branch_id = s.branch_id AND o.id = s.outlet_id
     WHERE s.branch_id = ${auth.branchId} AND s.status = 'open' ORDER BY s.id FOR UPDATE OF s`.execute(trx);
  for (const s of rows) {
    const id = Number(s.id);
    const expected = (await expectedCash(trx, auth.branchId, { id, opening_float: s.opening_float })).toFixed(2);
    await sql`
      UPDATE gc_shift SET status = 'closed', closed_at = now(), expected = ${expected}, closed_by_run = ${runId},
             version = version + 1, updated_at = now(), updated_by = ${auth.user.id}
       WHERE branch_id = ${auth.branchId} AND id = ${id}`.execute(trx);
    await audit(
      trx,
      { auth },
      {
        entity: 'night-audit',
        entityId: runId,
        action: 'close-shift',
        summary: `Shift #${id} of ${s.cashier} (${s.outlet ?? 'GC'}) closed, not counted; expected ${expected}`,
        after: { shift: id, status: 'closed', expected, counted: null, closed_by_run: runId },
      },
    );
  }
  return rows.length;
}
