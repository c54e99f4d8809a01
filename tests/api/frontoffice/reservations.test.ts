import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { countRows, expectApiError } from '../expectations.js';
import { pdfPages } from '../../support/pdfText.js';
import { availabilityRows } from '../../support/availability.js';

let t: TestApp;
let desk: ApiClient;
let admin: ApiClient;
const ids: Record<string, number> = {};

const one = async (client: ApiClient, entity: string, q: string) =>
  (await client.get(`/api/data/${entity}?q=${encodeURIComponent(q)}&limit=1`)).json().rows[0];

beforeAll(async () => {
  t = await startTestApp();
  desk = await t.login('frontdesk');
  admin = await t.login('admin');
  ids.STE = (await one(desk, 'frontoffice/room-type', 'STE')).id;
  ids.DLX = (await one(desk, 'frontoffice/room-type', 'DLX')).id;
  ids.guest = (
    await desk.post('/api/data/frontoffice/guest', { name: 'Hendra Gunawan', nationality: 'ID', phone: '+62 812 2233 4455' })
  ).json().id;
  ids.reason = (await one(desk, 'frontoffice/rsv-reason-cancel', 'PLAN')).id;
  // A clean calendar for the suites: the demo's bookings of them are moved out of the way.
  await sql`UPDATE reservation SET status = 'cancelled' WHERE room_type_id = ${ids.STE} AND arrival >= '2026-12-01'`.execute(t.database.db);
});
afterAll(() => t.close());

const suites = async () =>
  (
    await desk.get(
      `/api/data/frontoffice/room?filter=${encodeURIComponent(JSON.stringify({ room_type_id: { op: 'eq', value: ids.STE } }))}&limit=10&sort=code`,
    )
  ).json().rows as { id: number; code: string }[];
const book = (client: ApiClient, body: Record<string, unknown>) =>
  client.post('/api/data/frontoffice/reservation', { guest_id: ids.guest, room_type_id: ids.STE, adults: 2, status: 'confirmed', ...body });

