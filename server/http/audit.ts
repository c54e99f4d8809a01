import { sql } from 'kysely';
import type { AuthInfo } from '../context.js';
import type { Db } from '../db/connect.js';

/** Who acts and from where: a request, or a server flow's step acting for the user who started it. */
export interface AuditSource {
  auth?: AuthInfo;
  ip?: string;
  /** a request's: the reader's language names the rows it is shown */
  headers?: { 'accept-language'?: string };
}

export interface AuditEntry {
  entity: string;
  entityId?: string | number | null;
  action: string;
  summary?: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Names that only ever hold secrets. The data layer already leaves secret fields out (auditView); this is the
 * second line for any caller that hands over a raw body, so a password never reaches the trail by mistake.
 */
const SECRETS = 'password|password_hash|current_?password|new_?password|token|secret|cvv|cvc|card_?number|pan';
const SECRET_KEY = new RegExp(`^(${SECRETS})$`, 'i');
const SECRET_KEY_IN_JSON = new RegExp(`"(${SECRETS})":`, 'i');

/**
 * A value as the trail's JSON, every secret-named key left out at any depth. Written plainly first and looked
 * over once; only JSON that has such a key is written again without it (a 500-line document is big, and the
 * key-by-key pass was most of its audit's cost).
 */
function withoutSecrets(value: unknown): string {
  const json = JSON.stringify(value);
  return SECRET_KEY_IN_JSON.test(json) ? JSON.stringify(value, (key, v) => (SECRET_KEY.test(key) ? undefined : v)) : json;
}

/** Appends one row to the audit log inside the caller's transaction, so the change and its record commit together. */
export async function audit(
  db: Db,
  req: AuditSource | undefined,
  entry: AuditEntry,
  actor?: { userId?: number; username?: string; branchId?: number },
) {
  const auth = req?.auth;
  await sql`
    INSERT INTO audit_log (user_id, username, branch_id, entity, entity_id, action, summary, before, after, ip)
    VALUES (${actor?.userId ?? auth?.user.id ?? null}, ${actor?.username ?? auth?.user.username ?? null},
            ${actor?.branchId ?? auth?.branchId ?? null}, ${entry.entity},
            ${entry.entityId == null ? null : String(entry.entityId)}, ${entry.action}, ${entry.summary ?? null},
            ${entry.before === undefined ? null : withoutSecrets(entry.before)}::jsonb,
            ${entry.after === undefined ? null : withoutSecrets(entry.after)}::jsonb,
            ${req?.ip ?? null})`.execute(db);
}

/** Many audit rows in one statement (an import of thousands of rows), in the caller's transaction. */
export async function auditMany(db: Db, req: AuditSource, entries: AuditEntry[]) {
  if (!entries.length) return;
  const auth = req.auth;
  const rows = entries.map(
    (e) => sql`(${auth?.user.id ?? null}, ${auth?.user.username ?? null}, ${auth?.branchId ?? null}, ${e.entity},
               ${e.entityId == null ? null : String(e.entityId)}, ${e.action}, ${e.summary ?? null}, NULL::jsonb,
               ${e.after === undefined ? null : withoutSecrets(e.after)}::jsonb, ${req.ip ?? null})`,
  );
  await sql`INSERT INTO audit_log (user_id, username, branch_id, entity, entity_id, action, summary, before, after, ip)
            VALUES ${sql.join(rows)}`.execute(db);
}
