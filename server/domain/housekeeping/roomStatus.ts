import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { HookContext } from '../../data/hooks.js';
import { badRequest, conflict, forbidden, invalid } from '../../http/errors.js';
import { hasRight } from '../../http/rbac.js';
import { defineOp } from '../../ops/registry.js';
import { HK_TARGETS, nextStatus, type HkStatus, type HkTarget } from './roomStatusRules.js';

export const ROOM_STATUS = 'housekeeping.room-status';
/** the most rooms one bulk change touches: a floor or two, never the whole house by accident */
export const BULK_MAX = 60;

export type StatusSource = 'housekeeping' | 'check_in' | 'check_out' | 'room_move' | 'night_audit';

/** The one way a room's housekeeping status changes: the room row and its log line, in the caller's transaction. */
export async function changeRoomStatus(
  c: HookContext,
  roomId: number,
  status: HkStatus,
  source: StatusSource,
  extra: { reason?: string | null; ooo?: { from: string | null; to: string | null; reason: string | null } } = {},
) {
  const branch = c.auth.branchId;
  const before = (
    await sql<{ hk_status: string }>`SELECT hk_status FROM room WHERE branch_id = ${branch} AND id = ${roomId} FOR UPDATE`.execute(c.trx)
  ).rows[0];
  if (!before) return;
  const ooo = extra.ooo;
  await sql`UPDATE room SET hk_status = ${status},
                 ooo_from = ${ooo ? ooo.from : sql`ooo_from`}, ooo_to = ${ooo ? ooo.to : sql`ooo_to`}, ooo_reason = ${ooo ? ooo.reason : sql`ooo_reason`},
                 version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
             WHERE branch_id = ${branch} AND id = ${roomId}`.execute(c.trx);
  await sql`INSERT INTO room_status_log (branch_id, room_id, from_status, to_status, reason, ooo_from, ooo_to, source, changed_by)
            VALUES (${branch}, ${roomId}, ${before.hk_status}, ${status}, ${extra.reason ?? ooo?.reason ?? null}, ${ooo?.from ?? null}, ${ooo?.to ?? null},
                    ${source}, ${c.auth.user.id})`.execute(c.trx);
}

interface BoardFilter {
  floor?: number;
  roomType?: number;
  hk?: string;
  fo?: string;
}
export interface BoardRoom {
  id: number;
  code: string;
  floor: string;
  room_type: string;
  hk_status: HkStatus;
  fo: 'vacant' | 'occupied' | 'due_out' | 'arrival';
  ooo_from: string | null;
  ooo_to: string | null;
  ooo_reason: string | null;
  changed_at: string | null;
  changed_by: string | null;
}

/**
 * Every active room with its front-office state on the business date (a guest in house, leaving today, or a
 * booking arriving today into it) beside its housekeeping status, and the last change (who, when).
 */
