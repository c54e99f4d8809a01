import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { HookContext } from '../../data/hooks.js';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { hasRight } from '../../http/rbac.js';
import { defineOp } from '../../ops/registry.js';
import { openBusinessDay } from '../gl/post.js';
import { postManualCharge } from '../frontoffice/folio/chargeOps.js';
import { amountInput, id } from '../frontoffice/folio/inputs.js';
import { setRoomStatus } from './roomStatus.js';
import { assignByCredits, type RoomToService } from './taskAssignment.js';

export const TASKS = 'housekeeping.room-maid-task';
/** the most attendants one day's rooms are shared among */
export const MAX_ATTENDANTS = 30;

/**
 * The rooms that need service on the business day, with their credits from the property's setup: a room whose
 * guest leaves today (in house or gone), a stay-over, and a vacant room left dirty. Rooms out of order or out of
 * service are not cleaned.
 */
async function roomsToService(db: Db, branch: number, day: string): Promise<(RoomToService & { floorId: number })[]> {
  const { rows } = await sql<{ id: number; code: string; floor: string; floor_id: number; kind: RoomToService['kind']; credits: string }>`
    WITH stay AS (
      SELECT r.id, r.code, f.code AS floor, r.floor_id, r.hk_status,
             bool_or(v.status IN ('in_house', 'checked_out') AND v.departure = ${day}::date) AS departing,
             bool_or(v.status = 'in_house' AND v.departure > ${day}::date) AS staying
        FROM room r JOIN floor f ON f.branch_id = r.branch_id AND f.id = r.floor_id
        LEFT JOIN reservation v ON v.branch_id = r.branch_id AND v.room_id = r.id AND v.status IN ('in_house', 'checked_out') AND v.departure >= ${day}::date
       WHERE r.branch_id = ${branch} AND r.active AND r.hk_status NOT IN ('out_of_order', 'out_of_service')
       GROUP BY r.id, r.code, f.code, r.floor_id, r.hk_status)
    SELECT s.id::int AS id, s.code, s.floor, s.floor_id::int AS floor_id,
           CASE WHEN s.departing THEN 'departure' WHEN s.staying THEN 'stay_over' ELSE 'vacant' END AS kind,
           (CASE WHEN s.departing THEN h.hk_credit_departure WHEN s.staying THEN h.hk_credit_stay_over ELSE h.hk_credit_vacant END)::text AS credits
      FROM stay s JOIN hotel_setup h ON h.branch_id = ${branch}
     WHERE s.departing OR s.staying OR s.hk_status = 'vacant_dirty'`.execute(db);
  return rows.map((r) => ({
    roomId: Number(r.id),
    code: r.code,
    floor: r.floor,
    floorId: Number(r.floor_id),
    kind: r.kind,
    credits: r.credits,
  }));
}

const ALREADY_CLEAN = new Set(['vacant_clean', 'vacant_inspected', 'occupied_clean']);

interface TaskRow {
  id: number;
  room_id: number;
  room: string;
  hk_status: string;
  attendant_id: number;
  status: 'assigned' | 'started' | 'done';
  version: number;
}

/** The task, locked; an attendant acts on their own rooms only, a supervisor (assign right) on any. */
async function taskFor(c: HookContext, taskId: number): Promise<TaskRow> {
  const { rows } = await sql<TaskRow>`
    SELECT t.id::int AS id, t.room_id::int AS room_id, r.code AS room, r.hk_status, t.attendant_id::int AS attendant_id, t.status, t.version
      FROM hk_task t JOIN room r ON r.branch_id = t.branch_id AND r.id = t.room_id
     WHERE t.branch_id = ${c.auth.branchId} AND t.id = ${taskId} FOR UPDATE OF t`.execute(c.trx);
  const task = rows[0];
  if (!task) throw notFound('hk-task.title');
  if (task.attendant_id !== c.auth.user.id && !hasRight(c.auth, TASKS, 'assign')) throw forbidden('hk-task.notYours', { room: task.room });
  return task;
}

