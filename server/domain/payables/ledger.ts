import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { badRequest, conflict } from '../../http/errors.js';
import { formatDate } from '../../../src/core/format/format.js';
import type { AccountRole } from '../gl/post.js';

export type SourceKind = 'invoice' | 'invoice_cancel' | 'advance' | 'application' | 'payment' | 'credit_note';

/** One side of a proposed journal: an account by id or by role; positive debit, negative credit. */
export interface ProposedLine {
  accountId?: number;
  role?: AccountRole;
  amount: Decimal;
  departmentId?: number | null;
  /** the supplier the line belongs to, for lines on the payable and advance accounts (sub-ledger) */
  supplierId?: number;
  description?: string;
}

/** A change of what is owed on one invoice (positive: owed more), written to the supplier sub-ledger. */
export interface LedgerEntry {
  supplierId: number;
  invoiceId: number;
  amount: Decimal;
}

export interface PayablesDoc {
  kind: SourceKind;
  id: number;
  number: string;
  date: string;
  description: string;
}

/**
 * A payables document may be dated up to the business day, never in a closed ledger month: what it owes
 * or pays goes to the ledger on that date, and a closed month takes no more postings.
 */
export async function checkPayablesDate(trx: Db, branchId: number, date: string) {
  const { rows } = await sql<{ d: string }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${branchId}`.execute(trx);
  if (!rows[0]) throw badRequest('gl.noSetup');
  if (date > rows[0].d) throw conflict('ap.dateAhead', { date: formatDate(date), open: formatDate(rows[0].d) });
  const { rows: closed } = await sql<{ period: string }>`
    SELECT period::text AS period FROM gl_period_close
     WHERE branch_id = ${branchId} AND closed AND period = date_trunc('month', ${date}::date)::date`.execute(trx);
  if (closed[0]) throw conflict('gl.periodClosed', { period: formatDate(closed[0].period).slice(3) });
}

/** The property's business day (a new payables document's date). */
export async function businessDate(trx: Db, branchId: number): Promise<string> {
  const { rows } = await sql<{ d: string }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${branchId}`.execute(trx);
  if (!rows[0]) throw badRequest('gl.noSetup');
  return rows[0].d;
}

/**
 * Records a posted payables document: the journal it hands to the ledger, kept for review (ap_gl_transfer),
 * and its sub-ledger entries pointing at that journal, so that the sub-ledger less what is still waiting for
 * the ledger equals the payable account at any date. Lines of one account, department and supplier are netted.
 */
export async function recordPosting(
  trx: Db,
  branchId: number,
  userId: number | null,
  doc: PayablesDoc,
  lines: ProposedLine[],
  entries: LedgerEntry[],
): Promise<number> {
  const roles = [...new Set(lines.flatMap((l) => (l.role ? [l.role] : [])))];
  const { rows: mapped } = await sql<{ role: string; account_id: number }>`
    SELECT role, account_id::int AS account_id FROM gl_account_role WHERE branch_id = ${branchId} AND role = ANY(${roles}::text[])`.execute(
    trx,
  );
  const byRole = new Map(mapped.map((r) => [r.role, Number(r.account_id)]));
  const sums = new Map<string, { account: number; department: number | null; supplier: number | null; amount: Decimal }>();
  for (const l of lines) {
    if (l.amount.isZero()) continue;
    const account = l.accountId ?? byRole.get(l.role!);
    if (account === undefined) throw conflict('gl.roleMissing', { role: `gl.role.${l.role}` });
    const key = `${account}:${l.departmentId ?? ''}:${l.supplierId ?? ''}`;
    const sum = sums.get(key) ?? { account, department: l.departmentId ?? null, supplier: l.supplierId ?? null, amount: new Decimal(0) };
    sum.amount = sum.amount.plus(l.amount);
    sums.set(key, sum);
  }
  const journal = [...sums.values()].filter((s) => !s.amount.isZero());
  const balance = journal.reduce((s, l) => s.plus(l.amount), new Decimal(0));
  if (!balance.isZero()) throw badRequest('gl.unbalanced', { description: doc.description, difference: balance.toFixed(2) });
  const total = journal.filter((l) => l.amount.gt(0)).reduce((s, l) => s.plus(l.amount), new Decimal(0));
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ap_gl_transfer (branch_id, number, source_kind, source_id, date, description, total, created_by, updated_by)
    VALUES (${branchId}, ${doc.number}, ${doc.kind}, ${doc.id}, ${doc.date}, ${doc.description}, ${total.toFixed(2)}, ${userId}, ${userId})
    RETURNING id`.execute(trx);
  const transfer = Number(rows[0].id);
  const json = JSON.stringify(
    journal.map((l, i) => ({
      line_no: i + 1,
      account_id: l.account,
      department_id: l.department,
      supplier_id: l.supplier,
      debit: l.amount.gt(0) ? l.amount.toFixed(2) : '0',
      credit: l.amount.lt(0) ? l.amount.neg().toFixed(2) : '0',
    })),
  );
  await sql`
    INSERT INTO ap_gl_transfer_line (branch_id, transfer_id, line_no, account_id, department_id, supplier_id, description, debit, credit)
    SELECT ${branchId}, ${transfer}, x.line_no, x.account_id, x.department_id, x.supplier_id, ${doc.number}, x.debit, x.credit
      FROM jsonb_to_recordset(${json}::jsonb)
        AS x(line_no int, account_id bigint, department_id bigint, supplier_id bigint, debit numeric, credit numeric)`.execute(trx);
  const ledger = entries.filter((e) => !e.amount.isZero());
  if (ledger.length) {
    const rowsJson = JSON.stringify(
      ledger.map((e) => ({ supplier_id: e.supplierId, invoice_id: e.invoiceId, amount: e.amount.toFixed(2) })),
    );
    await sql`
      INSERT INTO ap_ledger (branch_id, supplier_id, invoice_id, date, source_kind, source_id, amount, transfer_id, created_by)
      SELECT ${branchId}, x.supplier_id, x.invoice_id, ${doc.date}, ${doc.kind}, ${doc.id}, x.amount, ${transfer}, ${userId}
        FROM jsonb_to_recordset(${rowsJson}::jsonb) AS x(supplier_id bigint, invoice_id bigint, amount numeric)`.execute(trx);
    // an invoice's balance and paid part (what credit notes took back is not paid) follow its sub-ledger; fully
    // settled, it is closed on the day that settled it; a negative balance is a supplier credit, still open
    await sql`
      UPDATE ap_invoice i SET balance = s.balance, paid_amount = i.total - i.credited_amount - s.balance,
             closed_date = CASE WHEN s.balance = 0 THEN ${doc.date}::date END
        FROM (SELECT invoice_id, sum(amount) AS balance FROM ap_ledger
               WHERE branch_id = ${branchId} AND invoice_id = ANY(${ledger.map((e) => e.invoiceId)}::bigint[]) GROUP BY invoice_id) s
       WHERE i.branch_id = ${branchId} AND i.id = s.invoice_id`.execute(trx);
  }
  return transfer;
}

/** An invoice's balance still owed, locked against a concurrent payment or application. */
export async function lockedInvoices(trx: Db, branchId: number, ids: number[]) {
  const { rows } = await sql<{ id: number; number: string; supplier_id: number; status: string; balance: string | null }>`
    SELECT id::int AS id, number, supplier_id::int AS supplier_id, status, balance::text AS balance
      FROM ap_invoice WHERE branch_id = ${branchId} AND id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
  return new Map(rows.map((r) => [Number(r.id), { ...r, balance: new Decimal(r.balance ?? 0) }]));
}
