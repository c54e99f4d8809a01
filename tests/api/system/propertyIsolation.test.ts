import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { RouteOptions } from 'fastify';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { idOf } from '../expectations.js';

/**
 * Property isolation over every entity and every op, generated from the server's own definitions. Gede holds
 * every right there is, in Grand Nusantara Bandung only. Each row of Nusantara Beach Resort Bali — read,
 * changed, deleted, looked up, filtered, searched, reported, or named in an op's input — must stay out of his
 * reach: 0 leaks, and Bali's rows exactly as they were.
 */
const CANARY = 'Kanari';
let t: TestApp;
let admin: ApiClient;
let gede: ApiClient;
let GNB: number;
let NBR: number;

/** Up to three Bali ids of each branch-scoped table. */
const foreign = new Map<string, number[]>();

/** Every Bali row of every branch-scoped table, as text: must be the same after the attempts. */
async function baliRows(): Promise<string> {
  const parts: string[] = [];
  for (const m of [...t.meta.entities.values()].filter((e) => e['x-db'].scope === 'branch')) {
    const { rows } = await sql<{ r: string }>`
      SELECT t::text AS r FROM ${sql.table(m['x-db'].table)} t WHERE branch_id = ${NBR} ORDER BY id`.execute(t.database.db);
    parts.push(`${m.$id}:${rows.map((x) => x.r).join('|')}`);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  GNB = await idOf(t.database.db, 'branch', 'GNB');
  NBR = await idOf(t.database.db, 'branch', 'NBR');
  const catalog = (await admin.get('/api/system/rights-catalog')).json().items;
  const every: string[] = [];
  const walk = (nodes: any[]) => {
    for (const n of nodes) {
      for (const a of n.actions ?? []) every.push(`${n.resource}:${a.key}`);
      walk(n.children ?? []);
    }
  };
  walk(catalog);
  const group = (await admin.post('/api/data/system/group', { code: 'ALL-GNB', name: 'Every right, Bandung' })).json();
  expect((await admin.post('/api/ops/system.saveGroupRights', { id: group.id, rights: [...new Set(every)] })).statusCode).toBe(200);
  const user = await admin.post('/api/data/system/user', {
    username: 'gede.bandung',
    full_name: 'Gede Wirawan',
    group_id: group.id,
    password: 'Kopi-Tubruk-2026',
    branch_ids: [GNB],
    default_branch_id: GNB,
  });
  expect(user.statusCode, user.body).toBe(201);
  await sql`UPDATE app_user SET must_change_password = false WHERE id = ${user.json().id}`.execute(t.database.db);
  gede = await t.login('gede.bandung', 'Kopi-Tubruk-2026');

  // a Bali guest and booking with a name found nowhere else
  admin.branchId = NBR;
  const guest = (await admin.post('/api/data/frontoffice/guest', { name: `Ni Luh ${CANARY}`, nationality: 'ID' })).json();
  const type = (await admin.get('/api/data/frontoffice/room-type?limit=1')).json().rows[0];
  const booking = await admin.post('/api/data/frontoffice/reservation', {
    guest_id: guest.id,
    room_type_id: type.id,
    adults: 2,
    arrival: '2026-11-23',
    departure: '2026-11-26',
    status: 'confirmed',
  });
  expect(booking.statusCode, booking.body).toBe(201);
  admin.branchId = undefined;

  for (const m of [...t.meta.entities.values()].filter((e) => e['x-db'].scope === 'branch')) {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM ${sql.table(m['x-db'].table)} WHERE branch_id = ${NBR} ORDER BY id DESC LIMIT 3`.execute(t.database.db);
    foreign.set(
      m.$id,
      rows.map((r) => r.id),
    );
  }
});
afterAll(async () => {
  await t?.close();
});

const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const leak = (body: string) => body.includes(CANARY);

describe('every entity of a property', () => {
  it("keeps Bali's rows out of reach: read, change, delete, lookup, filter, search, by id and by header", async () => {
    const before = await baliRows();
    const leaks: string[] = [];
    let attempts = 0;
    for (const m of t.app.ctx.models.values()) {
      if (!m.branchScoped) continue;
      const base = `/api/data/${m.id}`;
      const ids = foreign.get(m.id) ?? [];
      const expectNone = async (what: string, url: string, method = 'GET', body?: unknown) => {
        attempts++;
        const res = await gede.request(method, url, body);
        if (res.statusCode >= 500) leaks.push(`${what}: ${res.statusCode}`);
        if (res.statusCode < 300) {
          const body = res.json();
          const rows: any[] = Array.isArray(body.rows) ? body.rows : [body];
          const theirs = rows.filter((r) => r.branch_id === NBR || ids.includes(r.id));
          if (theirs.length) leaks.push(`${what}: ${res.statusCode} ${JSON.stringify(theirs).slice(0, 160)}`);
        }
        if (leak(res.body)) leaks.push(`${what}: names the Bali guest`);
      };
      for (const id of ids) {
        await expectNone(`read ${m.id}/${id}`, `${base}/${id}`);
        await expectNone(`change ${m.id}/${id}`, `${base}/${id}`, 'PATCH', { version: 1 });
        await expectNone(`delete ${m.id}/${id}`, `${base}/${id}?version=1`, 'DELETE');
        await expectNone(`lookup ${m.id} ids=${id}`, `${base}/lookup?ids=${id}`);
        await expectNone(`filter ${m.id} id=${id}`, `${base}?filter=${q({ id: { op: 'eq', value: id } })}`);
      }
      if (ids.length) await expectNone(`filter ${m.id} id in`, `${base}?filter=${q({ id: { op: 'in', value: ids } })}`);
      await expectNone(`search ${m.id}`, `${base}?q=${CANARY}`);
      await expectNone(`lookup search ${m.id}`, `${base}/lookup?q=${CANARY}`);
      const header = await gede.get(`${base}?limit=1`, { 'x-branch-id': String(NBR) });
      attempts++;
      if (header.statusCode !== 403) leaks.push(`list ${m.id} with x-branch-id Bali: ${header.statusCode}`);
    }
    expect(attempts).toBeGreaterThan(300);
    expect(leaks).toEqual([]);
    expect(await baliRows()).toBe(before);
  }, 300_000);

  it('keeps the Bali property record itself and its staff out of reach', async () => {
    expect((await gede.get(`/api/data/system/branch/${NBR}`)).statusCode).toBe(404);
    const branches = (await gede.get('/api/data/system/branch')).json().rows.map((b: any) => b.id);
    expect(branches).toEqual([GNB]);
  });
});

describe('every op', () => {
  it('declares which entity each id of its input names', () => {
    const missing: string[] = [];
    const walk = (op: string, s: any, path: string) => {
      for (const [k, p] of Object.entries<any>(s?.properties ?? {})) {
        if ((k === 'id' || /(_id|Id)$/.test(k)) && p.type === 'integer' && !p['x-ref']) missing.push(`${op} ${path}${k}`);
        if (p.items) walk(op, p.items, `${path}${k}[].`);
      }
    };
    for (const r of opRoutes()) walk(r.url, (r.schema as any).body, '');
    expect(opRoutes().length).toBeGreaterThan(8);
    expect(missing).toEqual([]);
  });

  it("refuses Bali's ids in every op's input and changes nothing in Bali", async () => {
    const before = await baliRows();
    const leaks: string[] = [];
    let attempts = 0;
    for (const r of opRoutes()) {
      const schema = (r.schema as any).body;
      for (const [field, ref] of idFields(schema)) {
        for (const id of foreign.get(ref) ?? []) {
          attempts++;
          const res = await gede.post(r.url, plausible(schema, field, id));
          if (res.statusCode < 300 || res.statusCode >= 500 || leak(res.body))
            leaks.push(`${r.url} ${field}=${id} (${ref}): ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(attempts).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
    expect(await baliRows()).toBe(before);
  });
});

