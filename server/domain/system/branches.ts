import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { badRequest } from '../../http/errors.js';

/** The company keeps at least one active property: without one nobody could sign in to anything. */
async function keepOneActive(c: HookContext, id: unknown) {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM branch WHERE active AND id <> ${Number(id)}`.execute(c.trx);
  if (rows[0].n === 0) throw badRequest('branch.lastActive');
}

/** A new property gets its parameter row at once, so every screen can read its business date. */
export const branchHook: EntityHook = {
  // a property's record (its name, address, tax number, whether it is open) is for those who work there
  readScope: (auth) => (auth.user.isAdmin ? undefined : sql`id = ANY(${auth.branchIds}::bigint[])`),
  async beforeWrite(c, mode, values, _virtual, before) {
    if (mode === 'update' && values.active === false && before?.active) await keepOneActive(c, before.id);
  },
  async afterWrite(c, mode, row) {
    if (mode !== 'create') return;
    await sql`INSERT INTO hotel_setup (branch_id, business_date, created_by, updated_by)
              VALUES (${row.id}, ${dayjs().format('YYYY-MM-DD')}, ${c.auth.user.id}, ${c.auth.user.id})`.execute(c.trx);
  },
  async beforeDelete(c, row) {
    if (row.active) await keepOneActive(c, row.id);
  },
};
