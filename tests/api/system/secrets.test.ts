import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { RouteOptions } from 'fastify';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { idOf } from '../expectations.js';
import { runKey, waitForRun } from '../../support/flows.js';
import { audit } from '../../../server/http/audit.js';

/**
 * Secrets never enter the audit log, the logs, the mail outbox or an error body. Canary passwords, a card
 * number, a CVV and a guest's ID number are sent through every route of the API (and through the flows that
 * store them: a new guest, a new user, a password reset, a change of password, an import of users), then
 * every one of those places is searched for them. (An import of users used to write the password hash into
 * the audit row, readable with the audit-log right and by report SQL.)
 */
const PASSWORD = 'Canary-Sandi-71f3';
const PASSWORDS = [1, 2, 3, 4, 5, 6].map((n) => `${PASSWORD}-${n}`);
const CARD = '4111 1111 1111 1111';
const CVV = '0731';
const ID_NUMBER = 'KTP3273011505900042';
const ID_NUMBER_2 = 'PASPOR-C99-X7740021';

let t: TestApp;
let admin: ApiClient;
let desk: ApiClient;
const log: string[] = [];
const answers: { what: string; res: Response }[] = [];

async function send(client: ApiClient, method: string, url: string, body?: unknown) {
  const res = await client.request(method, url, body);
  answers.push({ what: `${method} ${url}`, res });
  return res;
}

const typeOf = (p: any): string => (Array.isArray(p?.type) ? p.type.find((x: string) => x !== 'null') : p?.type) ?? 'string';

/** A body for a schema with each text field holding the canary its name calls for, or plain words. */
function bodyFor(schema: any, text: (name: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries<any>(schema?.properties ?? {})) {
    const type = typeOf(p);
    if (type === 'string') out[k] = /password/i.test(k) ? PASSWORD : k === 'id_number' ? ID_NUMBER : text(k);
    // ids of nothing: the sweep must not reset or lock the very accounts it signs in with
    else if (type === 'integer' || type === 'number') out[k] = 987654;
    else if (type === 'boolean') out[k] = true;
    else if (type === 'array') out[k] = [];
    else if (type === 'object') out[k] = {};
  }
  return out;
}

function urlFor(route: RouteOptions, query: string) {
  const path = route.url
    .replace(':code', 'fo-nationality')
    .replace(':module', 'frontoffice')
    .replace(/:(name|entity)/, 'guest')
    .replace(/:[A-Za-z]+/g, '987654');
  return `${path}?${query}`;
}

beforeAll(async () => {
  t = await startTestApp({ log });
  admin = await t.login('admin');
  desk = await t.login('frontdesk');
});
afterAll(async () => {
  await t?.close();
});

