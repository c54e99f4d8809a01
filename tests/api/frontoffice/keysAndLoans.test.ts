import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * Key cards through the file encoder (the folder a lock's encoder station reads) and items lent to an
 * in-house guest at the Grand Nusantara Bandung.
 */
let t: TestApp;
let db: Db;
let desk: ApiClient;
let stay: { id: number; code: string; room: string };
const one = async <T = number>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await q.execute(db)).rows[0] as object)[0] as T;
const keyFile = (card: string, suffix = '') => path.join(t.dataDir, 'keys', 'GNB', `${card}${suffix}.json`);

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  desk = await t.login('frontdesk');
  const { rows } = await sql<{ id: number; code: string; room: string }>`
    SELECT v.id, v.code, r.code AS room FROM reservation v JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
      JOIN branch b ON b.id = v.branch_id WHERE b.code = 'GNB' AND v.status = 'in_house' AND v.departure > '2026-11-24'
       AND NOT EXISTS (SELECT 1 FROM reservation w WHERE w.branch_id = v.branch_id AND w.room_id = v.room_id AND w.id <> v.id
                          AND w.status IN ('tentative', 'confirmed', 'waitlisted', 'in_house') AND w.arrival < greatest(v.departure, current_date + 2)
                          AND w.departure > v.departure)
     ORDER BY v.id LIMIT 1`.execute(db);
  stay = { ...rows[0], id: Number(rows[0].id) };
  // a key opens until the check-out time of the departure day by the lock's clock, the real one; the demo's business
  // day is fixed, so the stay (its room free after it) leaves two days after today's date whatever day the tests run
  await sql`UPDATE reservation SET departure = greatest(departure, current_date + 2) WHERE id = ${stay.id}`.execute(db);
});
afterAll(() => t.close());

