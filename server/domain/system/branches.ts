import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';

/** A new property gets its parameter row at once, so every screen can read its business date. */
export const branchHook: EntityHook = {
  async afterWrite(c, mode, row) {
    if (mode !== 'create') return;
    await sql`INSERT INTO hotel_setup (branch_id, business_date, created_by, updated_by)
              VALUES (${row.id}, ${dayjs().format('YYYY-MM-DD')}, ${c.auth.user.id}, ${c.auth.user.id})`.execute(c.trx);
  },
};
