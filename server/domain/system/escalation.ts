import { sql } from 'kysely';
import type { HookContext } from '../../data/hooks.js';
import { forbidden } from '../../http/errors.js';

/**
 * Guards against privilege escalation by whoever manages users and groups without being an administrator
 * (an HR clerk with rights on Users): nobody gives away more than they hold, and administrator accounts and
 * groups are managed by administrators only.
 */
type Actor = Pick<HookContext, 'trx' | 'auth'>;

export function requireAdmin(c: Actor) {
  if (!c.auth.user.isAdmin) throw forbidden('user.adminOnly');
}

/** The rights must all be the actor's own. */
export function mustHoldRights(c: Actor, rights: string[]) {
  if (c.auth.user.isAdmin) return;
  const beyond = rights.filter((r) => !c.auth.rights.has(r));
  if (beyond.length) throw forbidden('user.beyondYourRights', { rights: beyond.slice(0, 5).join(', ') });
}

/** A user may be put into a group only by someone holding every right of that group. */
export async function mayAssignGroup(c: Actor, groupId: number) {
  if (c.auth.user.isAdmin) return;
  const group = (await sql<{ is_admin: boolean }>`SELECT is_admin FROM user_group WHERE id = ${groupId}`.execute(c.trx)).rows[0];
  if (!group) return; // the foreign key answers an unknown group
  if (group.is_admin) throw forbidden('user.adminOnly');
  const rights = (
    await sql<{ r: string }>`SELECT resource || ':' || action AS r FROM group_right WHERE group_id = ${groupId} ORDER BY 1`.execute(c.trx)
  ).rows.map((x) => x.r);
  mustHoldRights(c, rights);
}

/** An administrator's account (or an administrator group) is touched by administrators only. */
export async function mayManageUser(c: Actor, userId: number) {
  if (c.auth.user.isAdmin) return;
  const { rows } = await sql<{ is_admin: boolean }>`
    SELECT g.is_admin FROM app_user u JOIN user_group g ON g.id = u.group_id WHERE u.id = ${userId}`.execute(c.trx);
  if (rows[0]?.is_admin) throw forbidden('user.adminOnly');
}
