import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import crypto from 'node:crypto';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

/**
 * Idempotency keys: the same command replayed with its key — a retry after a lost answer, a double click —
 * has one effect and gets the first answer back. Commands that move money (deposits today, folio postings
 * later: an op declares idempotencyKey 'required' in server/ops) are refused without a key.
 */
let t: TestApp;
let desk: ApiClient;
const ids: Record<string, number> = {};

const one = async (client: ApiClient, entity: string, q: string) =>
  (await client.get(`/api/data/${entity}?q=${encodeURIComponent(q)}&limit=1`)).json().rows[0];

async function booking(arrival: string, departure: string) {
  const res = await desk.post('/api/data/frontoffice/reservation', {
    guest_id: ids.guest,
    room_type_id: ids.DLX,
    adults: 2,
    status: 'confirmed',
    arrival,
    departure,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const depositsOf = async (reservationId: number) =>
  (
    await sql<{ n: number; total: string }>`
      SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total FROM reservation_deposit WHERE reservation_id = ${reservationId}`.execute(
      t.database.db,
    )
  ).rows[0];

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  ids.DLX = (await one(desk, 'frontoffice/room-type', 'DLX')).id;
  ids.guest = (await desk.post('/api/data/frontoffice/guest', { name: 'Rahmat Hidayat', nationality: 'ID' })).json().id;
  ids.cash = (await one(desk, 'system/pay-article', 'TRBCA')).id;
  ids.reason = (await one(desk, 'frontoffice/rsv-reason-cancel', 'PLAN')).id;
});
afterAll(() => t.close());

describe('a deposit sent ten times with one key', () => {
  it('is refused without a key: a retry could post it twice', async () => {
    const r = await booking('2027-05-01', '2027-05-03');
    // straight to the server, without the key the test client adds to every command
    const res = (await t.app.inject({
      method: 'POST',
      url: '/api/ops/frontoffice.depositAdd',
      payload: { id: r.id, amount: '1.500.000', pay_article_id: ids.cash, receipt_no: 'DP-7001' },
      headers: { cookie: desk.cookie!, 'x-csrf-token': desk.csrf! },
    })) as Response;
    expectApiError(res, 400, { message: /Idempotency-Key/ });
    expect((await depositsOf(r.id)).n).toBe(0);
  });

  it('one after the other: one deposit, the same answer ten times', async () => {
    const r = await booking('2027-05-04', '2027-05-06');
    const key = crypto.randomUUID();
    const answers = [];
    for (let i = 0; i < 10; i++) {
      answers.push(
        await desk.post(
          '/api/ops/frontoffice.depositAdd',
          { id: r.id, amount: '2.500.000', pay_article_id: ids.cash, receipt_no: 'DP-7002' },
          { 'idempotency-key': key },
        ),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await depositsOf(r.id)).toEqual({ n: 1, total: '2500000.00' });
  });

  it('all at once: one deposit', async () => {
    const r = await booking('2027-05-07', '2027-05-09');
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        desk.post(
          '/api/ops/frontoffice.depositAdd',
          { id: r.id, amount: '750000', pay_article_id: ids.cash, receipt_no: 'DP-7003' },
          { 'idempotency-key': key },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await depositsOf(r.id)).toEqual({ n: 1, total: '750000.00' });
  });

  it('refuses the key reused for another request, and a malformed key', async () => {
    const r = await booking('2027-05-10', '2027-05-12');
    const key = crypto.randomUUID();
    const body = { id: r.id, amount: '100000', pay_article_id: ids.cash, receipt_no: 'DP-7004' };
    expect((await desk.post('/api/ops/frontoffice.depositAdd', body, { 'idempotency-key': key })).statusCode).toBe(200);
    expectApiError(await desk.post('/api/ops/frontoffice.depositAdd', { ...body, amount: '900000' }, { 'idempotency-key': key }), 409);
    expectApiError(await desk.post('/api/ops/frontoffice.depositAdd', body, { 'idempotency-key': 'x' }), 400);
    expect(await depositsOf(r.id)).toEqual({ n: 1, total: '100000.00' });
  });
});

describe('other commands replayed ten times with one key', () => {
  it('reverse a deposit once', async () => {
    const r = await booking('2027-05-13', '2027-05-15');
    const dp = (
      await desk.post('/api/ops/frontoffice.depositAdd', { id: r.id, amount: '300000', pay_article_id: ids.cash, receipt_no: 'DP-7005' })
    ).json();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        desk.post('/api/ops/frontoffice.depositReverse', { id: dp.id, note: 'Tamu membatalkan' }, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await depositsOf(r.id)).toEqual({ n: 2, total: '0.00' });
  });

  it('cancel a reservation once: one cancellation in the audit log', async () => {
    const r = await booking('2027-05-16', '2027-05-18');
    const key = crypto.randomUUID();
    for (let i = 0; i < 10; i++) {
      const res = await desk.post(
        '/api/ops/frontoffice.reservationCancel',
        { id: r.id, version: r.version, reason_id: ids.reason, note: 'Rapat diundur' },
        { 'idempotency-key': key },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_log WHERE action = 'frontoffice.reservationCancel' AND entity_id = ${String(r.id)}`.execute(
      t.database.db,
    );
    expect(rows[0].n).toBe(1);
  });
});
