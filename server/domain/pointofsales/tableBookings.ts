import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { conflict, invalid } from '../../http/errors.js';
import { openBusinessDay } from '../gl/post.js';

const LIVE = ['booked', 'seated'];

/**
 * A table booked for a time (pointofsales/table-reservation): the table is the outlet's, the day is not one
 * the hotel has closed, and no other live booking holds the table then — said here with the other party's name
 * and time; the database's exclusion constraint refuses the same for two bookings made at once.
 */
export const tableBookingHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    const row = { ...before, ...values } as Record<string, unknown>;
    const branch = c.auth.branchId;
    if (mode === 'create' || values.date !== undefined) {
      const today = await openBusinessDay(c.trx, branch);
      if (String(row.date) < today) throw invalid([{ field: 'date', key: 'pos-booking.pastDay', params: {} }]);
    }
    const { rows: tables } = await sql<{ outlet_id: number }>`
      SELECT outlet_id FROM pos_table WHERE branch_id = ${branch} AND id = ${Number(row.table_id)}`.execute(c.trx);
    if (!tables[0] || Number(tables[0].outlet_id) !== Number(row.outlet_id))
      throw invalid([{ field: 'table_id', key: 'pos-check.tableElsewhere', params: {} }]);
    if (!LIVE.includes(String(row.status ?? 'booked'))) return;
    const { rows } = await sql<{ guest_name: string; time: string; minutes: number }>`
      SELECT guest_name, time, minutes FROM pos_table_booking b
       WHERE b.branch_id = ${branch} AND b.table_id = ${Number(row.table_id)} AND b.status IN ('booked', 'seated')
         AND b.id IS DISTINCT FROM ${before ? Number(before.id) : null}::bigint
         AND tsrange(b.date + make_time(split_part(b.time, ':', 1)::int, split_part(b.time, ':', 2)::int, 0),
                     b.date + make_time(split_part(b.time, ':', 1)::int, split_part(b.time, ':', 2)::int, 0) + b.minutes * interval '1 minute')
          && tsrange(${String(row.date)}::date + ${String(row.time)}::time, ${String(row.date)}::date + ${String(row.time)}::time + ${Number(row.minutes ?? 120)} * interval '1 minute')
       LIMIT 1`.execute(c.trx);
    if (rows[0]) throw conflict('pos-booking.tableTaken', { guest: rows[0].guest_name, time: rows[0].time, minutes: rows[0].minutes });
  },
};