describe('double booking is impossible', () => {
  it('books a suite and refuses the same room for overlapping nights with a 409 naming the other booking', async () => {
    const [g201] = await suites();
    const first = await book(desk, { arrival: '2026-12-10', departure: '2026-12-13', room_id: g201.id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().code).toMatch(/^R\d+$/);
    const clash = await book(desk, { arrival: '2026-12-12', departure: '2026-12-14', room_id: g201.id });
    expectApiError(clash, 409, {
      message: `Room ${g201.code} is already booked by reservation ${first.json().code} (Hendra Gunawan, 10/12/2026 – 13/12/2026).`,
    });
    // the departure day is free again: stays are half-open [arrival, departure)
    expect((await book(desk, { arrival: '2026-12-13', departure: '2026-12-14', room_id: g201.id })).statusCode).toBe(201);
  });

  it('holds even past the application: the database refuses an overlapping row written straight in SQL', async () => {
    const [g201] = await suites();
    const r = (
      await sql<{
        guest_id: number;
        room_type_id: number;
      }>`SELECT guest_id, room_type_id FROM reservation WHERE room_id = ${g201.id} AND arrival = '2026-12-10'`.execute(t.database.db)
    ).rows[0];
    await expect(
      sql`INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id) VALUES (1, 'RX1', ${r.guest_id}, '2026-12-11', '2026-12-12', ${r.room_type_id}, ${g201.id})`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/reservation_room_no_overlap/);
  });

  it('of 20 clerks booking the same room for the same nights at once, exactly one wins', async () => {
    const [, g202] = await suites();
    // four desks sign in one after the other (sign-ins of one account at the same instant are throttled)
    const clerks: ApiClient[] = [];
    for (let i = 0; i < 4; i++) clerks.push(await t.login('frontdesk'));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(clerks[i % 4], { arrival: '2026-12-20', departure: '2026-12-23', room_id: g202.id })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM reservation WHERE room_id = ${g202.id} AND arrival = '2026-12-20' AND status = 'confirmed'`.execute(
      t.database.db,
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses a room of another type and a room out of order', async () => {
    const dlx = (
      await desk.get(
        `/api/data/frontoffice/room?filter=${encodeURIComponent(JSON.stringify({ room_type_id: { op: 'eq', value: ids.DLX } }))}&limit=1`,
      )
    ).json().rows[0];
    expectApiError(await book(desk, { arrival: '2026-12-10', departure: '2026-12-11', room_id: dlx.id }), 400, {
      fields: { room_id: `Room ${dlx.code} is not a Suite.` },
    });
    const r512 = await one(desk, 'frontoffice/room', '512');
    expectApiError(await book(desk, { room_type_id: ids.DLX, arrival: '2026-11-24', departure: '2026-11-25', room_id: r512.id }), 409, {
      message: 'Room 512 is out of order from 22/11/2026 to 26/11/2026.',
    });
  });

  it('refuses a stay without nights and more adults than the room sleeps', async () => {
    expectApiError(await book(desk, { arrival: '2026-12-10', departure: '2026-12-10' }), 400);
    expectApiError(await book(desk, { arrival: '2026-12-10', departure: '2026-12-11', adults: 7 }), 400, {
      fields: { adults: 'A Suite sleeps at most 4 adults.' },
    });
  });
});

describe('availability', () => {
  it('counts rooms, out-of-order rooms and bookings per type and night', async () => {
    const rows = availabilityRows((await desk.get('/api/frontoffice/availability?from=2026-11-23&to=2026-11-27')).json());
    const dlx = rows.filter((r) => r.room_type === 'DLX');
    expect(dlx.map((r) => r.date)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    expect(dlx.map((r) => r.out_of_order)).toEqual([1, 1, 1, 0]);
    for (const r of rows) expect(r.available).toBe(r.total - r.out_of_order - r.booked - r.held);
    const { rows: live } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM reservation WHERE room_type_id = ${ids.DLX} AND arrival <= '2026-11-23' AND departure > '2026-11-23' AND status IN ('tentative', 'confirmed', 'in_house')`.execute(
      t.database.db,
    );
    expect(dlx[0].booked).toBe(live[0].n);
  });

  it('refuses a booking when the type is full that night, naming the night (without the overbooking right)', async () => {
    await sql`DELETE FROM group_right WHERE resource = 'frontoffice.reservation' AND action = 'overbook'`.execute(t.database.db);
    desk = await t.login('frontdesk');
    const free = availabilityRows(
      (await desk.get(`/api/frontoffice/availability?from=2027-01-05&to=2027-01-06&roomType=${ids.STE}`)).json(),
    )[0].available;
    for (let i = 0; i < free; i++) expect((await book(desk, { arrival: '2027-01-05', departure: '2027-01-06' })).statusCode).toBe(201);
    expectApiError(await book(desk, { arrival: '2027-01-04', departure: '2027-01-07' }), 409, {
      message: 'No Suite room is left on the night of 05/01/2027.',
    });
  });

  it('holds allotment rooms until the cut-off, then releases them on its own', async () => {
    const before = availabilityRows(
      (await desk.get(`/api/frontoffice/availability?from=2027-02-01&to=2027-02-03&roomType=${ids.DLX}`)).json(),
    );
    const allot = await desk.post('/api/data/frontoffice/allotment', {
      code: 'TELKOM27',
      company: 'PT Telkom Indonesia',
      room_type_id: ids.DLX,
      from_date: '2027-02-01',
      to_date: '2027-02-03',
      rooms: 5,
      cutoff_days: 14,
    });
    expect(allot.statusCode, allot.body).toBe(201);
    const held = availabilityRows(
      (await desk.get(`/api/frontoffice/availability?from=2027-02-01&to=2027-02-03&roomType=${ids.DLX}`)).json(),
    );
    expect(held.map((r) => r.held)).toEqual([5, 5]);
    expect(held[0].available).toBe(before[0].available - 5);
    // a picked-up room counts as booked, no longer as held
    expect(
      (
        await desk.post('/api/data/frontoffice/reservation', {
          guest_id: ids.guest,
          room_type_id: ids.DLX,
          adults: 1,
          status: 'confirmed',
          arrival: '2027-02-01',
          departure: '2027-02-02',
          allotment_id: allot.json().id,
        })
      ).statusCode,
    ).toBe(201);
    const picked = availabilityRows(
      (await desk.get(`/api/frontoffice/availability?from=2027-02-01&to=2027-02-03&roomType=${ids.DLX}`)).json(),
    );
    expect(picked[0]).toMatchObject({ held: 4, available: before[0].available - 5 });
    // the night audit moves the business date past the cut-off (14 days before the first night)
    await sql`UPDATE hotel_setup SET business_date = '2027-01-19' WHERE branch_id = 1`.execute(t.database.db);
    const released = availabilityRows(
      (await desk.get(`/api/frontoffice/availability?from=2027-02-01&to=2027-02-03&roomType=${ids.DLX}`)).json(),
    );
    await sql`UPDATE hotel_setup SET business_date = '2026-11-23' WHERE branch_id = 1`.execute(t.database.db);
    expect(released.map((r) => r.held)).toEqual([0, 0]);
    expect(released[0].available).toBe(before[0].available - 1);
  });

  it('checks its dates: a 400 for a backwards range or a year and more', async () => {
    expectApiError(await desk.get('/api/frontoffice/availability?from=2026-12-10&to=2026-12-01'), 400);
    expectApiError(await desk.get('/api/frontoffice/availability?from=2026-01-01&to=2027-12-31'), 400);
    expectApiError(await desk.get('/api/frontoffice/availability?from=soon&to=later'), 400);
  });
});

describe('prices', () => {
  it('prices a ++ corporate and a nett OTA stay night by night, weekend nights at the weekend price', async () => {
    const corp = (
      await desk.get(
        `/api/data/frontoffice/rate-code?filter=${encodeURIComponent(JSON.stringify({ code: { op: 'eq', value: 'CORP' }, room_type_id: { op: 'eq', value: ids.DLX } }))}&limit=1`,
      )
    ).json().rows[0];
    // Thu 10, Fri 11, Sat 12 December 2026
    const r = (await desk.get(`/api/frontoffice/price?rateCode=${corp.id}&from=2026-12-10&to=2026-12-13`)).json();
    expect(r.nights.map((n: { weekend: boolean; price: string }) => [n.weekend, n.price])).toEqual([
      [false, '880000'],
      [true, '1000000'],
      [true, '1000000'],
    ]);
    expect(r.nights[0]).toMatchObject({ base: '880000', service: '88000', tax: '96800', total: '1064800' });
    expect(r.totals).toEqual({ base: '2880000', service: '288000', tax: '316800', total: '3484800' });
    const ota = (
      await desk.get(
        `/api/data/frontoffice/rate-code?filter=${encodeURIComponent(JSON.stringify({ code: { op: 'eq', value: 'OTA' }, room_type_id: { op: 'eq', value: ids.DLX } }))}&limit=1`,
      )
    ).json().rows[0];
    const n = (await desk.get(`/api/frontoffice/price?rateCode=${ota.id}&from=2026-12-10&to=2026-12-11`)).json().nights[0];
    expect(n).toMatchObject({ price: '1155000', base: '954545', service: '95455', tax: '105000', total: '1155000' });
  });

  it('lets only a user with the right override a rate price, and only with a reason', async () => {
    const body = { arrival: '2027-03-01', departure: '2027-03-02', rate_override: '1500000.00', rate_override_reason: 'Owner friend' };
    const fd = await book(desk, body);
    expect(fd.statusCode, fd.body).toBe(201);
    await sql`DELETE FROM group_right WHERE resource = 'frontoffice.reservation' AND action = 'override-rate'`.execute(t.database.db);
    const clerk = await t.login('frontdesk');
    expectApiError(await book(clerk, body), 403);
    expectApiError(await book(admin, { arrival: '2027-03-02', departure: '2027-03-03', rate_override: '1500000.00' }), 400);
  });
});

describe('cancel, reinstate, no-show and deposits', () => {
  it('cancels with a reason (never deletes), frees the room, and reinstates while it is still free', async () => {
    const [, , g203] = await suites();
    const r = (await book(desk, { arrival: '2026-12-15', departure: '2026-12-17', room_id: g203.id })).json();
    expectApiError(await desk.delete(`/api/data/frontoffice/reservation/${r.id}?version=${r.version}`), 403);
    expectApiError(await admin.delete(`/api/data/frontoffice/reservation/${r.id}?version=${r.version}`), 400, {
      message: 'Reservations are never deleted: cancel it with a reason.',
    });
    expectApiError(await desk.patch(`/api/data/frontoffice/reservation/${r.id}`, { version: r.version, status: 'cancelled' }), 400);
    const cancelled = await desk.post('/api/ops/frontoffice.reservationCancel', {
      id: r.id,
      version: r.version,
      reason_id: ids.reason,
      note: 'Meeting moved to January',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', version: r.version + 1 });
    const other = await book(desk, { arrival: '2026-12-16', departure: '2026-12-18', room_id: g203.id });
    expect(other.statusCode).toBe(201);
    const back = await desk.post('/api/ops/frontoffice.reservationReinstate', { id: r.id, version: r.version + 1 });
    expectApiError(back, 409, { message: new RegExp(`already booked by reservation ${other.json().code}`) });
    await desk.post('/api/ops/frontoffice.reservationCancel', {
      id: other.json().id,
      version: other.json().version,
      reason_id: ids.reason,
    });
    expect((await desk.post('/api/ops/frontoffice.reservationReinstate', { id: r.id, version: r.version + 1 })).json()).toMatchObject({
      status: 'confirmed',
    });
  });

  it('marks a no-show only from the arrival date on', async () => {
    const future = (await book(desk, { arrival: '2026-12-24', departure: '2026-12-25' })).json();
    expectApiError(await desk.post('/api/ops/frontoffice.reservationNoShow', { id: future.id, version: future.version }), 400);
    const today = (
      await sql<{
        id: number;
        version: number;
      }>`SELECT id, version FROM reservation WHERE arrival = '2026-11-23' AND status = 'confirmed' LIMIT 1`.execute(t.database.db)
    ).rows[0];
    expect((await desk.post('/api/ops/frontoffice.reservationNoShow', { id: today.id, version: today.version })).json()).toMatchObject({
      status: 'no_show',
    });
  });

  it('takes deposits as lines with receipts and reverses them, never edits them', async () => {
    const r = (await book(desk, { arrival: '2027-04-01', departure: '2027-04-03' })).json();
    const art = await one(desk, 'system/pay-article', 'TRBCA');
    const first = await desk.post('/api/ops/frontoffice.depositAdd', {
      id: r.id,
      amount: '2.500.000',
      pay_article_id: art.id,
      receipt_no: 'DP-0001',
    });
    expect(first.statusCode, first.body).toBe(200);
    // a deposit is money received: none is "paid" on the city ledger (the company is billed at check-out)
    const cityLedger = await one(desk, 'system/pay-article', 'CL');
    const onAccount = await desk.post('/api/ops/frontoffice.depositAdd', {
      id: r.id,
      amount: '2.500.000',
      pay_article_id: cityLedger.id,
      receipt_no: 'DP-0003',
    });
    expectApiError(onAccount, 400);
    expect(onAccount.body).toMatch(/A deposit is money received: cash, card or transfer/);
    expectApiError(
      await desk.post('/api/ops/frontoffice.depositAdd', {
        id: r.id,
        paid_on: '2026-11-23',
        amount: '0',
        pay_article_id: 1,
        receipt_no: 'DP-0002',
      }),
      400,
    );
    expectApiError(
      await desk.post('/api/ops/frontoffice.depositAdd', {
        id: r.id,
        paid_on: '2026-11-23',
        amount: '1000',
        pay_article_id: 1,
        receipt_no: 'DP-0001',
      }),
      409,
    );
    const rev = await desk.post('/api/ops/frontoffice.depositReverse', { id: first.json().id, note: 'Guest paid twice by mistake' });
    expect(rev.statusCode, rev.body).toBe(200);
    expectApiError(await desk.post('/api/ops/frontoffice.depositReverse', { id: first.json().id, note: 'again' }), 400);
    const lines = (
      await desk.get(
        `/api/data/frontoffice/reservation-deposit?filter=${encodeURIComponent(JSON.stringify({ reservation_id: { op: 'eq', value: r.id } }))}&sort=id`,
      )
    ).json().rows;
    expect(lines.map((l: { receipt_no: string; amount: string; paid_on: string }) => [l.receipt_no, l.amount, l.paid_on])).toEqual([
      ['DP-0001', '2500000.00', '2026-11-23'],
      ['DP-0001-R', '-2500000.00', '2026-11-23'],
    ]);
    expectApiError(await desk.patch(`/api/data/frontoffice/reservation-deposit/${first.json().id}`, { version: 1, amount: '1' }), 404);
  });

  it('writes every command to the audit log', async () => {
    const before = await countRows(t.database.db, 'audit_log');
    const r = (await book(desk, { arrival: '2027-05-01', departure: '2027-05-02' })).json();
    await desk.post('/api/ops/frontoffice.reservationCancel', { id: r.id, version: r.version, reason_id: ids.reason });
    const { rows } = await sql<{ action: string }>`SELECT action FROM audit_log ORDER BY id DESC LIMIT 2`.execute(t.database.db);
    expect(rows.map((x) => x.action)).toEqual(['frontoffice.reservationCancel', 'create']);
    expect(await countRows(t.database.db, 'audit_log')).toBe(before + 2);
  });
});

describe('confirmation letter', () => {
  it('is a PDF with the hotel, the booking, each night with service and tax, in English or Indonesian', async () => {
    const corp = (
      await desk.get(
        `/api/data/frontoffice/rate-code?filter=${encodeURIComponent(JSON.stringify({ code: { op: 'eq', value: 'CORP' }, room_type_id: { op: 'eq', value: ids.DLX } }))}&limit=1`,
      )
    ).json().rows[0];
    const r = (
      await desk.post('/api/data/frontoffice/reservation', {
        guest_id: ids.guest,
        room_type_id: ids.DLX,
        rate_code_id: corp.id,
        adults: 2,
        status: 'confirmed',
        arrival: '2027-06-03',
        departure: '2027-06-05',
        special_requests: 'High floor, non-smoking',
      })
    ).json();
    const en = await desk.get(`/api/frontoffice/reservation/${r.id}/confirmation?lang=en`);
    expect(en.headers['content-type']).toBe('application/pdf');
    const [page] = await pdfPages(en.rawPayload);
    for (const text of [
      'Grand Nusantara Bandung',
      'Reservation confirmation',
      r.code,
      'Hendra Gunawan',
      '03/06/2027',
      '05/06/2027',
      'Deluxe',
      'High floor, non-smoking',
      '1.064.800',
      'Stay total',
    ])
      expect(page).toContain(text);
    const id = (await pdfPages((await desk.get(`/api/frontoffice/reservation/${r.id}/confirmation?lang=id`)).rawPayload))[0];
    expect(id).toContain('Konfirmasi reservasi');
    expect(id).toContain('Kedatangan');
    expectApiError(await desk.get('/api/frontoffice/reservation/999999/confirmation'), 404);
  });
});

describe('group bookings', () => {
  it('books a master and its member rooms in one go, or none of them when one cannot be had', async () => {
    const res = await admin.post('/api/ops/frontoffice.groupBook', {
      group_name: 'Rapat Kerja Dinas Pariwisata',
      guest_id: ids.guest,
      company: 'Pemprov Jawa Barat',
      arrival: '2027-07-06',
      departure: '2027-07-08',
      rooms: [
        { room_type_id: ids.DLX, count: 3 },
        { room_type_id: ids.STE, count: 1, adults: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, master, members } = res.json();
    expect(members).toHaveLength(3);
    const { rows } = await sql<{
      code: string;
      group_name: string;
    }>`SELECT code, group_name FROM reservation WHERE group_master_id = ${id} ORDER BY code`.execute(t.database.db);
    expect(rows.map((r) => r.code)).toEqual([master, ...members].sort());
    expect(new Set(rows.map((r) => r.group_name))).toEqual(new Set(['Rapat Kerja Dinas Pariwisata']));

    // without the overbooking right, eleven suites cannot be had: nothing of the group is kept
    await sql`DELETE FROM group_right WHERE resource = 'frontoffice.reservation' AND action = 'overbook'`.execute(t.database.db);
    const clerk = await t.login('frontdesk');
    const before = await countRows(t.database.db, 'reservation');
    const tooMany = await clerk.post('/api/ops/frontoffice.groupBook', {
      group_name: 'Too big',
      guest_id: ids.guest,
      arrival: '2027-07-06',
      departure: '2027-07-07',
      rooms: [
        { room_type_id: ids.DLX, count: 2 },
        { room_type_id: ids.STE, count: 10 },
      ],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(await countRows(t.database.db, 'reservation')).toBe(before);
  });
});

describe('guest profiles', () => {
  it('refuses a second profile for the same person (name and birth date, or ID document), naming the first', async () => {
    const first = await desk.post('/api/data/frontoffice/guest', {
      name: 'Made Wirawan',
      birth_date: '1985-04-12',
      phone: '+62 361 555 010',
      city: 'Denpasar',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await desk.post('/api/data/frontoffice/guest', { name: 'made wirawan', birth_date: '1985-04-12' });
    expectApiError(again, 409, {
      message:
        'Made Wirawan, born 12/04/1985, already has a profile (+62 361 555 010, Denpasar). Open that profile instead of creating another.',
    });
    const ktp = await one(desk, 'frontoffice/guest-identity', 'KTP');
    expect(
      (await desk.post('/api/data/frontoffice/guest', { name: 'Nyoman Sudarma', id_type_id: ktp.id, id_number: '5171012304850001' }))
        .statusCode,
    ).toBe(201);
    expectApiError(
      await desk.post('/api/data/frontoffice/guest', { name: 'N. Sudarma', id_type_id: ktp.id, id_number: '5171012304850001' }),
      409,
    );
  });

  it('keeps one history across stays: the guest-history report for one guest', async () => {
    const guest = (await desk.post('/api/data/frontoffice/guest', { name: 'Ketut Arsana' })).json();
    await sql`INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, status) VALUES
      (1, 'RH1', ${guest.id}, '2026-03-01', '2026-03-03', ${ids.DLX}, 'checked_out'), (1, 'RH2', ${guest.id}, '2026-08-10', '2026-08-11', ${ids.DLX}, 'checked_out')`.execute(
      t.database.db,
    );
    const r = (await desk.get(`/api/reports/guest-history?guest_id=${guest.id}&date_from=2026-01-01`)).json();
    expect(r.rows).toEqual([expect.objectContaining({ guest: 'Ketut Arsana', stays: 2, room_nights: 3, last_departure: '2026-08-11' })]);
  });
});

describe('vouchers, pick-ups and the cancellation journal', () => {
  it('lists voucher bookings by type, pick-ups for the driver, and who cancelled what and why', async () => {
    const ota = await one(desk, 'frontoffice/reserve-voucher-type', 'OTA');
    const r = (
      await desk.post('/api/data/frontoffice/reservation', {
        guest_id: ids.guest,
        room_type_id: ids.DLX,
        adults: 2,
        status: 'confirmed',
        arrival: '2027-08-02',
        departure: '2027-08-04',
        voucher_type_id: ota.id,
        voucher_no: 'BKG-4471923',
        pickup: true,
        pickup_detail: 'GA 342 from CGK, lands 14:35',
      })
    ).json();
    const vouchers = (await desk.get('/api/reports/fo-voucher?date_from=2027-08-01&date_to=2027-08-31')).json();
    expect(vouchers.rows).toEqual([expect.objectContaining({ code: r.code, voucher_type: 'OTA voucher', voucher_no: 'BKG-4471923' })]);
    const pickups = (await desk.get('/api/reports/guest-pickup?date_from=2027-08-02&date_to=2027-08-02')).json();
    expect(pickups.rows).toEqual([
      expect.objectContaining({ code: r.code, pickup_detail: 'GA 342 from CGK, lands 14:35', phone: '+62 812 2233 4455' }),
    ]);

    await desk.post('/api/ops/frontoffice.reservationCancel', {
      id: r.id,
      version: r.version,
      reason_id: ids.reason,
      note: 'Flight cancelled',
    });
    await desk.post('/api/ops/frontoffice.reservationReinstate', { id: r.id, version: r.version + 1 });
    const journal = (await desk.get('/api/reports/cancelation-journal?date_from=2026-11-01')).json();
    const mine = journal.rows.filter((x: { code: string }) => x.code === r.code);
    expect(
      mine.map((x: { event: string; reason: string | null; note: string | null; username: string }) => [
        x.event,
        x.reason,
        x.note,
        x.username,
      ]),
    ).toEqual([
      ['reservationCancel', 'Change of plans', 'Flight cancelled', 'frontdesk'],
      ['reservationReinstate', null, null, 'frontdesk'],
    ]);
  });
});
