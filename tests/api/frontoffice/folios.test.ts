import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import { postRoomCharges } from '../../../server/domain/frontoffice/stay/roomCharges.js';
import { HttpError } from '../../../server/http/errors.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The money side of a stay at the Grand Nusantara Bandung, to the rupiah: check-in applies the deposit, charges
 * split ++ and nett into base, 10 % service and 10 % PBJT, a breakfast rate gives its share to F&B, company
 * windows and routing, transfers, corrections as reversals, payments, and check-out only at a zero balance.
 * After every step the guest ledger in the general ledger equals the open folios.
 */
let t: TestApp;
let db: Db;
let desk: ApiClient;
let branch: number;
const id: Record<string, number> = {};
const stay: Record<string, { id: number; version: number; folio: number }> = {};

const one = async <T = number>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await q.execute(db)).rows[0] as object)[0] as T;
const ok = async (res: Awaited<ReturnType<ApiClient['post']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const op = (name: string, body: unknown, headers?: Record<string, string>) => desk.post(`/api/ops/frontoffice.${name}`, body, headers);

async function lines(folioId: number) {
  const { rows } = await sql<{ code: string; base: string; service: string; tax: string; amount: string; kind: string }>`
    SELECT coalesce(a.code, p.code) AS code, l.kind, l.base::text, l.service::text, l.tax::text, l.amount::text FROM folio_line l
      LEFT JOIN fo_article a ON a.branch_id = l.branch_id AND a.id = l.fo_article_id
      LEFT JOIN pay_article p ON p.branch_id = l.branch_id AND p.id = l.pay_article_id
     WHERE l.folio_id = ${folioId} ORDER BY l.id`.execute(db);
  return rows;
}
const balance = (folioId: number) => one<string>(sql`SELECT balance::text FROM folio_balance WHERE id = ${folioId}`);

/** Guest ledger (account 1202.01) per folio in the general ledger, against the folios' own balances. */
async function expectLedgerTies() {
  const { rows } = await sql<{ folio: number; ledger: string; folio_sum: string }>`
    WITH gl AS (
      SELECT l.subledger_id AS folio, sum(l.debit - l.credit) AS amount FROM gl_journal_line l
        JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.branch_id = ${branch} AND a.code = '1202.01' GROUP BY l.subledger_id),
    fo AS (SELECT folio_id AS folio, sum(amount) AS amount FROM folio_line WHERE branch_id = ${branch} GROUP BY folio_id)
    SELECT coalesce(gl.folio, fo.folio) AS folio, coalesce(gl.amount, 0)::text AS ledger, coalesce(fo.amount, 0)::text AS folio_sum
      FROM gl FULL JOIN fo ON fo.folio = gl.folio`.execute(db);
  for (const r of rows) expect(r.ledger, `folio ${r.folio}`).toBe(r.folio_sum);
  const total = await one<string>(sql`
    SELECT (SELECT coalesce(sum(l.debit - l.credit), 0) FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
             WHERE l.branch_id = ${branch} AND a.code = '1202.01')::text`);
  const open = await one<string>(
    sql`SELECT coalesce(sum(balance), 0)::text FROM folio_balance WHERE branch_id = ${branch} AND status = 'open'`,
  );
  expect(total).toBe(open);
  const unbalanced = await one<number>(sql`
    SELECT count(*)::int FROM (SELECT journal_id FROM gl_journal_line GROUP BY journal_id HAVING sum(debit) <> sum(credit)) x`);
  expect(unbalanced).toBe(0);
}

async function postNight(reservationIds: number[], night = BUSINESS_DATE) {
  return db.transaction().execute((trx) => postRoomCharges(trx, branch, null, night, reservationIds));
}

async function vacantRoom(type: string, skip: number, clean = true) {
  return one(sql`SELECT r.id FROM room r JOIN room_type t ON t.branch_id = r.branch_id AND t.id = r.room_type_id
                  WHERE r.branch_id = ${branch} AND t.code = ${type} AND (r.hk_status = 'vacant_clean' OR NOT ${clean}) AND r.hk_status <> 'out_of_order' AND r.active
                    AND NOT EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id
                                      AND v.status IN ('tentative', 'confirmed', 'in_house') AND v.departure > ${BUSINESS_DATE}::date AND v.arrival < '2026-11-26')
                  ORDER BY r.hk_status <> 'vacant_clean', r.code OFFSET ${skip} LIMIT 1`);
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  desk = await t.login('frontdesk');
  branch = await one(sql`SELECT id FROM branch WHERE code = 'GNB'`);
  desk.branchId = branch;
  const code = (table: string, c: string) => one(sql`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${branch} AND code = ${c}`);
  for (const c of ['MINI', 'LDRY', 'BF', 'RM']) id[c] = await code('fo_article', c);
  for (const c of ['VISA', 'CSH', 'CL', 'TRBCA']) id[c] = await code('pay_article', c);
  id.KTP = await code('guest_identity', 'KTP');
  id.DLX = await code('room_type', 'DLX');
  id.TS21N = await code('tax_service', 'TS21N');
  const rate = (c: string) => one(sql`SELECT id FROM rate_code WHERE branch_id = ${branch} AND code = ${c} AND room_type_id = ${id.DLX}`);
  id.RACK = await rate('RACK');
  id.BAR = await rate('BAR');
  id.room1 = await vacantRoom('DLX', 0);
  id.room2 = await vacantRoom('DLX', 1);
  id.dirty = await vacantRoom('DLX', 2, false);
  await sql`UPDATE room SET hk_status = 'vacant_dirty' WHERE id = ${id.dirty}`.execute(db);
  // laundry is sold at a nett price in this test: the guest pays the price, service and tax are inside it
  await sql`UPDATE fo_article SET tax_service_id = ${id.TS21N} WHERE id = ${id.LDRY}`.execute(db);
});
afterAll(() => t.close());

