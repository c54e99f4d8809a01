import { sql } from 'kysely';
import type { EntityHook } from '../../../data/hooks.js';
import { invalid } from '../../../http/errors.js';

/** A sales person signs in as a user who holds the property, so their own pipeline can be shown to them. */
export const personHook: EntityHook = {
  async beforeWrite(c, _mode, values) {
    if (values.user_id == null) return;
    const { rows } =
      await sql`SELECT 1 FROM user_branch WHERE user_id = ${Number(values.user_id)} AND branch_id = ${c.auth.branchId}`.execute(c.trx);
    if (!rows.length) throw invalid([{ field: 'user_id', key: 'sales-crm.userNotHere', params: {} }]);
  },
};