export async function roomBoard(db: Db, branch: number, f: BoardFilter = {}): Promise<{ businessDate: string; rooms: BoardRoom[] }> {
  const { rows } = await sql<BoardRoom & { business_date: string }>`
    WITH s AS (SELECT business_date FROM hotel_setup WHERE branch_id = ${branch}),
    board AS (
      SELECT r.id::int AS id, r.code, fl.code AS floor, t.code AS room_type, r.hk_status,
             CASE WHEN h.departure IS NOT NULL AND h.departure <= s.business_date THEN 'due_out'
                  WHEN h.departure IS NOT NULL THEN 'occupied'
                  WHEN EXISTS (SELECT 1 FROM reservation a WHERE a.branch_id = r.branch_id AND a.room_id = r.id
                                  AND a.status IN ('tentative', 'confirmed') AND a.arrival = s.business_date) THEN 'arrival'
                  ELSE 'vacant' END AS fo,
             r.ooo_from::text AS ooo_from, r.ooo_to::text AS ooo_to, r.ooo_reason, r.floor_id, r.room_type_id, s.business_date::text AS business_date,
             l.changed_at::text AS changed_at, l.changed_by
        FROM room r CROSS JOIN s
        JOIN floor fl ON fl.branch_id = r.branch_id AND fl.id = r.floor_id
        JOIN room_type t ON t.branch_id = r.branch_id AND t.id = r.room_type_id
        LEFT JOIN LATERAL (SELECT v.departure FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id AND v.status = 'in_house'
                            ORDER BY v.departure LIMIT 1) h ON true
        LEFT JOIN LATERAL (SELECT g.changed_at, u.full_name AS changed_by FROM room_status_log g LEFT JOIN app_user u ON u.id = g.changed_by
                            WHERE g.branch_id = r.branch_id AND g.room_id = r.id ORDER BY g.changed_at DESC, g.id DESC LIMIT 1) l ON true
       WHERE r.branch_id = ${branch} AND r.active)
    SELECT * FROM board
     WHERE (${f.floor ?? null}::bigint IS NULL OR floor_id = ${f.floor ?? null}::bigint)
       AND (${f.roomType ?? null}::bigint IS NULL OR room_type_id = ${f.roomType ?? null}::bigint)
       AND (${f.hk ?? null}::text IS NULL OR hk_status = ${f.hk ?? null}::text)
       AND (${f.fo ?? null}::text IS NULL OR fo = ${f.fo ?? null}::text)
     ORDER BY code`.execute(db);
  const businessDate =
    rows[0]?.business_date ??
    (await sql<{ d: string }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${branch}`.execute(db)).rows[0].d;
  return {
    businessDate,
    rooms: rows.map(({ business_date: _d, floor_id: _f, room_type_id: _t, ...r }: any) => r as BoardRoom),
  };
}

interface SetInput {
  room_ids: number[];
  status: HkTarget;
  reason?: string;
  ooo_from?: string;
  ooo_to?: string;
}

/**
 * Housekeeping changes the status of one room, or of several at once with the bulk right; inspecting needs the
 * inspect right (a supervisor). Every room follows the rules (roomStatusRules.ts) or nothing changes, and the
 * refusal names the room.
 */
export const setRoomStatus = defineOp<SetInput>({
  name: 'housekeeping.setRoomStatus',
  summary: 'Change the housekeeping status of rooms (clean, dirty, inspected, out of order, out of service, back in service)',
  resource: ROOM_STATUS,
  action: 'edit',
  input: {
    type: 'object',
    required: ['room_ids', 'status'],
    additionalProperties: false,
    'x-dateRanges': [{ from: 'ooo_from', to: 'ooo_to', minDays: 1, maxDays: 90 }],
    properties: {
      room_ids: {
        type: 'array',
        minItems: 1,
        maxItems: BULK_MAX,
        uniqueItems: true,
        items: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/room' },
      },
      status: { type: 'string', enum: [...HK_TARGETS] },
      reason: { type: 'string', maxLength: 200 },
      ooo_from: { type: 'string', format: 'date' },
      ooo_to: { type: 'string', format: 'date' },
    },
  },
  async handler(c, input) {
    if (input.room_ids.length > 1 && !hasRight(c.auth, ROOM_STATUS, 'bulk'))
      throw forbidden('hk.bulkRight', { count: input.room_ids.length });
    if (input.status === 'inspected' && !hasRight(c.auth, ROOM_STATUS, 'inspect')) throw forbidden('hk.inspectRight');
    const branch = c.auth.branchId;
    const { rows } = await sql<{
      id: number;
      code: string;
      hk_status: HkStatus;
      occupied: boolean;
      planned: boolean;
      inspects: boolean;
      business_date: string;
    }>`
      SELECT r.id::int AS id, r.code, r.hk_status, s.hk_inspects AS inspects, s.business_date::text AS business_date,
             EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id AND v.status = 'in_house') AS occupied,
             (r.ooo_from IS NOT NULL AND r.hk_status <> 'out_of_order') AS planned
        FROM room r JOIN hotel_setup s ON s.branch_id = r.branch_id
       WHERE r.branch_id = ${branch} AND r.id IN (${sql.join(input.room_ids)}) AND r.active
       ORDER BY r.code FOR UPDATE OF r`.execute(c.trx);
    if (rows.length !== input.room_ids.length) throw invalid([{ field: 'room_ids', key: 'error.refMissing', params: {} }]);
    const changed: { id: number; code: string; hk_status: HkStatus }[] = [];
    for (const room of rows) {
      const next = nextStatus({
        from: room.hk_status,
        to: input.status,
        occupied: room.occupied,
        planned: room.planned,
        inspects: room.inspects,
        businessDate: room.business_date,
        reason: input.reason,
        oooFrom: input.ooo_from,
        oooTo: input.ooo_to,
      });
      if ('refused' in next) {
        const params = { room: room.code, status: `room.hk_status.${room.hk_status}`, ...next.params };
        throw next.refused === 'hk.reasonNeeded' || next.refused === 'hk.oooRangeNeeded'
          ? invalid([{ field: next.refused === 'hk.reasonNeeded' ? 'reason' : 'ooo_from', key: next.refused, params }])
          : next.refused === 'hk.noInspection' || next.refused === 'hk.oooPast' || next.refused === 'hk.oooRange'
            ? badRequest(next.refused, params)
            : conflict(next.refused, params);
      }
      await changeRoomStatus(c, room.id, next.status, 'housekeeping', {
        reason: input.reason ?? null,
        ...(next.ooo === 'keep' ? {} : { ooo: next.ooo }),
      });
      changed.push({ id: room.id, code: room.code, hk_status: next.status });
    }
    return { rooms: changed };
  },
});

/** The log of one room, newest first: what changed, who changed it, when, why and from where. */
export async function roomStatusLog(db: Db, branch: number, roomId: number, limit = 50) {
  const { rows } = await sql`
    SELECT g.id::int AS id, g.from_status, g.to_status, g.reason, g.ooo_from::text AS ooo_from, g.ooo_to::text AS ooo_to, g.source,
           u.full_name AS changed_by, g.changed_at
      FROM room_status_log g LEFT JOIN app_user u ON u.id = g.changed_by
     WHERE g.branch_id = ${branch} AND g.room_id = ${roomId}
     ORDER BY g.changed_at DESC, g.id DESC LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * What a new business day does to the rooms (the night audit's roll): every occupied room that was clean needs
 * service again, and a room whose booked closure starts that day goes out of order. Logged as the night audit.
 */
export async function roomsForNewDay(trx: Db, branch: number, userId: number, newDate: string) {
  await sql`
    WITH before AS (SELECT id, hk_status FROM room WHERE branch_id = ${branch} AND active),
    changed AS (
      UPDATE room r
         SET hk_status = CASE WHEN r.hk_status = 'occupied_clean' THEN 'occupied_dirty' ELSE 'out_of_order' END,
             version = version + 1, updated_at = now(), updated_by = ${userId}
        FROM before b
       WHERE r.branch_id = ${branch} AND r.id = b.id
         AND ((r.hk_status = 'occupied_clean'
               AND EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id AND v.status = 'in_house'))
           OR (r.ooo_from = ${newDate}::date AND r.hk_status IN ('vacant_clean', 'vacant_inspected', 'vacant_dirty', 'out_of_service')))
      RETURNING r.id, b.hk_status AS from_status, r.hk_status AS to_status, r.ooo_from, r.ooo_to, r.ooo_reason)
    INSERT INTO room_status_log (branch_id, room_id, from_status, to_status, reason, ooo_from, ooo_to, source, changed_by)
    SELECT ${branch}, id, from_status, to_status, CASE WHEN to_status = 'out_of_order' THEN ooo_reason END,
           CASE WHEN to_status = 'out_of_order' THEN ooo_from END, CASE WHEN to_status = 'out_of_order' THEN ooo_to END, 'night_audit', ${userId}
      FROM changed`.execute(trx);
}
