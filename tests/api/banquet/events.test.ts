import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import { ensureGuestFolios } from '../../../server/domain/frontoffice/folio/folios.js';

/**
 * The function book of the Grand Nusantara Bandung: Putri, the banquet sales coordinator, sells the ballroom and
 * the meeting rooms, holds and confirms events, takes deposits and bills them. The database refuses two events in
 * one room at once — set-up and tear-down included, the whole ballroom blocking its three parts — prices follow
 * the tax-service code to the rupiah, a cancellation keeps its history, and every posting balances.
 */
let t: TestApp;
let putri: ApiClient;
let siti: ApiClient;
const day = (n: number) => {
  const d = new Date(Date.UTC(2026, 10, 23 + n));
  return d.toISOString().slice(0, 10);
};

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const byCode = async (entity: string, code: string) =>
  (await ok(await putri.get(`/api/data/${entity}?q=${encodeURIComponent(code)}&limit=50`))).rows.find(
    (r: { code: string }) => r.code === code,
  );
const eventNamed = async (name: string) =>
  (await ok(await putri.get(`/api/data/banquet/bq-event?q=${encodeURIComponent(name)}&limit=5`))).rows.find(
    (r: { name: string }) => r.name === name,
  );
const statusAction = async (id: number, action: string) => {
  const e = await ok(await putri.get(`/api/data/banquet/bq-event/${id}`));
  return putri.post(`/api/data/banquet/bq-event/${id}/${action}`, { version: e.version });
};
const sittingsOf = async (eventId: number) =>
  (
    await ok(
      await putri.get(
        `/api/data/banquet/bq-activity?sort=activity_date&filter=${encodeURIComponent(JSON.stringify({ event_id: { op: 'eq', value: eventId } }))}`,
      ),
    )
  ).rows;
let key = 0;
const run = (client: ApiClient, op: string, input: Record<string, unknown>) =>
  client.post(`/api/ops/${op}`, input, { 'idempotency-key': `banquet-test-${++key}-${Date.now()}` });

let venue: Record<string, number>;
let setup: Record<string, number>;
let ts21: number;
let ts21n: number;
let telkom: number;

beforeAll(async () => {
  t = await startTestApp();
  putri = await t.login('banquet');
  siti = await t.login('frontdesk');
  venue = {};
  for (const code of ['BNA', 'BNB', 'BNC', 'BN', 'BRAGA', 'DAGO', 'TERRACE']) venue[code] = (await byCode('banquet/bq-venue', code)).id;
  setup = {};
  for (const code of ['THEATRE', 'CLASS', 'ROUND', 'USHAPE', 'COCKTAIL']) setup[code] = (await byCode('banquet/bq-setup', code)).id;
  ts21 = (await byCode('system/tax-service', 'TS21')).id;
  ts21n = (await byCode('system/tax-service', 'TS21N')).id;
  telkom = (await byCode('sales/account', 'TELKOM')).id;
});
afterAll(() => t?.close());

/** A new inquiry for Telkom, priced per person under ++ unless told otherwise. */
async function inquiry(name: string, extra: Record<string, unknown> = {}) {
  return ok(
    await putri.post('/api/data/banquet/bq-event', {
      name,
      event_date: day(5),
      account_id: telkom,
      pax_expected: 60,
      pricing: 'package',
      package_price: '300000',
      tax_service_id: ts21,
      ...extra,
    }),
    201,
  );
}
const sitting = (eventId: number, v: string, s: string, date: string, start: string, end: string, title = 'Sitting') =>
  putri.post('/api/data/banquet/bq-activity', {
    event_id: eventId,
    venue_id: venue[v],
    setup_id: setup[s],
    activity_date: date,
    start_time: start,
    end_time: end,
    title,
  });

