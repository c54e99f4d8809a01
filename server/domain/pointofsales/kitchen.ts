import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { HookContext } from '../../data/hooks.js';
import type { Db } from '../../db/connect.js';
import { conflict, invalid } from '../../http/errors.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { defineOp } from '../../ops/registry.js';
import { ORDER, loadCheck, storeBillTotals, type CheckRow } from './bill.js';

export const BOARD = 'pointofsales.waiting-orders';
const id = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;

interface TicketItem {
  id: number;
  station: 'kitchen' | 'bar' | 'none';
  quantity: number;
  name: string;
  modifiers: string | null;
  seat: number | null;
  note: string | null;
}

const WIDTH = 40;

/**
 * What an order or void ticket prints: plain text for an ESC/POS printer (40 columns at 80 mm), the
 * station, outlet, table and check, then each item with its modifiers, seat and the waiter's note.
 */
export function ticketText(kind: 'order' | 'void', station: string, check: CheckRow, items: TicketItem[], waiter: string, reason?: string) {
  const head = `${kind === 'void' ? '*** VOID ***' : 'ORDER'} ${station.toUpperCase()}`;
  const lines = [
    head.padEnd(WIDTH - check.outlet_name.length) + check.outlet_name,
    `Table ${check.table_code ?? '-'}  Check ${check.number}`,
    `${dayjs().format('DD/MM/YYYY HH:mm')}  ${waiter}`,
    '-'.repeat(WIDTH),
  ];
  for (const i of items) {
    lines.push(`${i.quantity} x ${i.name}${i.seat ? `  (seat ${i.seat})` : ''}`);
    if (i.modifiers) lines.push(`    + ${i.modifiers}`);
    if (i.note) lines.push(`    ! ${i.note}`);
  }
  if (reason) lines.push('-'.repeat(WIDTH), `Reason: ${reason}`);
  return `${lines.join('\n')}\n`;
}

/** Queues a ticket for the outlet's printer of that station (none set up: it waits for one, unprinted). */
async function queueTicket(c: HookContext, check: CheckRow, station: 'kitchen' | 'bar', kind: 'order' | 'void', payload: string) {
  await sql`
    INSERT INTO pos_ticket (branch_id, check_id, station, kind, printer_id, payload, created_by)
    VALUES (${c.auth.branchId}, ${check.id}, ${station}, ${kind},
            (SELECT id FROM pos_printer WHERE branch_id = ${c.auth.branchId} AND outlet_id = ${check.outlet_id} AND purpose = ${station} AND active
              ORDER BY id LIMIT 1),
            ${payload}, ${c.auth.user.id})`.execute(c.trx);
}

async function itemsOf(trx: Db, branchId: number, checkId: number, where: ReturnType<typeof sql>) {
  const { rows } = await sql<TicketItem>`
    SELECT i.id, m.station, i.quantity, m.name, i.modifiers, i.seat, i.note
      FROM pos_check_item i JOIN pos_menu m ON m.branch_id = i.branch_id AND m.id = i.menu_id
     WHERE i.branch_id = ${branchId} AND i.check_id = ${checkId} AND ${where} ORDER BY i.line_no`.execute(trx);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

function openCheck(check: CheckRow) {
  if (check.status !== 'open') throw conflict('pos-check.notOpen', { number: check.number });
}

/**
 * "Send": the check's new items go to the kitchen and the bar as order tickets, one per station, and onto the
 * waiting-orders board; items no station prepares (crackers from the counter) are served at once.
 */
export const sendOrder = defineOp<{ id: number }>({
  name: 'pointofsales.sendOrder',
  summary: "Send a check's new items to the kitchen and the bar (order tickets and the waiting-orders board)",
  resource: ORDER,
  action: 'send',
  input: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { ...id, 'x-ref': 'pointofsales/check' } } },
  async handler(c, { id: checkId }) {
    const check = await loadCheck(c.trx, c.auth.branchId, checkId);
    openCheck(check);
    const items = await itemsOf(c.trx, c.auth.branchId, check.id, sql`i.status = 'new'`);
    if (!items.length) throw conflict('pos-check.nothingToSend');
    for (const station of ['kitchen', 'bar'] as const) {
      const mine = items.filter((i) => i.station === station);
      if (mine.length) await queueTicket(c, check, station, 'order', ticketText('order', station, check, mine, c.auth.user.fullName));
    }
    await sql`
      UPDATE pos_check_item i SET status = CASE WHEN m.station = 'none' THEN 'ready' ELSE 'sent' END, sent_at = now(),
             ready_at = CASE WHEN m.station = 'none' THEN now() END
        FROM pos_menu m
       WHERE i.branch_id = ${c.auth.branchId} AND i.check_id = ${check.id} AND i.status = 'new' AND m.branch_id = i.branch_id AND m.id = i.menu_id`.execute(
      c.trx,
    );
    await sql`UPDATE pos_check SET version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${check.id}`.execute(c.trx);
    return {
      sent: items.length,
      kitchen: items.filter((i) => i.station === 'kitchen').length,
      bar: items.filter((i) => i.station === 'bar').length,
    };
  },
});

