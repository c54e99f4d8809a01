import { sql } from 'kysely';
import { conflict } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { formatMoney } from '../../../../src/core/format/format.js';
import { openBusinessDay } from '../../gl/post.js';
import { RESERVATION } from '../reservations.js';
import { id } from '../folio/inputs.js';
import { lockStay, requireStatus, setRoomStatus } from './stayRow.js';

/**
 * Checks a guest out: every folio of the stay is settled to zero (paid, or its balance sent to the city
 * ledger); the folios close, the stay is checked out — today, so a guest leaving before the booked departure
 * frees the nights left (the booked departure is kept for the early check-out report) — and the room goes to
 * housekeeping as vacant dirty. A folio left with a balance refuses the check-out and names it.
 */
export const checkOut = defineOp<{ id: number; version: number }>({
  name: 'frontoffice.checkOut',
  summary: 'Check an in-house stay out: every folio settled to zero, folios closed, the room vacant dirty',
  resource: RESERVATION,
  action: 'checkout',
  input: {
    type: 'object',
    required: ['id', 'version'],
    additionalProperties: false,
    properties: { id: { ...id, 'x-ref': 'frontoffice/reservation' }, version: { type: 'integer', minimum: 1 } },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const stay = await lockStay(c, input.id, input.version);
    requireStatus(stay, ['in_house'], 'stay.notInHouse');
    const day = await openBusinessDay(c.trx, branch);
    await sql`SELECT id FROM folio WHERE branch_id = ${branch} AND reservation_id = ${stay.id} ORDER BY id FOR UPDATE`.execute(c.trx);
    const { rows: open } = await sql<{ code: string; name: string; balance: string }>`
      SELECT code, name, balance::text AS balance FROM folio_balance
       WHERE branch_id = ${branch} AND reservation_id = ${stay.id} AND status = 'open' AND balance <> 0 ORDER BY window_no`.execute(c.trx);
    if (open.length) {
      const f = open[0];
      throw conflict('stay.balanceOpen', { folio: f.code, name: f.name, balance: formatMoney(f.balance), count: open.length });
    }
    await sql`UPDATE folio SET status = 'closed', closed_at = now(), closed_by = ${c.auth.user.id}, version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${branch} AND reservation_id = ${stay.id} AND status = 'open'`.execute(c.trx);
    const early = stay.departure > day;
    await sql`
      UPDATE reservation SET status = 'checked_out', checked_out_at = now(), checked_out_by = ${c.auth.user.id},
             departure = CASE WHEN ${early} THEN greatest(${day}::date, arrival + 1) ELSE departure END,
             booked_departure = CASE WHEN ${early} THEN coalesce(booked_departure, departure) ELSE booked_departure END,
             version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${branch} AND id = ${stay.id}`.execute(c.trx);
    if (stay.room_id) await setRoomStatus(c, stay.room_id, 'vacant_dirty', 'check_out');
    const { rows: folios } = await sql<{ id: number; code: string }>`
      SELECT id, code FROM folio WHERE branch_id = ${branch} AND reservation_id = ${stay.id} ORDER BY window_no`.execute(c.trx);
    return {
      id: stay.id,
      status: 'checked_out',
      version: stay.version + 1,
      early,
      folios: folios.map((f) => ({ id: Number(f.id), code: f.code })),
    };
  },
});