describe('check-in', () => {
  it('checks in a booking arriving today: the room occupied, folio window 1 opened, the deposit of 1.000.000 applied', async () => {
    const guest = await ok(
      await desk.post('/api/data/frontoffice/guest', {
        name: 'Dewi Anggraini',
        nationality: 'ID',
        id_type_id: id.KTP,
        id_number: '3273015508900002',
      }),
      201,
    );
    const booking = await ok(
      await desk.post('/api/data/frontoffice/reservation', {
        guest_id: guest.id,
        room_type_id: id.DLX,
        room_id: id.room1,
        rate_code_id: id.RACK,
        adults: 1,
        status: 'confirmed',
        arrival: BUSINESS_DATE,
        departure: '2026-11-25',
      }),
      201,
    );
    await ok(await op('depositAdd', { id: booking.id, amount: '1.000.000', pay_article_id: id.TRBCA, receipt_no: 'DP-2611-01' }));
    const version = (await desk.get(`/api/data/frontoffice/reservation/${booking.id}`)).json().version;
    const done = await ok(await op('checkIn', { id: booking.id, version }));
    expect(done).toMatchObject({ status: 'in_house', deposit_applied: '1000000.00' });
    stay.A = { id: booking.id, version: done.version, folio: done.folio_id };
    expect(await one(sql`SELECT hk_status FROM room WHERE id = ${id.room1}`)).toBe('occupied_clean');
    expect(await lines(done.folio_id)).toEqual([
      { code: 'DEP', kind: 'payment', base: '0.00', service: '0.00', tax: '0.00', amount: '-1000000.00' },
    ]);
    expect(await balance(done.folio_id)).toBe('-1000000.00');
    await expectLedgerTies();
  });

  it('refuses a room that is not clean unless overridden with a reason, and a check-in twice', async () => {
    const guest = await ok(
      await desk.post('/api/data/frontoffice/guest', {
        name: 'Bayu Pratama',
        nationality: 'ID',
        id_type_id: id.KTP,
        id_number: '3273011203880005',
      }),
      201,
    );
    const walkIn = {
      guest_id: guest.id,
      room_id: id.dirty,
      departure: '2026-11-24',
      adults: 1,
      rate_code_id: id.RACK,
      guarantee: { pay_article_id: id.VISA, card_last4: '4421' },
    };
    expectApiError(await op('walkIn', walkIn), 409, { message: /Room \d+ is Vacant dirty, not clean/ });
    expect(await one(sql`SELECT count(*)::int FROM reservation WHERE guest_id = ${guest.id}`)).toBe(0);
    const again = await op('checkIn', { id: stay.A.id, version: stay.A.version });
    expect(again.statusCode).toBe(400);
  });

  it('walks a guest in on a breakfast rate at an agreed nett price, guaranteed by a card kept as brand and last four', async () => {
    const done = await ok(
      await op('walkIn', {
        guest: { name: 'Hendra Wijaya', nationality: 'ID', id_type_id: id.KTP, id_number: '3578012309850003' },
        room_id: id.room2,
        departure: '2026-11-25',
        adults: 2,
        rate_code_id: id.BAR,
        rate_override: '1210000',
        rate_override_reason: 'Agreed with the sales manager for PT Telkom',
        company: 'PT Telkom Indonesia',
        guarantee: { pay_article_id: id.VISA, card_last4: '4421' },
      }),
    );
    stay.B = { id: done.id, version: done.version, folio: done.folio_id };
    expect(
      await one(sql`SELECT guarantee_card_last4 || ' ' || status || ' ' || walk_in::text FROM reservation WHERE id = ${done.id}`),
    ).toBe('4421 in_house true');
  });
});

