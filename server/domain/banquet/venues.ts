import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';

/**
 * A combinable room names rooms that are not themselves combined (Ballroom = Ballroom A + B + C): the bookings are
 * kept per physical room, so a part that had parts of its own would hide a clash. A room that is a part of another
 * cannot itself be given parts.
 */
export const venueHook: EntityHook = {
  async beforeWrite(c, _mode, _values, virtual, before) {
    const parts = virtual.parts as { part_id: number }[] | undefined;
    if (!parts?.length) return;
    const b = c.auth.branchId;
    const ids = parts.map((p) => Number(p.part_id));
    const { rows } = await sql<{ id: number; code: string }>`
      SELECT DISTINCT v.id, v.code FROM bq_venue v JOIN bq_venue_part p ON p.branch_id = v.branch_id AND p.venue_id = v.id
       WHERE v.branch_id = ${b} AND v.id = ANY(${ids}::bigint[])`.execute(c.trx);
    if (rows[0]) {
      const i = ids.indexOf(Number(rows[0].id));
      throw invalid([{ field: `parts/${i}/part_id`, key: 'bq-venue.partCombined', params: { code: rows[0].code, line: i + 1 } }]);
    }
    if (before?.id != null) {
      const { rows: of } = await sql<{ code: string }>`
        SELECT v.code FROM bq_venue_part p JOIN bq_venue v ON v.branch_id = p.branch_id AND v.id = p.venue_id
         WHERE p.branch_id = ${b} AND p.part_id = ${Number(before.id)} LIMIT 1`.execute(c.trx);
      if (of[0]) throw invalid([{ field: 'parts', key: 'bq-venue.isPart', params: { code: of[0].code } }]);
    }
  },
};
