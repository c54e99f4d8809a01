import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { badRequest, conflict } from '../../http/errors.js';
import { formatDate, formatMoney } from '../../../src/core/format/format.js';

/** Accounts a module posts to by what they are; each property maps them to its own chart (gl_account_role). */
export type AccountRole =
  | 'guest_ledger'
  | 'city_ledger'
  | 'deposit_ledger'
  | 'service_payable'
  | 'tax_payable'
  | 'retained_earnings'
  | 'cash_over_short'
  | 'complimentary_expense'
  | 'pos_clearing'
  | 'accounts_payable'
  | 'vat_input'
  | 'withholding_payable'
  | 'supplier_advance'
  | 'customer_credit'
  | 'bank_charges'
  | 'banquet_deposit'
  | 'function_room_revenue';

export interface PostingLine {
  /** an account by its number (an article's or a payment article's account) … */
  account?: string;
  /** … or by its role */
  role?: AccountRole;
  /** positive: debit; negative: credit. Exact to the cent. */
  amount: Decimal.Value;
  departmentId?: number | null;
  description?: string;
  /** the detail account the line belongs to: a folio of the guest ledger, later a customer or a supplier */
  subledger?: { type: string; id: number };
}

export interface Posting {
  /** the business date the event belongs to */
  date: string;
  /** the module posting ('frontoffice') and what it posts ('folio_line', 'deposit') */
  source: string;
  sourceType: string;
  sourceId?: number | null;
  /** unique per property: posting the same key again posts nothing and answers the first journal */
  key: string;
  description: string;
  lines: PostingLine[];
  reversesId?: number;
  /**
   * 'business-day' (default): operational postings belong to the open business day, so an earlier (closed)
   * or later day is refused; 'open-period': an accountant's journal only needs its month to be open;
   * 'audit-day': the income auditor's correction, dated in a day the night audit closed and the auditor has not.
   */
  dating?: 'business-day' | 'open-period' | 'audit-day';
}

export interface PostedJournal {
  id: number;
  key: string;
  /** true when the key had been posted before: nothing new was written */
  replayed: boolean;
}

interface ResolvedLine {
  account_id: number;
  amount: Decimal;
  department_id: number | null;
  description: string | null;
  subledger: string | null;
  subledger_id: number | null;
}

export const ACCOUNT_ROLES: AccountRole[] = [
  'guest_ledger',
  'city_ledger',
  'deposit_ledger',
  'service_payable',
  'tax_payable',
  'retained_earnings',
  'cash_over_short',
  'complimentary_expense',
  'pos_clearing',
];

/** The one posting function: one journal. See postJournals. */
export async function postJournal(trx: Db, branchId: number, userId: number | null, posting: Posting): Promise<PostedJournal> {
  return (await postJournals(trx, branchId, userId, [posting]))[0];
}

/**
 * Posts journals in the caller's transaction, all or none, in a fixed number of statements whatever their
 * number (the night audit posts thousands at once). Each journal must balance to the cent; each line names
 * an active posting account; its date must be the open business day (or, for an accountant's journal, in an
 * open month). A key posted before answers its journal again and writes nothing — the same key for
 * different lines is refused. The database checks the balance again at commit and refuses any change later.
 */
