import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * The next document number under a stem (`JV-202611-` → `JV-202611-0007`): one past the highest taken in
 * the property, so a deleted draft never makes two documents share a number. Saves numbering under the same
 * stem take turns (a lock held to the end of the transaction), so ten terminals opening bills at once each get
 * their own number instead of one of them being refused.
 */
export async function nextNumber(trx: Db, branchId: number, table: string, stem: string): Promise<string> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`${table}:${branchId}:${stem}`}))`.execute(trx);
  const { rows } = await sql<{ n: number | null }>`
    SELECT max(substr(number, ${stem.length + 1})::int) AS n FROM ${sql.table(table)}
     WHERE branch_id = ${branchId} AND number LIKE ${`${stem}%`} AND substr(number, ${stem.length + 1}) ~ '^[0-9]+$'`.execute(trx);
  return `${stem}${String((rows[0].n ?? 0) + 1).padStart(4, '0')}`;
}
