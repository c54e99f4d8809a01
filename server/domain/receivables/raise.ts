import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { nextNumber } from '../../data/numbering.js';
import { badRequest, conflict } from '../../http/errors.js';
import { formatMoney } from '../../../src/core/format/format.js';
import type { PostingLine } from '../gl/post.js';

/** A charge another module has just posted to the city ledger, to be collected from a business account. */
export interface Receivable {
  accountId: number;
  /** the business date of the charge: the invoice's date; due after the account's payment terms */
  date: string;
  source: 'folio' | 'pos' | 'banquet';
  sourceId: number;
  /** what the account reads on its statement: the folio, bill or event number */
  reference: string;
  /** positive, exact */
  amount: Decimal.Value;
  description: string;
  /** unique per property: raising the same key again answers the first invoice and writes nothing */
  key: string;
  /** the caller's journal that debited the city ledger (its cityLedgerLine) */
  journalId?: number | null;
  userId?: number | null;
}

export interface RaisedReceivable {
  id: number;
  number: string;
  dueDate: string;
  replayed: boolean;
}

/**
 * The line a caller puts in its own journal for the charge: Dr city ledger on the account's sub-ledger, so the
 * AR reconciliation finds it under the account.
 */
export function cityLedgerLine(accountId: number, amount: Decimal.Value, description: string): PostingLine {
  return { role: 'city_ledger', amount, description, subledger: { type: 'account', id: accountId } };
}

interface AccountRow {
  name: string;
  active: boolean;
  city_ledger: boolean;
  credit_limit: string | null;
  payment_term_days: number;
}

/**
 * May the account be charged this much more on the city ledger? It must be active, allowed the city ledger with
 * a credit limit, and its open invoices plus the charge within that limit. The account row is locked to the end
 * of the transaction, so two charges at once are judged one after the other. Refusals are 409s naming the
 * account, its limit and what it owes, in the reader's language.
 */
export async function checkCredit(trx: Db, branchId: number, accountId: number, amount: Decimal.Value): Promise<AccountRow> {
  const { rows } = await sql<AccountRow>`
    SELECT name, active, city_ledger, credit_limit::text, payment_term_days FROM business_account
     WHERE branch_id = ${branchId} AND id = ${accountId} FOR UPDATE`.execute(trx);
  const account = rows[0];
  if (!account) throw badRequest('ar.accountUnknown');
  if (!account.active) throw conflict('ar.accountInactive', { account: account.name });
  if (!account.city_ledger || account.credit_limit === null) throw conflict('ar.noCityLedger', { account: account.name });
  const owed = await openBalance(trx, branchId, accountId);
  const after = owed.plus(amount);
  if (after.gt(account.credit_limit))
    throw conflict('ar.creditLimit', {
      account: account.name,
      limit: formatMoney(account.credit_limit),
      owed: formatMoney(owed.toFixed(2)),
      amount: formatMoney(new Decimal(amount).toFixed(2)),
    });
  return account;
}

/** What the account owes on its posted invoices today (invoices less what receipts and credit notes applied). */
export async function openBalance(trx: Db, branchId: number, accountId: number): Promise<Decimal> {
  const { rows } = await sql<{ owed: string | null }>`
    SELECT sum(total - settled)::text AS owed FROM ar_invoice
     WHERE branch_id = ${branchId} AND account_id = ${accountId} AND status = 'posted' AND kind <> 'credit_note' AND settled < total`.execute(
    trx,
  );
  return new Decimal(rows[0].owed ?? 0);
}

/**
 * Raises a posted city-ledger invoice in the caller's transaction, after checking the account's credit. It posts
 * nothing to the general ledger: the caller's own journal carries the debit (cityLedgerLine) and is named by
 * journalId. A refused credit throws, so the caller's whole transaction rolls back.
 */
export async function raiseReceivable(trx: Db, branchId: number, r: Receivable): Promise<RaisedReceivable> {
  const amount = new Decimal(r.amount);
  if (!amount.gt(0) || amount.decimalPlaces() > 2) throw badRequest('ar.amountPositive');
  const before = await byKey(trx, branchId, r.key);
  if (before) return { ...before, replayed: true };
  const account = await checkCredit(trx, branchId, r.accountId, amount);
  const dueDate = dayjs(r.date).add(account.payment_term_days, 'day').format('YYYY-MM-DD');
  const number = await nextNumber(trx, branchId, 'ar_invoice', `CL-${dayjs(r.date).format('YYYYMM')}-`);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ar_invoice (branch_id, number, kind, account_id, date, due_date, source, source_id, reference, description, status,
                            total, key, journal_id, posted_at, posted_by, created_by, updated_by)
    VALUES (${branchId}, ${number}, 'city_ledger', ${r.accountId}, ${r.date}, ${dueDate}, ${r.source}, ${r.sourceId}, ${r.reference},
            ${r.description}, 'posted', ${amount.toFixed(2)}, ${r.key}, ${r.journalId ?? null}, now(), ${r.userId ?? null},
            ${r.userId ?? null}, ${r.userId ?? null})
    RETURNING id`.execute(trx);
  await sql`
    INSERT INTO ar_invoice_line (branch_id, invoice_id, line_no, description, amount)
    VALUES (${branchId}, ${rows[0].id}, 1, ${r.description}, ${amount.toFixed(2)})`.execute(trx);
  return { id: Number(rows[0].id), number, dueDate, replayed: false };
}

async function byKey(trx: Db, branchId: number, key: string): Promise<Omit<RaisedReceivable, 'replayed'> | undefined> {
  const { rows } = await sql<{ id: number; number: string; due_date: string }>`
    SELECT id, number, due_date::text FROM ar_invoice WHERE branch_id = ${branchId} AND key = ${key}`.execute(trx);
  return rows[0] && { id: Number(rows[0].id), number: rows[0].number, dueDate: rows[0].due_date };
}
