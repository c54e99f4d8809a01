import { sql } from 'kysely';
import type { HookContext } from '../../data/hooks.js';
import { badRequest, conflict } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { amountInput, id, reasonInput } from '../frontoffice/folio/inputs.js';
import { moveSitting, type Move } from './activities.js';
import { postBill } from './bills.js';
import { receiveDeposit, type DepositReceipt } from './deposits.js';

/** Cancels an event with its reason: the history keeps every status it went through; its rooms are free again. */
async function cancelEvent(c: HookContext, input: { id: number; reason: string }) {
  const b = c.auth.branchId;
  const { rows } = await sql<{ status: string; number: string; billed: boolean }>`
    SELECT e.status, e.number, EXISTS (SELECT 1 FROM bq_event_bill x WHERE x.branch_id = e.branch_id AND x.event_id = e.id AND x.status = 'posted') AS billed
      FROM bq_event e WHERE e.branch_id = ${b} AND e.id = ${input.id} FOR UPDATE`.execute(c.trx);
  const e = rows[0];
  if (!e) throw badRequest('error.refMissing', { field: 'id' });
  if (e.status === 'cancelled') throw conflict('bq-event.alreadyCancelled', { number: e.number });
  if (e.billed) throw conflict('bq-event.billedNoCancel', { number: e.number });
  await sql`UPDATE bq_event SET status = 'cancelled', cancel_reason = ${input.reason.trim()}, version = version + 1,
                   updated_at = now(), updated_by = ${c.auth.user.id}
             WHERE branch_id = ${b} AND id = ${input.id}`.execute(c.trx);
  return { id: input.id, number: e.number, status: 'cancelled' };
}

const date = { type: 'string', format: 'date' } as const;
const time = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;

export const banquetOps = [
  defineOp<{ id: number; reason: string }>({
    name: 'banquet.cancelEvent',
    summary: 'Cancel a banquet event with its reason (kept in its status history; its rooms are released)',
    resource: 'banquet.event',
    action: 'cancel',
    labelsFrom: 'banquet/bq-event',
    input: {
      type: 'object',
      required: ['id', 'reason'],
      additionalProperties: false,
      properties: { id: { ...id, 'x-ref': 'banquet/bq-event' }, reason: reasonInput },
    },
    handler: cancelEvent,
  }),
  defineOp<DepositReceipt>({
    name: 'banquet.receiveDeposit',
    summary: 'Receive a deposit for an event (Dr the payment article, Cr banquet deposits)',
    resource: 'banquet.event',
    action: 'deposit',
    idempotencyKey: 'required',
    input: {
      type: 'object',
      required: ['id', 'amount', 'pay_article_id'],
      additionalProperties: false,
      properties: {
        id: { ...id, 'x-ref': 'banquet/bq-event' },
        amount: amountInput,
        pay_article_id: { ...id, 'x-ref': 'system/pay-article' },
        reference: { type: 'string', maxLength: 60 },
      },
    },
    handler: receiveDeposit,
  }),
  defineOp<Move>({
    name: 'banquet.moveActivity',
    summary: 'Move a sitting to another room, day or start time on the function calendar (its length kept)',
    resource: 'banquet.calendar',
    action: 'move',
    labelsFrom: 'banquet/bq-activity',
    input: {
      type: 'object',
      required: ['id', 'venue_id', 'activity_date', 'start_time'],
      additionalProperties: false,
      properties: {
        id: { ...id, 'x-ref': 'banquet/bq-activity' },
        venue_id: { ...id, 'x-ref': 'banquet/bq-venue' },
        activity_date: date,
        start_time: time,
        version: { type: 'integer', minimum: 1 },
      },
    },
    handler: moveSitting,
  }),
  defineOp<{ id: number }>({
    name: 'banquet.postBill',
    summary: "Post an event's final bill to the city ledger or a folio, with its balanced journals",
    resource: 'banquet.bill',
    action: 'post',
    idempotencyKey: 'required',
    input: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { ...id, 'x-ref': 'banquet/bq-bill' } } },
    handler: (c, input) => postBill(c, input.id),
  }),
];
