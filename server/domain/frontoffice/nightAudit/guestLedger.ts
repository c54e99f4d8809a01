import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { conflict } from '../../../http/errors.js';
import { formatMoney } from '../../../../src/core/format/format.js';

/**
 * The guest ledger's one rule (issue 12): the general ledger's guest-ledger account holds exactly the sum of the
 * open folios. The night audit checks it at the end of every step, inside the step's own transaction: a step
 * that would break it is undone, and the run stops at that step with a sentence giving both sums — not at the
 * end of the night, with the damage spread over every later step.
 */
export async function checkGuestLedger(trx: Db, branchId: number, stepLabel: string) {
  const { rows } = await sql<{ ledger: string; folios: string }>`
    SELECT (SELECT coalesce(sum(l.debit - l.credit), 0) FROM gl_account_role r
              JOIN gl_journal_line l ON l.branch_id = r.branch_id AND l.account_id = r.account_id
             WHERE r.branch_id = ${branchId} AND r.role = 'guest_ledger')::text AS ledger,
           (SELECT coalesce(sum(l.amount), 0) FROM folio f JOIN folio_line l ON l.branch_id = f.branch_id AND l.folio_id = f.id
             WHERE f.branch_id = ${branchId} AND f.status = 'open')::text AS folios`.execute(trx);
  const ledger = new Decimal(rows[0].ledger);
  const folios = new Decimal(rows[0].folios);
  if (!ledger.eq(folios))
    throw conflict('nightAudit.guestLedgerOff', {
      step: stepLabel,
      ledger: formatMoney(ledger.toFixed(2)),
      folios: formatMoney(folios.toFixed(2)),
      difference: formatMoney(ledger.minus(folios).toFixed(2)),
    });
}