describe('charges, ++ and nett', () => {
  it('posts a minibar charge of 250.000 ++ as 250.000 base, 25.000 service and 27.500 PBJT: 302.500', async () => {
    const res = await ok(await op('folioCharge', { id: stay.A.folio, fo_article_id: id.MINI, unit_price: '250.000' }));
    expect(res).toMatchObject({ base: '250000', service: '25000', tax: '27500', amount: '302500' });
    await expectLedgerTies();
  });

  it('posts laundry sold at 150.000 nett as 123.967 base, 12.397 service and 13.636 PBJT, adding up to the price', async () => {
    const res = await ok(await op('folioCharge', { id: stay.A.folio, fo_article_id: id.LDRY, unit_price: '150000' }));
    expect(res).toMatchObject({ base: '123967', service: '12397', tax: '13636', amount: '150000' });
  });

  it("posts the night's room charge at the rack rate ++: 1.100.000 + 110.000 + 121.000 = 1.331.000, to room revenue", async () => {
    expect(await postNight([stay.A.id])).toEqual({ stays: 1, lines: 1, total: '1331000' });
    expect((await lines(stay.A.folio)).at(-1)).toEqual({
      code: 'RM',
      kind: 'charge',
      base: '1100000.00',
      service: '110000.00',
      tax: '121000.00',
      amount: '1331000.00',
    });
    expect(await balance(stay.A.folio)).toBe(String(-1000000 + 302500 + 150000 + 1331000) + '.00');
    await expectLedgerTies();
  });

  it('posts the same night again without a new line: each night is keyed by stay, night and article', async () => {
    expect(await postNight([stay.A.id])).toEqual({ stays: 0, lines: 0, total: '0' });
    expect(await one(sql`SELECT count(*)::int FROM folio_line WHERE reservation_id = ${stay.A.id} AND night IS NOT NULL`)).toBe(1);
  });

  it('refuses to post a night of a closed business day', async () => {
    const refused = await postNight([stay.A.id], '2026-11-22').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(409);
    expect(await one(sql`SELECT count(*)::int FROM folio_line WHERE reservation_id = ${stay.A.id} AND night = '2026-11-22'`)).toBe(0);
  });
});

