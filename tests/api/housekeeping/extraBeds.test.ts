import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * Baby cots at the Grand Nusantara Bandung over the long weekend of 10–13/02/2027: the property has three. The
 * Siregar family (three nights) takes two; the Tanjung family can then have only one, and only once the
 * Siregars' stay is cancelled do the cots come back. Housekeeping reads what is left night by night.
 */
let t: TestApp;
let db: Db;
let siti: ApiClient;
let branch: number;
let cot: number;
const stays: Record<string, number> = {};

const book = (body: Record<string, unknown>) => siti.post('/api/data/housekeeping/extra-bed', { other_loan_item_id: cot, ...body });
const availability = async (who: ApiClient, from: string, to: string) => {
  const res = await who.get(`/api/reports/hk-extra-bed-availability?date_from=${from}&date_to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .rows.filter((r: { extra_bed: string }) => r.extra_bed.startsWith('BABY'))
    .map((r: { night: string; booked: number; available: number }) => [r.night, Number(r.booked), Number(r.available)]);
};

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  siti = await t.login('frontdesk');
  branch = Number((await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id);
  siti.branchId = branch;
  cot = Number(
    (await sql<{ id: number }>`SELECT id FROM other_loan_item WHERE branch_id = ${branch} AND code = 'BABY'`.execute(db)).rows[0].id,
  );
  const item = await siti.get(`/api/data/frontoffice/otherloan/${cot}`);
  expect((await siti.patch(`/api/data/frontoffice/otherloan/${cot}`, { version: item.json().version, stock: 3 })).statusCode).toBe(200);
  for (const [code, name] of [
    ['XB-SRG', 'Keluarga Siregar'],
    ['XB-TJG', 'Keluarga Tanjung'],
  ]) {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, status)
      SELECT ${branch}, ${code}, (SELECT id FROM guest WHERE branch_id = ${branch} ORDER BY id LIMIT 1), date '2027-02-10', date '2027-02-13',
             (SELECT id FROM room_type WHERE branch_id = ${branch} AND code = 'DLX'), 'confirmed'
      RETURNING id`.execute(db);
    stays[name] = Number(rows[0].id);
  }
});
afterAll(() => t?.close());

describe('extra beds and cots booked on stays', () => {
  it('books two cots for every night of the Siregars’ stay when no nights are named', async () => {
    const res = await book({ reservation_id: stays['Keluarga Siregar'], quantity: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ first_night: '2027-02-10', last_night: '2027-02-12', quantity: 2 });
  });

  it('refuses the Tanjungs two more, naming the first full night and what is left', async () => {
    expectApiError(await book({ reservation_id: stays['Keluarga Tanjung'], quantity: 2 }), 409, {
      message: 'Only 1 Baby cot left on the night of 10/02/2027',
    });
    expectApiError(await book({ reservation_id: stays['Keluarga Tanjung'], first_night: '2027-02-09', last_night: '2027-02-12' }), 400);
  });

  it('gives the Tanjungs the last cot for their last night; housekeeping reads the nights, a cashier may not', async () => {
    const res = await book({ reservation_id: stays['Keluarga Tanjung'], first_night: '2027-02-12', last_night: '2027-02-12' });
    expect(res.statusCode, res.body).toBe(201);
    const made = await t.login('housekeeping');
    made.branchId = branch;
    expect(await availability(made, '2027-02-10', '2027-02-13')).toEqual([
      ['2027-02-10', 2, 1],
      ['2027-02-11', 2, 1],
      ['2027-02-12', 3, 0],
      ['2027-02-13', 0, 3],
    ]);
    const dewi = await t.login('cashier');
    dewi.branchId = branch;
    expectApiError(await dewi.get('/api/reports/hk-extra-bed-availability?date_from=2027-02-10&date_to=2027-02-13'), 403);
    expectApiError(await made.get('/api/reports/hk-extra-bed-availability?date_from=2027-02-01&date_to=2027-05-01'), 400);
  });

  it('lets only one of two desks have the last cot when they book it at the same moment', async () => {
    const tries = await Promise.all([
      book({ reservation_id: stays['Keluarga Tanjung'], first_night: '2027-02-10', last_night: '2027-02-10' }),
      book({ reservation_id: stays['Keluarga Tanjung'], first_night: '2027-02-10', last_night: '2027-02-11' }),
    ]);
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('frees the Siregars’ cots when their stay is cancelled, and takes none for a cancelled stay', async () => {
    await sql`UPDATE reservation SET status = 'cancelled', cancelled_at = now() WHERE branch_id = ${branch} AND id = ${stays['Keluarga Siregar']}`.execute(
      db,
    );
    const res = await book({ reservation_id: stays['Keluarga Tanjung'], first_night: '2027-02-11', last_night: '2027-02-11', quantity: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expectApiError(await book({ reservation_id: stays['Keluarga Siregar'] }), 400, { message: /XB-SRG is cancelled or over/ });
  });
});