export async function postJournals(trx: Db, branchId: number, userId: number | null, postings: Posting[]): Promise<PostedJournal[]> {
  if (!postings.length) return [];
  const keys = new Set<string>();
  for (const p of postings) {
    if (keys.has(p.key)) throw badRequest('gl.keyTwice', { key: p.key });
    keys.add(p.key);
  }
  const auditing = await checkDates(trx, branchId, postings);
  const accounts = await resolveAccounts(trx, branchId, postings);
  const journals = postings.map((p) => {
    const lines = resolveLines(p, accounts);
    const total = lines.filter((l) => l.amount.gt(0)).reduce((s, l) => s.plus(l.amount), new Decimal(0));
    return { posting: p, lines, total, hash: contentHash(p, lines) };
  });

  const header = journals.map((j) => ({
    date: j.posting.date,
    source: j.posting.source,
    source_type: j.posting.sourceType,
    source_id: j.posting.sourceId ?? null,
    key: j.posting.key,
    content_hash: j.hash,
    description: j.posting.description,
    total: j.total.toFixed(2),
    reverses_id: j.posting.reversesId ?? null,
    // an operational journal of a property that audits income waits in its day until the auditor closes it
    audit_date: auditing && (j.posting.dating ?? 'business-day') !== 'open-period' ? j.posting.date : null,
  }));
  const inserted = await sql<{ id: number; key: string }>`
    INSERT INTO gl_journal (branch_id, date, source, source_type, source_id, key, content_hash, description, total, reverses_id, audit_date, created_by)
    SELECT ${branchId}, x.date, x.source, x.source_type, x.source_id, x.key, x.content_hash, x.description, x.total, x.reverses_id, x.audit_date, ${userId}
      FROM jsonb_to_recordset(${JSON.stringify(header)}::jsonb)
           AS x(date date, source text, source_type text, source_id bigint, key text, content_hash text, description text, total numeric, reverses_id bigint, audit_date date)
    ON CONFLICT (branch_id, key) DO NOTHING
    RETURNING id, key`.execute(trx);
  const newIds = new Map(inserted.rows.map((r) => [r.key, Number(r.id)]));

  const earlier = new Map<string, { id: number; content_hash: string }>();
  const missing = journals.filter((j) => !newIds.has(j.posting.key)).map((j) => j.posting.key);
  if (missing.length) {
    const { rows } = await sql<{ id: number; key: string; content_hash: string }>`
      SELECT id, key, content_hash FROM gl_journal WHERE branch_id = ${branchId} AND key = ANY(${missing}::text[])`.execute(trx);
    for (const r of rows) earlier.set(r.key, { id: Number(r.id), content_hash: r.content_hash });
  }

  const lines: Record<string, unknown>[] = [];
  const result = journals.map((j): PostedJournal => {
    const id = newIds.get(j.posting.key);
    if (id !== undefined) {
      j.lines.forEach((l, i) =>
        lines.push({
          journal_id: id,
          line_no: i + 1,
          account_id: l.account_id,
          debit: l.amount.gt(0) ? l.amount.toFixed(2) : '0',
          credit: l.amount.lt(0) ? l.amount.neg().toFixed(2) : '0',
          department_id: l.department_id,
          description: l.description,
          subledger: l.subledger,
          subledger_id: l.subledger_id,
        }),
      );
      return { id, key: j.posting.key, replayed: false };
    }
    const before = earlier.get(j.posting.key);
    // a racing transaction holding the key rolled back between our insert and our read: nothing to answer
    if (!before) throw conflict('gl.keyBusy', { key: j.posting.key });
    if (before.content_hash !== j.hash) throw conflict('gl.keyReused', { key: j.posting.key });
    return { id: before.id, key: j.posting.key, replayed: true };
  });
  if (lines.length) {
    await sql`
      INSERT INTO gl_journal_line (branch_id, journal_id, line_no, account_id, debit, credit, department_id, description, subledger, subledger_id)
      SELECT ${branchId}, x.journal_id, x.line_no, x.account_id, x.debit, x.credit, x.department_id, x.description, x.subledger, x.subledger_id
        FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
             AS x(journal_id bigint, line_no int, account_id bigint, debit numeric, credit numeric, department_id bigint, description text, subledger text, subledger_id bigint)`.execute(
      trx,
    );
  }
  return result;
}

/**
 * A journal's counter-posting: the same lines with debit and credit swapped, dated `date`, pointing at the
 * journal it reverses. A journal is reversed at most once (the database keeps reverses_id unique).
 */
export async function reverseJournal(
  trx: Db,
  branchId: number,
  userId: number | null,
  journalId: number,
  reversal: { date: string; key: string; description: string; sourceType: string; sourceId?: number | null; dating?: Posting['dating'] },
): Promise<PostedJournal> {
  const { rows } = await sql<{
    account: string;
    debit: string;
    credit: string;
    department_id: number | null;
    description: string | null;
    subledger: string | null;
    subledger_id: number | null;
    source: string;
  }>`
    SELECT a.code AS account, l.debit, l.credit, l.department_id, l.description, l.subledger, l.subledger_id, j.source
      FROM gl_journal j
      JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
      JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
     WHERE j.branch_id = ${branchId} AND j.id = ${journalId}
     ORDER BY l.line_no`.execute(trx);
  if (!rows.length) throw badRequest('gl.journalUnknown', { id: journalId });
  return postJournal(trx, branchId, userId, {
    date: reversal.date,
    source: rows[0].source,
    sourceType: reversal.sourceType,
    sourceId: reversal.sourceId ?? null,
    key: reversal.key,
    description: reversal.description,
    reversesId: journalId,
    dating: reversal.dating,
    lines: rows.map((l) => ({
      account: l.account,
      amount: new Decimal(l.credit).minus(l.debit),
      departmentId: l.department_id,
      description: l.description ?? undefined,
      subledger: l.subledger ? { type: l.subledger, id: Number(l.subledger_id) } : undefined,
    })),
  });
}

