import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { runFlow, startFlow } from '../../support/flows.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';
import { postRoomCharges } from '../../../server/domain/frontoffice/stay/roomCharges.js';

/**
 * The night audit of Nusantara Beach Resort Bali, a 16-room hotel set up by hand so every figure can be
 * worked out on paper: two rooms sold (one room only at 1.500.000 ++, one with breakfast for two at
 * 2.000.000 ++), a complimentary room (by its segment), a house-use room (by its rate), a guaranteed arrival that never came, a room out of
 * order, and a guest due out who is still in house.
 */
let t: TestApp;
let db: Db;
let admin: ApiClient;
let branch: number;
const id: Record<string, number> = {};

const one = async <T = number>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await q.execute(db)).rows[0] as object)[0] as T;
const code = (table: string, c: string) => one(sql`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${branch} AND code = ${c}`);

async function walkIn(room: string, rate: number, adults: number, name: string, idNumber: string, override?: string) {
  const res = await admin.post('/api/ops/frontoffice.walkIn', {
    guest: { name, nationality: 'ID', id_type_id: id.KTP, id_number: idNumber },
    room_id: await code('room', room),
    departure: '2026-11-25',
    adults,
    rate_code_id: rate,
    guarantee: { pay_article_id: id.VISA, card_last4: '5106' },
    ...(override ? { rate_override: override, rate_override_reason: 'Owner’s guest, no charge' } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

const journalsBalanced = () =>
  one<number>(
    sql`SELECT count(*)::int FROM (SELECT journal_id FROM gl_journal_line GROUP BY journal_id HAVING sum(debit) <> sum(credit)) x`,
  );
const guestLedgerTies = async () =>
  expect(
    await one<string>(sql`
      SELECT coalesce(sum(l.debit - l.credit), 0)::text FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.branch_id = ${branch} AND a.code = '1202.01'`),
  ).toBe(await one<string>(sql`SELECT coalesce(sum(balance), 0)::text FROM folio_balance WHERE branch_id = ${branch} AND status = 'open'`));

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  admin = await t.login('admin');
  branch = await one(sql`SELECT id FROM branch WHERE code = 'NBR'`);
  admin.branchId = branch;
  id.KTP = await code('guest_identity', 'KTP');
  id.VISA = await code('pay_article', 'VISA');
  const ts = await code('tax_service', 'TS21');
  const rate = async (c: string, type: string, price: number, arrangement: string) =>
    one(sql`
      INSERT INTO rate_code (branch_id, code, name, room_type_id, tax_service_id, arrangement_id, valid_from, valid_to, weekday_price, weekend_price)
      VALUES (${branch}, ${c}, ${c}, ${await code('room_type', type)}, ${ts}, ${await code('arrangement', arrangement)}, '2026-01-01', '2027-12-31', ${price}, ${price})
      RETURNING id`);
  id.RO = await rate('RO-DLX', 'DLX', 1500000, 'RO');
  id.BB = await rate('BB-OCN', 'OCN', 2000000, 'RB');
  // a house-use rate with a price on it: its room is occupied, never charged, whatever the segment
  id.HU = await rate('HU-DLX', 'DLX', 1500000, 'RO');
  await sql`UPDATE rate_code SET usage = 'house_use' WHERE id = ${id.HU}`.execute(db);
  await sql`UPDATE room SET hk_status = 'out_of_order', ooo_from = '2026-11-22', ooo_to = '2026-11-26', ooo_reason = 'Roof leak'
             WHERE branch_id = ${branch} AND code = '102'`.execute(db);

  id.sold1 = await walkIn('101', id.RO, 2, 'Kadek Ayu Lestari', '5171014407900001');
  id.sold2 = await walkIn('201', id.BB, 2, 'Wayan Sudirta', '5171010112850002');
  id.comp = await walkIn('103', id.RO, 1, 'Ketut Arsana', '5171011503800003', '0');
  id.house = await walkIn('104', id.HU, 1, 'Nyoman Suarta', '5171012002780004');
  await sql`UPDATE reservation SET segment_id = ${await code('segment', 'COMP')} WHERE id = ${id.comp}`.execute(db);

  const guest = await one(sql`INSERT INTO guest (branch_id, name, nationality) VALUES (${branch}, 'Made Wirawan', 'ID') RETURNING id`);
  // a guaranteed booking arriving today that never comes
  id.noShow = await one(sql`
    INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, rate_code_id, adults, status, reserve_type_id)
    VALUES (${branch}, 'NBR-NS1', ${guest}, ${BUSINESS_DATE}, '2026-11-25', ${await code('room_type', 'DLX')}, ${await code('room', '105')}, ${id.RO}, 2,
            'confirmed', ${await code('reserve_type', 'GTD')}) RETURNING id`);
  // the general cashier went home without closing her shift: 750.000 float in the box, nothing counted
  id.shift = await one(sql`
    INSERT INTO gc_shift (branch_id, user_id, business_date, cash_account_id, opening_float)
    VALUES (${branch}, (SELECT id FROM app_user WHERE username = 'admin'), ${BUSINESS_DATE},
            (SELECT id FROM gl_account WHERE branch_id = ${branch} AND code = '1101.01'), 750000) RETURNING id`);
  // in house since yesterday and due out today
  id.dueOut = await one(sql`
    INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, rate_code_id, adults, status)
    VALUES (${branch}, 'NBR-DO1', ${guest}, '2026-11-22', ${BUSINESS_DATE}, ${await code('room_type', 'DLX')}, ${await code('room', '106')}, ${id.RO}, 1,
            'in_house') RETURNING id`);
});
afterAll(() => t.close());

describe('the night audit of a 16-room hotel', () => {
  it('stops at the checks while a guest due out is still in house, posting nothing', async () => {
    const run = await runFlow(admin, 'night-audit-run', {});
    expect(run.status).toBe('failed');
    expect(JSON.stringify(run.error)).toMatch(/NBR-DO1 \(106\)/);
    expect(await one(sql`SELECT count(*)::int FROM folio_line WHERE branch_id = ${branch} AND night IS NOT NULL`)).toBe(0);
    expect(await one(sql`SELECT business_date::text FROM hotel_setup WHERE branch_id = ${branch}`)).toBe(BUSINESS_DATE);
  });

  it('refuses an override from a user without the override right', async () => {
    const desk = await t.login('frontdesk');
    desk.branchId = branch;
    const res = await startFlow(desk, 'night-audit-run', { override_reason: 'Guest staying, folio settled tomorrow' });
    expect([401, 403]).toContain(res.statusCode);
  });

  it('closes the day once the guest is checked out: charges, no-show, statistics as worked out by hand, a new date', async () => {
    const version = await one(sql`SELECT version FROM reservation WHERE id = ${id.dueOut}`);
    const out = await admin.post('/api/ops/frontoffice.checkOut', { id: id.dueOut, version });
    expect(out.statusCode, out.body).toBe(200);

    const run = await runFlow(admin, 'night-audit-run', { business_date: BUSINESS_DATE });
    expect(run.status, JSON.stringify(run)).toBe('done');
    expect(run.output).toMatchObject({
      business_date: BUSINESS_DATE,
      new_date: '2026-11-24',
      charged: 2,
      charged_total: '4235000',
      no_shows: 1,
      shifts_closed: 1,
    });
    // the forgotten shift is closed as expected, with no count, naming the run; the audit log says so
    const shift = (
      await sql<Record<string, unknown>>`
      SELECT status, expected::text, counted, closed_by_run FROM gc_shift WHERE id = ${id.shift}`.execute(db)
    ).rows[0];
    expect(shift).toEqual({ status: 'closed', expected: '750000.00', counted: null, closed_by_run: expect.anything() });
    expect(shift.closed_by_run).toBe(run.id);
    expect(
      await one(
        sql`SELECT summary FROM audit_log WHERE entity = 'night-audit' AND action = 'close-shift' AND entity_id = ${String(run.id)}`,
      ),
    ).toMatch(/closed, not counted; expected 750000\.00/);

    const { rows: charges } = await sql<{ code: string; article: string; base: string; amount: string }>`
      SELECT v.code, a.code AS article, l.base::text, l.amount::text FROM folio_line l
        JOIN reservation v ON v.branch_id = l.branch_id AND v.id = l.reservation_id JOIN fo_article a ON a.branch_id = l.branch_id AND a.id = l.fo_article_id
       WHERE l.branch_id = ${branch} AND l.kind = 'charge' ORDER BY v.id, l.id`.execute(db);
    expect(charges.map((c) => [c.article, c.base, c.amount])).toEqual([
      // 1.500.000 ++ room only
      ['RM', '1500000.00', '1815000.00'],
      // 2.000.000 ++ with breakfast for two: 250.000 of the base is F&B
      ['RM', '1750000.00', '2117500.00'],
      ['BF', '250000.00', '302500.00'],
      // the guaranteed no-show pays its first night
      ['RM', '1500000.00', '1815000.00'],
    ]);

    const stats = await sql<Record<string, unknown>>`SELECT * FROM night_audit_day WHERE branch_id = ${branch}`.execute(db);
    expect(stats.rows[0]).toMatchObject({
      business_date: expect.anything(),
      ooo_excluded: false,
      rooms_total: 16,
      rooms_out_of_order: 1,
      rooms_available: 16,
      rooms_sold: 2,
      rooms_complimentary: 1,
      rooms_house_use: 1,
      no_shows: 1,
      arrivals: 4,
      departures: 1,
      guests: 6,
      // 2 ÷ 16 and (2 + 1) ÷ 16
      occupancy_pct: '12.50',
      occupancy_with_comp_pct: '18.75',
      // 1.500.000 + 1.750.000 + the no-show's 1.500.000 (USALI: a no-show fee is room revenue)
      room_revenue: '4750000.00',
      adr: '2375000.00',
      revpar: '296875.00',
    });
    const { rows: revenue } = await sql<{ department: string; base: string }>`
      SELECT department, base::text FROM night_audit_revenue WHERE branch_id = ${branch} ORDER BY department`.execute(db);
    expect(revenue.map((r) => r.base)).toEqual(expect.arrayContaining(['250000.00', '4750000.00']));
    expect(await one(sql`SELECT status FROM reservation WHERE id = ${id.noShow}`)).toBe('no_show');
    expect(await one(sql`SELECT business_date::text FROM hotel_setup WHERE branch_id = ${branch}`)).toBe('2026-11-24');
    // the new day: every occupied room needs service again, logged as the night audit's doing
    expect(
      await one(sql`SELECT count(*)::int FROM room r WHERE r.branch_id = ${branch} AND r.hk_status = 'occupied_clean'
                      AND EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id AND v.status = 'in_house')`),
    ).toBe(0);
    expect(
      await one(
        sql`SELECT count(*)::int FROM room_status_log WHERE branch_id = ${branch} AND source = 'night_audit' AND to_status = 'occupied_dirty'`,
      ),
    ).toBeGreaterThan(0);
    expect(await journalsBalanced()).toBe(0);
    await guestLedgerTies();
  });

  it('shows the closed day in the daily revenue report and the daily operations report', async () => {
    const drr = (await admin.get(`/api/reports/drr?date=${BUSINESS_DATE}`)).json();
    expect(drr.rows.map((r: { base: string; total: string }) => [r.base, r.total])).toEqual(
      expect.arrayContaining([
        ['250000.00', '302500.00'],
        ['4750000.00', '5747500.00'],
      ]),
    );
    const ops = (await admin.get(`/api/reports/daily-operation?date_from=${BUSINESS_DATE}&date_to=${BUSINESS_DATE}`)).json();
    expect(ops.rows[0]).toMatchObject({ rooms_sold: 2, occupancy_pct: '12.50', adr: '2375000.00', revpar: '296875.00' });
    const production = (await admin.get(`/api/reports/roomproduction?date_from=${BUSINESS_DATE}&date_to=${BUSINESS_DATE}`)).json();
    expect(
      production.rows.map((r: { rate_code: string; room_nights: number; room_revenue: string }) => [
        r.rate_code,
        r.room_nights,
        r.room_revenue,
      ]),
    ).toEqual([
      // the no-show's fee is room revenue, but no room night
      ['RO-DLX', 1, '3000000.00'],
      ['BB-OCN', 1, '1750000.00'],
    ]);
  });

  it('refuses to run the closed day again, and posts nothing', async () => {
    const lines = await one(sql`SELECT count(*)::int FROM folio_line WHERE branch_id = ${branch}`);
    const res = await startFlow(admin, 'night-audit-run', { business_date: BUSINESS_DATE });
    expectApiError(res, 409, { message: /24\/11\/2026.*23\/11\/2026 is already closed/ });
    expect(await one(sql`SELECT count(*)::int FROM folio_line WHERE branch_id = ${branch}`)).toBe(lines);
  });

  it('dates a charge made after the roll on the new business day; the closed night can no longer be charged', async () => {
    const folio = await one(sql`SELECT id FROM folio WHERE reservation_id = ${id.sold1} AND window_no = 1`);
    const res = await admin.post('/api/ops/frontoffice.folioCharge', {
      id: folio,
      fo_article_id: await code('fo_article', 'MINI'),
      unit_price: '50.000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await one(sql`SELECT business_date::text FROM folio_line WHERE id = ${res.json().id}`)).toBe('2026-11-24');
    const closed = await db
      .transaction()
      .execute((trx) => postRoomCharges(trx, branch, null, BUSINESS_DATE))
      .catch((e: unknown) => e);
    expect(closed).toMatchObject({ status: 409, key: 'gl.dayClosed' });
  });
  it('kept the report set as the auditor saw it: a correction posted after the audit changes the live guest ledger, never the kept one', async () => {
    const list = await admin.get(`/api/frontoffice/night-audit/reports?from=${BUSINESS_DATE}&to=${BUSINESS_DATE}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { code: string }) => r.code)).toEqual([
      'daily-operation',
      'drr',
      'roomproduction',
      'revenue-trans',
      'guest-ledger',
    ]);
    const kept = async (code: string) => {
      const res = await admin.get(`/api/frontoffice/night-audit/reports/${BUSINESS_DATE}/${code}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const ledgerBefore = await kept('guest-ledger');
    const drrBefore = await kept('drr');
    expect(drrBefore.rows.map((r: { base: string }) => r.base)).toEqual(expect.arrayContaining(['250000.00', '4750000.00']));

    // the breakfast of room 201 was not taken: reversed the next day, with a reason
    const breakfast = await one(sql`
      SELECT l.id FROM folio_line l JOIN fo_article a ON a.branch_id = l.branch_id AND a.id = l.fo_article_id
       WHERE l.reservation_id = ${id.sold2} AND a.code = 'BF' AND l.kind = 'charge'`);
    const corrected = await admin.post('/api/ops/frontoffice.folioCorrect', {
      id: breakfast,
      reason: 'Breakfast not taken, guest left early',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const live = (await admin.get('/api/reports/guest-ledger')).json();
    expect(live.grandTotals.balance).not.toBe(ledgerBefore.grandTotals.balance);

    const ledgerAfter = await kept('guest-ledger');
    expect(ledgerAfter.rows).toEqual(ledgerBefore.rows);
    expect(ledgerAfter.grandTotals).toEqual(ledgerBefore.grandTotals);
    expect(ledgerAfter.kept_at).toBe(ledgerBefore.kept_at);
    expect((await kept('drr')).rows).toEqual(drrBefore.rows);
    // the kept set is append-only in the database
    await expect(sql`UPDATE night_audit_report SET row_count = 0 WHERE branch_id = ${branch}`.execute(db)).rejects.toThrow();
  });
});