/**
 * Voids an item already sent: it needs a void reason and the right to void, stays on the check struck through
 * (out of the bill), and the kitchen gets a void ticket. An item not yet sent is simply taken off the check.
 */
export const voidItem = defineOp<{ id: number; line: number; reason_id: number }>({
  name: 'pointofsales.voidItem',
  summary: 'Void an item sent to the kitchen, with a reason (a void ticket is printed)',
  resource: ORDER,
  action: 'void',
  input: {
    type: 'object',
    required: ['id', 'line', 'reason_id'],
    additionalProperties: false,
    properties: {
      id: { ...id, 'x-ref': 'pointofsales/check' },
      line: { type: 'integer', minimum: 1, maximum: 500, description: "the item's line number on the check" },
      reason_id: { ...id, 'x-ref': 'pointofsales/reason' },
    },
  },
  async handler(c, input) {
    const check = await loadCheck(c.trx, c.auth.branchId, input.id);
    openCheck(check);
    const { rows: reasons } = await sql<{ name: string }>`
      SELECT name FROM pos_reason WHERE branch_id = ${c.auth.branchId} AND id = ${input.reason_id} AND kind = 'void' AND active`.execute(
      c.trx,
    );
    if (!reasons[0]) throw invalid([{ field: 'reason_id', key: 'pos-check.voidReasonKind', params: {} }]);
    const [item] = await itemsOf(c.trx, c.auth.branchId, check.id, sql`i.line_no = ${input.line}`);
    if (!item) throw invalid([{ field: 'line', key: 'pos-check.lineUnknown', params: { line: input.line } }]);
    const { rows } = await sql<{ status: string }>`
      SELECT status FROM pos_check_item WHERE branch_id = ${c.auth.branchId} AND id = ${item.id}`.execute(c.trx);
    if (rows[0].status === 'void') throw conflict('pos-check.alreadyVoid', { line: input.line });
    if (rows[0].status === 'new') throw conflict('pos-check.voidUnsent', { line: input.line });
    if (Number(check.paid) > 0) throw conflict('pos-check.paymentsStarted');
    await sql`
      UPDATE pos_check_item SET status = 'void', void_reason_id = ${input.reason_id}, voided_by = ${c.auth.user.id}, voided_at = now()
       WHERE branch_id = ${c.auth.branchId} AND id = ${item.id}`.execute(c.trx);
    if (item.station !== 'none')
      await queueTicket(
        c,
        check,
        item.station,
        'void',
        ticketText('void', item.station, check, [item], c.auth.user.fullName, reasons[0].name),
      );
    await sql`UPDATE pos_check SET version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${check.id}`.execute(c.trx);
    const totals = await storeBillTotals(c.trx, c.auth.branchId, check);
    return { line: input.line, total: totals.total };
  },
});

/** The kitchen (or the bar) marks items ready on its board; the waiter sees them to serve. */
export const markReady = defineOp<{ item_ids: number[] }>({
  name: 'pointofsales.markReady',
  summary: 'Mark items on the waiting-orders board ready to serve',
  resource: BOARD,
  action: 'ready',
  input: {
    type: 'object',
    required: ['item_ids'],
    additionalProperties: false,
    properties: { item_ids: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: id } },
  },
  async handler(c, { item_ids }) {
    const { rows } = await sql<{ id: number }>`
      UPDATE pos_check_item SET status = 'ready', ready_at = now()
       WHERE branch_id = ${c.auth.branchId} AND id = ANY(${item_ids}::bigint[]) AND status = 'sent'
      RETURNING id`.execute(c.trx);
    return { ready: rows.length };
  },
});

const MODULES = ['kitchen', 'bar'] as const;

/**
 * `GET /api/pointofsales/waiting/:module` — what the kitchen (or the bar) has to prepare: every item sent and not
 * ready, oldest first, with its check, table, outlet and how long it has waited.
 */
