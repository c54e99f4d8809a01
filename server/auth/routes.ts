import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, AuthInfo } from '../context.js';
import type { SessionPayload } from '../../src/core/api/contract.js';
import { audit } from '../http/audit.js';
import { badRequest, HttpError, invalid } from '../http/errors.js';
import { clearSessionCookie, cookieName, loadSession, requireAuth, setSessionCookie } from '../http/session.js';
import { translate, requestLang } from '../i18n/translate.js';
import { checkPasswordStrength, dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { hashSecret, newSecret } from './tokens.js';
import { admitAttempt, recordSuccess } from './throttle.js';

const username = { type: 'string', minLength: 1, maxLength: 64 } as const;
const password = { type: 'string', minLength: 1, maxLength: 128 } as const;
const email = { type: 'string', format: 'email', maxLength: 254 } as const;
const token = { type: 'string', minLength: 20, maxLength: 128 } as const;
const ok = { type: 'object', properties: { ok: { type: 'boolean' } } } as const;

const RESET_MINUTES = 30;
const FORGOT_WINDOW_MINUTES = 15;
const FORGOT_MAX_PER_ADDRESS = 10;
const FORGOT_MAX_PER_ACCOUNT_HOUR = 3;
const EMAIL_CHANGE_HOURS = 24;
/**
 * A reset request is answered no sooner than this, whether the account exists or not: the work for a real
 * account (a token, its audit row, a mail) must not show in the answer's timing (9.8 ms against 5.4 ms).
 */
export const FORGOT_ANSWER_MS = 250;

export async function sessionPayload(ctx: AppContext, auth: AuthInfo, expiresAt?: Date): Promise<SessionPayload> {
  const branches = (
    await sql<{ id: number; code: string; name: string; city: string | null }>`
      SELECT id, code, name, city FROM branch WHERE id = ANY(${auth.branchIds}) ORDER BY id`.execute(ctx.db)
  ).rows;
  const group = (
    await sql<{ main_module: string | null }>`SELECT main_module FROM user_group WHERE id = ${auth.user.groupId}`.execute(ctx.db)
  ).rows[0];
  const exp =
    expiresAt ??
    (await sql<{ expires_at: string }>`SELECT expires_at FROM user_session WHERE id = ${auth.sessionId}`.execute(ctx.db)).rows[0]
      ?.expires_at;
  return {
    user: auth.user,
    csrfToken: auth.csrfToken,
    branchId: auth.branchId,
    branches,
    rights: auth.user.isAdmin ? ['*'] : [...auth.rights].sort(),
    expiresAt: exp ? new Date(exp).toISOString() : null,
    home: group?.main_module ? `/${group.main_module}` : '/dashboard',
  };
}

function lang(req: FastifyRequest) {
  return requestLang(req.headers['accept-language']);
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the HttpOnly session cookie',
        body: { type: 'object', required: ['username', 'password'], additionalProperties: false, properties: { username, password } },
      },
    },
    async (req, reply) => {
      const body = req.body as { username: string; password: string };
      const name = body.username.trim().toLowerCase();
      const { wait } = await admitAttempt(db, name, req.ip);
      if (wait > 0) {
        await audit(db, req, { entity: 'auth', action: 'login-throttled', summary: name });
        throw new HttpError(429, 'TOO_MANY_ATTEMPTS', 'auth.throttled', { seconds: wait }, [], { retryAfter: wait });
      }
      const { rows } = await sql<any>`
      SELECT u.*, g.active AS group_active FROM app_user u JOIN user_group g ON g.id = u.group_id
       WHERE u.username = ${name}`.execute(db);
      const user = rows[0];
      const good = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash()));
      if (!user || !good) {
        await audit(db, req, { entity: 'auth', action: 'login-failed', summary: name }, { userId: user?.id, username: name });
        throw new HttpError(401, 'BAD_CREDENTIALS', 'auth.badCredentials');
      }
      await recordSuccess(db, name, req.ip);
      if (user.locked || !user.active || !user.group_active) {
        await audit(
          db,
          req,
          { entity: 'auth', action: 'login-refused', summary: `${name}: ${user.locked ? 'locked' : 'inactive'}` },
          { userId: user.id, username: name },
        );
        throw new HttpError(403, 'ACCOUNT_LOCKED', user.locked ? 'auth.locked' : 'auth.inactive');
      }
      const secret = newSecret();
      const csrf = newSecret();
      const expiresAt = new Date(Date.now() + ctx.config.sessionAbsoluteHours * 3600_000);
      await db.transaction().execute(async (trx) => {
        const granted = (
          await sql<{ branch_id: number }>`
        SELECT ub.branch_id FROM user_branch ub JOIN branch b ON b.id = ub.branch_id
         WHERE ub.user_id = ${user.id} AND b.active ORDER BY ub.branch_id`.execute(trx)
        ).rows.map((r) => r.branch_id);
        const isAdmin = (await sql<{ is_admin: boolean }>`SELECT is_admin FROM user_group WHERE id = ${user.group_id}`.execute(trx)).rows[0]
          .is_admin;
        const all = isAdmin
          ? (await sql<{ id: number }>`SELECT id FROM branch WHERE active ORDER BY id`.execute(trx)).rows.map((r) => r.id)
          : granted;
        if (!all.length) throw new HttpError(403, 'NO_BRANCH', 'auth.noBranch');
        const branchId = all.includes(user.default_branch_id) ? user.default_branch_id : all[0];
        // Rotation: a sign-in always starts a new session and ends the one this browser had.
        const old = req.cookies[cookieName(ctx)];
        if (old)
          await sql`UPDATE user_session SET revoked_at = now() WHERE token_hash = ${hashSecret(old)} AND revoked_at IS NULL`.execute(trx);
        await sql`
        INSERT INTO user_session (token_hash, csrf_token, user_id, branch_id, ip, user_agent, expires_at)
        VALUES (${hashSecret(secret)}, ${csrf}, ${user.id}, ${branchId}, ${req.ip}, ${String(req.headers['user-agent'] ?? '').slice(0, 300)}, ${expiresAt})`.execute(
          trx,
        );
        await sql`UPDATE app_user SET last_login_at = now() WHERE id = ${user.id}`.execute(trx);
        await audit(trx, req, { entity: 'auth', action: 'login', summary: name }, { userId: user.id, username: name, branchId });
      });
      setSessionCookie(ctx, reply, secret, expiresAt);
      req.cookies[cookieName(ctx)] = secret;
      const auth = await loadSession(ctx, req, { ignoreBranchHeader: true });
      return sessionPayload(ctx, auth!, expiresAt);
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { duringPasswordChange: true, sessionOnly: true },
      schema: { tags: ['auth'], summary: 'The signed-in user, their properties and rights' },
    },
    async (req) => {
      return sessionPayload(ctx, requireAuth(req));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { duringPasswordChange: true, sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign out and revoke this session',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: { 200: ok },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE user_session SET revoked_at = now() WHERE id = ${auth.sessionId}`.execute(trx);
        await audit(trx, req, { entity: 'auth', action: 'logout', summary: auth.user.username });
      });
      clearSessionCookie(ctx, reply);
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/branch',
    {
      config: { sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Switch the active property of this session',
        body: {
          type: 'object',
          required: ['branchId'],
          additionalProperties: false,
          properties: { branchId: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { branchId } = req.body as { branchId: number };
      if (!auth.branchIds.includes(branchId)) throw new HttpError(403, 'FORBIDDEN', 'error.branch');
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE user_session SET branch_id = ${branchId} WHERE id = ${auth.sessionId}`.execute(trx);
        await audit(trx, req, { entity: 'auth', action: 'switch-branch', summary: `to branch ${branchId}` }, { branchId });
      });
      return sessionPayload(ctx, { ...auth, branchId });
    },
  );

  app.post(
    '/api/auth/password',
    {
      config: { duringPasswordChange: true, sessionOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Change your own password (required after an administrator set or reset it)',
        body: {
          type: 'object',
          required: ['currentPassword', 'newPassword'],
          additionalProperties: false,
          properties: { currentPassword: password, newPassword: password },
        },
        response: { 200: ok },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const body = req.body as { currentPassword: string; newPassword: string };
      const { rows } = await sql<{ password_hash: string }>`SELECT password_hash FROM app_user WHERE id = ${auth.user.id}`.execute(db);
      if (!(await verifyPassword(body.currentPassword, rows[0].password_hash))) {
        throw invalid([{ field: 'currentPassword', key: 'auth.currentPasswordWrong', params: {} }]);
      }
      if (body.currentPassword === body.newPassword) throw invalid([{ field: 'newPassword', key: 'auth.password.same', params: {} }]);
      const weak = checkPasswordStrength(body.newPassword, auth.user.username);
      if (weak) throw invalid([{ field: 'newPassword', key: weak.key, params: weak.params ?? {} }]);
      const hash = await hashPassword(body.newPassword);
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE app_user SET password_hash = ${hash}, must_change_password = false, password_changed_at = now(), version = version + 1, updated_at = now(), updated_by = ${auth.user.id} WHERE id = ${auth.user.id}`.execute(
          trx,
        );
        // Other sessions of this user end: whoever knew the old password is out.
        await sql`UPDATE user_session SET revoked_at = now() WHERE user_id = ${auth.user.id} AND id <> ${auth.sessionId} AND revoked_at IS NULL`.execute(
          trx,
        );
        await audit(trx, req, { entity: 'system/user', entityId: auth.user.id, action: 'change-password', summary: auth.user.username });
      });
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/forgot',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link; answers the same whether or not the account exists',
        body: {
          type: 'object',
          required: ['login'],
          additionalProperties: false,
          properties: { login: { type: 'string', minLength: 1, maxLength: 254 } },
        },
        response: { 200: ok },
      },
    },
    async (req) => {
      const started = Date.now();
      try {
        await forgotPassword(req);
      } finally {
        const left = FORGOT_ANSWER_MS - (Date.now() - started);
        if (left > 0) await new Promise((r) => setTimeout(r, left));
      }
      return { ok: true };
    },
  );

  async function forgotPassword(req: FastifyRequest) {
    const login = (req.body as { login: string }).login.trim().toLowerCase();
    // Reset requests are throttled like sign-in: per address (429, it is someone hammering the form) and
    // per account (silently: the answer must not tell whether the account exists).
    const { rows: recent } = await sql<{ from_ip: number }>`
      SELECT count(*)::int AS from_ip FROM audit_log
       WHERE action IN ('forgot-password', 'forgot-password-unknown', 'forgot-password-throttled') AND ip = ${req.ip ?? ''} AND at > now() - make_interval(mins => ${FORGOT_WINDOW_MINUTES})`.execute(
      db,
    );
    if (recent[0].from_ip >= FORGOT_MAX_PER_ADDRESS) {
      throw new HttpError(429, 'TOO_MANY_ATTEMPTS', 'auth.forgotThrottled', { minutes: FORGOT_WINDOW_MINUTES }, [], {
        retryAfter: FORGOT_WINDOW_MINUTES * 60,
      });
    }
    const { rows } = await sql<any>`
      SELECT u.id, u.username, u.full_name, u.email, u.language,
             (SELECT count(*)::int FROM audit_log a WHERE a.action = 'forgot-password' AND a.user_id = u.id AND a.at > now() - interval '1 hour') AS sent_lately
        FROM app_user u
       WHERE (u.username = ${login} OR lower(u.email) = ${login}) AND u.active AND NOT u.locked`.execute(db);
    const user = rows[0];
    if (user?.email && user.sent_lately < FORGOT_MAX_PER_ACCOUNT_HOUR) {
      const secret = newSecret();
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE auth_token SET used_at = now() WHERE user_id = ${user.id} AND purpose = 'reset-password' AND used_at IS NULL`.execute(
          trx,
        );
        await sql`INSERT INTO auth_token (user_id, purpose, token_hash, expires_at)
                  VALUES (${user.id}, 'reset-password', ${hashSecret(secret)}, now() + make_interval(mins => ${RESET_MINUTES}))`.execute(
          trx,
        );
        await audit(
          trx,
          req,
          { entity: 'auth', action: 'forgot-password', summary: user.username },
          { userId: user.id, username: user.username },
        );
      });
      const l = user.language as 'en' | 'id';
      const link = `${ctx.config.publicUrl}/forgot-password?token=${secret}`;
      // sent beside the answer, not before it: a slow mail server would tell who has an account
      void ctx.mailer
        .send({
          to: user.email,
          subject: translate(ctx.meta.labels, l, 'auth.mail.resetSubject'),
          text: translate(ctx.meta.labels, l, 'auth.mail.resetBody', {
            name: user.full_name,
            link,
            minutes: RESET_MINUTES,
            username: user.username,
          }),
        })
        .catch((err) => req.log.error({ err }, 'password-reset mail not sent'));
    } else if (user?.email) {
      await audit(
        db,
        req,
        { entity: 'auth', action: 'forgot-password-throttled', summary: user.username },
        { userId: user.id, username: user.username },
      );
    } else {
      await audit(db, req, { entity: 'auth', action: 'forgot-password-unknown', summary: login.slice(0, 64) });
    }
  }

  app.post(
    '/api/auth/reset',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed token',
        body: { type: 'object', required: ['token', 'password'], additionalProperties: false, properties: { token, password } },
        response: { 200: ok },
      },
    },
    async (req) => {
      const body = req.body as { token: string; password: string };
      const { rows } = await sql<any>`
      SELECT t.id, t.user_id, u.username FROM auth_token t JOIN app_user u ON u.id = t.user_id
       WHERE t.token_hash = ${hashSecret(body.token)} AND t.purpose = 'reset-password'
         AND t.used_at IS NULL AND t.expires_at > now()`.execute(db);
      const t = rows[0];
      if (!t) throw badRequest('auth.tokenInvalid');
      const weak = checkPasswordStrength(body.password, t.username);
      if (weak) throw invalid([{ field: 'password', key: weak.key, params: weak.params ?? {} }]);
      const hash = await hashPassword(body.password);
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE auth_token SET used_at = now() WHERE id = ${t.id}`.execute(trx);
        await sql`UPDATE app_user SET password_hash = ${hash}, must_change_password = false, password_changed_at = now(), version = version + 1, updated_at = now(), updated_by = ${t.user_id} WHERE id = ${t.user_id}`.execute(
          trx,
        );
        await sql`UPDATE user_session SET revoked_at = now() WHERE user_id = ${t.user_id} AND revoked_at IS NULL`.execute(trx);
        await sql`DELETE FROM login_throttle WHERE key = ${`user:${t.username}`}`.execute(trx);
        await audit(
          trx,
          req,
          { entity: 'system/user', entityId: t.user_id, action: 'reset-password', summary: `${t.username} by e-mailed link` },
          { userId: t.user_id, username: t.username },
        );
      });
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/change-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ask to change your e-mail address; a confirmation link goes to the new address',
        body: {
          type: 'object',
          required: ['newEmail', 'password'],
          additionalProperties: false,
          properties: { newEmail: email, password },
        },
        response: { 200: ok },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const body = req.body as { newEmail: string; password: string };
      const { rows } = await sql<{ password_hash: string }>`SELECT password_hash FROM app_user WHERE id = ${auth.user.id}`.execute(db);
      if (!(await verifyPassword(body.password, rows[0].password_hash))) {
        throw invalid([{ field: 'password', key: 'auth.currentPasswordWrong', params: {} }]);
      }
      const newEmail = body.newEmail.trim();
      const taken = await sql`SELECT 1 FROM app_user WHERE lower(email) = lower(${newEmail}) AND id <> ${auth.user.id}`.execute(db);
      if (taken.rows.length) throw invalid([{ field: 'newEmail', key: 'auth.emailTaken', params: {} }]);
      const secret = newSecret();
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE auth_token SET used_at = now() WHERE user_id = ${auth.user.id} AND purpose = 'change-email' AND used_at IS NULL`.execute(
          trx,
        );
        await sql`INSERT INTO auth_token (user_id, purpose, token_hash, new_email, expires_at)
                VALUES (${auth.user.id}, 'change-email', ${hashSecret(secret)}, ${newEmail}, now() + make_interval(hours => ${EMAIL_CHANGE_HOURS}))`.execute(
          trx,
        );
        await audit(trx, req, { entity: 'system/user', entityId: auth.user.id, action: 'request-email-change', summary: newEmail });
      });
      const l = lang(req);
      await ctx.mailer.send({
        to: newEmail,
        subject: translate(ctx.meta.labels, l, 'auth.mail.emailSubject'),
        text: translate(ctx.meta.labels, l, 'auth.mail.emailBody', {
          name: auth.user.fullName,
          link: `${ctx.config.publicUrl}/change-email?token=${secret}`,
          hours: EMAIL_CHANGE_HOURS,
        }),
      });
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/confirm-email',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Confirm a new e-mail address with the link sent to it',
        body: { type: 'object', required: ['token'], additionalProperties: false, properties: { token } },
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' }, email: { type: 'string' } } } },
      },
    },
    async (req) => {
      const { token: secret } = req.body as { token: string };
      const { rows } = await sql<any>`
      SELECT t.id, t.user_id, t.new_email, u.username, u.full_name, u.language FROM auth_token t JOIN app_user u ON u.id = t.user_id
       WHERE t.token_hash = ${hashSecret(secret)} AND t.purpose = 'change-email' AND t.used_at IS NULL AND t.expires_at > now()`.execute(
        db,
      );
      const t = rows[0];
      if (!t) throw badRequest('auth.tokenInvalid');
      const before = await db.transaction().execute(async (trx) => {
        const old = (await sql<{ email: string | null }>`SELECT email FROM app_user WHERE id = ${t.user_id}`.execute(trx)).rows[0];
        await sql`UPDATE auth_token SET used_at = now() WHERE id = ${t.id}`.execute(trx);
        await sql`UPDATE app_user SET email = ${t.new_email}, version = version + 1, updated_at = now(), updated_by = ${t.user_id} WHERE id = ${t.user_id}`.execute(
          trx,
        );
        await audit(
          trx,
          req,
          { entity: 'system/user', entityId: t.user_id, action: 'change-email', before: old, after: { email: t.new_email } },
          { userId: t.user_id, username: t.username },
        );
        return old;
      });
      // The old address hears of the change, so a taken-over account does not change hands in silence.
      if (before?.email && before.email.toLowerCase() !== String(t.new_email).toLowerCase()) {
        const l = t.language as 'en' | 'id';
        await ctx.mailer.send({
          to: before.email,
          subject: translate(ctx.meta.labels, l, 'auth.mail.emailChangedSubject'),
          text: translate(ctx.meta.labels, l, 'auth.mail.emailChangedBody', {
            name: t.full_name,
            username: t.username,
            email: t.new_email,
          }),
        });
      }
      return { ok: true, email: t.new_email };
    },
  );
}
