import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EntityHook } from '../../data/hooks.js';
import { conflict } from '../../http/errors.js';
import { formatDate } from '../../../src/core/format/format.js';
import { postJournal, type AccountRole } from '../gl/post.js';
import { postPendingJournalOp } from '../gl/pendingJournal.js';

/** One side of an AR journal: an account by id or by role, signed (debit positive), on an account's sub-ledger. */
export interface ArJournalLine {
  accountId?: number;
  role?: AccountRole;
  amount: Decimal;
  departmentId?: number | null;
  businessAccountId?: number | null;
  description?: string;
}

export type ArSourceKind = 'invoice' | 'credit_note' | 'receipt';

/** A document's month must be open in the ledger: a posting the ledger would refuse is refused when the document is posted. */
export async function refuseClosedPeriod(trx: Db, branchId: number, date: string) {
  const { rows } = await sql`
    SELECT 1 FROM gl_period_close WHERE branch_id = ${branchId} AND closed AND period = date_trunc('month', ${date}::date)::date`.execute(
    trx,
  );
  if (rows.length) throw conflict('gl.periodClosed', { period: formatDate(date).slice(3) });
}

/**
 * The journal a posted AR document hands to the ledger, kept for review (ar_gl_transfer) until the accountant
 * posts it: roles resolved to the property's accounts, lines of one account, department and business account
 * netted, zero lines left out.
 */
