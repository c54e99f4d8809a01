import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * Walk-ins at the Grand Nusantara Bandung, as the walk-in screen sends them: one command makes (or completes)
 * the profile, books tonight, takes the money at the desk as a deposit applied to the new folio and checks in —
 * or, refused, leaves nothing behind.
 */
let t: TestApp;
let db: Db;
let desk: ApiClient;
let branch: number;
const id: Record<string, number> = {};

const one = async <T = number>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await q.execute(db)).rows[0] as object)[0] as T;
const count = (table: string) => one<number>(sql`SELECT count(*)::int FROM ${sql.table(table)} WHERE branch_id = ${branch}`);
/** cash (1101.01), guest ledger (1202.01) and deposits ledger (2105.01) as debit less credit */
async function ledgers() {
  const { rows } = await sql<{ code: string; amount: string }>`
    SELECT a.code, coalesce(sum(l.debit - l.credit), 0)::text AS amount FROM gl_account a
      LEFT JOIN gl_journal_line l ON l.branch_id = a.branch_id AND l.account_id = a.id
     WHERE a.branch_id = ${branch} AND a.code IN ('1101.01', '1202.01', '2105.01') GROUP BY a.code`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.code, r.amount]));
}
const plus = (a: string, b: string) => new Decimal(a).plus(b).toFixed(2);
const walkIn = (body: Record<string, unknown>) => desk.post('/api/ops/frontoffice.walkIn', body);

/** four rooms of one type free tonight and tomorrow, with the type's rack rate */
async function freeRooms() {
  const { rows } = await sql<{ id: number; rate: number }>`
    SELECT r.id, rc.id AS rate FROM room r JOIN rate_code rc ON rc.branch_id = r.branch_id AND rc.room_type_id = r.room_type_id AND rc.code = 'RACK'
     WHERE r.branch_id = ${branch} AND r.hk_status NOT IN ('out_of_order', 'occupied_clean', 'occupied_dirty') AND r.active
       AND NOT EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id
                         AND v.status IN ('tentative', 'confirmed', 'in_house') AND v.departure > ${BUSINESS_DATE}::date AND v.arrival < '2026-11-26')
     ORDER BY rc.id, r.code`.execute(db);
  const rate = rows[0].rate;
  return { rate, rooms: rows.filter((r) => r.rate === rate).map((r) => r.id) };
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  desk = await t.login('frontdesk');
  branch = await one(sql`SELECT id FROM branch WHERE code = 'GNB'`);
  desk.branchId = branch;
  const code = (table: string, c: string) => one(sql`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${branch} AND code = ${c}`);
  for (const c of ['CSH', 'VISA']) id[c] = await code('pay_article', c);
  id.KTP = await code('guest_identity', 'KTP');
  const free = await freeRooms();
  id.RACK = free.rate;
  free.rooms.slice(0, 4).forEach((room, i) => (id[`room${i}`] = room));
  // housekeeping has cleaned them for tonight's walk-ins
  await sql`UPDATE room SET hk_status = 'vacant_clean' WHERE id IN (${id.room0}, ${id.room1}, ${id.room2}, ${id.room3})`.execute(db);
});
afterAll(() => t.close());

