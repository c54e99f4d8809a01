import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { runFlow } from '../../support/flows.js';
import { pdfPages } from '../../support/pdfText.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * A guest's rights under UU 27/2022 (PDP) at the Grand Nusantara Bandung: the desk exports what the hotel holds
 * about a guest who stayed last month, erases another guest's data on her request while the invoices stay, the
 * night audit drops ID numbers past the Bali resort's retention, and an ID number is read only with its right.
 */
let t: TestApp;
let db: Db;
let desk: ApiClient;
let sales: ApiClient;
let gnb: number;
const one = async <T = number>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await q.execute(db)).rows[0] as object)[0] as T;

const id: Record<string, number> = {};
const rooms: number[] = [];

interface StayedGuest {
  id: number;
  name: string;
  id_number: string;
  stay: number;
  folio: number;
}

/**
 * A guest who walked in today, took 250.000 ++ from the minibar (302.500 with service and PBJT), paid cash and
 * checked out early: a stay with a folio and its lines, all of it over.
 */
async function guestWhoStayed(name: string, idNumber: string): Promise<StayedGuest> {
  const room = rooms.shift()!;
  const walkIn = await desk.post('/api/ops/frontoffice.walkIn', {
    guest: { name, nationality: 'ID', id_type_id: id.KTP, id_number: idNumber, phone: '0812 2100 4455' },
    room_id: room,
    departure: '2026-11-24',
    adults: 1,
    rate_code_id: id.RACK,
    guarantee: { pay_article_id: id.VISA, card_last4: '5106' },
  });
  expect(walkIn.statusCode, walkIn.body).toBe(200);
  const { id: stay, folio_id: folio, guest_id: guest } = walkIn.json();
  const charge = await desk.post('/api/ops/frontoffice.folioCharge', { id: folio, fo_article_id: id.MINI, unit_price: '250.000' });
  expect(charge.json()).toMatchObject({ amount: '302500' });
  const pay = await desk.post('/api/ops/frontoffice.folioPay', { id: folio, pay_article_id: id.CSH });
  expect(pay.statusCode, pay.body).toBe(200);
  const version = await one(sql`SELECT version FROM reservation WHERE id = ${stay}`);
  const out = await desk.post('/api/ops/frontoffice.checkOut', { id: stay, version });
  expect(out.statusCode, out.body).toBe(200);
  return { id: Number(guest), name, id_number: idNumber, stay: Number(stay), folio: Number(folio) };
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  gnb = await one(sql`SELECT id FROM branch WHERE code = 'GNB'`);
  desk = await t.login('frontdesk');
  sales = await t.login('sales');
  desk.branchId = gnb;
  sales.branchId = gnb;
  const code = (table: string, c: string) => one(sql`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${gnb} AND code = ${c}`);
  id.KTP = await code('guest_identity', 'KTP');
  id.CSH = await code('pay_article', 'CSH');
  id.VISA = await code('pay_article', 'VISA');
  id.MINI = await code('fo_article', 'MINI');
  // rooms of one type free tonight, cleaned for the walk-ins, with the type's rack rate
  const { rows } = await sql<{ id: number; rate: number }>`
    SELECT r.id, rc.id AS rate FROM room r JOIN rate_code rc ON rc.branch_id = r.branch_id AND rc.room_type_id = r.room_type_id AND rc.code = 'RACK'
     WHERE r.branch_id = ${gnb} AND r.hk_status NOT IN ('out_of_order', 'occupied_clean', 'occupied_dirty') AND r.active
       AND NOT EXISTS (SELECT 1 FROM reservation v WHERE v.branch_id = r.branch_id AND v.room_id = r.id
                         AND v.status IN ('tentative', 'confirmed', 'in_house') AND v.departure > ${BUSINESS_DATE}::date AND v.arrival < '2026-11-25')
     ORDER BY rc.id, r.code`.execute(db);
  id.RACK = Number(rows[0].rate);
  rooms.push(
    ...rows
      .filter((r) => Number(r.rate) === id.RACK)
      .map((r) => Number(r.id))
      .slice(0, 3),
  );
  await sql`UPDATE room SET hk_status = 'vacant_clean' WHERE id = ANY(${rooms}::bigint[])`.execute(db);
});
afterAll(() => t.close());