export async function proposeJournal(
  trx: Db,
  branchId: number,
  userId: number | null,
  doc: { kind: ArSourceKind; id: number; number: string; date: string; description: string },
  lines: ArJournalLine[],
) {
  const roles = [...new Set(lines.flatMap((l) => (l.role ? [l.role] : [])))];
  const { rows: mapped } = await sql<{ role: string; account_id: number }>`
    SELECT role, account_id FROM gl_account_role WHERE branch_id = ${branchId} AND role = ANY(${roles}::text[])`.execute(trx);
  const byRole = new Map(mapped.map((r) => [r.role, Number(r.account_id)]));
  const sums = new Map<
    string,
    { account: number; department: number | null; business: number | null; amount: Decimal; description: string }
  >();
  for (const l of lines) {
    const account = l.accountId ?? byRole.get(l.role!);
    if (!account) throw conflict('ar.noRoleAccount', { role: l.role });
    const key = `${account}:${l.departmentId ?? ''}:${l.businessAccountId ?? ''}`;
    const s = sums.get(key);
    if (s) s.amount = s.amount.plus(l.amount);
    else
      sums.set(key, {
        account,
        department: l.departmentId ?? null,
        business: l.businessAccountId ?? null,
        amount: l.amount,
        description: l.description ?? doc.number,
      });
  }
  const journal = [...sums.values()].filter((s) => !s.amount.isZero());
  if (!journal.length) return;
  const total = journal.filter((s) => s.amount.gt(0)).reduce((t, s) => t.plus(s.amount), new Decimal(0));
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ar_gl_transfer (branch_id, source_kind, source_id, number, date, description, total, created_by, updated_by)
    VALUES (${branchId}, ${doc.kind}, ${doc.id}, ${doc.number}, ${doc.date}, ${doc.description}, ${total.toFixed(2)}, ${userId}, ${userId})
    RETURNING id`.execute(trx);
  const json = JSON.stringify(
    journal.map((s, i) => ({
      line_no: i + 1,
      account_id: s.account,
      department_id: s.department,
      business_account_id: s.business,
      description: s.description,
      debit: s.amount.gt(0) ? s.amount.toFixed(2) : '0',
      credit: s.amount.lt(0) ? s.amount.neg().toFixed(2) : '0',
    })),
  );
  await sql`
    INSERT INTO ar_gl_transfer_line (branch_id, transfer_id, line_no, account_id, department_id, business_account_id, description, debit, credit)
    SELECT ${branchId}, ${rows[0].id}, x.line_no, x.account_id, x.department_id, x.business_account_id, x.description, x.debit, x.credit
      FROM jsonb_to_recordset(${json}::jsonb)
           AS x(line_no int, account_id bigint, department_id bigint, business_account_id bigint, description text, debit numeric, credit numeric)`.execute(
    trx,
  );
}

/**
 * A reviewed AR journal posted through the one posting function, dated its document's day in an open month,
 * keyed per document (posting twice posts once); each city-ledger and customer-credit line carries its business
 * account as the sub-ledger. The document it came from is stamped with the journal.
 */
export async function postTransfer(trx: Db, branchId: number, userId: number, id: number) {
  const { rows } = await sql<{
    source_kind: ArSourceKind;
    source_id: number;
    number: string;
    date: string;
    description: string;
    account: string;
    department_id: number | null;
    business_account_id: number | null;
    line_description: string | null;
    debit: string;
    credit: string;
  }>`
    SELECT t.source_kind, t.source_id, t.number, t.date::text AS date, t.description, a.code AS account, l.department_id,
           l.business_account_id, l.description AS line_description, l.debit, l.credit
      FROM ar_gl_transfer t
      JOIN ar_gl_transfer_line l ON l.branch_id = t.branch_id AND l.transfer_id = t.id
      JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
     WHERE t.branch_id = ${branchId} AND t.id = ${id} ORDER BY l.line_no`.execute(trx);
  const head = rows[0];
  const posted = await postJournal(trx, branchId, userId, {
    date: head.date,
    source: 'receivables',
    sourceType: head.source_kind,
    sourceId: Number(head.source_id),
    key: `receivables:${head.source_kind}:${head.source_id}`,
    description: head.description === head.number ? head.number : `${head.number} ${head.description}`,
    dating: 'open-period',
    lines: rows.map((l) => ({
      account: l.account,
      amount: new Decimal(l.debit).minus(l.credit),
      departmentId: l.department_id == null ? null : Number(l.department_id),
      description: l.line_description ?? l.number,
      subledger: l.business_account_id == null ? undefined : { type: 'account', id: Number(l.business_account_id) },
    })),
  });
  await sql`UPDATE ar_gl_transfer SET journal_id = ${posted.id} WHERE branch_id = ${branchId} AND id = ${id}`.execute(trx);
  if (head.source_kind !== 'receipt')
    await sql`UPDATE ar_invoice SET journal_id = ${posted.id} WHERE branch_id = ${branchId} AND id = ${head.source_id}`.execute(trx);
  return posted;
}

/**
 * The ledger journal of a posted AR document, for a correction to counter-post. One still waiting for review is
 * posted now, as proposed: reversed while pending, it would reach the ledger later without its reversal.
 */
export async function documentJournal(trx: Db, branchId: number, userId: number, kind: ArSourceKind, sourceId: number, number: string) {
  const { rows } = await sql<{ id: number; status: string; journal_id: number | null }>`
    SELECT id, status, journal_id FROM ar_gl_transfer
     WHERE branch_id = ${branchId} AND source_kind = ${kind} AND source_id = ${sourceId} FOR UPDATE`.execute(trx);
  const transfer = rows[0];
  if (!transfer) throw conflict('ar.noJournal', { number });
  if (transfer.status === 'posted') return Number(transfer.journal_id);
  const posted = await postTransfer(trx, branchId, userId, Number(transfer.id));
  await sql`UPDATE ar_gl_transfer SET status = 'posted', version = version + 1, updated_at = now(), updated_by = ${userId}
             WHERE branch_id = ${branchId} AND id = ${transfer.id}`.execute(trx);
  return posted.id;
}

/** The transfer document's own "post" status action (reviewed on its form). */
export const glTransferHook: EntityHook = {
  async onStatus(c, action, row) {
    if (action !== 'post') return;
    await postTransfer(c.trx, c.auth.branchId, c.auth.user.id, Number(row.id));
  },
};

/** The list's "post": the journal as reviewed. */
export const postArJournal = postPendingJournalOp({
  name: 'accountreceivable.postJournal',
  summary: 'Post a pending receivables journal to the general ledger',
  resource: 'accountreceivable.transfer-gl',
  entity: 'accountreceivable/ar-gl-transfer',
  table: 'ar_gl_transfer',
  labels: 'ar-gl-transfer',
  post: postTransfer,
});
