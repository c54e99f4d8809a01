import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';

/**
 * The audit log spans every property in one table. A property's staff read their property's trail;
 * administrators, who hold every property, read all of it (and filter by property).
 */
export const auditLogHook: EntityHook = {
  readScope: (auth) => (auth.user.isAdmin ? undefined : sql`branch_id = ${auth.branchId}`),
};