describe('function rooms', () => {
  it('ship the whole Ballroom Nusantara as its three parts, each with its seats per set-up and hire rates', async () => {
    const bn = await ok(await putri.get(`/api/data/banquet/bq-venue/${venue.BN}`));
    expect(bn.parts.map((p: { part_id: number }) => p.part_id)).toEqual([venue.BNA, venue.BNB, venue.BNC]);
    expect(bn).toMatchObject({ hire_half_day: '20000000.00', hire_day: '35000000.00' });
    const a = await ok(await putri.get(`/api/data/banquet/bq-venue/${venue.BNA}`));
    expect(a.capacities.find((c: { setup_id: number }) => c.setup_id === setup.ROUND).capacity).toBe(220);
  });

  it('refuses a combined room as a part of another: bookings are kept per physical room', async () => {
    const res = await putri.post('/api/data/banquet/bq-venue', {
      code: 'BNX',
      name: 'Ballroom and terrace',
      hire_half_day: '0',
      hire_day: '0',
      parts: [{ part_id: venue.TERRACE }, { part_id: venue.BN }],
    });
    expectApiError(res, 400, { fields: { 'parts/1/part_id': 'BN is itself a combined room: name the rooms it is made of (line 2)' } });
  });
});

describe('prices by the tax-service code', () => {
  it("prices Telkom's meeting ++: 40 × 425.000 package, equipment and a half day of the boardroom, service and PBJT on top", async () => {
    const e = await eventNamed('Rapat Kerja Regional Telkom Jawa Barat');
    expect(e).toMatchObject({ base: '22000000.00', service: '2200000.00', tax: '2420000.00', total: '26620000.00' });
    const full = await ok(await putri.get(`/api/data/banquet/bq-event/${e.id}`));
    expect(full.items.map((i: { amount: string }) => i.amount)).toEqual(['3000000.00', '2000000.00']);
  });

  it('splits the nett wedding package backwards to the rupiah, the parts adding up to what the family pays', async () => {
    const e = await eventNamed('Pernikahan Pratama & Sari');
    // 300 × 385.000 = 115.500.000 of F&B and 12.000.000 of LED screen and cake, both nett
    expect(e).toMatchObject({ base: '105371900.00', service: '10537191.00', tax: '11590909.00', total: '127500000.00' });
  });

  it('re-prices the quote when the guaranteed pax are given, and takes the menu price for a menu item', async () => {
    const e = await inquiry('Pelatihan Kepemimpinan Telkom', { pricing: 'items', package_price: null, tax_service_id: ts21n });
    const menu = (await ok(await putri.get('/api/data/pointofsales/menu?q=Rendang&limit=5'))).rows[0];
    const withItems = await ok(
      await putri.patch(`/api/data/banquet/bq-event/${e.id}`, {
        version: e.version,
        items: [
          { kind: 'food', menu_id: menu.id, quantity: '1', per_person: true },
          { kind: 'room_hire', venue_id: venue.BRAGA, hire: 'day', quantity: '1', per_person: false },
        ],
      }),
    );
    const price = Number(menu.price);
    expect(withItems.items[0]).toMatchObject({ unit_price: menu.price, amount: (price * 60).toFixed(2) });
    expect(withItems.items[1]).toMatchObject({ unit_price: '5000000.00', description: 'Braga meeting room' });
    expect(withItems.total).toBe(`${price * 60 + 5_000_000}.00`);
    const guaranteed = await ok(
      await putri.patch(`/api/data/banquet/bq-event/${e.id}`, { version: withItems.version, pax_guaranteed: 50 }),
    );
    expect(guaranteed.total).toBe(`${price * 50 + 5_000_000}.00`);
    const lines = await ok(await putri.get(`/api/data/banquet/bq-event/${e.id}`));
    expect(lines.items[0].amount).toBe((price * 50).toFixed(2));
  });

  it('asks for the client (a company or a guest, one of them) and for a package price', async () => {
    expectApiError(
      await putri.post('/api/data/banquet/bq-event', {
        name: 'Tanpa klien',
        event_date: day(8),
        pax_expected: 10,
        tax_service_id: ts21,
        package_price: '100000',
      }),
      400,
      {
        fields: { account_id: 'Choose the client: a company or agent, or a private guest — one of them' },
      },
    );
    expectApiError(
      await putri.post('/api/data/banquet/bq-event', {
        name: 'Tanpa harga',
        event_date: day(8),
        account_id: telkom,
        pax_expected: 10,
        tax_service_id: ts21,
      }),
      400,
      {
        fields: { package_price: 'A package needs its price per person' },
      },
    );
  });
});

