import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

export type TieCode = 'guestLedger' | 'posRoomCharges' | 'cashByCashier' | 'statistics' | 'deposits';

export interface Tie {
  code: TieCode;
  /** what is compared, e.g. a cashier's name or 'room revenue'; null for the whole property */
  subject: string | null;
  left: string;
  right: string;
  difference: string;
  ties: boolean;
}

/**
 * What must tie for an audit day (issue 20), each as two independent sums:
 * - the general ledger's guest-ledger account at the day's end ↔ the folios' lines up to that day;
 * - the point of sales' room-charge payments of the day ↔ the folio lines its outlets' article posted that day;
 * - each cashier's cash payments of the day ↔ the cash their shifts' boxes took for them;
 * - the night audit's snapshot (room revenue, revenue by department) ↔ the folio lines of the day, less the
 *   auditor's corrections posted after the snapshot;
 * - the general ledger's deposits account ↔ the reservations' deposits less those applied to folios.
 */
export async function reconcile(db: Db, branchId: number, day: string): Promise<Tie[]> {
  const { rows } = await sql<{ code: TieCode; subject: string | null; l: string; r: string }>`
    WITH snap AS (SELECT created_at, room_revenue FROM night_audit_day WHERE branch_id = ${branchId} AND business_date = ${day}::date),
    role_balance AS (
      SELECT r.role, coalesce(sum(l.debit - l.credit), 0) AS balance
        FROM gl_account_role r
        JOIN gl_journal_line l ON l.branch_id = r.branch_id AND l.account_id = r.account_id
        JOIN gl_journal j ON j.branch_id = l.branch_id AND j.id = l.journal_id
       WHERE r.branch_id = ${branchId} AND r.role IN ('guest_ledger', 'deposit_ledger') AND j.date <= ${day}::date
       GROUP BY r.role),
    day_lines AS (
      SELECT l.*, a.kind AS article_kind FROM folio_line l LEFT JOIN fo_article a ON a.branch_id = l.branch_id AND a.id = l.fo_article_id
       WHERE l.branch_id = ${branchId} AND l.business_date = ${day}::date AND l.transfer_side IS NULL
         AND l.created_at <= coalesce((SELECT created_at FROM snap), 'infinity'::timestamptz)),
    pos_day AS (
      SELECT p.* FROM pos_payment p JOIN pos_check c ON c.branch_id = p.branch_id AND c.id = p.check_id
       WHERE p.branch_id = ${branchId} AND c.business_date = ${day}::date)
    SELECT 'guestLedger' AS code, NULL AS subject,
           (SELECT coalesce(max(balance), 0) FROM role_balance WHERE role = 'guest_ledger')::text AS l,
           (SELECT coalesce(sum(amount), 0) FROM folio_line WHERE branch_id = ${branchId} AND business_date <= ${day}::date)::text AS r
    UNION ALL
    SELECT 'posRoomCharges', NULL,
           (SELECT coalesce(sum(amount), 0) FROM pos_day WHERE kind = 'room')::text,
           (SELECT coalesce(sum(l.amount), 0) FROM folio_line l JOIN fo_article a ON a.branch_id = l.branch_id AND a.id = l.fo_article_id
             WHERE l.branch_id = ${branchId} AND l.business_date = ${day}::date AND a.kind = 'pos' AND l.transfer_side IS NULL)::text
    UNION ALL
    SELECT 'cashByCashier', u.full_name, coalesce(p.cash, 0)::text, coalesce(m.cash, 0)::text
      FROM (SELECT s.user_id, sum(p.amount) AS cash FROM pos_day p JOIN gc_shift s ON s.branch_id = p.branch_id AND s.id = p.shift_id
             WHERE p.kind = 'cash' GROUP BY s.user_id) p
      FULL JOIN (SELECT s.user_id, sum(m.amount) AS cash FROM gc_cash_movement m JOIN gc_shift s ON s.branch_id = m.branch_id AND s.id = m.shift_id
                  WHERE m.branch_id = ${branchId} AND m.kind = 'pos_payment' AND m.journal_id IN (SELECT journal_id FROM pos_day WHERE kind = 'cash')
                  GROUP BY s.user_id) m ON m.user_id = p.user_id
      JOIN app_user u ON u.id = coalesce(p.user_id, m.user_id)
    UNION ALL
    SELECT 'statistics', 'roomRevenue', coalesce((SELECT room_revenue FROM snap), 0)::text,
           (SELECT coalesce(sum(base), 0) FROM day_lines WHERE kind = 'charge' AND article_kind = 'room')::text
    UNION ALL
    SELECT 'statistics', 'departmentRevenue',
           (SELECT coalesce(sum(base), 0) FROM night_audit_revenue WHERE branch_id = ${branchId} AND business_date = ${day}::date)::text,
           (SELECT coalesce(sum(base), 0) FROM day_lines WHERE kind = 'charge')::text
    UNION ALL
    SELECT 'deposits', NULL,
           (SELECT -coalesce(max(balance), 0) FROM role_balance WHERE role = 'deposit_ledger')::text,
           ((SELECT coalesce(sum(amount), 0) FROM reservation_deposit WHERE branch_id = ${branchId} AND paid_on <= ${day}::date)
            + (SELECT coalesce(sum(l.amount), 0) FROM folio_line l JOIN pay_article p ON p.branch_id = l.branch_id AND p.id = l.pay_article_id
                WHERE l.branch_id = ${branchId} AND l.business_date <= ${day}::date AND p.payment_type = 'deposit' AND l.transfer_side IS NULL))::text`.execute(
    db,
  );
  return rows.map((r) => {
    const difference = new Decimal(r.l).minus(r.r);
    return {
      code: r.code,
      subject: r.subject,
      left: new Decimal(r.l).toFixed(2),
      right: new Decimal(r.r).toFixed(2),
      difference: difference.toFixed(2),
      ties: difference.isZero(),
    };
  });
}
