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
/** Housekeeping's board of amenity requests (towels, a baby cot) sent from room service. */
export const AMENITY_BOARD = 'housekeeping.waiting-orders';
/** Where an item is prepared: each station gets its own tickets and its own waiting-orders board. */
const STATIONS = ['kitchen', 'bar', 'amenity'] as const;
type Station = (typeof STATIONS)[number];
const id = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;

interface TicketItem {
  id: number;
  station: Station | 'none';
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
async function queueTicket(c: HookContext, check: CheckRow, station: Station, kind: 'order' | 'void', payload: string) {
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
 * "Send": the check's new items go to the kitchen, the bar and housekeeping as order tickets, one per station, and
 * onto their waiting-orders boards; items no station prepares (crackers from the counter) are served at once.
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
    for (const station of STATIONS) {
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
      amenity: items.filter((i) => i.station === 'amenity').length,
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

/** A board marks its own items ready (the kitchen and the bar theirs, housekeeping the amenities it delivered). */
function readyOp(name: string, summary: string, resource: string, stations: readonly Station[]) {
  return defineOp<{ item_ids: number[] }>({
    name,
    summary,
    resource,
    action: 'ready',
    input: {
      type: 'object',
      required: ['item_ids'],
      additionalProperties: false,
      properties: { item_ids: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: id } },
    },
    async handler(c, { item_ids }) {
      const { rows } = await sql<{ id: number }>`
        UPDATE pos_check_item i SET status = 'ready', ready_at = now()
          FROM pos_menu m
         WHERE i.branch_id = ${c.auth.branchId} AND i.id = ANY(${item_ids}::bigint[]) AND i.status = 'sent'
           AND m.branch_id = i.branch_id AND m.id = i.menu_id AND m.station = ANY(${[...stations]}::text[])
        RETURNING i.id`.execute(c.trx);
      return { ready: rows.length };
    },
  });
}

export const markReady = readyOp('pointofsales.markReady', 'Mark items on the waiting-orders board ready to serve', BOARD, [
  'kitchen',
  'bar',
]);
export const markAmenityDone = readyOp(
  'housekeeping.markAmenityDone',
  'Mark amenity requests on the housekeeping board as delivered',
  AMENITY_BOARD,
  ['amenity'],
);

/** One waiting-orders board: its route, the right to read it and the stations it shows. */
const BOARDS = [
  { path: '/api/pointofsales/waiting/:module', resource: BOARD, stations: ['kitchen', 'bar'], tag: 'pointofsales' },
  { path: '/api/housekeeping/waiting/:module', resource: AMENITY_BOARD, stations: ['amenity'], tag: 'housekeeping' },
] as const;

/**
 * `GET /api/pointofsales/waiting/:module` (kitchen, bar) and `GET /api/housekeeping/waiting/:module` (amenity) — what
 * a station has to prepare: every item sent and not ready, oldest first, with its check, table or room, outlet
 * and how long it has waited.
 */
export async function boardRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const board of BOARDS)
    app.get(
      board.path,
      {
        preValidation: needsRight(ctx, board.resource, 'view'),
        schema: {
          tags: [board.tag],
          summary: `Items sent to the ${board.stations.join(' or the ')} and not ready yet, oldest first`,
          params: {
            type: 'object',
            required: ['module'],
            additionalProperties: false,
            properties: { module: { enum: [...board.stations] } },
          },
        },
      },
      async (req) => {
        const auth = requireAuth(req);
        const station = (req.params as { module: string }).module;
        const { rows } = await sql<Record<string, unknown>>`
          SELECT i.id::int AS id, c.id::int AS check_id, c.number, t.code AS table_code, r.code AS room, o.name AS outlet, c.guest_name, i.quantity,
                 m.name, m.name_id, i.modifiers, i.seat, i.note, i.sent_at, floor(extract(epoch FROM now() - i.sent_at) / 60)::int AS minutes
            FROM pos_check_item i
            JOIN pos_menu m ON m.branch_id = i.branch_id AND m.id = i.menu_id
            JOIN pos_check c ON c.branch_id = i.branch_id AND c.id = i.check_id
            JOIN outlet o ON o.branch_id = c.branch_id AND o.id = c.outlet_id
            LEFT JOIN pos_table t ON t.branch_id = c.branch_id AND t.id = c.table_id
            LEFT JOIN reservation v ON v.branch_id = c.branch_id AND v.id = c.reservation_id
            LEFT JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
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