describe('key cards', () => {
  let first: string;
  it('encodes two cards valid until the check-out time of the departure day, each written by the file encoder', async () => {
    const res = await desk.post('/api/ops/frontoffice.keyIssue', { id: stay.id, count: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.count).toBe(2);
    const departure = await one<string>(sql`SELECT departure::text FROM reservation WHERE id = ${stay.id}`);
    expect(out.cards[0].valid_to).toBe(`${departure}T12:00`);
    first = out.cards[0].card_no;
    const written = JSON.parse(fs.readFileSync(keyFile(first), 'utf8'));
    expect(written).toMatchObject({
      action: 'encode',
      room: stay.room,
      reservation: stay.code,
      kind: 'new',
      validTo: `${departure}T12:00`,
    });
    expect(await one(sql`SELECT encoder || ':' || encoder_ref FROM key_card WHERE card_no = ${first}`)).toBe(`file:keys/GNB/${first}.json`);
  });

  it('adds a duplicate to the set, and a new set cancels every earlier card at the lock', async () => {
    const dup = await desk.post('/api/ops/frontoffice.keyDuplicate', { id: stay.id });
    expect(dup.statusCode, dup.body).toBe(200);
    expect(await one(sql`SELECT count(*)::int FROM key_card WHERE reservation_id = ${stay.id} AND status = 'active'`)).toBe(3);
    const fresh = await desk.post('/api/ops/frontoffice.keyIssue', { id: stay.id });
    expect(fresh.json()).toMatchObject({ count: 1, cancelled: 3 });
    expect(fs.existsSync(keyFile(first, '.cancel'))).toBe(true);
    expect(await one(sql`SELECT count(*)::int FROM key_card WHERE reservation_id = ${stay.id}`)).toBe(4);
  });

  it('cancels one lost card with a reason, once', async () => {
    const card = await one(sql`SELECT id FROM key_card WHERE reservation_id = ${stay.id} AND status = 'active'`);
    expect((await desk.post('/api/ops/frontoffice.keyCancel', { id: card, reason: 'Lost at the pool' })).statusCode).toBe(200);
    expectApiError(await desk.post('/api/ops/frontoffice.keyCancel', { id: card, reason: 'Lost at the pool' }), 409);
  });

  it('refuses keys for a stay that is not in house', async () => {
    const out = await one(
      sql`SELECT v.id FROM reservation v JOIN branch b ON b.id = v.branch_id WHERE b.code = 'GNB' AND v.status = 'checked_out' LIMIT 1`,
    );
    expectApiError(await desk.post('/api/ops/frontoffice.keyIssue', { id: out }), 400);
  });
});

describe('the lock test', () => {
  it('encodes a test card for a room with no stay, opening the door for 15 minutes, kept in the key log and cancellable', async () => {
    const room = await one(sql`SELECT r.id FROM room r JOIN branch b ON b.id = r.branch_id WHERE b.code = 'GNB' AND r.code = ${stay.room}`);
    const res = await desk.post('/api/ops/frontoffice.keyTest', { id: room });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({ room: stay.room, encoder: 'file', card_no: expect.stringMatching(/^K\d+$/) });
    const card = (
      await sql<{ kind: string; reservation_id: number | null; minutes: number; status: string }>`
        SELECT kind, reservation_id, extract(epoch FROM valid_to - valid_from)::int / 60 AS minutes, status FROM key_card WHERE card_no = ${out.card_no}`.execute(
        db,
      )
    ).rows[0];
    expect(card).toEqual({ kind: 'test', reservation_id: null, minutes: 15, status: 'active' });
    expect(JSON.parse(fs.readFileSync(keyFile(out.card_no), 'utf8'))).toMatchObject({
      action: 'encode',
      kind: 'test',
      room: stay.room,
      guest: 'TEST',
      reservation: '',
      validTo: out.valid_to,
    });
    // the doors' list shows the test and who made it
    const lock = (await desk.get(`/api/data/frontoffice/room-lock/${room}`)).json();
    expect(lock).toMatchObject({ code: stay.room, last_test_by: expect.any(Number) });
    expect(lock.active_cards).toBeGreaterThanOrEqual(1);
    const id = await one(sql`SELECT id FROM key_card WHERE card_no = ${out.card_no}`);
    expect((await desk.post('/api/ops/frontoffice.keyCancel', { id, reason: 'Door opened, test done' })).statusCode).toBe(200);
    expect(fs.existsSync(keyFile(out.card_no, '.cancel'))).toBe(true);
  });

  it('refuses a room that does not exist, and an attendant without the right to make keys', async () => {
    expectApiError(await desk.post('/api/ops/frontoffice.keyTest', { id: 999999 }), 404);
    const made = await t.login('housekeeping');
    const room = await one(sql`SELECT r.id FROM room r JOIN branch b ON b.id = r.branch_id WHERE b.code = 'GNB' LIMIT 1`);
    expectApiError(await made.post('/api/ops/frontoffice.keyTest', { id: room }), 403);
  });
});

describe('items lent to guests', () => {
  let iron: number;
  it('lends the only iron, and refuses a second while it is out', async () => {
    const item = await desk.post('/api/data/frontoffice/loan', { code: 'STEAMER', name: 'Setrika uap', deposit: '350000', stock: 1 });
    expect(item.statusCode, item.body).toBe(201);
    const lent = await desk.post('/api/data/frontoffice/loan-order', { reservation_id: stay.id, loan_item_id: item.json().id });
    expect(lent.statusCode, lent.body).toBe(201);
    expect(lent.json()).toMatchObject({ status: 'out', lent_on: '2026-11-23' });
    iron = lent.json().id;
    expectApiError(await desk.post('/api/data/frontoffice/loan-order', { reservation_id: stay.id, loan_item_id: item.json().id }), 409, {
      message: /Only 0 of Setrika uap/,
    });
  });

  it('charges the iron not returned to the folio at its deposit value, 350.000 ++', async () => {
    const mini = await one(sql`SELECT a.id FROM fo_article a JOIN branch b ON b.id = a.branch_id WHERE b.code = 'GNB' AND a.code = 'LATE'`);
    const res = await desk.post('/api/ops/frontoffice.loanCharge', { id: iron, fo_article_id: mini });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'charged', amount: '423500' });
    expect(await one(sql`SELECT description FROM folio_line WHERE id = ${res.json().line_id}`)).toBe('Setrika uap (not returned)');
    expectApiError(await desk.post('/api/ops/frontoffice.loanReturn', { id: iron }), 409);
  });
});

describe('items lent to rooms, seen from housekeeping', () => {
  it("lets the attendant list what is out in the rooms and take an adaptor back, without the stay's own papers", async () => {
    const item = await desk.post('/api/data/frontoffice/loan', {
      code: 'ADAPTOR-UK',
      name: 'Adaptor colokan UK',
      deposit: '75000',
      stock: 4,
    });
    expect(item.statusCode, item.body).toBe(201);
    const lent = await desk.post('/api/data/frontoffice/loan-order', { reservation_id: stay.id, loan_item_id: item.json().id });
    expect(lent.statusCode, lent.body).toBe(201);
    const made = await t.login('housekeeping');
    const out = encodeURIComponent(JSON.stringify({ status: { op: 'eq', value: 'out' } }));
    const list = await made.get(`/api/data/frontoffice/loan-order?limit=50&filter=${out}`);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().rows.find((r: { id: number }) => r.id === lent.json().id);
    // the stay is named with its room, which is what the attendant walks to
    expect(row._refs.reservation_id).toContain(` · ${stay.room} · `);
    const back = await made.post('/api/ops/frontoffice.loanReturn', { id: lent.json().id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'returned' });
    expectApiError(await made.get(`/api/frontoffice/reservation/${stay.id}/registration-card`), 403);
  });
});