describe('one room, one event at a time', () => {
  it('refuses to hold a meeting in Ballroom A while the wedding reception in the whole ballroom is being cleared', async () => {
    const wedding = await eventNamed('Pernikahan Pratama & Sari');
    const e = await inquiry('Rapat Direksi Telkom');
    // an inquiry holds no room: the sitting is taken down as asked
    await ok(await sitting(e.id, 'BNA', 'THEATRE', day(5), '16:30', '18:00', 'Board meeting'), 201);
    // the reception ends at 14:00 and its round tables take 120 minutes to clear; the theatre needs 60 before 16:30
    expectApiError(await statusAction(e.id, 'tentative'), 409, {
      message: `BNA Ballroom Nusantara A is taken from 28/11/2026 08:00 to 16:00 by ${wedding.number} Pernikahan Pratama & Sari (Wedding reception), set-up and tear-down included`,
    });
    const act = (await sittingsOf(e.id))[0];
    await ok(
      await putri.patch(`/api/data/banquet/bq-activity/${act.id}`, { version: act.version, start_time: '17:00', end_time: '18:30' }),
    );
    await ok(await statusAction(e.id, 'tentative'));
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bq_venue_booking WHERE event_id = ${e.id}`.execute(
      t.database.db,
    );
    expect(rows[0].n).toBe(1);
  });

  it("refuses Ballroom B under the Mandiri gala's hold, and the whole ballroom while Ballroom B is taken", async () => {
    const gala = await eventNamed('Malam Apresiasi Nasabah Bank Mandiri');
    const e = await inquiry('Makan Malam Komunitas', { event_date: day(19) });
    await ok(await statusAction(e.id, 'tentative'));
    expectApiError(await sitting(e.id, 'BNB', 'COCKTAIL', day(19), '20:00', '22:00'), 409, {
      message: `BNB Ballroom Nusantara B is taken from 12/12/2026 15:30 to 01:00 by ${gala.number} Malam Apresiasi Nasabah Bank Mandiri (Gala dinner and awards), set-up and tear-down included`,
    });
    const lunch = await inquiry('Makan Siang Komunitas', { event_date: day(20) });
    await ok(await statusAction(lunch.id, 'tentative'));
    await ok(await sitting(lunch.id, 'BNB', 'ROUND', day(20), '12:00', '14:00', 'Lunch'), 201);
    expectApiError(await sitting(e.id, 'BN', 'ROUND', day(20), '15:00', '18:00', 'Whole ballroom'), 409, {
      message: /^BNB Ballroom Nusantara B is taken from 13\/12\/2026 09:00 to 16:00 by BEO-\d{6}-\d{4} Makan Siang Komunitas \(Lunch\)/,
    });
  });

  it('is kept by the database itself: a booking written past the checks is refused by the exclusion constraint', async () => {
    const gala = await eventNamed('Malam Apresiasi Nasabah Bank Mandiri');
    const act = (await sittingsOf(gala.id))[0];
    await expect(
      sql`INSERT INTO bq_venue_booking (branch_id, activity_id, event_id, venue_id, during)
          SELECT branch_id, ${act.id}, ${gala.id}, ${venue.BNC}, tsrange(${`${day(19)} 20:00`}::timestamp, ${`${day(19)} 21:00`}::timestamp)
            FROM bq_venue WHERE id = ${venue.BNC}`.execute(t.database.db),
    ).rejects.toThrow(/bq_venue_booking_no_clash/);
  });

  it('moves a sitting on the calendar keeping its length, and refuses a move into a held room with the clash named', async () => {
    const meeting = await eventNamed('Rapat Kerja Regional Telkom Jawa Barat');
    const acts = await sittingsOf(meeting.id);
    const boardroom = acts.find((a: { title: string }) => a.title === 'Directors’ session');
    const moved = await ok(
      await run(putri, 'banquet.moveActivity', { id: boardroom.id, venue_id: venue.DAGO, activity_date: day(3), start_time: '15:30' }),
    );
    expect(moved).toMatchObject({ activity_date: day(3), start_time: '15:30', end_time: '18:30' });
    const day2 = acts.find((a: { title: string }) => a.title.startsWith('Day 2'));
    expectApiError(
      await run(putri, 'banquet.moveActivity', { id: day2.id, venue_id: venue.BRAGA, activity_date: day(2), start_time: '10:00' }),
      409,
      {
        message: /^BRAGA Braga meeting room is taken from 25\/11\/2026 07:00 to 18:00 by BEO-/,
      },
    );
    // a set-up the room does not offer, and more guests than it seats
    expectApiError(
      await run(putri, 'banquet.moveActivity', { id: day2.id, venue_id: venue.DAGO, activity_date: day(4), start_time: '09:00' }),
      400,
      {
        fields: { pax: 'Dago boardroom seats 20 in Classroom; 40 are expected' },
      },
    );
  });

  it('takes a longer set-up as a change of every booking that uses it, refused where it would clash', async () => {
    const round = await ok(await putri.get(`/api/data/banquet/bq-setup/${setup.ROUND}`));
    // the Mandiri gala (18:30) and the community lunch of the 20th do not meet; a day-long set-up would reach back
    const res = await putri.patch(`/api/data/banquet/bq-setup/${setup.ROUND}`, { version: round.version, setup_minutes: 720 });
    expectApiError(res, 409);
    const later = await ok(await putri.patch(`/api/data/banquet/bq-setup/${setup.ROUND}`, { version: round.version, setup_minutes: 150 }));
    expect(later.setup_minutes).toBe(150);
  });
});

describe('cancellation', () => {
  it('keeps every status the event went through with the reason, releases its rooms, and never comes back', async () => {
    const gala = await eventNamed('Malam Apresiasi Nasabah Bank Mandiri');
    expectApiError(await run(putri, 'banquet.cancelEvent', { id: gala.id, reason: 'x' }), 400);
    await ok(await run(putri, 'banquet.cancelEvent', { id: gala.id, reason: 'The bank moved the gala to Jakarta' }));
    const { rows: history } = await sql<{ from_status: string | null; to_status: string; reason: string | null }>`
      SELECT from_status, to_status, reason FROM bq_event_status WHERE event_id = ${gala.id} ORDER BY id`.execute(t.database.db);
    expect(history).toEqual([
      { from_status: null, to_status: 'inquiry', reason: null },
      { from_status: 'inquiry', to_status: 'tentative', reason: null },
      { from_status: 'tentative', to_status: 'cancelled', reason: 'The bank moved the gala to Jakarta' },
    ]);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bq_venue_booking WHERE event_id = ${gala.id}`.execute(
      t.database.db,
    );
    expect(rows[0].n).toBe(0);
    await expect(sql`UPDATE bq_event SET status = 'tentative' WHERE id = ${gala.id}`.execute(t.database.db)).rejects.toThrow(/cancelled/);
    await expect(sql`DELETE FROM bq_event_status WHERE event_id = ${gala.id}`.execute(t.database.db)).rejects.toThrow();
    expectApiError(await statusAction(gala.id, 'tentative'), 409);
    // the cancelled events report prices what was lost, service and tax included
    const report = await ok(await putri.get(`/api/reports/bq-cancelled?date_from=${day(0)}&date_to=${day(30)}`));
    const lost = report.rows.find((r: { number: string }) => r.number === gala.number);
    expect(lost).toMatchObject({ from_status: 'tentative', cancel_reason: 'The bank moved the gala to Jakarta', lost_revenue: gala.total });
  });
});