describe('every report', () => {
  it('never shows a Bali row to Bandung, and refuses Bali by header', async () => {
    const leaks: string[] = [];
    for (const code of t.meta.reports.keys()) {
      const res = await gede.get(`/api/reports/${code}`);
      if (res.statusCode >= 500 || leak(res.body)) leaks.push(`${code}: ${res.statusCode}`);
      const other = await gede.get(`/api/reports/${code}`, { 'x-branch-id': String(NBR) });
      if (other.statusCode !== 403) leaks.push(`${code} with x-branch-id Bali: ${other.statusCode}`);
    }
    admin.branchId = NBR;
    expect((await admin.get('/api/reports/fo-inhouse?date=2026-11-24')).body).toContain(CANARY);
    admin.branchId = undefined;
    expect(leaks).toEqual([]);
  }, 300_000);
});

function opRoutes(): RouteOptions[] {
  return t.app.routeTable.filter((r) => r.url.startsWith('/api/ops/'));
}

/** [field path, entity] of each id an op's input names (top level and in its lists). */
function idFields(schema: any): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, p] of Object.entries<any>(schema?.properties ?? {})) {
    if (p['x-ref']) out.push([k, p['x-ref']]);
    for (const [k2, p2] of Object.entries<any>(p.items?.properties ?? {})) if (p2['x-ref']) out.push([`${k}.${k2}`, p2['x-ref']]);
  }
  return out;
}

/** A valid-looking input with one foreign id in it, the rest Bandung's own or plain values. */
function plausible(schema: any, field: string, id: number): Record<string, unknown> {
  const value = (p: any, name: string): unknown => {
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    if (p.enum) return p.enum[0];
    if (type === 'integer' || type === 'number') return name === 'version' ? 1 : (p.minimum ?? 1);
    if (type === 'boolean') return true;
    if (p.format === 'date') return '2026-12-01';
    if (type === 'array') return p.items?.properties ? [item(p.items)] : [];
    if (type === 'object') return {};
    return 'Catatan uji';
  };
  const item = (s: any) => Object.fromEntries(Object.entries<any>(s.properties).map(([k, p]) => [k, value(p, k)]));
  const body = item(schema);
  const [top, inner] = field.split('.');
  if (inner) (body[top] as Record<string, unknown>[])[0][inner] = id;
  else body[top] = id;
  return body;
}
