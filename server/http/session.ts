import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, AuthInfo } from '../context.js';
import { hashSecret } from '../auth/tokens.js';
import { forbidden, HttpError, unauthenticated } from './errors.js';
import { onOtherProcesses, tellOtherProcesses } from '../processes.js';

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

/**
 * Sessions read in the last second, by token hash. A state-changing request that may touch what a session
 * stands on — sign-in and sign-out, one's own profile, users, groups, rights, properties (the auth, account
 * and system routes) — empties it before and after it runs, so such a change made through this server takes
 * effect at once, in the other server processes too (they are told); any other change (made in the database
 * itself, or by a server on another machine) is seen within SESSION_CACHE_MS. (Emptied by every write, the
 * cache held nothing under a busy desk: a booking a second cost every user's next request a session read.
 * Kept one second, a third of a busy desk's statements were session reads.)
 */
const SESSION_CACHE_MS = 5000;
const sessionCache = new Map<string, { row: any; at: number }>();
const SESSION_ROUTES = /^\/api\/(auth\/|account\/|system\/|data\/system\/|ops\/system\.)/;
const changesSessions = (req: FastifyRequest) => !SAFE_METHODS.has(req.method) && SESSION_ROUTES.test(req.url);

export function forgetCachedSessions() {
  sessionCache.clear();
  tellOtherProcesses(FORGET_SESSIONS);
}
const FORGET_SESSIONS = 'forget-sessions';
onOtherProcesses(FORGET_SESSIONS, () => sessionCache.clear());

async function sessionRow(ctx: AppContext, tokenHash: string) {
  const hit = sessionCache.get(tokenHash);
  if (hit && Date.now() - hit.at < SESSION_CACHE_MS) return hit.row;
  const row = await querySession(ctx, tokenHash);
  if (row) sessionCache.set(tokenHash, { row, at: Date.now() });
  else sessionCache.delete(tokenHash);
  return row;
}

/** The user's columns, the properties they may use and their rights: what a session and a flow run act with. */
const userAuthColumns = sql`u.id, u.username, u.full_name, u.email, u.group_id, u.language, u.must_change_password,
           g.is_admin,
           ARRAY(SELECT b.id::int FROM branch b
                  WHERE b.active AND (g.is_admin OR EXISTS (SELECT 1 FROM user_branch ub WHERE ub.user_id = u.id AND ub.branch_id = b.id))
                  ORDER BY b.id) AS branch_ids,
           ARRAY(SELECT r.resource || ':' || r.action FROM group_right r WHERE r.group_id = u.group_id AND NOT g.is_admin) AS rights`;

/** One round trip: the session, its user, the branches they may use and their rights. */
async function querySession(ctx: AppContext, tokenHash: string) {
  const { rows } = await sql<any>`
    SELECT s.id AS session_id, s.csrf_token, s.branch_id, s.last_seen_at, ${userAuthColumns}
      FROM user_session s
      JOIN app_user u ON u.id = s.user_id
      JOIN user_group g ON g.id = u.group_id
     WHERE s.token_hash = ${tokenHash}
       AND s.revoked_at IS NULL
       AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(mins => ${ctx.config.sessionIdleMinutes})
       AND u.active AND NOT u.locked AND g.active`.execute(ctx.db);
  return rows[0];
}

/**
 * A session row's rights as a set, made once per row: a cached row serves every request of its user for some
 * seconds, and the front office's 166 rights were put in a new set on each of them (3.5 µs). Nothing changes it.
 */
const rightSets = new WeakMap<object, Set<string>>();
function rightsOf(row: { rights: string[] }) {
  let rights = rightSets.get(row);
  if (!rights) rightSets.set(row, (rights = new Set(row.rights)));
  return rights;
}

function authInfo(row: any, branchId: number, sessionId: number, csrfToken: string): AuthInfo {
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
    sessionId,
    csrfToken,
    branchId,
    branchIds: row.branch_ids,
    rights: rightsOf(row),
  };
}

/**
 * A user acting without a request (a server flow's step, resumed after a restart): their rights as they are
 * now in one property, or undefined when they may no longer act there (locked, deactivated, property taken away).
 */
export async function userAuth(ctx: AppContext, userId: number, branchId: number): Promise<AuthInfo | undefined> {
  const { rows } = await sql<any>`
    SELECT ${userAuthColumns}
      FROM app_user u JOIN user_group g ON g.id = u.group_id
     WHERE u.id = ${userId} AND u.active AND NOT u.locked AND g.active`.execute(ctx.db);
  const row = rows[0];
  if (!row || !(row.branch_ids as number[]).includes(branchId)) return undefined;
  return authInfo(row, branchId, 0, '');
}

/**
 * Loads the session behind the cookie, or undefined when there is none or it has ended. The x-branch-id
 * header must name a granted property, except on routes about the session itself (sign-in, me, sign-out):
 * a browser still sending a property it has just lost access to can then recover instead of being stuck.
 */
export async function loadSession(
  ctx: AppContext,
  req: FastifyRequest,
  options: { ignoreBranchHeader?: boolean } = {},
): Promise<AuthInfo | undefined> {
  const secret = req.cookies[cookieName(ctx)];
  if (!secret) return undefined;
  const row = await sessionRow(ctx, hashSecret(secret));
  if (!row) return undefined;
  // Touch the session at most once a minute: idle expiry needs no finer grain, and reads stay reads.
  if (Date.now() - new Date(row.last_seen_at).getTime() > 60_000) {
    await sql`UPDATE user_session SET last_seen_at = now() WHERE id = ${row.session_id}`.execute(ctx.db);
    row.last_seen_at = new Date();
  }
  const branchIds: number[] = row.branch_ids;
  const header = options.ignoreBranchHeader ? undefined : req.headers['x-branch-id'];
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
  return authInfo(row, branchId, row.session_id, row.csrf_token);
}

/**
 * Every /api route needs a live session unless its config says public; every state change also
 * needs the session's CSRF token in x-csrf-token; a user who must change a default password can do
 * nothing else until they have.
 */
export function installAuthGate(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', (req, _reply, done) => {
    if (changesSessions(req)) forgetCachedSessions();
    done();
  });
  app.addHook('onResponse', (req, _reply, done) => {
    if (changesSessions(req)) forgetCachedSessions();
    done();
  });
  app.addHook('preValidation', async (req) => {
    // the API documentation too: it maps every route and field, which is for those who use them
    if (!req.url.startsWith('/api/')) return;
    const config = req.routeOptions.config ?? {};
    const auth = await loadSession(ctx, req, { ignoreBranchHeader: config.public || config.sessionOnly });
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
