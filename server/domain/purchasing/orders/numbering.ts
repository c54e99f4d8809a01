import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { HookContext } from '../../../data/hooks.js';
import { nextNumber } from '../../../data/numbering.js';
import { badRequest } from '../../../http/errors.js';

/** The property's business day and its purchasing settings. */
export async function purchasingSettings(trx: Db, branchId: number) {
  const { rows } = await sql<{ business_date: string; approval_limit: string; vat_rate: string }>`
    SELECT business_date::text AS business_date, purchase_approval_limit::text AS approval_limit, purchase_vat_rate::text AS vat_rate
      FROM hotel_setup WHERE branch_id = ${branchId}`.execute(trx);
  if (!rows[0]) throw badRequest('gl.noSetup');
  return rows[0];
}

/**
 * A new buying document is dated the business day unless a date is given, and numbered under its prefix and
 * month (PR-202611-0001) unless a number is given.
 */
export async function numberNew(c: HookContext, table: string, prefix: string, values: Record<string, unknown>) {
  if (!values.date) values.date = (await purchasingSettings(c.trx, c.auth.branchId)).business_date;
  if (!values.number)
    values.number = await nextNumber(c.trx, c.auth.branchId, table, `${prefix}-${dayjs(String(values.date)).format('YYYYMM')}-`);
}
