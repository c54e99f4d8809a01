import { sql } from 'kysely';
import type { AuthInfo } from '../../context.js';
import type { HookContext } from '../../data/hooks.js';
import { forbidden, notFound } from '../../http/errors.js';

/**
 * Guards against privilege escalation by whoever manages users and groups without being an administrator
 * (an HR clerk of one property with rights on Users): nobody gives away more than they hold — neither a
 * right nor a property — and administrator accounts and groups are managed by administrators only.
 *
 * Users and groups are company-wide rows, so "within the properties one holds" is decided here:
 * a user is seen by whoever shares one of their properties (they work in the same hotel), and changed,
 * reset or locked only by whoever holds every property they hold — otherwise a Bandung clerk could take
 * over a Bali account by resetting its password.
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

/** The properties must all be the actor's own: nobody grants access to a hotel they cannot enter themselves. */
export function mustHoldProperties(c: Actor, branchIds: number[]) {
  if (c.auth.user.isAdmin) return;
  if (branchIds.some((id) => !c.auth.branchIds.includes(id))) throw forbidden('user.beyondYourProperties');
}

/**
 * The app_user rows a non-administrator sees: accounts of administrators (they work everywhere) and of
 * users who hold at least one of the caller's properties. A SQL condition on the unaliased app_user table.
 */
export function visibleUsers(auth: AuthInfo) {
  if (auth.user.isAdmin) return undefined;
  return sql`(EXISTS (SELECT 1 FROM user_group vg WHERE vg.id = app_user.group_id AND vg.is_admin)
              OR EXISTS (SELECT 1 FROM user_branch vb WHERE vb.user_id = app_user.id AND vb.branch_id = ANY(${auth.branchIds}::bigint[])))`;
}

/** Users whose properties are not all the caller's: condition on a user id expression. */
function holdsOtherProperty(auth: AuthInfo, userId: ReturnType<typeof sql>) {
  return sql`EXISTS (SELECT 1 FROM user_branch ob WHERE ob.user_id = ${userId} AND NOT (ob.branch_id = ANY(${auth.branchIds}::bigint[])))`;
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

/**
 * Changing, resetting, locking or deleting a user: an administrator's account by administrators only, a user
 * the caller cannot see answers as if it did not exist, and one who also works in a property the caller does
 * not hold is refused.
 */
export async function mayManageUser(c: Actor, userId: number) {
  if (c.auth.user.isAdmin) return;
  const visible = visibleUsers(c.auth)!;
  const { rows } = await sql<{ is_admin: boolean; visible: boolean; beyond: boolean }>`
    SELECT g.is_admin, ${visible} AS visible, ${holdsOtherProperty(c.auth, sql`app_user.id`)} AS beyond
      FROM app_user JOIN user_group g ON g.id = app_user.group_id WHERE app_user.id = ${userId}`.execute(c.trx);
  const u = rows[0];
  if (!u || !u.visible) throw notFound('user.title');
  if (u.is_admin) throw forbidden('user.adminOnly');
  if (u.beyond) throw forbidden('user.beyondYourProperties');
}

/**
 * A group's rights apply to every member: a non-administrator changes a group only when every member is a
 * user they could manage, so a Bandung clerk cannot widen (or narrow) what Bali's staff may do.
 */
export async function mayChangeGroup(c: Actor, groupId: number) {
  if (c.auth.user.isAdmin) return;
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM app_user m WHERE m.group_id = ${groupId} AND ${holdsOtherProperty(c.auth, sql`m.id`)}`.execute(c.trx);
  if (rows[0].n > 0) throw forbidden('group.sharedBeyondYou', { count: rows[0].n });
}
