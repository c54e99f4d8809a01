import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import { pdfPages } from '../../support/pdfText.js';
import { padPng } from '../../support/signaturePad.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * A guest signs their registration on the desk's tablet at the Grand Nusantara Bandung (the public pdp pages):
 * sent from the desk with a one-time code or to a paired tablet, reviewed, agreed and signed; kept as signed
 * with its SHA-256; consents withdrawn later by the guest's own link.
 */
let t: TestApp;
let db: Db;
let desk: ApiClient;
let stay: { id: number; code: string };

/** A tablet at the desk: a browser with no session, keeping the signing cookies the server gives it. */
class Tablet {
  cookies = new Map<string, string>();
  constructor(
    private t: TestApp,
    public ip = '10.20.0.1',
  ) {}
  async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = (await this.t.app.inject({
      method,
      url,
      payload: method === 'POST' ? ((body ?? {}) as object) : undefined,
      headers: { 'accept-language': 'en', 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0) Safari', ...(cookie && { cookie }) },
      remoteAddress: this.ip,
    })) as Response;
    for (const c of res.cookies) {
      if (c.value) this.cookies.set(c.name, c.value);
      else this.cookies.delete(c.name);
    }
    return res;
  }
  post = (url: string, body?: unknown) => this.call('POST', url, body);
  get = (url: string) => this.call('GET', url);
}

const send = async (language: 'en' | 'id' = 'en', extra: Record<string, unknown> = {}) => {
  const res = await desk.post('/api/ops/frontoffice.signingStart', { id: stay.id, language, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { session: number; code: string; expires_at: string; minutes: number };
};

/** What the tablet sends when the guest confirms, from the view they were shown. */
const signing = (view: any, answers: Record<string, boolean>, signature = padPng()) => ({
  terms: { code: view.terms.code, version: view.terms.version },
  accept_terms: true,
  accept_consent: true,
  purposes: view.purposes.map((p: any) => ({ code: p.code, version: p.version, given: answers[p.code] })),
  signature,
});

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  desk = await t.login('frontdesk');
  const { rows } = await sql<{ id: number; code: string }>`
    SELECT v.id, v.code FROM reservation v JOIN branch b ON b.id = v.branch_id JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
     WHERE b.code = 'GNB' AND v.status = 'in_house' AND g.id_number IS NOT NULL ORDER BY v.id LIMIT 1`.execute(db);
  stay = { id: Number(rows[0].id), code: rows[0].code };
  await sql`UPDATE guest SET email = 'putu.ayu@example.id' FROM reservation v WHERE v.id = ${stay.id} AND guest.branch_id = v.branch_id AND guest.id = v.guest_id`.execute(
    db,
  );
});
afterAll(() => t.close());