const taskInput = (extra: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  required: ['id', ...required],
  additionalProperties: false,
  properties: { id: { ...id, 'x-ref': 'housekeeping/hk-task' }, ...extra },
});

/**
 * The supervisor shares the day's rooms among the attendants on duty by credits, the whole hotel or a section of
 * it (some floors: the others keep their sheets). Rooms already started or done stay with whoever has them; the
 * others are shared again, so the sheet can be redone when someone calls in sick.
 */
export const assignTasks = defineOp<{ attendant_ids: number[]; floor_ids?: number[] }>({
  name: 'housekeeping.assignTasks',
  summary: "Share the business day's rooms to service among the attendants by credits (departures weigh more than stay-overs)",
  resource: TASKS,
  action: 'assign',
  input: {
    type: 'object',
    required: ['attendant_ids'],
    additionalProperties: false,
    properties: {
      attendant_ids: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_ATTENDANTS,
        uniqueItems: true,
        items: { ...id, 'x-ref': 'system/user' },
      },
      floor_ids: { type: 'array', maxItems: 50, uniqueItems: true, items: { ...id, 'x-ref': 'frontoffice/floor' } },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const { rows: staff } = await sql<{ id: number }>`
      SELECT u.id::int AS id FROM app_user u WHERE u.id IN (${sql.join(input.attendant_ids)}) AND u.active
         AND EXISTS (SELECT 1 FROM user_branch ub WHERE ub.user_id = u.id AND ub.branch_id = ${branch})`.execute(c.trx);
    if (staff.length !== input.attendant_ids.length) throw invalid([{ field: 'attendant_ids', key: 'error.refMissing', params: {} }]);
    const day = await openBusinessDay(c.trx, branch);
    const floors = input.floor_ids?.length ? input.floor_ids : null;
    // the rooms of the section being shared (every room when no floors are named)
    const inSection = floors
      ? sql`room_id IN (SELECT id FROM room WHERE branch_id = ${branch} AND floor_id IN (${sql.join(floors)}))`
      : sql`true`;
    const { rows: kept } = await sql<{ room_id: number }>`
      SELECT room_id::int AS room_id FROM hk_task WHERE branch_id = ${branch} AND business_date = ${day}::date AND (status <> 'assigned' OR NOT ${inSection})
       FOR UPDATE`.execute(c.trx);
    const keep = new Set(kept.map((k) => k.room_id));
    // a problem reported on a room not yet started goes with the room to its new attendant
    const { rows: reported } = await sql<{ room_id: number; problem: string | null; problem_at: string | null }>`
      DELETE FROM hk_task WHERE branch_id = ${branch} AND business_date = ${day}::date AND status = 'assigned' AND ${inSection}
      RETURNING room_id::int AS room_id, problem, problem_at`.execute(c.trx);
    const problems = new Map(reported.filter((r) => r.problem).map((r) => [r.room_id, r]));
    const rooms = (await roomsToService(c.trx, branch, day)).filter((r) => !keep.has(r.roomId) && (!floors || floors.includes(r.floorId)));
    const shares = assignByCredits(rooms, input.attendant_ids);
    // an attendant who already works another section goes on from the end of their sheet
    const { rows: last } = await sql<{ attendant_id: number; seq: number }>`
      SELECT attendant_id::int AS attendant_id, max(seq)::int AS seq FROM hk_task WHERE branch_id = ${branch} AND business_date = ${day}::date
       GROUP BY attendant_id`.execute(c.trx);
    const after = new Map(last.map((l) => [l.attendant_id, l.seq]));
    const values = [...shares.entries()].flatMap(([attendant, list]) =>
      list.map(
        (r, i) =>
          sql`(${branch}, ${day}::date, ${r.roomId}, ${attendant}, ${r.kind}, ${r.credits}::numeric, ${(after.get(attendant) ?? 0) + i + 1},
               ${problems.get(r.roomId)?.problem ?? null}, ${problems.get(r.roomId)?.problem_at ?? null}::timestamptz, ${c.auth.user.id}, ${c.auth.user.id})`,
      ),
    );
    if (values.length)
      await sql`INSERT INTO hk_task (branch_id, business_date, room_id, attendant_id, kind, credits, seq, problem, problem_at, created_by, updated_by)
                VALUES ${sql.join(values)}`.execute(c.trx);
    return {
      business_date: day,
      rooms: rooms.length,
      kept: keep.size,
      attendants: [...shares.entries()].map(([attendant, list]) => ({
        attendant_id: attendant,
        rooms: list.length,
        credits: list.reduce((s, r) => s + Number(r.credits) * 10, 0) / 10,
      })),
    };
  },
});