describe('deposits and the final bill', () => {
  it('bills the guarantee when fewer came and everyone when more came, to the city ledger, in balanced journals', async () => {
    const meeting = await eventNamed('Rapat Kerja Regional Telkom Jawa Barat');
    const draft = await ok(
      await putri.post('/api/data/banquet/bq-bill', { event_id: meeting.id, pax_actual: 36, bill_to: 'city_ledger' }),
      201,
    );
    // 36 came of 40 guaranteed: the 40 are billed; the 10.000.000 deposit comes off
    expect(draft).toMatchObject({
      pax_billed: 40,
      total: '26620000.00',
      deposits: '10000000.00',
      balance: '16620000.00',
      account_id: telkom,
    });
    const more = await ok(await putri.patch(`/api/data/banquet/bq-bill/${draft.id}`, { version: draft.version, pax_actual: 44 }));
    // 44 × 425.000 = 18.700.000 + 3.000.000 equipment + 2.000.000 hire, ++
    expect(more).toMatchObject({
      pax_billed: 44,
      fnb_base: '18700000.00',
      base: '23700000.00',
      service: '2370000.00',
      tax: '2607000.00',
      total: '28677000.00',
      balance: '18677000.00',
    });
    const posted = await ok(await run(putri, 'banquet.postBill', { id: draft.id }));
    expect(posted).toMatchObject({ total: '28677000.00', balance: '18677000.00' });
    const { rows: lines } = await sql<{ role: string | null; number: string; amount: string }>`
      SELECT a.code AS number, (l.debit - l.credit)::text AS amount FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.journal_id = ${posted.journal_id} ORDER BY l.debit - l.credit DESC, a.code`.execute(t.database.db);
    const total = lines.reduce((s, l) => s + Number(l.amount), 0);
    expect(total).toBe(0);
    expect(lines.slice(0, 2)).toEqual([
      { number: '1201.01', amount: '18677000.00' },
      { number: '2105.02', amount: '10000000.00' },
    ]);
    const { rows: invoice } = await sql<{ amount: string }>`
      SELECT total::text AS amount FROM ar_invoice WHERE source = 'banquet' AND source_id = ${draft.id}`.execute(t.database.db);
    expect(invoice[0].amount).toMatch(/^18677000(\.00)?$/);
    expectApiError(await run(putri, 'banquet.postBill', { id: draft.id }), 409);
    expectApiError(await run(putri, 'banquet.cancelEvent', { id: meeting.id, reason: 'Too late to cancel' }), 409);
  });

  it('takes a deposit by transfer (Dr bank, Cr banquet deposits) and spreads it over the schedule', async () => {
    const wedding = await eventNamed('Pernikahan Pratama & Sari');
    const trf = (await byCode('system/pay-article', 'TRBCA')).id;
    const paid = await ok(
      await run(putri, 'banquet.receiveDeposit', { id: wedding.id, amount: '60.000.000', pay_article_id: trf, reference: 'BCA 2811' }),
    );
    const { rows } = await sql<{ number: string; amount: string }>`
      SELECT a.code AS number, (l.debit - l.credit)::text AS amount FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.journal_id = ${paid.journal_id} ORDER BY a.code`.execute(t.database.db);
    expect(rows).toEqual([
      { number: '1102.01', amount: '60000000.00' },
      { number: '2105.02', amount: '-60000000.00' },
    ]);
    const full = await ok(await putri.get(`/api/data/banquet/bq-event/${wedding.id}`));
    // 30.000.000 seeded, then 60.000.000: the first line full, the second (50.000.000) full, the rest held
    expect(full.deposits.map((d: { received: string }) => d.received)).toEqual(['30000000.00', '50000000.00']);
  });

  it("bills the wedding to the bride's folio: a charge per revenue class, the deposits paid on the folio from the guest deposits", async () => {
    const wedding = await eventNamed('Pernikahan Pratama & Sari');
    // the bride's family stays in the house: her stay's first folio window, as check-in opens it
    const { rows: inHouse } = await sql<{ id: number; branch_id: number }>`
      SELECT id, branch_id FROM reservation WHERE status = 'in_house' AND branch_id = (SELECT branch_id FROM bq_event WHERE id = ${wedding.id})
       ORDER BY id LIMIT 1`.execute(t.database.db);
    const stayId = Number(inHouse[0].id);
    const folio = (await ensureGuestFolios(t.database.db, Number(inHouse[0].branch_id), null, [stayId])).get(stayId)!;
    const balance = async () =>
      (
        await sql<{ b: string }>`SELECT coalesce(sum(amount), 0)::text AS b FROM folio_line WHERE folio_id = ${folio}`.execute(
          t.database.db,
        )
      ).rows[0].b;
    const before = Number(await balance());
    const draft = await ok(
      await putri.post('/api/data/banquet/bq-bill', { event_id: wedding.id, pax_actual: 290, bill_to: 'folio', folio_id: folio }),
      201,
    );
    // 290 came of 300 guaranteed: 300 billed, the nett 127.500.000; 30.000.000 and 60.000.000 paid ahead
    expect(draft).toMatchObject({ pax_billed: 300, total: '127500000.00', deposits: '90000000.00', balance: '37500000.00' });
    const posted = await ok(await run(putri, 'banquet.postBill', { id: draft.id }));
    expect(Number(await balance()) - before).toBe(37_500_000);
    const { rows: lines } = await sql<{ kind: string; base: string; service: string; tax: string; amount: string }>`
      SELECT kind, base::text, service::text, tax::text, amount::text FROM folio_line
       WHERE folio_id = ${folio} AND posting_key LIKE ${`banquet:bill:${draft.id}:%`} ORDER BY id`.execute(t.database.db);
    expect(lines).toEqual([
      { kind: 'charge', base: '95454545.00', service: '9545455.00', tax: '10500000.00', amount: '115500000.00' },
      { kind: 'charge', base: '9917355.00', service: '991736.00', tax: '1090909.00', amount: '12000000.00' },
      { kind: 'payment', base: '0.00', service: '0.00', tax: '0.00', amount: '-90000000.00' },
    ]);
    const { rows: moved } = await sql<{ code: string; amount: string }>`
      SELECT a.code, (l.debit - l.credit)::text AS amount FROM gl_journal j JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
        JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE j.key = ${`banquet:deposit-to-folio:${draft.id}`} ORDER BY a.code`.execute(t.database.db);
    expect(moved).toEqual([
      { code: '2105.01', amount: '-90000000.00' },
      { code: '2105.02', amount: '90000000.00' },
    ]);
    expect(posted.journal_id).toBeGreaterThan(0);
  });

  it('refuses a bill for an event not yet definite, and the front desk may not touch banquet events', async () => {
    const inquiryEvent = await eventNamed('Seminar Kesehatan Jantung Dinkes Jawa Barat');
    expectApiError(
      await putri.post('/api/data/banquet/bq-bill', { event_id: inquiryEvent.id, pax_actual: 100, bill_to: 'city_ledger' }),
      400,
    );
    expectApiError(
      await siti.post('/api/data/banquet/bq-event', {
        name: 'x',
        event_date: day(3),
        account_id: telkom,
        pax_expected: 5,
        tax_service_id: ts21,
        package_price: '1',
      }),
      403,
    );
  });

  it('leaves every banquet journal balanced to the cent', async () => {
    const { rows } = await sql<{ id: number; d: string; c: string }>`
      SELECT j.id, sum(l.debit)::text AS d, sum(l.credit)::text AS c FROM gl_journal j JOIN gl_journal_line l ON l.journal_id = j.id
       WHERE j.source = 'banquet' GROUP BY j.id`.execute(t.database.db);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(r.d).toBe(r.c);
  });
});

describe('function sheets', () => {
  it("print each department's sheet of the wedding in Indonesian and in English", async () => {
    const wedding = await eventNamed('Pernikahan Pratama & Sari');
    for (const dept of ['kitchen', 'banquet', 'engineering']) {
      for (const lang of ['id', 'en']) {
        const res = await putri.get(`/api/banquet/event/${wedding.id}/function-sheet/${dept}?lang=${lang}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    }
  });
});
