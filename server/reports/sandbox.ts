import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/connect.js';

export const STATEMENT_TIMEOUT_MS = 20_000;

const roleChecked = new WeakMap<Db, Promise<boolean>>();

/** Whether the database has the report role and this connection may take it (0003_reporting.sql). */
export function hasReportRole(db: Db): Promise<boolean> {
  let p = roleChecked.get(db);
  if (!p) {
    p = sql<{ ok: boolean }>`
      SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hotelier_report')
             AND pg_has_role(current_user, 'hotelier_report', 'MEMBER') AS ok`
      .execute(db)
      .then((r) => Boolean(r.rows[0]?.ok));
    roleChecked.set(db, p);
  }
  return p;
}

/**
 * Runs one report query where it can only read: a READ ONLY transaction, as the report role (SELECT on
 * the application's tables, never on secrets), with row-level security bound to the active property
 * through `hotelier.branch_id`, and a statement timeout. PGlite does not enforce statement_timeout
 * (no timer signal in WASM); there the row cap, applied inside the query, bounds the work.
 */
export async function runSandboxed<T = Record<string, unknown>>(
  db: Db,
  branchId: number,
  text: string,
  values: unknown[],
  timeoutMs = STATEMENT_TIMEOUT_MS,
): Promise<T[]> {
  const useRole = await hasReportRole(db);
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      // one statement for the three settings (SET LOCAL each): every statement is a round trip; the role last
      const role = useRole ? sql`, set_config('role', 'hotelier_report', true)` : sql``;
      await sql`SELECT set_config('hotelier.branch_id', ${String(branchId)}, true),
                       set_config('statement_timeout', ${String(Math.trunc(timeoutMs))}, true) ${role}`.execute(trx);
      return (await trx.executeQuery(CompiledQuery.raw(text, values))).rows as T[];
    });
}

/**
 * A second line behind the database's own refusal: report SQL is one query (SELECT, WITH or VALUES)
 * and names none of the functions that reach outside the data — files, other sessions, settings, sleep.
 * Returns the reason it is refused, or undefined.
 */
const FORBIDDEN =
  /\b(set_config|pg_read_file|pg_read_binary_file|pg_ls_dir|pg_stat_file|lo_import|lo_export|lo_get|lo_put|dblink\w*|pg_sleep\w*|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_advisory\w*|pg_try_advisory\w*|pg_notify|txid_current|nextval|setval|currval|copy|into)\b/i;

export function screenReportSql(text: string): string | undefined {
  const code = stripLiteralsAndComments(text).trim().replace(/;\s*$/, '');
  if (!/^(select|with|values)\b/i.test(code)) return 'report.sql.notSelect';
  if (code.includes(';')) return 'report.sql.oneStatement';
  const m = FORBIDDEN.exec(code);
  if (m) return 'report.sql.forbidden';
  return undefined;
}

/** The SQL text with string literals, quoted identifiers and comments blanked out. */
export function stripLiteralsAndComments(text: string): string {
  return text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""');
}
