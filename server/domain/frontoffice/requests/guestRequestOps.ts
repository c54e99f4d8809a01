import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../../data/hooks.js';
import { nextNumber } from '../../../data/numbering.js';
import { badRequest, conflict, invalid, notFound } from '../../../http/errors.js';
import { defineOp } from '../../../ops/registry.js';
import { id } from '../folio/inputs.js';

export const GUEST_REQUEST = 'frontoffice.guest-request';

/**
 * A guest's request (frontoffice/guest-request), numbered GR-YYYYMMDD-####: taken at the front desk for a stay in
 * house, in that stay's room, dated the business day, open. What was asked stays as asked; it moves on only by
 * its actions (taken, done, cancelled), so its response times are the attendant's, not an edit's.
 */
export const guestRequestHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    const branch = c.auth.branchId;
    if (mode === 'update') {
      for (const k of ['reservation_id', 'category', 'request', 'quantity'])
        if (k in values && values[k] !== before?.[k]) throw badRequest('guest-request.fixed');
      return;
    }
    const stay = (
      await sql<{ status: string; code: string; room_id: number | null; business_date: string }>`
        SELECT v.status, v.code, v.room_id::int AS room_id, s.business_date::text AS business_date
          FROM reservation v JOIN hotel_setup s ON s.branch_id = v.branch_id
         WHERE v.branch_id = ${branch} AND v.id = ${values.reservation_id as number}`.execute(c.trx)
    ).rows[0];
    if (!stay) throw invalid([{ field: 'reservation_id', key: 'error.refMissing', params: {} }]);
    if (stay.status !== 'in_house' || !stay.room_id) throw badRequest('folio.stayNotInHouse', { code: stay.code });
    values.room_id = stay.room_id;
    values.business_date = stay.business_date;
    values.status = 'open';
    values.number = await nextNumber(c.trx, branch, 'guest_request', `GR-${dayjs(stay.business_date).format('YYYYMMDD')}-`);
  },
  async beforeDelete() {
    throw badRequest('guest-request.noDelete');
  },
};

/** The request, locked, still to be worked (open or taken). */
async function pending(c: HookContext, requestId: number) {
  const row = (
    await sql<{ number: string; status: string }>`
      SELECT number, status FROM guest_request WHERE branch_id = ${c.auth.branchId} AND id = ${requestId} FOR UPDATE`.execute(c.trx)
  ).rows[0];
  if (!row) throw notFound('guest-request.title');
  if (row.status === 'done' || row.status === 'cancelled')
    throw conflict('guest-request.closed', { number: row.number, status: `guest-request.status.${row.status}` });
  return row;
}

const byId = (extra: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  required: ['id', ...required],
  additionalProperties: false,
  properties: { id: { ...id, 'x-ref': 'frontoffice/guest-request' }, ...extra },
});

export const takeRequest = defineOp<{ id: number }>({
  name: 'frontoffice.requestTake',
  summary: "An attendant takes a guest's request: the clock to take it stops, the one to deliver it runs on",
  resource: GUEST_REQUEST,
  action: 'take',
  input: byId(),
  async handler(c, input) {
    const row = await pending(c, input.id);
    if (row.status === 'taken') throw conflict('guest-request.alreadyTaken', { number: row.number });
    await sql`UPDATE guest_request SET status = 'taken', taken_at = now(), taken_by = ${c.auth.user.id}, version = version + 1,
                     updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${input.id}`.execute(c.trx);
    return { id: input.id, number: row.number, status: 'taken' };
  },
});

/** Delivered: a request done without being taken first counts as taken at the same moment. */
export const finishRequest = defineOp<{ id: number }>({
  name: 'frontoffice.requestDone',
  summary: "The guest's request is delivered or fixed",
  resource: GUEST_REQUEST,
  action: 'done',
  input: byId(),
  async handler(c, input) {
    const row = await pending(c, input.id);
    const { rows } = await sql<{ minutes_to_done: number }>`
      UPDATE guest_request SET status = 'done', done_at = now(), done_by = ${c.auth.user.id},
             taken_at = coalesce(taken_at, now()), taken_by = coalesce(taken_by, ${c.auth.user.id}), version = version + 1,
             updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${c.auth.branchId} AND id = ${input.id} RETURNING minutes_to_done`.execute(c.trx);
    return { id: input.id, number: row.number, status: 'done', minutes_to_done: rows[0].minutes_to_done };
  },
});

export const cancelRequest = defineOp<{ id: number; reason: string }>({
  name: 'frontoffice.requestCancel',
  summary: 'The guest no longer needs it (or asked twice): the request is cancelled with a reason',
  resource: GUEST_REQUEST,
  action: 'cancel',
  input: byId({ reason: { type: 'string', minLength: 3, maxLength: 200 } }, ['reason']),
  async handler(c, input) {
    const row = await pending(c, input.id);
    await sql`UPDATE guest_request SET status = 'cancelled', cancel_reason = ${input.reason.trim()}, version = version + 1,
                     updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${input.id}`.execute(c.trx);
    return { id: input.id, number: row.number, status: 'cancelled' };
  },
});

export const guestRequestOps = [takeRequest, finishRequest, cancelRequest];