describe('a company window, routing and the package share', () => {
  it('opens window 2 for PT Telkom and routes room and breakfast there; extras stay with the guest', async () => {
    const w2 = await ok(
      await desk.post('/api/data/frontoffice/folio', {
        reservation_id: stay.B.id,
        name: 'PT Telkom Indonesia',
        company: 'PT Telkom Indonesia',
      }),
      201,
    );
    expect(w2.window_no).toBe(2);
    stay.B2 = { id: stay.B.id, version: 0, folio: w2.id };
    for (const article of [id.RM, id.BF])
      await ok(
        await desk.post('/api/data/frontoffice/folio-routing', {
          reservation_id: stay.B.id,
          fo_article_id: article,
          target_folio_id: w2.id,
        }),
        201,
      );
    // laundry goes to the company only from tomorrow: today it stays on the guest's window
    await ok(
      await desk.post('/api/data/frontoffice/folio-routing', {
        reservation_id: stay.B.id,
        fo_article_id: id.LDRY,
        target_folio_id: w2.id,
        date_from: '2026-11-24',
        date_to: '2026-11-24',
      }),
      201,
    );
  });

  it('splits a night of 1.210.000 nett with breakfast for two: 302.500 to F&B (breakfast), 907.500 to rooms', async () => {
    expect(await postNight([stay.B.id])).toEqual({ stays: 1, lines: 2, total: '1210000' });
    expect(await lines(stay.B2.folio)).toEqual([
      { code: 'RM', kind: 'charge', base: '750000.00', service: '75000.00', tax: '82500.00', amount: '907500.00' },
      { code: 'BF', kind: 'charge', base: '250000.00', service: '25000.00', tax: '27500.00', amount: '302500.00' },
    ]);
    const { rows } = await sql<{ code: string; credit: string }>`
      SELECT a.code, sum(l.credit)::text AS credit FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
        JOIN gl_journal j ON j.branch_id = l.branch_id AND j.id = l.journal_id
       WHERE j.key = ${`folio:night:${stay.B.id}:${BUSINESS_DATE}:${id.RM}`} AND l.credit > 0 GROUP BY a.code ORDER BY a.code`.execute(db);
    expect(rows).toEqual([
      { code: '2201.01', credit: '100000.00' },
      { code: '2202.01', credit: '110000.00' },
      { code: '4101.01', credit: '750000.00' },
      { code: '4201.01', credit: '250000.00' },
    ]);
    await expectLedgerTies();
  });

  it('posts a charge named by the stay where its routing sends it: laundry today to the guest window', async () => {
    const res = await ok(await op('folioCharge', { reservation_id: stay.B.id, fo_article_id: id.LDRY, unit_price: '121.000' }));
    expect(res).toMatchObject({ folio_id: stay.B.folio, base: '100000', service: '10000', tax: '11000', amount: '121000' });
    const mini = await ok(await op('folioCharge', { reservation_id: stay.B.id, fo_article_id: id.MINI, unit_price: '85.000' }));
    expect(mini).toMatchObject({ folio_id: stay.B.folio, amount: '102850' });
  });

  it('moves the minibar to the company window as a pair of lines; revenue stays where it was posted', async () => {
    const before = await one<number>(sql`SELECT count(*)::int FROM gl_journal_line`);
    const minibar = await one(sql`SELECT id FROM folio_line WHERE folio_id = ${stay.B.folio} AND fo_article_id = ${id.MINI}`);
    await ok(await op('folioTransfer', { line_ids: [minibar], to_folio_id: stay.B2.folio }));
    expect(await balance(stay.B.folio)).toBe('121000.00');
    expect(await balance(stay.B2.folio)).toBe(String(1210000 + 102850) + '.00');
    // only the guest ledger moves: one line out of the guest's folio, one into the company's
    expect((await one<number>(sql`SELECT count(*)::int FROM gl_journal_line`)) - before).toBe(2);
    expectApiError(await op('folioTransfer', { line_ids: [minibar], to_folio_id: stay.B2.folio }), 409);
    await expectLedgerTies();
  });
});

describe('corrections', () => {
  it('reverses the laundry posted by mistake with a reason: a negative line, the journal reversed', async () => {
    const laundry = await one(sql`SELECT id FROM folio_line WHERE folio_id = ${stay.A.folio} AND fo_article_id = ${id.LDRY}`);
    expectApiError(await op('folioCorrect', { id: laundry, reason: 'no' }), 400);
    const sales = await t.login('sales');
    sales.branchId = branch;
    expectApiError(await sales.post('/api/ops/frontoffice.folioCorrect', { id: laundry, reason: 'Laundry was complimentary' }), 403);
    await ok(await op('folioCorrect', { id: laundry, reason: 'Laundry was complimentary' }));
    expect((await lines(stay.A.folio)).at(-1)).toEqual({
      code: 'LDRY',
      kind: 'charge',
      base: '-123967.00',
      service: '-12397.00',
      tax: '-13636.00',
      amount: '-150000.00',
    });
    expect(await one(sql`SELECT reason FROM folio_line WHERE reverses_id = ${laundry}`)).toBe('Laundry was complimentary');
    expectApiError(await op('folioCorrect', { id: laundry, reason: 'Laundry was complimentary' }), 409);
    await expectLedgerTies();
  });
});

