import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { auditMany, type AuditSource } from '../../../http/audit.js';

/**
 * The property's retention of identity documents (hotel_setup.id_retention_days; empty or 0 keeps them): the
 * number is collected for the stay's registration and the police's foreign-guest report, so once a guest's last
 * stay was checked out more than that many days before the business day, and they are not in house again, the
 * number leaves the profile (a returning guest shows their document at check-in again). Runs in the night
 * audit's roll, in its transaction, with the day it opens; each cleared profile gets an audit row.
 */
export async function clearExpiredIdNumbers(db: Db, req: AuditSource, branchId: number, businessDate: string): Promise<number> {
  const { rows } = await sql<{ id: number; days: number }>`
    WITH setting AS (SELECT id_retention_days AS days FROM hotel_setup WHERE branch_id = ${branchId} AND id_retention_days > 0)
    UPDATE guest g SET id_number = NULL, version = g.version + 1, updated_at = now(), updated_by = ${req.auth?.user.id ?? null}
      FROM setting s
     WHERE g.branch_id = ${branchId} AND g.id_number IS NOT NULL
       AND EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = g.branch_id AND v.guest_id = g.id AND v.status = 'checked_out'
                      AND v.departure < ${businessDate}::date - s.days)
       AND NOT EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = g.branch_id AND v.guest_id = g.id
                          AND (v.status = 'in_house' OR (v.status = 'checked_out' AND v.departure >= ${businessDate}::date - s.days)))
    RETURNING g.id, s.days`.execute(db);
  await auditMany(
    db,
    req,
    rows.map((r) => ({
      entity: 'frontoffice/guest',
      entityId: r.id,
      action: 'id-retention',
      after: { id_number: null, retention_days: r.days, business_date: businessDate },
    })),
  );
  return rows.length;
}