/** A room moved to another attendant by hand (the end of their sheet), unless it is done already. */
export const moveTask = defineOp<{ id: number; attendant_id: number }>({
  name: 'housekeeping.moveTask',
  summary: "Give a room of the day's sheet to another attendant",
  resource: TASKS,
  action: 'assign',
  input: taskInput({ attendant_id: { ...id, 'x-ref': 'system/user' } }, ['attendant_id']),
  async handler(c, input) {
    const task = await taskFor(c, input.id);
    if (task.status === 'done') throw conflict('hk-task.alreadyDone', { room: task.room });
    const { rows: staff } = await sql`
      SELECT 1 FROM app_user u WHERE u.id = ${input.attendant_id} AND u.active
         AND EXISTS (SELECT 1 FROM user_branch ub WHERE ub.user_id = u.id AND ub.branch_id = ${c.auth.branchId})`.execute(c.trx);
    if (!staff.length) throw invalid([{ field: 'attendant_id', key: 'error.refMissing', params: {} }]);
    await sql`
      UPDATE hk_task SET attendant_id = ${input.attendant_id},
             seq = (SELECT coalesce(max(seq), 0) + 1 FROM hk_task o WHERE o.branch_id = hk_task.branch_id AND o.business_date = hk_task.business_date
                      AND o.attendant_id = ${input.attendant_id}),
             version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
       WHERE branch_id = ${c.auth.branchId} AND id = ${task.id}`.execute(c.trx);
    return { id: task.id, room: task.room, attendant_id: input.attendant_id };
  },
});

export const startTask = defineOp<{ id: number }>({
  name: 'housekeeping.startTask',
  summary: 'The attendant starts cleaning a room of their sheet',
  resource: TASKS,
  action: 'work',
  input: taskInput(),
  async handler(c, input) {
    const task = await taskFor(c, input.id);
    if (task.status !== 'assigned') throw conflict('hk-task.alreadyStarted', { room: task.room });
    await sql`UPDATE hk_task SET status = 'started', started_at = now(), version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${task.id}`.execute(c.trx);
    return { id: task.id, room: task.room, status: 'started' };
  },
});

/** The room is done: the task closes and the room turns clean through the room-status rules (and its log). */
export const finishTask = defineOp<{ id: number }>({
  name: 'housekeeping.finishTask',
  summary: 'The attendant finishes a room: it turns clean on the status board and the room plan',
  resource: TASKS,
  action: 'work',
  input: taskInput(),
  async handler(c, input) {
    const task = await taskFor(c, input.id);
    if (task.status === 'done') throw conflict('hk-task.alreadyDone', { room: task.room });
    await sql`UPDATE hk_task SET status = 'done', started_at = coalesce(started_at, now()), done_at = now(), version = version + 1,
                     updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${task.id}`.execute(c.trx);
    // a room already clean or inspected (a stay-over made up at the guest's request) keeps its state: the service is still done
    if (ALREADY_CLEAN.has(task.hk_status)) return { id: task.id, room: task.room, status: 'done', hk_status: task.hk_status };
    const { rooms } = (await setRoomStatus.handler(c, { room_ids: [task.room_id], status: 'clean' })) as { rooms: { hk_status: string }[] };
    return { id: task.id, room: task.room, status: 'done', hk_status: rooms[0].hk_status };
  },
});

