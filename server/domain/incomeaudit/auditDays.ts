import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { conflict } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { formatDate, formatMoney } from '../../../src/core/format/format.js';

/** The right on the day's journal: view, review, close, correct (the income auditor's). */
export const AUDIT_DAY = 'incomeaudit.gl-journal';
export const dateInput = { type: 'string', format: 'date', pattern: '^(19|20)[0-9]{2}-[0-9]{2}-[0-9]{2}$' } as const;

export interface AuditSetting {
  businessDate: string;
  /** how many night-audited dates may wait for the auditor; 0: the property does not audit income */
  days: number;
  closedThrough: string | null;
}

export interface AuditDay {
  business_date: string;
  status: 'to_audit' | 'reviewed' | 'closed';
  journals: number;
  debit: string;
  credit: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  closed_by: string | null;
  closed_at: string | null;
}

/** The property's income audit setting; `lock` holds it against a concurrent close or night audit roll. */
export async function auditSetting(db: Db, branchId: number, lock = false): Promise<AuditSetting> {
  const { rows } = await sql<{ d: string; days: number; closed: string | null }>`
    SELECT business_date::text AS d, income_audit_days AS days, income_audit_closed_through::text AS closed
      FROM hotel_setup WHERE branch_id = ${branchId} ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return { businessDate: rows[0].d, days: Number(rows[0].days), closedThrough: rows[0].closed };
}

/**
 * The dates the night audit closed and the auditor has not (oldest first), then the last ones closed: each with
 * its state and the totals of the journal it produced (journals waiting for that day).
 */
export async function auditDays(db: Db, branchId: number, closedShown = 5): Promise<AuditDay[]> {
  const s = await auditSetting(db, branchId);
  if (!s.closedThrough) return [];
  const { rows } = await sql<AuditDay>`
    WITH days AS (
      SELECT n.business_date FROM night_audit_day n
       WHERE n.branch_id = ${branchId} AND n.business_date > ${s.closedThrough}::date AND n.business_date < ${s.businessDate}::date
      UNION
      SELECT d.business_date FROM (SELECT business_date FROM income_audit_day WHERE branch_id = ${branchId} AND status = 'closed'
                                    ORDER BY business_date DESC LIMIT ${closedShown}) d)
    SELECT days.business_date::text AS business_date,
           CASE WHEN d.status IS NULL THEN 'to_audit' ELSE d.status END AS status,
           coalesce(t.journals, 0) AS journals, coalesce(t.debit, 0)::text AS debit, coalesce(t.credit, 0)::text AS credit,
           ru.full_name AS reviewed_by, d.reviewed_at, cu.full_name AS closed_by, d.closed_at
      FROM days
      LEFT JOIN income_audit_day d ON d.branch_id = ${branchId} AND d.business_date = days.business_date
      LEFT JOIN app_user ru ON ru.id = d.reviewed_by
      LEFT JOIN app_user cu ON cu.id = d.closed_by
      LEFT JOIN LATERAL (${journalTotals(branchId, sql`days.business_date`)}) t ON true
     ORDER BY days.business_date`.execute(db);
  return rows.map((r) => ({ ...r, journals: Number(r.journals) }));
}

/** The number of journals a day produced and their debit and credit (the day's journal as the ledger will take it). */
function journalTotals(branchId: number, day: ReturnType<typeof sql>) {
  return sql`
    SELECT count(DISTINCT j.id)::int AS journals, sum(l.debit) AS debit, sum(l.credit) AS credit
      FROM gl_journal j JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
     WHERE j.branch_id = ${branchId} AND j.audit_date = ${day}`;
}

async function dayTotals(db: Db, branchId: number, day: string) {
  const { rows } = await sql<{
    journals: number;
    debit: string | null;
    credit: string | null;
  }>`${journalTotals(branchId, sql`${day}::date`)}`.execute(db);
  return { journals: Number(rows[0].journals), debit: new Decimal(rows[0].debit ?? 0), credit: new Decimal(rows[0].credit ?? 0) };
}

/** A date the auditor may still work on: night-audited, after the last one closed. */
export async function openAuditDay(db: Db, branchId: number, day: string, lock = false): Promise<AuditSetting> {
  const s = await auditSetting(db, branchId, lock);
  if (!s.days || !s.closedThrough) throw conflict('incomeAudit.notAuditing');
  if (day <= s.closedThrough) throw conflict('gl.auditDayClosed', { date: formatDate(day) });
  if (day >= s.businessDate) throw conflict('gl.auditDayNotClosed', { date: formatDate(day), open: formatDate(s.businessDate) });
  return s;
}

/** The auditor has looked at the day's journal: its totals now are kept, and closing checks nothing moved since. */
export const reviewAuditDay = defineOp<{ date: string }>({
  name: 'incomeaudit.review',
  summary: "Mark an audit day's journal reviewed (its totals are kept)",
  resource: AUDIT_DAY,
  action: 'review',
  input: { type: 'object', required: ['date'], additionalProperties: false, properties: { date: dateInput } },
  async handler(c, { date }) {
    const branch = c.auth.branchId;
    await openAuditDay(c.trx, branch, date);
    const t = await dayTotals(c.trx, branch, date);
    await sql`
      INSERT INTO income_audit_day (branch_id, business_date, status, journals, debit, credit, reviewed_by)
      VALUES (${branch}, ${date}::date, 'reviewed', ${t.journals}, ${t.debit.toFixed(2)}, ${t.credit.toFixed(2)}, ${c.auth.user.id})
      ON CONFLICT (branch_id, business_date) DO UPDATE
        SET journals = EXCLUDED.journals, debit = EXCLUDED.debit, credit = EXCLUDED.credit, reviewed_at = now(), reviewed_by = EXCLUDED.reviewed_by`.execute(
      c.trx,
    );
    return { date, status: 'reviewed', journals: t.journals, debit: t.debit.toFixed(2), credit: t.credit.toFixed(2) };
  },
});

/**
 * Closes an audit day: the oldest open one only (days close in order), reviewed, its journal balanced and unchanged
 * since the review. From then on its journals count in the general ledger and the day takes no posting or correction.
 */
export const closeAuditDay = defineOp<{ date: string }>({
  name: 'incomeaudit.close',
  summary: 'Close an audit day: its journal goes to the general ledger; days close in order',
  resource: AUDIT_DAY,
  action: 'close',
  input: { type: 'object', required: ['date'], additionalProperties: false, properties: { date: dateInput } },
  async handler(c, { date }) {
    const branch = c.auth.branchId;
    // the setup row is locked first: a posting in flight (it holds it FOR SHARE) finishes before the day closes
    const s = await openAuditDay(c.trx, branch, date, true);
    const { rows: earlier } = await sql<{ d: string }>`
      SELECT business_date::text AS d FROM night_audit_day
       WHERE branch_id = ${branch} AND business_date > ${s.closedThrough}::date AND business_date < ${date}::date
       ORDER BY business_date LIMIT 1`.execute(c.trx);
    if (earlier[0]) throw conflict('incomeAudit.closeInOrder', { date: formatDate(date), earlier: formatDate(earlier[0].d) });
    const { rows: audited } = await sql`
      SELECT 1 FROM night_audit_day WHERE branch_id = ${branch} AND business_date = ${date}::date`.execute(c.trx);
    if (!audited.length) throw conflict('incomeAudit.notNightAudited', { date: formatDate(date) });
    const t = await dayTotals(c.trx, branch, date);
    if (!t.debit.eq(t.credit))
      throw conflict('incomeAudit.unbalanced', { date: formatDate(date), difference: formatMoney(t.debit.minus(t.credit).toFixed(2)) });
    const { rows: review } = await sql<{ journals: number; debit: string }>`
      SELECT journals, debit::text AS debit FROM income_audit_day WHERE branch_id = ${branch} AND business_date = ${date}::date`.execute(
      c.trx,
    );
    if (!review[0]) throw conflict('incomeAudit.reviewFirst', { date: formatDate(date) });
    if (Number(review[0].journals) !== t.journals || !new Decimal(review[0].debit).eq(t.debit))
      throw conflict('incomeAudit.reviewAgain', { date: formatDate(date) });
    await sql`
      UPDATE income_audit_day SET status = 'closed', closed_at = now(), closed_by = ${c.auth.user.id}
       WHERE branch_id = ${branch} AND business_date = ${date}::date`.execute(c.trx);
    await sql`
      UPDATE hotel_setup SET income_audit_closed_through = ${date}::date, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${branch}`.execute(c.trx);
    return { date, status: 'closed', journals: t.journals, debit: t.debit.toFixed(2) };
  },
});

/**
 * The night audit closes no more days than the auditor may keep open (the property's setting): with that many
 * waiting, the oldest must be closed first. A property that does not audit income is never held up.
 */
export async function refuseWhenAuditBacklogFull(db: Db, branchId: number) {
  const s = await auditSetting(db, branchId);
  if (!s.days || !s.closedThrough) return;
  const { rows } = await sql<{ n: number; oldest: string | null }>`
    SELECT count(*)::int AS n, min(business_date)::text AS oldest FROM night_audit_day
     WHERE branch_id = ${branchId} AND business_date > ${s.closedThrough}::date`.execute(db);
  if (Number(rows[0].n) >= s.days)
    throw conflict('incomeAudit.backlogFull', { days: s.days, oldest: formatDate(rows[0].oldest ?? s.closedThrough) });
}