describe('a registration sent from the desk and opened with its code', () => {
  let tablet: Tablet;
  let view: any;

  it('opens once, with the code, showing only this stay: the guest, the stay, the texts in force, the identity number masked', async () => {
    const sent = await send();
    expect(sent.code).toMatch(/^\d{6}$/);
    expect(sent.minutes).toBe(15);
    tablet = new Tablet(t);
    expectApiError(await tablet.get('/api/public/signing/session'), 410, { code: 'SIGNING_ENDED' });
    const opened = await tablet.post('/api/public/signing/open', { code: sent.code });
    expect(opened.statusCode, opened.body).toBe(200);
    view = opened.json();
    expect(view.registration.code).toBe(stay.code);
    const idNumber = (
      await sql<{
        id_number: string;
      }>`SELECT g.id_number FROM guest g JOIN reservation v ON v.guest_id = g.id AND v.branch_id = g.branch_id WHERE v.id = ${stay.id}`.execute(
        db,
      )
    ).rows[0].id_number;
    expect(view.registration.idNumber).toMatch(new RegExp(`^•+${idNumber.slice(-4)}$`));
    expect(JSON.stringify(view)).not.toContain(idNumber);
    expect(view.terms).toMatchObject({ code: 'REG', version: 1 });
    expect(view.purposes.map((p: any) => p.code)).toEqual(['MARKETING', 'PREFERENCES']);
    expect(Object.keys(view).sort()).toEqual(['consent', 'expiresAt', 'hotel', 'language', 'purposes', 'registration', 'terms']);
    // single use: the code is spent, another tablet cannot open the same registration with it
    expectApiError(await new Tablet(t, '10.20.0.2').post('/api/public/signing/open', { code: sent.code }), 404, { code: 'WRONG_CODE' });
    // the desk sees it open on a tablet
    expect((await desk.get(`/api/frontoffice/reservation/${stay.id}/signing`)).json().live).toMatchObject({ status: 'opened' });
  });

  it('shows the registration and its texts in the language the guest picks', async () => {
    const res = await tablet.post('/api/public/signing/session/language', { language: 'id' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().language).toBe('id');
    expect(res.json().purposes[0].title).toBe('Penawaran melalui email');
    expect(res.json().terms.text).not.toBe(view.terms.text);
    view = (await tablet.post('/api/public/signing/session/language', { language: 'en' })).json();
  });

  it('refuses a signing without an answer for each purpose, an empty pad, a tap, or texts that are no longer in force', async () => {
    const answers = { MARKETING: true, PREFERENCES: false };
    const body = signing(view, answers);
    expectApiError(await tablet.post('/api/public/signing/session/sign', { ...body, purposes: body.purposes.slice(0, 1) }), 400, {
      message: /Remember my preferences/,
    });
    expectApiError(await tablet.post('/api/public/signing/session/sign', signing(view, answers, padPng([]))), 400, { message: /empty/ });
    const tap = padPng([
      [
        [300, 120],
        [304, 122],
      ],
    ]);
    expectApiError(await tablet.post('/api/public/signing/session/sign', signing(view, answers, tap)), 400, { message: /too small/ });
    expectApiError(
      await tablet.post('/api/public/signing/session/sign', {
        ...body,
        signature: 'data:image/png;base64,aGVsbG8gd29ybGQgaGVsbG8gd29ybGQ=',
      }),
      400,
    );
    expectApiError(await tablet.post('/api/public/signing/session/sign', { ...body, terms: { code: 'REG', version: 2 } }), 409, {
      code: 'TEXTS_CHANGED',
    });
    expectApiError(await tablet.post('/api/public/signing/session/sign', { ...body, accept_terms: false }), 400);
    expectApiError(await tablet.post('/api/public/signing/session/sign', { ...body, extra: 1 }), 400);
    expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM guest_signature`.execute(db)).rows[0].n)).toBe(0);
  });

  let signed: { id: number; sha256: string; token: string; link: string };
  it('keeps what was signed, sealed by its SHA-256, tells the desk live, and ends the signing', async () => {
    const feed = await desk.get('/api/frontoffice/signing/changes');
    const since = feed.json().last as number;
    const res = await tablet.post('/api/public/signing/session/sign', signing(view, { MARKETING: true, PREFERENCES: false }));
    expect(res.statusCode, res.body).toBe(200);
    signed = res.json();
    expect(signed.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.link).toMatch(/\/Pdp2#[A-Za-z0-9_-]{40,}$/);
    const changes = (await desk.get(`/api/frontoffice/signing/changes?after=${since}`)).json().changes;
    expect(changes).toEqual([expect.objectContaining({ reservation: stay.id, what: 'signed' })]);
    const desk1 = (await desk.get(`/api/frontoffice/reservation/${stay.id}/signing`)).json();
    expect(desk1.live).toBeNull();
    expect(desk1.signatures[0]).toMatchObject({ id: signed.id, terms: 'REG v1', sha256: signed.sha256, erased: false });
    expect(desk1.signatures[0].purposes).toEqual([
      { code: 'MARKETING', title: 'Offers by e-mail', given: true, withdrawnAt: null },
      { code: 'PREFERENCES', title: 'Remember my preferences', given: false, withdrawnAt: null },
    ]);
    const kept = (await sql<any>`SELECT * FROM guest_signature WHERE id = ${signed.id}`.execute(db)).rows[0];
    expect(kept.terms_text).toBe(view.terms.text);
    expect(kept.device).toContain('iPad');
    expect(
      (
        await sql<{
          action: string;
        }>`SELECT action FROM audit_log WHERE entity = 'frontoffice/reservation' AND entity_id = ${String(stay.id)} ORDER BY id`.execute(db)
      ).rows.map((r) => r.action),
    ).toEqual(expect.arrayContaining(['signing-opened', 'registration-signed']));
    expect(t.mails.at(-1)).toMatchObject({ to: 'putu.ayu@example.id' });
    expect(t.mails.at(-1)!.text).toContain(signed.link);
    // single use: the tablet's signing is over, whatever it still holds
    expectApiError(await tablet.get('/api/public/signing/session'), 410);
    expectApiError(await tablet.post('/api/public/signing/session/sign', signing(view, { MARKETING: true, PREFERENCES: false })), 410);
  });

  it('draws the signed card from the record: the data, the texts and versions, the answers, the hash', async () => {
    const res = await desk.get(`/api/frontoffice/signature/${signed.id}/card`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain(stay.code);
    expect(text).toContain('Offers by e-mail: agreed');
    expect(text).toContain('Remember my preferences: not agreed');
    expect(text).toMatch(/REG.*1/);
    expect(text.replace(/\s/g, '')).toContain(signed.sha256);
  });

  it('prints the identity number whole only on the card to sign, for a reader holding the right to read it (audited); the signed record keeps it masked', async () => {
    const { rows } = await sql<{ id_number: string; guest_id: number }>`
      SELECT g.id_number, g.id AS guest_id FROM guest g JOIN reservation v ON v.guest_id = g.id AND v.branch_id = g.branch_id WHERE v.id = ${stay.id}`.execute(
      db,
    );
    const { id_number: idNumber, guest_id: guestId } = rows[0];
    const reads = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'frontoffice/guest' AND entity_id = ${String(guestId)}
                                     AND action = 'read-protected' AND after->>'via' = 'registration-card'`.execute(db)
        ).rows[0].n,
      );
    const before = await reads();
    const toSign = (await pdfPages((await desk.get(`/api/frontoffice/reservation/${stay.id}/registration-card`)).rawPayload)).join(' ');
    expect(toSign).toContain(idNumber);
    expect(await reads()).toBe(before + 1);
    const sales = await t.login('sales');
    const masked = (await pdfPages((await sales.get(`/api/frontoffice/reservation/${stay.id}/registration-card`)).rawPayload)).join(' ');
    expect(masked).not.toContain(idNumber);
    expect(masked).toContain(idNumber.slice(-4));
    expect(await reads()).toBe(before + 1);
    const signedCard = (await pdfPages((await desk.get(`/api/frontoffice/signature/${signed.id}/card`)).rawPayload)).join(' ');
    expect(signedCard).not.toContain(idNumber);
    expect(signedCard).toContain(idNumber.slice(-4));
    expect(
      JSON.stringify((await sql<any>`SELECT registration FROM guest_signature WHERE id = ${signed.id}`.execute(db)).rows[0].registration),
    ).not.toContain(idNumber);
  });

  it('finds a changed byte: the hash taken again no longer matches, and the record refuses any change through SQL', async () => {
    expect((await desk.get(`/api/frontoffice/signature/${signed.id}/verify`)).json()).toMatchObject({ intact: true, erased: false });
    await expect(sql`UPDATE guest_signature SET terms_text = terms_text || '.' WHERE id = ${signed.id}`.execute(db)).rejects.toThrow(
      /kept as signed/,
    );
    await expect(sql`DELETE FROM guest_signature WHERE id = ${signed.id}`.execute(db)).rejects.toThrow(/kept as signed/);
    // someone with the database's keys goes around the trigger and flips one byte of the signature image
    await sql`ALTER TABLE guest_signature DISABLE TRIGGER guest_signature_kept`.execute(db);
    await sql`UPDATE guest_signature SET signature_png = overlay(signature_png placing '\\x00'::bytea from 60 for 1) WHERE id = ${signed.id}`.execute(
      db,
    );
    await sql`ALTER TABLE guest_signature ENABLE TRIGGER guest_signature_kept`.execute(db);
    const tampered = (await desk.get(`/api/frontoffice/signature/${signed.id}/verify`)).json();
    expect(tampered.intact).toBe(false);
    expect(tampered.computed).not.toBe(signed.sha256);
  });

  it('lets the guest withdraw a consent they gave, by their own link, kept beside it and never deleted', async () => {
    const guest = new Tablet(t, '10.20.0.9');
    const mine = await guest.post('/api/public/consents', { token: signed.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().purposes.map((p: any) => [p.code, p.given, p.withdrawnAt])).toEqual([
      ['MARKETING', true, null],
      ['PREFERENCES', false, null],
    ]);
    expectApiError(await guest.post('/api/public/consents/withdraw', { token: signed.token, purpose: 'PREFERENCES' }), 409);
    const after = await guest.post('/api/public/consents/withdraw', { token: signed.token, purpose: 'MARKETING' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().purposes[0].withdrawnAt).not.toBeNull();
    expectApiError(await guest.post('/api/public/consents/withdraw', { token: signed.token, purpose: 'MARKETING' }), 409);
    expectApiError(await guest.post('/api/public/consents', { token: 'x'.repeat(43) }), 404, { code: 'WRONG_LINK' });
    const { rows } = await sql<{
      channel: string;
      purpose_code: string;
    }>`SELECT channel, purpose_code FROM consent_withdrawal WHERE signature_id = ${signed.id}`.execute(db);
    expect(rows).toEqual([{ channel: 'guest', purpose_code: 'MARKETING' }]);
    await expect(sql`DELETE FROM consent_withdrawal WHERE signature_id = ${signed.id}`.execute(db)).rejects.toThrow(/append-only/);
    // the consent as given is still on record
    expect((await sql<any>`SELECT purposes FROM guest_signature WHERE id = ${signed.id}`.execute(db)).rows[0].purposes[0].given).toBe(true);
  });
});

describe('the life of a signing', () => {
  it('expires: past its time the tablet shows nothing and the code opens nothing', async () => {
    const sent = await send();
    const tablet = new Tablet(t, '10.21.0.1');
    expect((await tablet.post('/api/public/signing/open', { code: sent.code })).statusCode).toBe(200);
    await sql`UPDATE signing_session SET expires_at = now() - interval '1 second' WHERE id = ${sent.session}`.execute(db);
    expectApiError(await tablet.get('/api/public/signing/session'), 410);
    const late = await send();
    await sql`UPDATE signing_session SET expires_at = now() - interval '1 second' WHERE id = ${late.session}`.execute(db);
    expectApiError(await new Tablet(t, '10.21.0.2').post('/api/public/signing/open', { code: late.code }), 404);
  });

  it('ends when the guest stops, or when the desk sends it again or takes it back', async () => {
    const first = await send();
    const tablet = new Tablet(t, '10.22.0.1');
    await tablet.post('/api/public/signing/open', { code: first.code });
    expect((await tablet.post('/api/public/signing/session/cancel')).statusCode).toBe(200);
    expectApiError(await tablet.get('/api/public/signing/session'), 410);
    const second = await send();
    await send();
    expectApiError(await new Tablet(t, '10.22.0.2').post('/api/public/signing/open', { code: second.code }), 404);
    expect((await desk.post('/api/ops/frontoffice.signingCancel', { id: stay.id })).statusCode).toBe(200);
    expectApiError(await desk.post('/api/ops/frontoffice.signingCancel', { id: stay.id }), 409);
    const statuses = (
      await sql<{ status: string }>`SELECT status FROM signing_session WHERE id IN (${first.session}, ${second.session})`.execute(db)
    ).rows;
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('is not sent for a stay that has left, nor without a text in force in the language', async () => {
    const { rows } = await sql<{
      id: number;
    }>`SELECT v.id FROM reservation v JOIN branch b ON b.id = v.branch_id WHERE b.code = 'GNB' AND v.status = 'checked_out' LIMIT 1`.execute(
      db,
    );
    expectApiError(await desk.post('/api/ops/frontoffice.signingStart', { id: Number(rows[0].id), language: 'en' }), 400);
    await sql`UPDATE registration_text SET active = false WHERE language = 'id'`.execute(db);
    expectApiError(await desk.post('/api/ops/frontoffice.signingStart', { id: stay.id, language: 'id' }), 409, { message: /ID/ });
    await sql`UPDATE registration_text SET active = true WHERE language = 'id'`.execute(db);
  });
});

describe('guessing codes', () => {
  it('stops an address after ten wrong codes, the right code included, and holds under parallel guesses', async () => {
    const sent = await send();
    const guesser = new Tablet(t, '10.30.0.1');
    const wrong = sent.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 10; i++) expectApiError(await guesser.post('/api/public/signing/open', { code: wrong }), 404);
    const blocked = expectApiError(await guesser.post('/api/public/signing/open', { code: sent.code }), 429, { code: 'TOO_MANY_ATTEMPTS' });
    expect(blocked.message).toMatch(/minute/);
    // another address is not held back by the guesser
    expect((await new Tablet(t, '10.30.0.2').post('/api/public/signing/open', { code: sent.code })).statusCode).toBe(200);

    const burst = new Tablet(t, '10.30.0.3');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => burst.post('/api/public/signing/open', { code: String(100000 + i) })),
    );
    expect(answers.filter((r) => r.statusCode === 404).length).toBeLessThanOrEqual(10);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(15);
  });
});