/** The open business day of a property, read so that the night audit's roll waits for postings in flight. */
export async function openBusinessDay(trx: Db, branchId: number): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${branchId} FOR SHARE`.execute(trx);
  if (!rows[0]) throw badRequest('gl.noSetup');
  return rows[0].d;
}

/** Refuses a date its dating does not allow; answers whether the property audits income (its journals then wait). */
async function checkDates(trx: Db, branchId: number, postings: Posting[]): Promise<boolean> {
  const { rows: setup } = await sql<{ open: string; days: number; closed: string | null }>`
    SELECT business_date::text AS open, income_audit_days AS days, income_audit_closed_through::text AS closed
      FROM hotel_setup WHERE branch_id = ${branchId} FOR SHARE`.execute(trx);
  if (!setup[0]) throw badRequest('gl.noSetup');
  const { open, days, closed } = setup[0];
  for (const p of postings) {
    const dating = p.dating ?? 'business-day';
    if (dating === 'audit-day') {
      if (p.date >= open) throw conflict('gl.auditDayNotClosed', { date: formatDate(p.date), open: formatDate(open) });
      if (!days || !closed || p.date <= closed) throw conflict('gl.auditDayClosed', { date: formatDate(p.date) });
      continue;
    }
    if (dating !== 'business-day') continue;
    if (p.date < open) throw conflict('gl.dayClosed', { date: formatDate(p.date), open: formatDate(open) });
    if (p.date > open) throw conflict('gl.dayNotOpen', { date: formatDate(p.date), open: formatDate(open) });
  }
  const months = [...new Set(postings.map((p) => `${p.date.slice(0, 7)}-01`))];
  const { rows } = await sql<{ period: string }>`
    SELECT period::text AS period FROM gl_period_close
     WHERE branch_id = ${branchId} AND closed AND period = ANY(${months}::date[]) ORDER BY period LIMIT 1`.execute(trx);
  if (rows[0]) throw conflict('gl.periodClosed', { period: formatDate(rows[0].period).slice(3) });
  return days > 0;
}

type AccountRow = { id: number; code: string; posting: boolean; active: boolean };

async function resolveAccounts(trx: Db, branchId: number, postings: Posting[]) {
  const codes = new Set<string>();
  const roles = new Set<string>();
  for (const p of postings)
    for (const l of p.lines) {
      if (l.role) roles.add(l.role);
      else if (l.account) codes.add(l.account);
      else throw badRequest('gl.lineWithoutAccount', { description: p.description });
    }
  const { rows } = await sql<AccountRow & { role: string | null }>`
    SELECT a.id, a.code, a.posting, a.active, NULL AS role FROM gl_account a WHERE a.branch_id = ${branchId} AND a.code = ANY(${[...codes]}::text[])
    UNION ALL
    SELECT a.id, a.code, a.posting, a.active, r.role FROM gl_account_role r JOIN gl_account a ON a.branch_id = r.branch_id AND a.id = r.account_id
     WHERE r.branch_id = ${branchId} AND r.role = ANY(${[...roles]}::text[])`.execute(trx);
  const byCode = new Map<string, AccountRow>();
  const byRole = new Map<string, AccountRow>();
  for (const r of rows) (r.role ? byRole : byCode).set(r.role ?? r.code, r);
  const check = (a: AccountRow) => {
    if (!a.active) throw conflict('gl.accountInactive', { account: a.code });
    if (!a.posting) throw conflict('gl.accountHeader', { account: a.code });
    return Number(a.id);
  };
  return {
    id(line: PostingLine): number {
      if (line.role) {
        const a = byRole.get(line.role);
        if (!a) throw conflict('gl.roleMissing', { role: `gl.role.${line.role}` });
        return check(a);
      }
      const a = byCode.get(line.account!);
      if (!a) throw conflict('gl.accountMissing', { account: line.account });
      return check(a);
    },
  };
}

function resolveLines(p: Posting, accounts: { id(l: PostingLine): number }): ResolvedLine[] {
  const lines: ResolvedLine[] = [];
  let sum = new Decimal(0);
  for (const l of p.lines) {
    const amount = new Decimal(l.amount);
    if (!amount.isFinite() || amount.decimalPlaces() > 2) throw badRequest('gl.amountCents', { amount: amount.toString() });
    sum = sum.plus(amount);
    // a component that rounds to nothing (no tax on this article) is no line
    if (amount.isZero()) continue;
    lines.push({
      account_id: accounts.id(l),
      amount,
      department_id: l.departmentId ?? null,
      description: l.description ?? null,
      subledger: l.subledger?.type ?? null,
      subledger_id: l.subledger?.id ?? null,
    });
  }
  if (!sum.isZero()) throw badRequest('gl.unbalanced', { description: p.description, difference: formatMoney(sum.toFixed(2)) });
  if (lines.length < 2) throw badRequest('gl.nothingToPost', { description: p.description });
  return lines;
}

/** What a journal posts, for telling a replay from a different posting under the same key. */
function contentHash(p: Posting, lines: ResolvedLine[]): string {
  const content = {
    date: p.date,
    type: p.sourceType,
    source: p.sourceId ?? null,
    reverses: p.reversesId ?? null,
    lines: lines.map((l) => [l.account_id, l.amount.toFixed(2), l.department_id, l.subledger, l.subledger_id]),
  };
  return crypto.createHash('sha256').update(JSON.stringify(content)).digest('hex');
}
