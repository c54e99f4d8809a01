import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import type { OpDefinition } from '../../ops/registry.js';
import { needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { letterData } from './confirmation.js';
import { RESERVATION } from './reservations.js';

const RESERVATION_ENTITY = 'frontoffice/reservation';
/** the newest changes a reservation's history shows; a stay changed more often than this is read in the audit log */
const HISTORY_ROWS = 200;

/**
 * What decides the desk's next step, in one read: the guest (and VIP), the stay, the rate, what the stay
 * costs as the confirmation letter prices it, the deposits received and what is left to pay.
 */
export async function reservationSummary(db: Db, branchId: number, id: number) {
  const { r, totals, deposits } = await letterData(db, branchId, id);
  const stayTotal = totals?.total ?? null;
  // once the guest is in, what is owed is what the folios say (charges less payments, deposits applied included)
  const folios = (
    await sql<{ n: number; balance: string | null }>`
    SELECT count(*)::int AS n, sum(balance)::text AS balance FROM folio_balance WHERE branch_id = ${branchId} AND reservation_id = ${id}`.execute(
      db,
    )
  ).rows[0];
  return {
    id: Number(r.id),
    code: r.code,
    version: Number(r.version),
    status: r.status,
    guest: { id: Number(r.guest_id), name: r.guest, title: r.title ?? null, vip: r.vip ?? null },
    arrival: r.arrival,
    departure: r.departure,
    nights: Math.round((Date.parse(r.departure) - Date.parse(r.arrival)) / 86_400_000),
    adults: r.adults,
    children: r.children,
    roomType: r.room_type,
    room: r.room ?? null,
    rateCode: r.rate_code ?? null,
    rateName: r.rate_name ?? null,
    stayTotal,
    deposits: new Decimal(deposits).toFixed(0),
    balanceOf: folios.n > 0 ? 'folios' : 'stay',
    balance: folios.n > 0 ? new Decimal(folios.balance ?? 0).toFixed(0) : new Decimal(stayTotal ?? 0).minus(deposits).toFixed(0),
  };
}

/**
 * Commands whose `id` is a reservation: their audit rows (entity = the module, entity_id = the id) belong to
 * that reservation's history. Read from the commands' own input schemas, so a new command joins by itself.
 */
export function reservationCommands(ops: OpDefinition[]): string[] {
  return ops
    .filter((op) => (op.input as { properties?: { id?: { 'x-ref'?: string } } }).properties?.id?.['x-ref'] === RESERVATION_ENTITY)
    .map((op) => op.name);
}

/** The audit log of one reservation, newest first: its creation, every change and every command run on it. */
export async function reservationHistory(db: Db, branchId: number, id: number, commands: string[]) {
  const { rows } = await sql<{
    at: string;
    username: string | null;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>`
    SELECT a.at, a.username, a.action, a.before, a.after
      FROM audit_log a
     WHERE a.branch_id = ${branchId} AND a.entity_id = ${String(id)}
       AND (a.entity = ${RESERVATION_ENTITY} OR (a.entity = 'frontoffice' AND a.action = ANY(${commands}::text[])))
     ORDER BY a.at DESC, a.id DESC
     LIMIT ${HISTORY_ROWS}`.execute(db);
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;

/** The reservation screen's read models: its summary header and its history tab. */
export async function reservationViewRoutes(app: FastifyInstance, ctx: AppContext, ops: OpDefinition[]) {
  const commands = reservationCommands(ops);
  app.get(
    '/api/frontoffice/reservation/:id/summary',
    {
      preValidation: needsRight(ctx, RESERVATION, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary:
          "A reservation at a glance: guest and VIP, stay, nights, room type and room, rate, the stay's total as the confirmation letter prices it, deposits, status, and what is left to pay (before check-in the stay less deposits, then the folios' balance)",
        params: idParam,
      },
    },
    async (req) => reservationSummary(ctx.db, requireAuth(req).branchId, (req.params as { id: number }).id),
  );

  app.get(
    '/api/frontoffice/reservation/:id/history',
    {
      preValidation: needsRight(ctx, RESERVATION, 'view'),
      schema: {
        tags: ['frontoffice'],
        summary: `A reservation's audit log, newest first (at most ${HISTORY_ROWS} rows): created, changed, and each command run on it, with who and when`,
        params: idParam,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = (req.params as { id: number }).id;
      // the summary's read answers 404 for another property's reservation, so history never leaks one
      await letterData(ctx.db, auth.branchId, id);
      return { rows: await reservationHistory(ctx.db, auth.branchId, id, commands) };
    },
  );
}