describe('a paired tablet', () => {
  it('pairs with a code made for it, then opens what the desk sends it, until it is unpaired', async () => {
    const admin = await t.login('admin');
    const device = Number(
      (
        await sql<{
          id: number;
        }>`SELECT d.id FROM signing_device d JOIN branch b ON b.id = d.branch_id WHERE b.code = 'GNB' LIMIT 1`.execute(db)
      ).rows[0].id,
    );
    expectApiError(await desk.post('/api/ops/frontoffice.signingStart', { id: stay.id, language: 'en', device_id: device }), 409);
    const pairing = (await admin.post('/api/ops/frontoffice.signingDevicePair', { id: device })).json();
    expect(pairing.code).toMatch(/^[A-Z2-9]{8}$/);
    const tablet = new Tablet(t, '10.40.0.1');
    expect((await tablet.post('/api/public/signing/tablet')).json()).toEqual({ paired: false });
    const paired = await tablet.post('/api/public/signing/pair', { code: pairing.code.toLowerCase() });
    expect(paired.json()).toMatchObject({ paired: true, device: 'Front desk tablet 1', hotel: expect.any(String) });
    expectApiError(await new Tablet(t, '10.40.0.2').post('/api/public/signing/pair', { code: pairing.code }), 404);
    expect((await tablet.post('/api/public/signing/tablet')).json()).toMatchObject({ paired: true, opened: false });

    await send('en', { device_id: device });
    expect((await tablet.post('/api/public/signing/tablet')).json()).toMatchObject({ paired: true, opened: true });
    expect((await tablet.get('/api/public/signing/session')).json().registration.code).toBe(stay.code);

    expect((await admin.post('/api/ops/frontoffice.signingDeviceRevoke', { id: device })).statusCode).toBe(200);
    expect((await tablet.post('/api/public/signing/tablet')).json()).toEqual({ paired: false });
  });
});

