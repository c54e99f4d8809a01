import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The morning of 23/11/2026 at the Grand Nusantara Bandung: Made, the housekeeping supervisor, shares the rooms
 * that need service between two room attendants, Ayu and Wayan, who work them from their phones.
 */
let t: TestApp;
let db: Db;
let made: ApiClient;
let ayu: ApiClient;
let wayan: ApiClient;
let branch: number;
const user: Record<string, number> = {};

interface Task {
  id: number;
  room_id: number;
  room: string;
  kind: string;
  credits: string;
  seq: number;
  status: string;
  attendant_id: number;
}
const sheet = async (who: ApiClient) => {
  const res = await who.get('/api/housekeeping/tasks');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { business_date: string; tasks: Task[]; minibar: { id: number; name: string }[] };
};
const op = (who: ApiClient, name: string, body: Record<string, unknown>) => who.post(`/api/ops/housekeeping.${name}`, body);

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  branch = Number((await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id);
  // room attendants: their own rooms only, no sharing
  const group = Number(
    (await sql<{ id: number }>`INSERT INTO user_group (code, name) VALUES ('RA', 'Room attendants') RETURNING id`.execute(db)).rows[0].id,
  );
  await sql`INSERT INTO group_right (group_id, resource, action) VALUES (${group}, 'housekeeping.room-maid-task', 'view'), (${group}, 'housekeeping.room-maid-task', 'work')`.execute(
    db,
  );
  for (const [username, name] of [
    ['ayu', 'Ayu Kartika'],
    ['wayan', 'Wayan Sudarma'],
  ]) {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO app_user (username, full_name, group_id, password_hash, must_change_password, language)
      SELECT ${username}, ${name}, ${group}, password_hash, false, 'id' FROM app_user WHERE username = 'housekeeping' RETURNING id`.execute(
      db,
    );
    user[username] = Number(rows[0].id);
    await sql`INSERT INTO user_branch (user_id, branch_id) VALUES (${user[username]}, ${branch})`.execute(db);
  }
  made = await t.login('housekeeping');
  ayu = await t.login('ayu');
  wayan = await t.login('wayan');
});
afterAll(() => t.close());

describe("the attendants' rooms of the day", () => {
  it('shares every room needing service between Ayu and Wayan by credits, departures heavier, none out of order', async () => {
    const res = await op(made, 'assignTasks', { attendant_ids: [user.ayu, user.wayan] });
    expect(res.statusCode, res.body).toBe(200);
    const { rows: due } = await sql<{ code: string; kind: string }>`
      SELECT r.code,
             CASE WHEN EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id AND v.status IN ('in_house', 'checked_out') AND v.departure = '2026-11-23') THEN 'departure'
                  WHEN EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id AND v.status = 'in_house' AND v.departure > '2026-11-23') THEN 'stay_over'
                  ELSE 'vacant' END AS kind
        FROM room r WHERE r.branch_id = ${branch} AND r.active AND r.hk_status NOT IN ('out_of_order', 'out_of_service')
         AND (r.hk_status = 'vacant_dirty' OR EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id
              AND (v.status = 'in_house' OR (v.status = 'checked_out' AND v.departure = '2026-11-23'))))`.execute(db);
    const { tasks } = await sheet(made);
    expect(tasks.map((x) => [x.room, x.kind]).sort()).toEqual(due.map((d) => [d.code, d.kind]).sort());
    expect(res.json()).toMatchObject({ business_date: '2026-11-23', rooms: due.length, kept: 0 });
    const credit = { departure: 1.5, stay_over: 1, vacant: 0.5 } as Record<string, number>;
    for (const x of tasks) expect(Number(x.credits)).toBe(credit[x.kind]);
    const load = (id: number) => tasks.filter((x) => x.attendant_id === id).reduce((s, x) => s + Number(x.credits), 0);
    expect(Math.abs(load(user.ayu) - load(user.wayan))).toBeLessThanOrEqual(1.5);
    expect(tasks.some((x) => x.kind === 'departure')).toBe(true);
  });

  it('shows Ayu only her rooms, in walking order; Wayan cannot touch them, nor share rooms', async () => {
    const mine = (await sheet(ayu)).tasks;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((x) => x.attendant_id === user.ayu)).toBe(true);
    expect(mine.map((x) => x.seq)).toEqual(mine.map((_, i) => i + 1));
    expectApiError(await op(wayan, 'startTask', { id: mine[0].id }), 403);
    expectApiError(await op(wayan, 'assignTasks', { attendant_ids: [user.wayan] }), 403);
  });

  it('turns a room Ayu finishes clean on the status board, in the log under her name; twice is refused', async () => {
    const room = (await sheet(ayu)).tasks.find((x) => x.kind === 'stay_over')!;
    expect((await op(ayu, 'startTask', { id: room.id })).statusCode).toBe(200);
    const done = await op(ayu, 'finishTask', { id: room.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ room: room.room, status: 'done', hk_status: 'occupied_clean' });
    const { rows } = await sql<{ to_status: string; changed_by: number }>`
      SELECT to_status, changed_by::int AS changed_by FROM room_status_log WHERE branch_id = ${branch} AND room_id = ${room.room_id}
       ORDER BY id DESC LIMIT 1`.execute(db);
    expect(rows[0]).toEqual({ to_status: 'occupied_clean', changed_by: user.ayu });
    expectApiError(await op(ayu, 'finishTask', { id: room.id }), 409);
  });

  it('finishes a stay-over the guest had made up earlier without touching its clean state', async () => {
    const room = (await sheet(ayu)).tasks.find((x) => x.kind === 'stay_over' && x.status === 'assigned')!;
    await sql`UPDATE room SET hk_status = 'occupied_clean' WHERE branch_id = ${branch} AND id = ${room.room_id}`.execute(db);
    const done = await op(ayu, 'finishTask', { id: room.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', hk_status: 'occupied_clean' });
  });

  it("charges two beers from a stay-over's minibar to the guest's folio at the minibar's tax and service; a room article is refused", async () => {
    const { tasks, minibar } = await sheet(ayu);
    const room = tasks.find((x) => x.kind === 'stay_over')!;
    const mini = minibar.find((m) => m.name === 'Minibar')!;
    const res = await ayu.post('/api/ops/housekeeping.chargeMinibar', {
      id: room.id,
      fo_article_id: mini.id,
      quantity: 2,
      unit_price: '45.000',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 90.000 ++: service 10 % (9.000) and PB1 10 % on both (9.900)
    expect(res.json()).toMatchObject({ room: room.room, amount: '108900' });
    const { rows } = await sql<{ amount: string; room: string }>`
      SELECT l.amount::text AS amount, r.code AS room FROM folio_line l JOIN reservation v ON v.branch_id = l.branch_id AND v.id = l.reservation_id
        JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id WHERE l.branch_id = ${branch} AND l.id = ${res.json().id}`.execute(
      db,
    );
    expect(rows[0]).toEqual({ amount: '108900.00', room: room.room });
    const roomArticle = Number(
      (await sql<{ id: number }>`SELECT id FROM fo_article WHERE branch_id = ${branch} AND kind = 'room' LIMIT 1`.execute(db)).rows[0].id,
    );
    expectApiError(await ayu.post('/api/ops/housekeeping.chargeMinibar', { id: room.id, fo_article_id: roomArticle }), 400);
    const vacant = (await sheet(made)).tasks.find((x) => x.kind === 'vacant');
    if (vacant) expectApiError(await made.post('/api/ops/housekeeping.chargeMinibar', { id: vacant.id, fo_article_id: mini.id }), 400);
  });

  it('keeps a problem Ayu reports on her room, for the supervisor and the printed sheet', async () => {
    const room = (await sheet(ayu)).tasks[0];
    expect((await op(ayu, 'reportProblem', { id: room.id, problem: 'Keran wastafel bocor' })).statusCode).toBe(200);
    const printed = await made.get('/api/reports/hk-task-sheet');
    expect(printed.statusCode, printed.body).toBe(200);
    const progress = (await made.get('/api/reports/hk-task-progress')).json();
    expect(progress.rows.find((r: { attendant: string }) => r.attendant === 'Ayu Kartika')).toMatchObject({ done: 2, problems: 1 });
    expect(printed.json().rows.find((r: { room: string }) => r.room === room.room)).toMatchObject({
      attendant: 'Ayu Kartika',
      problem: 'Keran wastafel bocor',
    });
  });

  it("moves one of Wayan's rooms to the end of Ayu's sheet by hand", async () => {
    const before = await sheet(made);
    const room = before.tasks.find((x) => x.attendant_id === user.wayan && x.status === 'assigned')!;
    const last = Math.max(...before.tasks.filter((x) => x.attendant_id === user.ayu).map((x) => x.seq));
    expect((await op(made, 'moveTask', { id: room.id, attendant_id: user.ayu })).statusCode).toBe(200);
    expect((await sheet(ayu)).tasks.find((x) => x.id === room.id)).toMatchObject({ seq: last + 1 });
  });

  it('shares again when Ayu goes home ill: her finished rooms stay hers, every room not started goes to Wayan with its problem', async () => {
    const reported = (await sheet(made)).tasks
      .filter((x: Task & { problem?: string }) => x.problem && x.status === 'assigned')
      .map((x) => x.room);
    const res = await op(made, 'assignTasks', { attendant_ids: [user.wayan] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kept).toBe(2);
    const { tasks } = await sheet(made);
    expect(tasks.filter((x) => x.attendant_id === user.ayu).map((x) => x.status)).toEqual(['done', 'done']);
    expect(tasks.filter((x) => x.status === 'assigned').every((x) => x.attendant_id === user.wayan)).toBe(true);
    for (const room of reported) expect(tasks.find((x) => x.room === room)).toMatchObject({ problem: 'Keran wastafel bocor' });
  });

  it("shares one floor as Ayu's section when she comes back for the afternoon: Wayan keeps his rooms on the other floors", async () => {
    const before = (await sheet(made)).tasks;
    const floorOf = async (roomId: number) =>
      Number((await sql<{ f: number }>`SELECT floor_id AS f FROM room WHERE id = ${roomId}`.execute(db)).rows[0].f);
    const open = before.filter((x) => x.status === 'assigned');
    const floor = await floorOf(open[open.length - 1].room_id);
    const onFloor: number[] = [];
    for (const x of open) if ((await floorOf(x.room_id)) === floor) onFloor.push(x.room_id);
    const elsewhere = open.filter((x) => !onFloor.includes(x.room_id));
    expect(elsewhere.length).toBeGreaterThan(0);
    const res = await op(made, 'assignTasks', { attendant_ids: [user.ayu], floor_ids: [floor] });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await sheet(made)).tasks;
    const lastDone = Math.max(...before.filter((x) => x.attendant_id === user.ayu).map((x) => x.seq));
    const ayus = after.filter((x) => x.attendant_id === user.ayu && x.status === 'assigned');
    expect(ayus.map((x) => x.room_id).sort()).toEqual([...onFloor].sort());
    // her afternoon's rooms come after the ones she finished in the morning
    expect(Math.min(...ayus.map((x) => x.seq))).toBe(lastDone + 1);
    for (const x of elsewhere) expect(after.find((y) => y.room_id === x.room_id)).toMatchObject({ attendant_id: user.wayan, seq: x.seq });
  });
});