describe("a guest's data export", () => {
  let guest: StayedGuest;
  beforeAll(async () => {
    guest = await guestWhoStayed('Ratna Sari Dewi', '3273014506880002');
    // the desk corrects her phone number: a change the export must show in the guest's audit trail
    const version = await one(sql`SELECT version FROM guest WHERE id = ${guest.id}`);
    const res = await desk.patch(`/api/data/frontoffice/guest/${guest.id}`, { version, phone: '+62 812 2200 3344' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('holds the profile, every folio line of her stays and the audit entries about her, and is itself audited', async () => {
    const started = performance.now();
    const res = await desk.get(`/api/frontoffice/guest/${guest.id}/personal-data?format=json`);
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="guest-${guest.id}-personal-data.json"`);
    expect(ms).toBeLessThan(10_000);
    const data = res.json();
    expect(data.guest).toMatchObject({ id: guest.id, name: guest.name, id_number: guest.id_number, phone: '+62 812 2200 3344' });
    expect(data.withheld).toEqual([]);

    const lines = (
      await sql<{ id: number; amount: string }>`
        SELECT l.id, l.amount::text AS amount FROM folio_line l JOIN reservation v ON v.branch_id = l.branch_id AND v.id = l.reservation_id
         WHERE v.branch_id = ${gnb} AND v.guest_id = ${guest.id} ORDER BY l.id`.execute(db)
    ).rows;
    const exported = data.stays.flatMap((s: any) => s.folios.flatMap((f: any) => f.lines));
    expect(lines.length).toBeGreaterThan(0);
    expect(exported.map((l: any) => [Number(l.id), l.amount]).sort((a: any, b: any) => a[0] - b[0])).toEqual(
      lines.map((l) => [Number(l.id), l.amount]),
    );

    const phoneChange = data.audit.find((a: any) => a.entity === 'frontoffice/guest' && a.action === 'update');
    expect(phoneChange).toMatchObject({ username: 'frontdesk', entity_id: String(guest.id), after: { phone: '+62 812 2200 3344' } });

    const logged = (
      await sql<{ username: string; after: { format: string; folio_lines: number } }>`
        SELECT username, after FROM audit_log WHERE entity = 'frontoffice/guest' AND entity_id = ${String(guest.id)} AND action = 'export'`.execute(
        db,
      )
    ).rows;
    expect(logged).toEqual([{ username: 'frontdesk', after: expect.objectContaining({ format: 'json', folio_lines: lines.length }) }]);
  });

  it('reads as a PDF with her name, her folios and the audit trail, in Indonesian when asked', async () => {
    const res = await desk.get(`/api/frontoffice/guest/${guest.id}/personal-data?format=pdf&lang=id`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain('Data pribadi tamu yang disimpan');
    expect(text).toContain(guest.name);
    const folio = await one<string>(
      sql`SELECT f.code FROM folio f JOIN reservation v ON v.branch_id = f.branch_id AND v.id = f.reservation_id WHERE v.guest_id = ${guest.id} ORDER BY f.id LIMIT 1`,
    );
    expect(text).toContain(folio);
    expect(text).toContain('Jejak audit');
  });

  it('is refused to a user without the export right, and to a guest of another property', async () => {
    expectApiError(await sales.get(`/api/frontoffice/guest/${guest.id}/personal-data`), 403);
    const bali = await one(sql`SELECT id FROM branch WHERE code = 'NBR'`);
    const elsewhere = await one(sql`INSERT INTO guest (branch_id, name) VALUES (${bali}, 'Luh Putu Ayu') RETURNING id`);
    expectApiError(await desk.get(`/api/frontoffice/guest/${elsewhere}/personal-data`), 404);
  });
});

describe('erasure on request', () => {
  let guest: StayedGuest;
  let signature: number;
  const request = {
    requested_by: 'The guest, by e-mail to the front office',
    requested_on: BUSINESS_DATE,
    reason: 'She no longer wants to be a guest of the hotel',
  };

  beforeAll(async () => {
    guest = await guestWhoStayed('Siti Nurhaliza Putri', '3273015203910004');
    const stay = guest.stay;
    // she signed her registration on the tablet, agreeing to marketing mail, and withdrew that consent later
    const session = await one(sql`
      INSERT INTO signing_session (branch_id, reservation_id, language, code_hash, status, expires_at, signed_at)
      VALUES (${gnb}, ${stay}, 'id', 'hash-of-code', 'signed', now(), now()) RETURNING id`);
    signature = await one(sql`
      INSERT INTO guest_signature (branch_id, session_id, reservation_id, guest_id, language, registration, terms_code, terms_version, terms_text,
                                   consent_text, purposes, signature_png, device, signed_at, sha256, consent_secret_hash)
      VALUES (${gnb}, ${session}, ${stay}, ${guest.id}, 'id', ${JSON.stringify({ name: guest.name, id_number: guest.id_number })}::jsonb, 'REG', 2,
              'Ketentuan menginap', 'Persetujuan data pribadi', ${JSON.stringify([{ code: 'marketing', given: true }])}::jsonb,
              '\\x89504e47'::bytea, 'Tablet lobi', now(), 'a3f1c2', 'consent-secret') RETURNING id`);
    await sql`INSERT INTO consent_withdrawal (branch_id, signature_id, guest_id, purpose_code, channel) VALUES (${gnb}, ${signature}, ${guest.id}, 'marketing', 'desk')`.execute(
      db,
    );
  });

  it('is refused while the guest is in house, naming the stay', async () => {
    const inHouse = (
      await sql<{
        guest_id: number;
        code: string;
      }>`SELECT guest_id, code FROM reservation WHERE branch_id = ${gnb} AND status = 'in_house' ORDER BY id LIMIT 1`.execute(db)
    ).rows[0];
    const error = expectApiError(await desk.post('/api/ops/frontoffice.guestErase', { id: Number(inHouse.guest_id), ...request }), 409);
    expect(error.message).toMatch(
      new RegExp(`is in house \\(${inHouse.code}, \\d\\d/\\d\\d/\\d{4} – \\d\\d/\\d\\d/\\d{4}\\): erase the personal data after check-out`),
    );
    expect(await one(sql`SELECT count(*)::int FROM guest_erasure WHERE guest_id = ${inHouse.guest_id}`)).toBe(0);
  });

  it('is refused to a user without the erase right, and without a reason', async () => {
    expectApiError(await sales.post('/api/ops/frontoffice.guestErase', { id: guest.id, ...request }), 403);
    expectApiError(
      await desk.post('/api/ops/frontoffice.guestErase', { id: guest.id, requested_by: request.requested_by, requested_on: BUSINESS_DATE }),
      400,
    );
  });

  it('anonymises the profile and the signature, keeping folios, folio lines, the signed hash, consents and the request', async () => {
    const folioLines = await one(
      sql`SELECT count(*)::int FROM folio_line l JOIN reservation v ON v.id = l.reservation_id AND v.branch_id = l.branch_id WHERE v.guest_id = ${guest.id}`,
    );
    const folios = await one(
      sql`SELECT count(*)::int FROM folio f JOIN reservation v ON v.id = f.reservation_id AND v.branch_id = f.branch_id WHERE v.guest_id = ${guest.id}`,
    );
    const res = await desk.post('/api/ops/frontoffice.guestErase', { id: guest.id, ...request });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: guest.id, name: `Erased guest #${guest.id}`, signatures: 1 });

    const profile = (
      await sql<
        Record<string, unknown>
      >`SELECT name, birth_date, id_number, phone, email, address, city, active FROM guest WHERE id = ${guest.id}`.execute(db)
    ).rows[0];
    expect(profile).toEqual({
      name: `Erased guest #${guest.id}`,
      birth_date: null,
      id_number: null,
      phone: null,
      email: null,
      address: null,
      city: null,
      active: false,
    });
    expect(
      await one(
        sql`SELECT count(*)::int FROM folio_line l JOIN reservation v ON v.id = l.reservation_id AND v.branch_id = l.branch_id WHERE v.guest_id = ${guest.id}`,
      ),
    ).toBe(folioLines);
    expect(
      await one(
        sql`SELECT count(*)::int FROM folio f JOIN reservation v ON v.id = f.reservation_id AND v.branch_id = f.branch_id WHERE v.guest_id = ${guest.id}`,
      ),
    ).toBe(folios);
    expect(folioLines).toBeGreaterThan(0);

    const signed = (
      await sql<
        Record<string, unknown>
      >`SELECT registration, signature_png, sha256, purposes, erased_at IS NOT NULL AS erased FROM guest_signature WHERE id = ${signature}`.execute(
        db,
      )
    ).rows[0];
    expect(signed).toEqual({
      registration: null,
      signature_png: null,
      sha256: 'a3f1c2',
      purposes: [{ code: 'marketing', given: true }],
      erased: true,
    });
    expect(await one(sql`SELECT count(*)::int FROM consent_withdrawal WHERE signature_id = ${signature}`)).toBe(1);

    expect(
      (await sql`SELECT requested_by, requested_on::text, reason FROM guest_erasure WHERE guest_id = ${guest.id}`.execute(db)).rows,
    ).toEqual([{ requested_by: request.requested_by, requested_on: BUSINESS_DATE, reason: request.reason }]);
    const logged = (
      await sql<{
        username: string;
        after: Record<string, unknown>;
      }>`SELECT username, after FROM audit_log WHERE action = 'frontoffice.guestErase' AND entity_id = ${String(guest.id)}`.execute(db)
    ).rows;
    expect(logged).toEqual([{ username: 'frontdesk', after: { id: guest.id, ...request } }]);
    expect(JSON.stringify(logged)).not.toContain(guest.name);
  });

  it('is refused a second time', async () => {
    expectApiError(await desk.post('/api/ops/frontoffice.guestErase', { id: guest.id, ...request }), 409, {
      message: `Guest #${guest.id} was already erased.`,
    });
  });
});

describe('identity document numbers', () => {
  let guest: StayedGuest;
  beforeAll(async () => {
    guest = await guestWhoStayed('Andreas Wijaya', '3273011010850006');
  });

  it('are null in the guest form and list for a user without the right, who cannot search or filter by them either', async () => {
    const before = await one(sql`SELECT count(*)::int FROM audit_log WHERE action = 'read-protected'`);
    const form = await sales.get(`/api/data/frontoffice/guest/${guest.id}`);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ name: guest.name, id_number: null });
    const list = await sales.get('/api/data/frontoffice/guest?limit=100');
    expect(list.json().rows.length).toBeGreaterThan(10);
    expect(list.json().rows.every((r: any) => r.id_number === null)).toBe(true);
    const searched = await sales.get(`/api/data/frontoffice/guest?q=${encodeURIComponent(guest.id_number)}`);
    expect(searched.json().rows).toEqual([]);
    const filter = JSON.stringify({ id_number: { op: 'startsWith', value: guest.id_number.slice(0, 4) } });
    expectApiError(await sales.get(`/api/data/frontoffice/guest?filter=${encodeURIComponent(filter)}`), 403, {
      message: /Read identity document numbers/,
    });
    expect(await one(sql`SELECT count(*)::int FROM audit_log WHERE action = 'read-protected'`)).toBe(before);
  });

  it('are shown to a user with the right, each read written to the audit log', async () => {
    const form = await desk.get(`/api/data/frontoffice/guest/${guest.id}`);
    expect(form.json()).toMatchObject({ id: guest.id, id_number: guest.id_number });
    const reads = (
      await sql<{ username: string; after: unknown }>`
        SELECT username, after FROM audit_log WHERE entity = 'frontoffice/guest' AND entity_id = ${String(guest.id)} AND action = 'read-protected'`.execute(
        db,
      )
    ).rows;
    expect(reads).toEqual([{ username: 'frontdesk', after: { fields: ['id_number'], via: 'record' } }]);

    const list = await desk.get(`/api/data/frontoffice/guest?q=${encodeURIComponent(guest.id_number)}`);
    expect(list.json().rows.map((r: any) => [r.id, r.id_number])).toEqual([[guest.id, guest.id_number]]);
    expect(
      await one(
        sql`SELECT count(*)::int FROM audit_log WHERE entity_id = ${String(guest.id)} AND action = 'read-protected' AND after->>'via' = 'list'`,
      ),
    ).toBe(1);
  });
});

describe('retention of identity document numbers', () => {
  it("the night audit removes the numbers of guests who left more than the property's days ago, and no others", async () => {
    const admin = await t.login('admin');
    const bali = await one(sql`SELECT id FROM branch WHERE code = 'NBR'`);
    admin.branchId = bali;
    const code = (table: string, c: string) => one(sql`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${bali} AND code = ${c}`);
    const ktp = await code('guest_identity', 'KTP');
    const dlx = await code('room_type', 'DLX');
    const guest = (name: string, idNumber: string) =>
      one(
        sql`INSERT INTO guest (branch_id, name, nationality, id_type_id, id_number) VALUES (${bali}, ${name}, 'ID', ${ktp}, ${idNumber}) RETURNING id`,
      );
    const stay = (code: string, guestId: number, arrival: string, departure: string, status: string) =>
      sql`INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, adults, status)
          VALUES (${bali}, ${code}, ${guestId}, ${arrival}, ${departure}, ${dlx}, 2, ${status})`.execute(db);
    // 30 days: the night of 23/11 opens 24/11, so a stay that left before 25/10 is past it
    await sql`UPDATE hotel_setup SET id_retention_days = 30 WHERE branch_id = ${bali}`.execute(db);
    const longGone = await guest('Gede Prasetya', '5171010101800001');
    await stay('NBR-RT1', longGone, '2026-10-01', '2026-10-03', 'checked_out');
    const onTheDay = await guest('Komang Suryani', '5171010101800002');
    await stay('NBR-RT2', onTheDay, '2026-10-22', '2026-10-25', 'checked_out');
    const recent = await guest('Putu Widiastuti', '5171010101800003');
    await stay('NBR-RT3', recent, '2026-11-15', '2026-11-18', 'checked_out');
    const back = await guest('Wayan Mertayasa', '5171010101800004');
    await stay('NBR-RT4', back, '2026-09-01', '2026-09-04', 'checked_out');
    await stay('NBR-RT5', back, '2026-11-22', '2026-11-26', 'in_house');
    const neverStayed = await guest('Nengah Sari', '5171010101800005');
    await stay('NBR-RT6', neverStayed, '2026-09-10', '2026-09-12', 'cancelled');
    // the Bandung hotel sets no retention: its guests' numbers stay
    const bandung = (
      await sql<{
        id: number;
        id_number: string;
      }>`SELECT id, id_number FROM guest WHERE branch_id = ${gnb} AND id_number IS NOT NULL ORDER BY id LIMIT 1`.execute(db)
    ).rows[0];

    const run = await runFlow(admin, 'night-audit-run', { override_reason: 'Retention test: close the day' });
    expect(run.status, JSON.stringify(run.error)).toBe('done');
    const numbers = (
      await sql<{
        id: number;
        id_number: string | null;
      }>`SELECT id, id_number FROM guest WHERE id = ANY(${[longGone, onTheDay, recent, back, neverStayed, Number(bandung.id)]}::bigint[])`.execute(
        db,
      )
    ).rows;
    expect(Object.fromEntries(numbers.map((r) => [Number(r.id), r.id_number]))).toEqual({
      [longGone]: null,
      [onTheDay]: '5171010101800002',
      [recent]: '5171010101800003',
      [back]: '5171010101800004',
      [neverStayed]: '5171010101800005',
      [Number(bandung.id)]: bandung.id_number,
    });
    const logged = (
      await sql<{
        entity_id: string;
        username: string;
        after: unknown;
      }>`SELECT entity_id, username, after FROM audit_log WHERE action = 'id-retention' AND branch_id = ${bali}`.execute(db)
    ).rows;
    expect(logged).toEqual([
      { entity_id: String(longGone), username: 'admin', after: { id_number: null, retention_days: 30, business_date: '2026-11-24' } },
    ]);
  });
});
