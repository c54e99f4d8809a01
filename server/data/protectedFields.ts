import type { AuthInfo } from '../context.js';
import type { Db } from '../db/connect.js';
import { auditMany, type AuditSource } from '../http/audit.js';
import { hasRight } from '../http/rbac.js';
import type { EntityModel } from './entityModel.js';

/**
 * Fields an entity lets only the holders of a right read (`"x-read-right": "<action>"`, an action of the entity's
 * own resource). A user without the right gets them as null wherever a row comes back, and cannot search, filter
 * or sort by them (each would tell the value a guess at a time); a holder's every read of a value leaves a row
 * in the audit log — who read which record's field, when, from where — never the value itself.
 */
export function withheldFields(m: EntityModel, auth: AuthInfo): string[] {
  const resource = m.schema['x-permission'];
  return [...m.readRights].filter(([, action]) => !hasRight(auth, resource, action)).map(([field]) => field);
}

/** The fields behind a right this user holds. */
function revealedFields(m: EntityModel, auth: AuthInfo): string[] {
  const resource = m.schema['x-permission'];
  return [...m.readRights].filter(([, action]) => hasRight(auth, resource, action)).map(([field]) => field);
}

/** Rows as this user may see them: a withheld field is null, so every row keeps the same shape. */
export function withhold<R extends Record<string, unknown>>(m: EntityModel, auth: AuthInfo, rows: R[]): R[] {
  const fields = withheldFields(m, auth);
  if (fields.length) for (const r of rows) for (const f of fields) if (f in r) (r as Record<string, unknown>)[f] = null;
  return rows;
}

/**
 * Rows a read returns (a list page or one record): withheld fields emptied, and for a holder one audit row per
 * record whose protected field holds a value, all in one statement. A list page audits every record it shows
 * with a value — a page of 50 guests shows 50 ID numbers — so "who saw this guest's ID number" is answered by
 * the record's own audit trail whether it was read on the form or in the list.
 */
export async function guardRead(db: Db, req: AuditSource, m: EntityModel, rows: Record<string, unknown>[], via: 'list' | 'record') {
  if (!m.readRights.size || !rows.length) return;
  const auth = req.auth!;
  withhold(m, auth, rows);
  const revealed = revealedFields(m, auth);
  if (!revealed.length) return;
  const entries = rows
    .map((r) => ({ id: r.id as number, fields: revealed.filter((f) => r[f] != null && r[f] !== '') }))
    .filter((r) => r.fields.length)
    .map((r) => ({ entity: m.id, entityId: r.id, action: 'read-protected', after: { fields: r.fields, via } }));
  await auditMany(db, req, entries);
}
