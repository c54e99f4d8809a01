import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { conflict } from '../../http/errors.js';
import { formatDate } from '../../../src/core/format/format.js';
import { inventorySettings, lastDayOf } from './ledger.js';

/**
 * Closing an inventory month is creating its row (inventory/period-close): the month must have ended before
 * the business day and hold no draft stock document; the on-hand quantity and value of every store and item
 * at its last day are frozen beside it (inv_period_snapshot, append-only), and from then on the ledger refuses
 * any movement dated in it or before it. A closed month is never reopened: a correction is a movement today.
 */
export const periodCloseHook: EntityHook = {
  async beforeWrite(c, mode, values) {
    if (mode !== 'create') return;
    const b = c.auth.branchId;
    const period = dayjs(String(values.period)).startOf('month').format('YYYY-MM-DD');
    const end = lastDayOf(period);
    const month = formatDate(period).slice(3);
    const { businessDate } = await inventorySettings(c.trx, b);
    if (end >= businessDate) throw conflict('inventory.periodNotEnded', { period: month, date: formatDate(businessDate) });
    const { rows: closed } = await sql`SELECT 1 FROM inv_period_close WHERE branch_id = ${b} AND period = ${period}`.execute(c.trx);
    if (closed.length) throw conflict('inventory.periodAlreadyClosed', { period: month });
    const { rows: drafts } = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM inv_opening WHERE branch_id = ${b} AND status = 'draft' AND date <= ${end}::date)
           + (SELECT count(*) FROM inv_outgoing WHERE branch_id = ${b} AND status = 'draft' AND date <= ${end}::date)
           + (SELECT count(*) FROM inv_count WHERE branch_id = ${b} AND status = 'draft' AND date <= ${end}::date) AS n`.execute(c.trx);
    if (Number(drafts[0].n)) throw conflict('inventory.periodDrafts', { period: month, count: Number(drafts[0].n) });
    const { rows } = await sql<{ stores: number; items: number; total: string }>`
      SELECT count(DISTINCT store_id)::int AS stores, count(DISTINCT item_id)::int AS items, coalesce(sum(value), 0)::text AS total
        FROM (SELECT store_id, item_id, sum(value) AS value, sum(quantity) AS quantity FROM inv_movement
               WHERE branch_id = ${b} AND date <= ${end}::date GROUP BY store_id, item_id) s
       WHERE quantity <> 0 OR value <> 0`.execute(c.trx);
    values.period = period;
    values.store_count = rows[0].stores;
    values.item_count = rows[0].items;
    values.total_value = rows[0].total;
  },
  async afterWrite(c, mode, row) {
    if (mode !== 'create') return;
    const period = String(row.period);
    await sql`
      INSERT INTO inv_period_snapshot (branch_id, period, store_id, item_id, quantity, value)
      SELECT ${c.auth.branchId}, ${period}::date, store_id, item_id, sum(quantity), sum(value) FROM inv_movement
       WHERE branch_id = ${c.auth.branchId} AND date <= ${lastDayOf(period)}::date
       GROUP BY store_id, item_id HAVING sum(quantity) <> 0 OR sum(value) <> 0`.execute(c.trx);
  },
};
