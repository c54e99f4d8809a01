import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

/**
 * The reservation screen's summary and history at Grand Nusantara Bandung: a Deluxe stay on BAR for
 * Putu Ayu Wulandari, 08–11/03/2027, a deposit of Rp 1.500.000, cancelled and reinstated.
 */
let t: TestApp;
let desk: ApiClient;
let housekeeping: ApiClient;
const ids: Record<string, number> = {};
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const STAY = { arrival: '2027-03-08', departure: '2027-03-11' };

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  housekeeping = await t.login('housekeeping');
  const first = async (entity: string, filter: Record<string, unknown>) =>
    (await desk.get(`/api/data/${entity}?limit=1&sort=code&filter=${q(filter)}`)).json().rows[0].id as number;
  ids.DLX = await first('frontoffice/room-type', { code: { op: 'eq', value: 'DLX' } });
  ids.bar = await first('frontoffice/rate-code', { code: { op: 'eq', value: 'BAR' }, room_type_id: { op: 'eq', value: ids.DLX } });
  ids.reason = await first('frontoffice/rsv-reason-cancel', {});
  ids.transfer = await first('system/pay-article', { code: { op: 'eq', value: 'TRBCA' } });
  const booked = await desk.post('/api/ops/frontoffice.book', {
    ...STAY,
    adults: 2,
    room_type_id: ids.DLX,
    rate_code_id: ids.bar,
    guest: { name: 'Putu Ayu Wulandari', phone: '+62 813 3711 2040' },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  ids.stay = booked.json().id;
});
afterAll(() => t?.close());

const summary = async (c: ApiClient = desk) => c.get(`/api/frontoffice/reservation/${ids.stay}/summary`);

describe('the summary header', () => {
  it('shows the guest, the stay, the rate and the total as look to book priced it, with deposits and what is left to pay', async () => {
    const price = (await desk.get(`/api/frontoffice/price?rateCode=${ids.bar}&from=${STAY.arrival}&to=${STAY.departure}&adults=2`)).json();
    const before = (await summary()).json();
    expect(before).toMatchObject({
      status: 'confirmed',
      guest: { name: 'Putu Ayu Wulandari' },
      arrival: STAY.arrival,
      departure: STAY.departure,
      nights: 3,
      rateCode: 'BAR',
      stayTotal: price.totals.total,
      deposits: '0',
      balance: price.totals.total,
    });
    const deposit = await desk.post('/api/ops/frontoffice.depositAdd', {
      id: ids.stay,
      amount: '1.500.000',
      pay_article_id: ids.transfer,
      receipt_no: 'DP-2027-0308',
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    const after = (await summary()).json();
    expect(after.deposits).toBe('1500000');
    expect(after.balance).toBe(String(Number(price.totals.total) - 1_500_000));
  });

  it('is refused to whoever may not view reservations, and answers 404 for a number that is not this property’s', async () => {
    expectApiError(await summary(housekeeping), 403);
    expectApiError(await desk.get('/api/frontoffice/reservation/999999999/summary'), 404);
    expectApiError(await desk.get('/api/frontoffice/reservation/999999999/history'), 404);
  });
});

describe('the history tab', () => {
  it('lists the booking, the deposit, the cancellation and the reinstatement of this stay only, newest first, with who did it', async () => {
    const r = (await summary()).json();
    const cancelled = await desk.post('/api/ops/frontoffice.reservationCancel', {
      id: ids.stay,
      version: r.version,
      reason_id: ids.reason,
      note: 'Flight moved',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await desk.post('/api/ops/frontoffice.reservationReinstate', { id: ids.stay, version: r.version + 1 })).statusCode).toBe(200);
    const res = await desk.get(`/api/frontoffice/reservation/${ids.stay}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { action: string; username: string; after: Record<string, unknown> | null }[];
    expect(rows.map((x) => x.action)).toEqual([
      'frontoffice.reservationReinstate',
      'frontoffice.reservationCancel',
      'frontoffice.depositAdd',
      'create',
    ]);
    expect(rows.every((x) => x.username === 'frontdesk')).toBe(true);
    expect(rows[1].after).toMatchObject({ note: 'Flight moved' });
  });
});
