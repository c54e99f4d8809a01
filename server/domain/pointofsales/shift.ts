import { sql } from 'kysely';
import { cashDesk } from '../gc/shift.js';

export const CASHIER = 'pointofsales.cashier-open';

/**
 * The outlet cashier's shift: the same cash box as the general cashier's, opened at an outlet; besides the
 * cash it shows what the shift took by card, QRIS, room charge, city ledger and complimentary; at the change of
 * shift the counted box is handed over to the next cashier, whose float it becomes.
 */
export const posDesk = cashDesk({
  box: 'pos',
  prefix: 'pointofsales',
  resource: CASHIER,
  route: '/api/pointofsales/shift',
  who: 'outlet cashier',
  async takings(trx, branchId, shiftId) {
    const { rows } = await sql<{ kind: string; count: number; amount: string }>`
      SELECT kind, count(*)::int AS count, sum(amount)::text AS amount FROM pos_payment
       WHERE branch_id = ${branchId} AND shift_id = ${shiftId} GROUP BY kind ORDER BY kind`.execute(trx);
    return rows;
  },
  handOver: {
    ref: 'pointofsales/cashier',
    async taker(trx, branchId, id) {
      const { rows } = await sql<{ user_id: number; name: string }>`
        SELECT c.user_id, u.full_name AS name FROM pos_cashier c JOIN app_user u ON u.id = c.user_id
         WHERE c.branch_id = ${branchId} AND c.id = ${id} AND c.active AND u.active`.execute(trx);
      return rows[0] ? { user_id: Number(rows[0].user_id), name: rows[0].name } : undefined;
    },
  },
});
