import { expect } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../server/db/connect.js';
import type { Response } from '../support/testApp.js';

export interface ExpectedError {
  code?: string;
  message?: string | RegExp;
  fields?: Record<string, string>;
}

/**
 * The API's one error shape ({ error: { code, message, fields? } }) with the expected status, a sentence a
 * cashier can read, and nothing of the server's insides (no stack, no file paths, no SQL).
 */
export function expectApiError(res: Response, status: number, expected: ExpectedError = {}) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(3);
  expect(res.body).not.toMatch(/\bat \S+ \(|\.ts:\d+|node_modules|SELECT |INSERT |syntax error/);
  if (expected.code) expect(body.error.code).toBe(expected.code);
  if (typeof expected.message === 'string') expect(body.error.message).toBe(expected.message);
  else if (expected.message) expect(body.error.message).toMatch(expected.message);
  if (expected.fields) expect(body.error.fields).toEqual(expected.fields);
  return body.error as { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
}

export async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db);
  return rows[0].n;
}

/** Row counts of the tables a write could touch, to prove a refused request wrote nothing. */
export async function snapshotCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  // one query, not one per table: the bad-input sweep takes two snapshots for each of its 395 routes
  const counts = sql.join(tables.map((t) => sql`(SELECT count(*)::int FROM ${sql.table(t)}) AS ${sql.ref(t)}`));
  const { rows } = await sql<Record<string, number>>`SELECT ${counts}`.execute(db);
  return rows[0];
}

export const ALL_TABLES = [
  'company',
  'branch',
  'user_group',
  'group_right',
  'app_user',
  'user_branch',
  'user_session',
  'auth_token',
  'login_throttle',
  'audit_log',
  'hotel_setup',
  'department',
  'bank',
  'tax_service',
  'pay_article_group',
  'pay_article',
  'outlet',
  'pos_printer',
  'menu_override',
  'flow_run',
  'flow_run_file',
];

export interface AuditRow {
  id: number;
  user_id: number | null;
  username: string | null;
  branch_id: number | null;
  entity: string;
  entity_id: string | null;
  action: string;
  summary: string | null;
  before: Record<string, any> | null;
  after: Record<string, any> | null;
}

/** The newest audit rows, newest first. */
export async function latestAudit(db: Db, n = 1): Promise<AuditRow[]> {
  const { rows } = await sql<AuditRow>`SELECT * FROM audit_log ORDER BY id DESC LIMIT ${n}`.execute(db);
  return rows;
}

export async function lastAuditId(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`SELECT max(id)::int AS id FROM audit_log`.execute(db);
  return rows[0].id ?? 0;
}

/** Audit rows written after a given id, oldest first. */
export async function auditSince(db: Db, id: number): Promise<AuditRow[]> {
  const { rows } = await sql<AuditRow>`SELECT * FROM audit_log WHERE id > ${id} ORDER BY id`.execute(db);
  return rows;
}

/** The id of a row by its code in a branch (or globally). */
export async function idOf(db: Db, table: string, code: string, branchId?: number): Promise<number> {
  const scope = branchId === undefined ? sql`` : sql`AND branch_id = ${branchId}`;
  const { rows } = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE code = ${code} ${scope}`.execute(db);
  if (!rows[0]) throw new Error(`no ${table} with code ${code}`);
  return rows[0].id;
}
