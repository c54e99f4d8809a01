import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { AuthInfo } from '../../../context.js';
import { forbidden } from '../../../http/errors.js';

export const LEAD = 'sales.lead';
export const ACTIVITY = 'sales.activity';
export const PLAN = 'sales.plan';
/** The right to see and work the whole team's pipeline, activities and plans (a sales manager's); without it a person sees their own. */
export const WHOLE_TEAM = 'all';

export function seesWholeTeam(auth: AuthInfo): boolean {
  return auth.user.isAdmin || auth.rights.has(`${LEAD}:${WHOLE_TEAM}`);
}

/** The sales person the signed-in user is in the active property, if any. */
export async function personOf(db: Db, auth: AuthInfo): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT id::int AS id, name FROM sls_person WHERE branch_id = ${auth.branchId} AND user_id = ${auth.user.id} AND active`.execute(db);
  return rows[0];
}

/** A condition on a table's person column: the user's own rows unless they see the whole team. */
export function ownRows(column: string) {
  return (auth: AuthInfo) =>
    seesWholeTeam(auth)
      ? undefined
      : sql`${sql.ref(column)} IN (SELECT p.id FROM sls_person p WHERE p.branch_id = ${auth.branchId} AND p.user_id = ${auth.user.id})`;
}

/**
 * The person a row is written for: a sales person writes for themselves (an empty person becomes them), a
 * manager for anyone on the team.
 */
export async function personForWrite(db: Db, auth: AuthInfo, given: unknown): Promise<number> {
  if (seesWholeTeam(auth) && given != null) return Number(given);
  const me = await personOf(db, auth);
  if (!me) throw forbidden('sales-crm.notAPerson');
  if (given != null && Number(given) !== me.id) throw forbidden('sales-crm.ownOnly', { name: me.name });
  return me.id;
}