describe('canaries through every route', () => {
  it('sends passwords, a card number, a CVV and an ID number to every API route as a signed-in administrator', async () => {
    const sweeper = await t.login('admin');
    // signing out ends the sweeper's session, so it comes last
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .sort((a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'));
    expect(routes.length).toBeGreaterThan(100);
    const query = new URLSearchParams({ q: CARD, id_number: ID_NUMBER, password: PASSWORD, cvv: CVV }).toString();
    for (const r of routes) {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const schema = (r.schema as any)?.body;
        if (method === 'GET' || method === 'DELETE') {
          await send(sweeper, method, urlFor(r, query));
          continue;
        }
        // a card number in every text, with a CVV beside it; then passwords and ID numbers with plain words elsewhere
        await send(sweeper, method, urlFor(r, ''), { ...bodyFor(schema, () => `Kartu ${CARD}`), cvv: CVV });
        await send(
          sweeper,
          method,
          urlFor(r, ''),
          bodyFor(schema, () => 'Kembang Sepatu'),
        );
      }
    }
    const failures = answers.filter((a) => a.res.statusCode >= 500).map((a) => `${a.what}: ${a.res.body}`);
    expect(failures).toEqual([]);
    // the session lasted the whole sweep, so every route saw the canaries past the sign-in gate
    expect(answers.filter((a) => a.res.statusCode === 401 && !a.what.startsWith('POST /api/auth/login')).map((a) => a.what)).toEqual([]);
  }, 240_000);

  it('refuses a full card number in any text, and keeps a CVV out as an unknown field', async () => {
    const res = await send(desk, 'POST', '/api/data/frontoffice/guest', { name: 'Bambang Pamungkas', remark: `kartu ${CARD} exp 12/28` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/full card number/);
    const cvv = await send(desk, 'POST', '/api/data/frontoffice/guest', { name: 'Bambang Pamungkas', cvv: CVV });
    expect(cvv.statusCode).toBe(400);
  });
});

describe('canaries through the flows that store them', () => {
  it('keeps a guest ID number masked in the audit log, and out of a duplicate error', async () => {
    const ktp = await idOf(t.database.db, 'guest_identity', 'KTP', desk.session.branchId);
    const created = await send(desk, 'POST', '/api/data/frontoffice/guest', {
      name: 'Dedi Kurniawan',
      id_type_id: ktp,
      id_number: ID_NUMBER,
    });
    expect(created.statusCode, created.body).toBe(201);
    const changed = await send(desk, 'PATCH', `/api/data/frontoffice/guest/${created.json().id}`, {
      version: created.json().version,
      id_number: ID_NUMBER_2,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await send(desk, 'POST', '/api/data/frontoffice/guest', { name: 'Dedi Kurniawan', id_type_id: ktp, id_number: ID_NUMBER_2 });
    expect(answers[answers.length - 1].res.statusCode).toBe(409);
    await send(desk, 'GET', `/api/data/frontoffice/guest?q=${ID_NUMBER_2}`);
    const { rows } = await sql<{ after: any }>`
      SELECT after FROM audit_log WHERE entity = 'frontoffice/guest' AND entity_id = ${String(created.json().id)} AND action = 'create'`.execute(
      t.database.db,
    );
    expect(rows[0].after.id_number).toBe('••••0042');
  });

  it('keeps passwords out of the trail: a new user, a reset, a change, a failed sign-in, an import of users', async () => {
    const group = await idOf(t.database.db, 'user_group', 'HK');
    const user = await send(admin, 'POST', '/api/data/system/user', {
      username: 'ayu.lestari',
      full_name: 'Ayu Lestari',
      email: 'ayu.lestari@grandnusantara.co.id',
      group_id: group,
      password: PASSWORDS[0],
      branch_ids: [admin.session.branchId],
    });
    expect(user.statusCode, user.body).toBe(201);
    expect((await send(admin, 'POST', '/api/ops/system.resetPassword', { id: user.json().id, password: PASSWORDS[1] })).statusCode).toBe(
      200,
    );
    const ayu = t.anonymous();
    expect((await ayu.post('/api/auth/login', { username: 'ayu.lestari', password: PASSWORDS[1] })).statusCode).toBe(200);
    const change = await send(ayu, 'POST', '/api/auth/password', { currentPassword: PASSWORDS[1], newPassword: PASSWORDS[2] });
    expect(change.statusCode, change.body).toBe(200);
    await send(t.anonymous(), 'POST', '/api/auth/login', { username: 'ayu.lestari', password: PASSWORDS[3] });

    const csv = `Username;Full name;Group;Password\nwayan.sudira;Wayan Sudira;Housekeeping;${PASSWORDS[4]}\n`;
    const file = `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`;
    const mapping = { Username: 'username', 'Full name': 'full_name', Group: 'group_id', Password: 'password' };
    const preview = await send(admin, 'POST', '/api/import/preview', { entity: 'system/user', name: 'staf.csv', file });
    const sheet = preview.json().sheets[0].name;
    const input = { entity: 'system/user', name: 'staf.csv', file, sheet, mapping };
    const start = await send(admin, 'POST', '/api/flows/excel-import-run/runs', { key: runKey(), input });
    expect(start.statusCode, start.body).toBe(201);
    const run = await waitForRun(admin, start.json().id);
    expect(run.output, JSON.stringify(run)).toEqual({ imported: 1, problems: [] });

    await send(t.anonymous(), 'POST', '/api/auth/forgot', { login: 'ayu.lestari' });
  });
});

describe('where secrets must never be', () => {
  const canaries = [...PASSWORDS, PASSWORD, CARD, CARD.replace(/ /g, ''), ID_NUMBER, ID_NUMBER_2];

  it('the audit log holds none of them, nor a password hash, nor a CVV', async () => {
    const { rows } = await sql<{ text: string }>`
      SELECT concat_ws(' ', summary, before::text, after::text) AS text FROM audit_log`.execute(t.database.db);
    const trail = rows.map((r) => r.text).join('\n');
    expect(rows.length).toBeGreaterThan(15);
    for (const c of canaries) expect(trail, c).not.toContain(c);
    expect(trail).not.toMatch(/scrypt\$/);
    expect(trail).not.toContain(`"${CVV}"`);
    expect(trail).not.toMatch(/"(password|password_hash|cvv)"/);
  });

  it('a raw body handed to the trail loses every secret-named key at any depth, and the rest is kept as given', async () => {
    const after = {
      number: 'RC-202611-0042',
      lines: [{ item_id: 7, quantity: '24.000', note: 'password printed on the delivery note' }],
      payment: { method: 'card', card_number: CARD, CVV: CVV, holder: { name: 'Budi Santoso', Token: 'tok_4f9a' } },
    };
    await t.database.db
      .transaction()
      .execute((trx) => audit(trx, undefined, { entity: 'inventory/receiving', entityId: 'secrets-check', action: 'create', after }));
    const { rows } = await sql<{ after: unknown }>`
      SELECT after FROM audit_log WHERE entity_id = 'secrets-check'`.execute(t.database.db);
    expect(rows[0].after).toEqual({
      number: 'RC-202611-0042',
      lines: [{ item_id: 7, quantity: '24.000', note: 'password printed on the delivery note' }],
      payment: { method: 'card', holder: { name: 'Budi Santoso' } },
    });
  });

  it("a finished flow run keeps neither the upload nor the checked rows, only its input's name and its outcome", async () => {
    const { rows } = await sql<{ text: string }>`
      SELECT concat_ws(' ', r.input::text, r.context::text, convert_from(f.data, 'UTF8')) AS text
        FROM flow_run r LEFT JOIN flow_run_file f ON f.branch_id = r.branch_id AND f.run_id = r.id`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    const kept = rows.map((r) => r.text).join('\n');
    for (const c of canaries) expect(kept, c).not.toContain(c);
  });

  it('the logs hold none of them', () => {
    const text = log.join('');
    expect(log.length).toBeGreaterThan(100);
    for (const c of [...canaries, `"${CVV}"`, encodeURIComponent(CARD)]) expect(text, c).not.toContain(c);
    expect(text).not.toMatch(/cvv|password=/i);
  });

  it('the mail outbox holds none of them', () => {
    expect(t.mails.length).toBeGreaterThan(0);
    const text = JSON.stringify(t.mails);
    for (const c of [...canaries, `"${CVV}"`]) expect(text, c).not.toContain(c);
  });

  it('no error body repeats them', () => {
    const errors = answers.filter((a) => a.res.statusCode >= 400);
    expect(errors.length).toBeGreaterThan(200);
    const leaks = errors.filter((a) => [...canaries, CVV].some((c) => a.res.body.includes(c))).map((a) => `${a.what}: ${a.res.body}`);
    expect(errors.some((a) => a.res.body.includes('cvv'))).toBe(true); // named as an unknown field, its value never repeated
    expect(leaks).toEqual([]);
  });
});
