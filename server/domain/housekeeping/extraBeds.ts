import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { badRequest, conflict, invalid } from '../../http/errors.js';
import { formatDate } from '../../../src/core/format/format.js';

/** Stays whose extra beds hold stock: cancelled, no-show and departed stays give theirs back. */
const LIVE = ['tentative', 'confirmed', 'in_house'];

/**
 * Extra beds and cots booked on a stay: for its nights (all of them unless a part is named), and never more of
 * a kind on any night than the property's stock. The kind's row is locked while the nights are counted, so two
 * desks booking the last cot at once cannot both have it.
 */
export const extraBedHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    const branch = c.auth.branchId;
    const row = { ...before, ...values };
    const stay = (
      await sql<{ code: string; status: string; arrival: string; last_night: string }>`
        SELECT code, status, arrival::text AS arrival, (departure - 1)::text AS last_night FROM reservation
         WHERE branch_id = ${branch} AND id = ${Number(row.reservation_id)}`.execute(c.trx)
    ).rows[0];
    if (!stay) throw invalid([{ field: 'reservation_id', key: 'error.refMissing', params: {} }]);
    if (!LIVE.includes(stay.status)) throw badRequest('extra-bed.stayNotLive', { code: stay.code });
    if (mode === 'create') {
      values.first_night ??= stay.arrival;
      values.last_night ??= stay.last_night;
    }
    const first = String(values.first_night ?? row.first_night);
    const last = String(values.last_night ?? row.last_night);
    if (first < stay.arrival || last > stay.last_night)
      throw invalid([
        {
          field: first < stay.arrival ? 'first_night' : 'last_night',
          key: 'extra-bed.outsideStay',
          params: { code: stay.code, from: formatDate(stay.arrival), to: formatDate(stay.last_night) },
        },
      ]);
    const kind = (
      await sql<{ name: string; stock: number }>`
        SELECT name, stock FROM other_loan_item WHERE branch_id = ${branch} AND id = ${Number(row.other_loan_item_id)} AND active FOR UPDATE`.execute(
        c.trx,
      )
    ).rows[0];
    if (!kind) throw invalid([{ field: 'other_loan_item_id', key: 'error.refMissing', params: {} }]);
    const quantity = Number(row.quantity ?? 1);
    const full = (
      await sql<{ night: string; booked: number }>`
        SELECT n.night::date::text AS night, coalesce(sum(b.quantity), 0)::int AS booked
          FROM generate_series(${first}::date, ${last}::date, interval '1 day') AS n(night)
          LEFT JOIN (reservation_extra_bed b
                     JOIN reservation v ON v.branch_id = b.branch_id AND v.id = b.reservation_id AND v.status = ANY(${LIVE}))
                 ON b.branch_id = ${branch} AND b.other_loan_item_id = ${Number(row.other_loan_item_id)}
                AND n.night::date BETWEEN b.first_night AND b.last_night AND b.id IS DISTINCT FROM ${before?.id ?? null}::bigint
         GROUP BY n.night
        HAVING coalesce(sum(b.quantity), 0) + ${quantity} > ${kind.stock}
         ORDER BY n.night LIMIT 1`.execute(c.trx)
    ).rows[0];
    if (full) {
      const params = { item: kind.name, night: formatDate(full.night), left: Math.max(kind.stock - full.booked, 0) };
      throw conflict('extra-bed.full', params, [{ field: 'quantity', key: 'extra-bed.full', params }]);
    }
  },
};
