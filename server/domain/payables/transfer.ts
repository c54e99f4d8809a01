import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EntityHook } from '../../data/hooks.js';
import { postJournal } from '../gl/post.js';
import { postPendingJournalOp } from '../gl/pendingJournal.js';

export const TRANSFER = 'accountpayable.ap-transfer-gl';

/**
 * A reviewed payables journal posted through the one posting function: dated its document's day in an open
 * month (a closed month refuses it), keyed per document so that posting it twice posts once; the lines on the
 * payable and advance accounts carry their supplier, so the ledger can be reconciled supplier by supplier.
 */
export async function postTransfer(trx: Db, branchId: number, userId: number, id: number) {
  const { rows } = await sql<{
    source_kind: string;
    source_id: number;
    number: string;
    date: string;
    description: string;
    account: string;
    department_id: number | null;
    supplier_id: number | null;
    debit: string;
    credit: string;
  }>`
    SELECT t.source_kind, t.source_id, t.number, t.date::text AS date, t.description, a.code AS account, l.department_id, l.supplier_id, l.debit, l.credit
      FROM ap_gl_transfer t
      JOIN ap_gl_transfer_line l ON l.branch_id = t.branch_id AND l.transfer_id = t.id
      JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
     WHERE t.branch_id = ${branchId} AND t.id = ${id} ORDER BY l.line_no`.execute(trx);
  const head = rows[0];
  const posted = await postJournal(trx, branchId, userId, {
    date: head.date,
    source: 'payables',
    sourceType: head.source_kind,
    sourceId: Number(head.source_id),
    key: `payables:${head.source_kind}:${head.source_id}`,
    description: `${head.number} ${head.description}`,
    dating: 'open-period',
    lines: rows.map((l) => ({
      account: l.account,
      amount: new Decimal(l.debit).minus(l.credit),
      departmentId: l.department_id == null ? null : Number(l.department_id),
      description: l.number,
      subledger: l.supplier_id == null ? undefined : { type: 'supplier', id: Number(l.supplier_id) },
    })),
  });
  await sql`UPDATE ap_gl_transfer SET journal_id = ${posted.id} WHERE branch_id = ${branchId} AND id = ${id}`.execute(trx);
  return posted;
}

/** The reviewed journal's own screen posts it with its status action. */
export const apTransferHook: EntityHook = {
  async onStatus(c, action, row) {
    if (action === 'post') await postTransfer(c.trx, c.auth.branchId, c.auth.user.id, Number(row.id));
  },
};

/** The list's "post": the journal as reviewed. */
export const postApJournalOp = postPendingJournalOp({
  name: 'payables.postJournal',
  summary: 'Post a pending payables journal to the general ledger',
  resource: TRANSFER,
  entity: 'payables/ap-gl-transfer',
  table: 'ap_gl_transfer',
  labels: 'ap-gl-transfer',
  labelsFrom: 'payables/ap-gl-transfer',
  post: postTransfer,
});