describe('at the desk', () => {
  it('records a withdrawal the guest asks for in person, and keeps signings to the stay’s own property', async () => {
    const sent = await send();
    const tablet = new Tablet(t, '10.50.0.1');
    const view = (await tablet.post('/api/public/signing/open', { code: sent.code })).json();
    const signed = (await tablet.post('/api/public/signing/session/sign', signing(view, { MARKETING: false, PREFERENCES: true }))).json();
    const res = await desk.post('/api/ops/frontoffice.consentWithdraw', {
      id: signed.id,
      purpose: 'PREFERENCES',
      note: 'Asked at check-out',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await sql<any>`SELECT channel, note, withdrawn_by FROM consent_withdrawal WHERE signature_id = ${signed.id}`.execute(db))
      .rows[0];
    expect(row).toMatchObject({ channel: 'desk', note: 'Asked at check-out' });
    expect(Number(row.withdrawn_by)).toBe(desk.session.user.id);

    const elsewhere = (
      await sql<{
        id: number;
      }>`SELECT v.id FROM reservation v JOIN branch b ON b.id = v.branch_id WHERE b.code <> 'GNB' AND v.status = 'in_house' LIMIT 1`.execute(
        db,
      )
    ).rows[0];
    if (elsewhere) expectApiError(await desk.post('/api/ops/frontoffice.signingStart', { id: Number(elsewhere.id), language: 'en' }), 404);
    expectApiError(await desk.get(`/api/frontoffice/signature/${signed.id + 1000}/card`), 404);
  });
});
