import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { invalid, notFound, badRequest } from '../../http/errors.js';
import { audit } from '../../http/audit.js';
import { checkPasswordStrength, hashPassword } from '../../auth/passwords.js';
import { defineOp } from '../../ops/registry.js';
import { mayAssignGroup, mayManageUser, mustHoldProperties, visibleUsers } from './escalation.js';

const RESOURCE = 'system.user';

/** Users: the initial password is hashed and must be changed at first sign-in; granted branches live in user_branch. */
export const userHook: EntityHook = {
  readScope: visibleUsers,
  async beforeWrite(c, mode, values, virtual, before) {
    if (before) await mayManageUser(c, before.id as number);
    if (typeof values.group_id === 'number') await mayAssignGroup(c, values.group_id);
    if (Array.isArray(virtual.branch_ids)) mustHoldProperties(c, virtual.branch_ids as number[]);
    if (typeof values.default_branch_id === 'number') mustHoldProperties(c, [values.default_branch_id]);
    // a user granted no property would be nobody's to see again but an administrator's
    if (mode === 'create' && !c.auth.user.isAdmin && !(virtual.branch_ids as number[] | undefined)?.length)
      throw invalid([{ field: 'branch_ids', key: 'user.needsProperty', params: {} }]);
    if (typeof values.username === 'string') values.username = values.username.trim().toLowerCase();
    if (values.email === '') values.email = null;
    const username = (values.username ?? before?.username) as string;
    if (mode === 'create') {
      const password = virtual.password as string | undefined;
      if (!password) throw invalid([{ field: 'password', key: 'error.required', params: {} }]);
      const weak = checkPasswordStrength(password, username);
      if (weak) throw invalid([{ field: 'password', key: weak.key, params: weak.params ?? {} }]);
      values.password_hash = await hashPassword(password);
      values.must_change_password = true;
    } else if (virtual.password) {
      throw badRequest('user.passwordViaReset');
    }
    if (mode === 'update' && before && before.id === c.auth.user.id && (values.active === false || values.locked === true)) {
      throw badRequest('user.cannotDisableSelf');
    }
    if (mode === 'update' && (values.locked === true || values.active === false)) {
      await sql`UPDATE user_session SET revoked_at = now() WHERE user_id = ${before!.id} AND revoked_at IS NULL`.execute(c.trx);
    }
    if (mode === 'update' && values.locked === false) {
      values.locked_reason = null;
      await sql`DELETE FROM login_throttle WHERE key = ${`user:${username}`}`.execute(c.trx);
    }
  },
  async afterWrite(c, _mode, row, virtual) {
    if (virtual.branch_ids === undefined) return;
    const ids = (virtual.branch_ids as number[] | null) ?? [];
    await sql`DELETE FROM user_branch WHERE user_id = ${row.id}`.execute(c.trx);
    if (ids.length) {
      const known = (await sql<{ id: number }>`SELECT id FROM branch WHERE id = ANY(${ids})`.execute(c.trx)).rows.map((r) => r.id);
      const unknown = ids.filter((i) => !known.includes(i));
      if (unknown.length) throw invalid([{ field: 'branch_ids', key: 'error.refMissing', params: {} }]);
      await sql`INSERT INTO user_branch (user_id, branch_id) SELECT ${row.id}, unnest(${ids}::bigint[])`.execute(c.trx);
    }
  },
  async decorate(c, rows) {
    const ids = rows.map((r) => r.id as number);
    const { rows: grants } = await sql<{ user_id: number; branch_id: number; code: string }>`
      SELECT ub.user_id, ub.branch_id, b.code FROM user_branch ub JOIN branch b ON b.id = ub.branch_id
       WHERE ub.user_id = ANY(${ids}) ORDER BY ub.branch_id`.execute(c.trx);
    for (const r of rows) {
      const mine = grants.filter((g) => g.user_id === r.id);
      r.branch_ids = mine.map((g) => g.branch_id);
      ((r._refs ??= {}) as Record<string, string>).branch_ids = mine.map((g) => g.code).join(', ');
    }
  },
  async beforeDelete(c, row) {
    if (row.id === c.auth.user.id) throw badRequest('user.cannotDisableSelf');
    await mayManageUser(c, row.id as number);
  },
};

/** A temporary password an administrator reads out once: readable, no look-alike characters. */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export const resetPassword = defineOp<{ id: number; password?: string }>({
  name: 'system.resetPassword',
  summary: 'Set a temporary password for a user; they must change it at their next sign-in',
  resource: RESOURCE,
  action: 'resetPassword',
  secretFields: ['password'],
  input: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1, 'x-ref': 'system/user' }, password: { type: 'string', minLength: 1, maxLength: 128 } },
  },
  async handler(c, input) {
    await mayManageUser(c, input.id);
    const { rows } = await sql<{ username: string }>`SELECT username FROM app_user WHERE id = ${input.id}`.execute(c.trx);
    if (!rows[0]) throw notFound('user.title');
    const password = input.password ?? temporaryPassword();
    const weak = checkPasswordStrength(password, rows[0].username);
    if (weak) throw invalid([{ field: 'password', key: weak.key, params: weak.params ?? {} }]);
    await sql`UPDATE app_user SET password_hash = ${await hashPassword(password)}, must_change_password = true,
                 version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id} WHERE id = ${input.id}`.execute(c.trx);
    await sql`UPDATE user_session SET revoked_at = now() WHERE user_id = ${input.id} AND revoked_at IS NULL`.execute(c.trx);
    await sql`DELETE FROM login_throttle WHERE key = ${`user:${rows[0].username}`}`.execute(c.trx);
    return { ok: true, temporaryPassword: input.password ? undefined : password };
  },
});

async function setLocked(c: Parameters<typeof resetPassword.handler>[0], id: number, locked: boolean, reason: string | null) {
  if (id === c.auth.user.id && locked) throw badRequest('user.cannotDisableSelf');
  await mayManageUser(c, id);
  const { rows } = await sql<{ username: string }>`
    UPDATE app_user SET locked = ${locked}, locked_reason = ${reason}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
     WHERE id = ${id} RETURNING username`.execute(c.trx);
  if (!rows[0]) throw notFound('user.title');
  if (locked) await sql`UPDATE user_session SET revoked_at = now() WHERE user_id = ${id} AND revoked_at IS NULL`.execute(c.trx);
  else await sql`DELETE FROM login_throttle WHERE key = ${`user:${rows[0].username}`}`.execute(c.trx);
  await audit(c.trx, c.req, {
    entity: 'system/user',
    entityId: id,
    action: locked ? 'lock' : 'unlock',
    summary: reason ?? rows[0].username,
  });
  return { ok: true };
}

export const lockUser = defineOp<{ id: number; reason?: string }>({
  name: 'system.lockUser',
  summary: 'Lock a user out and end their sessions',
  resource: RESOURCE,
  action: 'lock',
  input: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1, 'x-ref': 'system/user' }, reason: { type: 'string', maxLength: 200 } },
  },
  handler: (c, input) => setLocked(c, input.id, true, input.reason ?? 'Locked by an administrator'),
});

export const unlockUser = defineOp<{ id: number }>({
  name: 'system.unlockUser',
  summary: 'Unlock a user (also clears their failed sign-ins)',
  resource: RESOURCE,
  action: 'lock',
  input: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'integer', minimum: 1, 'x-ref': 'system/user' } },
  },
  handler: (c, input) => setLocked(c, input.id, false, null),
});