export async function boardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/pointofsales/waiting/:module',
    {
      preValidation: needsRight(ctx, BOARD, 'view'),
      schema: {
        tags: ['pointofsales'],
        summary: 'Items sent to the kitchen or the bar and not ready yet, oldest first',
        params: { type: 'object', required: ['module'], additionalProperties: false, properties: { module: { enum: [...MODULES] } } },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const station = (req.params as { module: string }).module;
      const { rows } = await sql<Record<string, unknown>>`
        SELECT i.id::int AS id, c.id::int AS check_id, c.number, t.code AS table_code, o.name AS outlet, c.guest_name, i.quantity, m.name, m.name_id,
               i.modifiers, i.seat, i.note, i.sent_at, floor(extract(epoch FROM now() - i.sent_at) / 60)::int AS minutes
          FROM pos_check_item i
          JOIN pos_menu m ON m.branch_id = i.branch_id AND m.id = i.menu_id
          JOIN pos_check c ON c.branch_id = i.branch_id AND c.id = i.check_id
          JOIN outlet o ON o.branch_id = c.branch_id AND o.id = c.outlet_id
          LEFT JOIN pos_table t ON t.branch_id = c.branch_id AND t.id = c.table_id
         WHERE i.branch_id = ${auth.branchId} AND i.status = 'sent' AND m.station = ${station}
         ORDER BY i.sent_at, i.check_id, i.line_no
         LIMIT 300`.execute(ctx.db);
      return { rows };
    },
  );
}

const line = (left: string, right: string) => `${left.slice(0, WIDTH - right.length - 1).padEnd(WIDTH - right.length)}${right}`;
const rupiah = (v: string | number) => Number(v).toLocaleString('id-ID', { maximumFractionDigits: 0 });

/**
 * Prints the bill for the table: the items (voids left out), the discount, service, tax and total, what has been
 * paid; a second print of the same bill says COPY, so a guest never holds two originals.
 */
export const printBill = defineOp<{ id: number }>({
  name: 'pointofsales.printBill',
  summary: 'Print the bill (a reprint is marked COPY) to the cashier printer queue',
  resource: ORDER,
  action: 'print',
  input: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { ...id, 'x-ref': 'pointofsales/check' } } },
  async handler(c, { id: checkId }) {
    const check = await loadCheck(c.trx, c.auth.branchId, checkId);
    const totals = await storeBillTotals(c.trx, c.auth.branchId, check);
    const items = await itemsOf(c.trx, c.auth.branchId, check.id, sql`i.status <> 'void'`);
    const { rows: amounts } = await sql<{ id: number; amount: string }>`
      SELECT id, amount::text AS amount FROM pos_check_item WHERE branch_id = ${c.auth.branchId} AND check_id = ${check.id}`.execute(c.trx);
    const amountOf = new Map(amounts.map((a) => [Number(a.id), a.amount]));
    const { rows: printed } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pos_ticket WHERE branch_id = ${c.auth.branchId} AND check_id = ${check.id} AND kind IN ('bill', 'copy')`.execute(
      c.trx,
    );
    const copy = printed[0].n > 0;
    const text = [
      check.outlet_name,
      copy ? '*** COPY ***' : '',
      line(`Bill ${check.number}`, `Table ${check.table_code ?? '-'}`),
      dayjs().format('DD/MM/YYYY HH:mm'),
      '-'.repeat(WIDTH),
      ...items.map((i) => line(`${i.quantity} x ${i.name}`, rupiah(amountOf.get(i.id) ?? 0))),
      '-'.repeat(WIDTH),
      line('Subtotal', rupiah(totals.subtotal)),
      ...(Number(totals.discount) ? [line('Discount', `-${rupiah(totals.discount)}`)] : []),
      line('Service', rupiah(totals.service)),
      line('Tax (PBJT)', rupiah(totals.tax)),
      line('TOTAL', `Rp ${rupiah(totals.total)}`),
      ...(Number(check.paid) ? [line('Paid', rupiah(check.paid))] : []),
    ]
      .filter((l) => l !== '')
      .join('\n');
    await sql`
      INSERT INTO pos_ticket (branch_id, check_id, station, kind, printer_id, payload, created_by)
      VALUES (${c.auth.branchId}, ${check.id}, 'cashier', ${copy ? 'copy' : 'bill'},
              (SELECT id FROM pos_printer WHERE branch_id = ${c.auth.branchId} AND outlet_id = ${check.outlet_id} AND purpose = 'bill' AND active ORDER BY id LIMIT 1),
              ${`${text}\n`}, ${c.auth.user.id})`.execute(c.trx);
    return { copy, text };
  },
});