describe('payments and check-out', () => {
  it('takes a card payment keeping only the brand and the last four digits; a card number is refused', async () => {
    expectApiError(await op('folioPay', { id: stay.A.folio, pay_article_id: id.VISA, amount: '500.000' }), 400);
    expectApiError(
      await op('folioPay', {
        id: stay.A.folio,
        pay_article_id: id.VISA,
        amount: '500.000',
        card_last4: '1881',
        reference: '4111111111111111',
      }),
      400,
    );
    expectApiError(await op('folioPay', { id: stay.A.folio, pay_article_id: id.VISA, amount: '500000', card_last4: '41111111' }), 400);
    const paid = await ok(await op('folioPay', { id: stay.A.folio, pay_article_id: id.VISA, card_last4: '1881', reference: 'APV-829311' }));
    expect(paid.amount).toBe('633500.00');
    expect(await one(sql`SELECT card_brand || ' ' || card_last4 || ' ' || reference FROM folio_line WHERE id = ${paid.id}`)).toBe(
      'Visa 1881 APV-829311',
    );
    expect(await balance(stay.A.folio)).toBe('0.00');
    await expectLedgerTies();
  });

  it('refuses to check out a stay with a balance, naming the folio', async () => {
    const err = expectApiError(await op('checkOut', { id: stay.B.id, version: stay.B.version }), 409);
    expect(err.message).toMatch(/F\d+/);
    expect(await one(sql`SELECT status FROM reservation WHERE id = ${stay.B.id}`)).toBe('in_house');
  });

  it('sends the company window to the city ledger and takes cash for the guest, then checks out: folios closed, room dirty', async () => {
    await ok(await op('folioPay', { id: stay.B2.folio, pay_article_id: id.CL }));
    await ok(await op('folioPay', { id: stay.B.folio, pay_article_id: id.CSH, amount: '121.000' }));
    // what the folios moved to the city ledger (the demo's receivables brought forward are there too), on PT Telkom's account
    const cityLedger = await one<string>(sql`
      SELECT sum(l.debit)::text FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
        JOIN gl_journal j ON j.branch_id = l.branch_id AND j.id = l.journal_id
       WHERE l.branch_id = ${branch} AND a.code = '1201.01' AND j.source = 'frontoffice'`);
    expect(
      await one<number>(sql`SELECT count(*)::int FROM ar_invoice i JOIN business_account b ON b.id = i.account_id
                             WHERE i.branch_id = ${branch} AND i.source = 'folio' AND b.code = 'TELKOM' AND i.total = 1312850`),
    ).toBe(1);
    expect(cityLedger).toBe('1312850.00');
    const version = (await desk.get(`/api/data/frontoffice/reservation/${stay.B.id}`)).json().version;
    const out = await ok(await op('checkOut', { id: stay.B.id, version }));
    expect(out).toMatchObject({ status: 'checked_out', early: true });
    expect(await one(sql`SELECT hk_status FROM room WHERE id = ${id.room2}`)).toBe('vacant_dirty');
    // the room status board's log says what made it dirty
    expect(
      await one(sql`SELECT source || ' ' || to_status FROM room_status_log WHERE room_id = ${id.room2} ORDER BY id DESC LIMIT 1`),
    ).toBe('check_out vacant_dirty');
    expect(await one(sql`SELECT string_agg(status, ',') FROM folio WHERE reservation_id = ${stay.B.id}`)).toBe('closed,closed');
    expectApiError(await op('folioCharge', { id: stay.B.folio, fo_article_id: id.MINI, unit_price: '50000' }), 409);
    await expectLedgerTies();
  });

  it('prints the invoice of a folio as a PDF', async () => {
    const res = await desk.get(`/api/frontoffice/folio/${stay.A.folio}/invoice?lang=id`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('idempotency keys on money', () => {
  it('posts a charge sent twice with one key once, and answers the replay with the first answer', async () => {
    const key = crypto.randomUUID();
    const body = { id: stay.A.folio, fo_article_id: id.MINI, unit_price: '45.000' };
    const first = await op('folioCharge', body, { 'idempotency-key': key });
    const second = await op('folioCharge', body, { 'idempotency-key': key });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await one(sql`SELECT count(*)::int FROM folio_line WHERE folio_id = ${stay.A.folio} AND unit_price = 45000`)).toBe(1);
    expectApiError(await op('folioCharge', { ...body, unit_price: '46.000' }, { 'idempotency-key': key }), 409);
    await expectLedgerTies();
  });
});