export const reportProblem = defineOp<{ id: number; problem: string }>({
  name: 'housekeeping.reportProblem',
  summary: 'The attendant reports a maintenance problem found in a room (a dripping tap, a broken lamp)',
  resource: TASKS,
  action: 'work',
  input: taskInput({ problem: { type: 'string', minLength: 3, maxLength: 300 } }, ['problem']),
  async handler(c, input) {
    const task = await taskFor(c, input.id);
    await sql`UPDATE hk_task SET problem = ${input.problem.trim()}, problem_at = now(), version = version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
               WHERE branch_id = ${c.auth.branchId} AND id = ${task.id}`.execute(c.trx);
    return { id: task.id, room: task.room, problem: input.problem.trim() };
  },
});

/** What the attendant found taken from the minibar, charged to the in-house guest's folio under a minibar article. */
export const chargeMinibar = defineOp<{ id: number; fo_article_id: number; quantity?: number; unit_price?: string; description?: string }>({
  name: 'housekeeping.chargeMinibar',
  summary: "The attendant charges what was taken from the room's minibar to the in-house guest's folio",
  resource: TASKS,
  action: 'work',
  idempotencyKey: 'required',
  input: taskInput(
    {
      fo_article_id: { ...id, 'x-ref': 'frontoffice/article' },
      quantity: { type: 'integer', minimum: 1, maximum: 99, default: 1 },
      unit_price: { ...amountInput, description: "default: the article's price" },
      description: { type: 'string', maxLength: 120 },
    },
    ['fo_article_id'],
  ),
  async handler(c, input) {
    const task = await taskFor(c, input.id);
    const { rows: article } = await sql<{ kind: string }>`
      SELECT kind FROM fo_article WHERE branch_id = ${c.auth.branchId} AND id = ${input.fo_article_id}`.execute(c.trx);
    if (article[0]?.kind !== 'minibar') throw invalid([{ field: 'fo_article_id', key: 'hk-task.notMinibar', params: {} }]);
    const { rows: stay } = await sql<{ id: number }>`
      SELECT id::int AS id FROM reservation WHERE branch_id = ${c.auth.branchId} AND room_id = ${task.room_id} AND status = 'in_house'
       ORDER BY arrival DESC LIMIT 1`.execute(c.trx);
    if (!stay.length) throw badRequest('hk-task.noGuest', { room: task.room });
    const posted = await postManualCharge(c, {
      reservation_id: stay[0].id,
      fo_article_id: input.fo_article_id,
      quantity: input.quantity,
      unit_price: input.unit_price,
      description: input.description ? `Minibar ${task.room}: ${input.description}` : undefined,
    });
    return { ...posted, room: task.room };
  },
});

export const taskOps = [assignTasks, moveTask, startTask, finishTask, reportProblem, chargeMinibar];

/** The day's sheet: every task with its room's state, in each attendant's order; an attendant sees only theirs. */
export async function taskSheet(db: Db, branch: number, userId: number, all: boolean) {
  const day = (await sql<{ d: string }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${branch}`.execute(db)).rows[0]
    .d;
  const { rows } = await sql`
    SELECT t.id::int AS id, t.room_id::int AS room_id, r.code AS room, f.code AS floor, rt.code AS room_type, r.hk_status, t.kind, t.credits::text AS credits,
           t.seq, t.status, t.started_at, t.done_at, t.problem, t.attendant_id::int AS attendant_id, u.full_name AS attendant, t.version
      FROM hk_task t JOIN room r ON r.branch_id = t.branch_id AND r.id = t.room_id JOIN floor f ON f.branch_id = r.branch_id AND f.id = r.floor_id
      JOIN room_type rt ON rt.branch_id = r.branch_id AND rt.id = r.room_type_id JOIN app_user u ON u.id = t.attendant_id
     WHERE t.branch_id = ${branch} AND t.business_date = ${day}::date AND (${all} OR t.attendant_id = ${userId})
     ORDER BY u.full_name, t.seq`.execute(db);
  // what an attendant may charge from a minibar: the property's minibar articles and their prices
  const { rows: minibar } = await sql`
    SELECT id::int AS id, name, default_price::text AS price FROM fo_article
     WHERE branch_id = ${branch} AND kind = 'minibar' AND active ORDER BY name`.execute(db);
  return { business_date: day, tasks: rows, minibar };
}