describe('a walk-in from the walk-in screen', () => {
  it('makes the guest, books two nights, takes 2.662.000 in cash as a deposit applied to the folio and checks in', async () => {
    const before = await ledgers();
    const res = await walkIn({
      guest: { name: 'Yohanes Situmorang', nationality: 'ID', id_type_id: id.KTP, id_number: '1271041708790003', phone: '0812 6601 2245' },
      room_id: id.room0,
      departure: '2026-11-25',
      adults: 1,
      rate_code_id: id.RACK,
      deposit: { pay_article_id: id.CSH, amount: '2.662.000' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json();
    expect(done).toMatchObject({ status: 'in_house', deposit_applied: '2662000.00' });
    expect(await one(sql`SELECT receipt_no || ' ' || amount::text FROM reservation_deposit WHERE reservation_id = ${done.id}`)).toBe(
      `${done.code} 2662000.00`,
    );
    expect(await one(sql`SELECT balance::text FROM folio_balance WHERE id = ${done.folio_id}`)).toBe('-2662000.00');
    expect(
      await one(sql`SELECT walk_in::text || ' ' || hk_status FROM reservation v JOIN room r ON r.id = v.room_id WHERE v.id = ${done.id}`),
    ).toBe('true occupied_clean');
    // the cash is in the drawer's account, the deposits ledger is back where it was once applied, the guest ledger holds the credit
    expect(await ledgers()).toEqual({
      '1101.01': plus(before['1101.01'], '2662000'),
      '1202.01': plus(before['1202.01'], '-2662000'),
      '2105.01': plus(before['2105.01'], '0'),
    });
  });

  it('names the profile of the same name before making a second one, and makes one for the namesake once the desk confirms', async () => {
    const before = await count('guest');
    const body = {
      guest: { name: 'Yohanes Situmorang', nationality: 'ID', id_type_id: id.KTP, id_number: '3578100402660007' },
      room_id: id.room1,
      departure: '2026-11-24',
      adults: 1,
      rate_code_id: id.RACK,
      guarantee: { pay_article_id: id.VISA, card_last4: '7781' },
    };
    const res = await walkIn(body);
    expectApiError(res, 409, { message: /look like Yohanes Situmorang/ });
    expect(res.json().error.details.matches[0]).toMatchObject({ name: 'Yohanes Situmorang', same: expect.arrayContaining(['name']) });
    expect(await count('guest')).toBe(before);
    const confirmed = await walkIn({ ...body, new_guest_confirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await count('guest')).toBe(before + 1);
  });

  it('completes a profile picked without a document with the KTP seen at the desk, and checks in on a card guarantee', async () => {
    const guest = await one(sql`INSERT INTO guest (branch_id, name) VALUES (${branch}, 'Ratna Sari Dewi') RETURNING id`);
    const bare = {
      guest_id: guest,
      room_id: id.room2,
      departure: '2026-11-24',
      adults: 2,
      rate_code_id: id.RACK,
      guarantee: { pay_article_id: id.VISA, card_last4: '0452' },
    };
    expectApiError(await walkIn(bare), 400, { message: /registration of Ratna Sari Dewi is incomplete/ });
    const res = await walkIn({ ...bare, registration: { nationality: 'ID', id_type_id: id.KTP, id_number: '3174056304880001' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await one(sql`SELECT nationality || ' ' || id_number FROM guest WHERE id = ${guest}`)).toBe('ID 3174056304880001');
  });

  it('leaves no profile, booking, deposit or journal behind when the stay has neither deposit nor guarantee', async () => {
    const before = await Promise.all(['guest', 'reservation', 'reservation_deposit', 'gl_journal'].map(count));
    const res = await walkIn({
      guest: { name: 'Theresia Manurung', nationality: 'ID', id_type_id: id.KTP, id_number: '1207025511910004' },
      room_id: id.room3,
      departure: '2026-11-24',
      adults: 1,
      rate_code_id: id.RACK,
    });
    expectApiError(res, 409, { message: /no deposit and no guarantee/ });
    expect(await Promise.all(['guest', 'reservation', 'reservation_deposit', 'gl_journal'].map(count))).toEqual(before);
  });

  it('refuses a document for a new guest given the profile way, and a deposit of nothing', async () => {
    const base = { room_id: id.room3, departure: '2026-11-24', adults: 1, rate_code_id: id.RACK };
    expectApiError(
      await walkIn({
        ...base,
        guest: { name: 'Lina Marpaung', nationality: 'ID', id_type_id: id.KTP, id_number: '1207026602920005' },
        registration: { id_number: '1207026602920005' },
      }),
      400,
    );
    expectApiError(
      await walkIn({
        ...base,
        guest: { name: 'Lina Marpaung', nationality: 'ID', id_type_id: id.KTP, id_number: '1207026602920005' },
        deposit: { pay_article_id: id.CSH, amount: '0' },
      }),
      400,
    );
  });
});
