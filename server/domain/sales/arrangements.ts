import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';

/** A set names the arrangements sold together; its members live in arrangement_set_member. */
export const arrangementSetHook: EntityHook = {
  async beforeWrite(_c, mode, _values, virtual) {
    const ids = virtual.arrangement_ids as number[] | null | undefined;
    if ((mode === 'create' || ids !== undefined) && !ids?.length)
      throw invalid([{ field: 'arrangement_ids', key: 'error.required', params: {} }]);
  },
  async afterWrite(c, _mode, row, virtual) {
    const ids = virtual.arrangement_ids as number[] | undefined;
    if (ids === undefined) return;
    const branch = c.auth.branchId;
    await sql`DELETE FROM arrangement_set_member WHERE branch_id = ${branch} AND set_id = ${row.id}`.execute(c.trx);
    const known = (
      await sql<{ id: number }>`SELECT id FROM arrangement WHERE branch_id = ${branch} AND id = ANY(${ids})`.execute(c.trx)
    ).rows.map((r) => Number(r.id));
    if (ids.some((id) => !known.includes(id))) throw invalid([{ field: 'arrangement_ids', key: 'error.refMissing', params: {} }]);
    await sql`INSERT INTO arrangement_set_member (branch_id, set_id, arrangement_id) SELECT ${branch}, ${row.id}, unnest(${ids}::bigint[])`.execute(
      c.trx,
    );
  },
  async decorate(c, rows) {
    if (!rows.length) return;
    const { rows: members } = await sql<{ set_id: number; arrangement_id: number; code: string }>`
      SELECT m.set_id::int AS set_id, m.arrangement_id::int AS arrangement_id, a.code
        FROM arrangement_set_member m JOIN arrangement a ON a.branch_id = m.branch_id AND a.id = m.arrangement_id
       WHERE m.branch_id = ${c.auth.branchId} AND m.set_id = ANY(${rows.map((r) => r.id as number)})
       ORDER BY a.code`.execute(c.trx);
    for (const r of rows) {
      const mine = members.filter((m) => m.set_id === Number(r.id));
      r.arrangement_ids = mine.map((m) => m.arrangement_id);
      ((r._refs ??= {}) as Record<string, string>).arrangement_ids = mine.map((m) => m.code).join(', ');
    }
  },
};
