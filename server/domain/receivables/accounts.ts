import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { invalid } from '../../http/errors.js';

/**
 * The business account a city-ledger charge goes to: the one chosen (account_id), or the active account whose
 * name or code is the company typed on the folio or the bill. A name that is no active account is refused on
 * the field it was typed in, so a charge never lands on a company nobody can collect from.
 */
export async function cityLedgerAccount(
  trx: Db,
  branchId: number,
  chosen: { accountId?: number | null; company?: string | null },
  field: string,
): Promise<{ id: number; name: string }> {
  const company = chosen.company?.trim() ?? '';
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT id, name FROM business_account
     WHERE branch_id = ${branchId} AND active
       AND (id = ${chosen.accountId ?? null}::bigint
            OR (${chosen.accountId ?? null}::bigint IS NULL AND (lower(name) = lower(${company}) OR code = upper(${company}))))
     ORDER BY id LIMIT 1`.execute(trx);
  if (!rows[0]) throw invalid([{ field, key: 'ar.nameAnAccount', params: { company } }]);
  return { id: Number(rows[0].id), name: rows[0].name };
}

/** The journal a folio or bill event was posted with, by its key (to link the receivable to it). */
export async function journalByKey(trx: Db, branchId: number, key: string): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM gl_journal WHERE branch_id = ${branchId} AND key = ${key}`.execute(trx);
  return rows[0] ? Number(rows[0].id) : null;
}
