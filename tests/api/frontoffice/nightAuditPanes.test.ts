import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import { pdfPages } from '../../support/pdfText.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The night auditor of the Grand Nusantara Bandung (demo hotel, business date 23/11/2026) prints the
 * registration cards of tomorrow's arrivals ahead, from the night audit's "gscard" pane.
 */
let t: TestApp;
let db: Db;
let desk: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  desk = await t.login('frontdesk');
});
afterAll(() => t.close());

describe("registration cards for the next day's arrivals", () => {
  it('lists the guests arriving on the next business day, each with a card in their language and whether their ID is on file', async () => {
    const res = await desk.get('/api/reports/na-guest-card');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.parameters.date).toBe('2026-11-24');
    const { rows: expected } = await sql<{ code: string; nationality: string | null; id_on_file: boolean }>`
      SELECT v.code, g.nationality, (g.id_number IS NOT NULL AND g.id_type_id IS NOT NULL) AS id_on_file
        FROM reservation v JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id JOIN branch b ON b.id = v.branch_id
       WHERE b.code = 'GNB' AND v.arrival = '2026-11-24' AND v.status IN ('tentative', 'confirmed')`.execute(db);
    expect(expected.length).toBeGreaterThan(0);
    expect(report.rows.map((r: { code: string }) => r.code).sort()).toEqual(expected.map((r) => r.code).sort());
    for (const row of report.rows) {
      const guest = expected.find((e) => e.code === row.code)!;
      expect(row.id_on_file).toBe(guest.id_on_file);
      expect(row.card_lang).toBe(guest.nationality === 'ID' ? 'id' : 'en');
    }
    // nobody arriving today or already in house is on tomorrow's list
    const { rows: today } = await sql<{ code: string }>`
      SELECT v.code FROM reservation v JOIN branch b ON b.id = v.branch_id WHERE b.code = 'GNB' AND v.arrival = '2026-11-23'`.execute(db);
    expect(report.rows.map((r: { code: string }) => r.code)).not.toEqual(expect.arrayContaining(today.slice(0, 1).map((r) => r.code)));
    expectApiError(await desk.get('/api/reports/na-guest-card?date=24/11/2026'), 400);
  });

  it("opens a guest's card from the link in the row: a PDF with the guest and the stay, in the guest's language", async () => {
    const { rows } = (await desk.get('/api/reports/na-guest-card')).json();
    const column = (await desk.get('/api/reports/na-guest-card')).json().columns.find((c: { field: string }) => c.field === 'card');
    const row = rows[0];
    const url = column.link.replace(/\{(\w+)\}/g, (_: string, f: string) => encodeURIComponent(String(row[f])));
    const pdf = await desk.get(url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain(row.code);
    expect(text).toContain(row.guest.split(' ').at(-1));
    expect(text).toContain(row.card_lang === 'id' ? 'Kartu registrasi tamu' : 'Registration card');
  });
});
