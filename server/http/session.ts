import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, AuthInfo } from '../context.js';
import { hashSecret } from '../auth/tokens.js';
import { forbidden, HttpError, unauthenticated } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function cookieName(ctx: AppContext) {
  // __Host- binds the cookie to this exact origin (Secure, Path=/, no Domain); browsers accept Secure on localhost.
  return ctx.config.insecureCookie ? 'hotelier_session' : '__Host-hotelier_session';
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, secret: string, expiresAt: Date) {
  reply.setCookie(cookieName(ctx), secret, {
    httpOnly: true,
    secure: !ctx.config.insecureCookie,
    sameSite: 'strict',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply) {
  reply.clearCookie(cookieName(ctx), { path: '/', secure: !ctx.config.insecureCookie, httpOnly: true, sameSite: 'strict' });
}

/** Loads the session behind the cookie, or undefined when there is none or it has ended. */
export async function loadSession(ctx: AppContext, req: FastifyRequest): Promise<AuthInfo | undefined> {
  const secret = req.cookies[cookieName(ctx)];
  if (!secret) return undefined;
  const idle = ctx.config.sessionIdleMinutes;
  const { rows } = await sql<any>`
    SELECT s.id AS session_id, s.csrf_token, s.branch_id, s.last_seen_at,
           u.id, u.username, u.full_name, u.email, u.group_id, u.language, u.must_change_password,
           g.is_admin
      FROM user_session s
      JOIN app_user u ON u.id = s.user_id
      JOIN user_group g ON g.id = u.group_id
     WHERE s.token_hash = ${hashSecret(secret)}
       AND s.revoked_at IS NULL
       AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(mins => ${idle})
       AND u.active AND NOT u.locked AND g.active`.execute(ctx.db);
  const row = rows[0];
  if (!row) return undefined;
  // Touch the session at most once a minute: idle expiry needs no finer grain, and reads stay reads.
  if (Date.now() - new Date(row.last_seen_at).getTime() > 60_000) {
    await sql`UPDATE user_session SET last_seen_at = now() WHERE id = ${row.session_id}`.execute(ctx.db);
  }
  const branchIds = row.is_admin
    ? (await sql<{ id: number }>`SELECT id FROM branch WHERE active ORDER BY id`.execute(ctx.db)).rows.map((r) => r.id)
    : (await sql<{ branch_id: number }>`
        SELECT ub.branch_id FROM user_branch ub JOIN branch b ON b.id = ub.branch_id
         WHERE ub.user_id = ${row.id} AND b.active ORDER BY ub.branch_id`.execute(ctx.db)).rows.map((r) => r.branch_id);
  const rights = new Set<string>();
  if (!row.is_admin) {
    const r = await sql<{ resource: string; action: string }>`
      SELECT resource, action FROM group_right WHERE group_id = ${row.group_id}`.execute(ctx.db);
    for (const x of r.rows) rights.add(`${x.resource}:${x.action}`);
  }
  const header = req.headers['x-branch-id'];
  let branchId = Number(row.branch_id);
  if (header !== undefined && header !== '') {
    const wanted = Number(header);
    if (!Number.isInteger(wanted) || !branchIds.includes(wanted)) throw forbidden('error.branch');
    branchId = wanted;
  }
  if (!branchIds.includes(branchId)) {
    if (!branchIds.length) return undefined;
    branchId = branchIds[0];
  }
  return {
    user: {
      id: row.id,
      username: row.username,
      fullName: row.full_name,
      email: row.email,
      groupId: row.group_id,
      isAdmin: row.is_admin,
      language: row.language,
      mustChangePassword: row.must_change_password,
    },
    sessionId: row.session_id,
    csrfToken: row.csrf_token,
    branchId,
    branchIds,
    rights,
  };
}

/**
 * Every /api route needs a live session unless its config says public; every state change also
 * needs the session's CSRF token in x-csrf-token; a user who must change a default password can do
 * nothing else until they have.
 */
export function installAuthGate(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    const config = req.routeOptions.config ?? {};
    const auth = await loadSession(ctx, req);
    if (auth) req.auth = auth;
    if (config.public) return;
    if (!auth) throw req.cookies[cookieName(ctx)] ? unauthenticated('error.sessionExpired') : unauthenticated();
    if (!SAFE_METHODS.has(req.method) && req.headers['x-csrf-token'] !== auth.csrfToken) {
      throw new HttpError(403, 'CSRF', 'error.csrf');
    }
    if (auth.user.mustChangePassword && !config.duringPasswordChange) {
      throw new HttpError(403, 'PASSWORD_CHANGE_REQUIRED', 'error.passwordChangeRequired');
    }
  });
}

export function requireAuth(req: FastifyRequest): AuthInfo {
  if (!req.auth) throw unauthenticated();
  return req.auth;
}
