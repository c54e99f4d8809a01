import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { DEMO_GROUPS, DEMO_USERS } from '../../../server/seed/demoUsers.js';
import { actionsOf } from '../../../server/domain/system/rightsCatalog.js';
import { loadMeta } from '../../../server/meta/load.js';
import { projectRoot } from '../../../server/config.js';
import type { FlatRoute } from '../../../src/core/meta/types.js';
import { expectApiError, idOf } from '../expectations.js';

/**
 * The permission matrix: for every System screen and every demo user, each action is allowed exactly when
 * the demo group holds the right (server/seed/demoUsers.ts), refused otherwise with a readable 403, and the
 * menu shows exactly the screens the user may view.
 */
const meta = loadMeta(projectRoot);
const systemRoutes = meta.flatRoutes.filter((r) => r.fullPath.startsWith('/system/') && r.node.permission);

const matches = (pattern: string, resource: string) =>
  pattern.endsWith('.*') ? resource.startsWith(pattern.slice(0, -1)) : resource === pattern;

/** What the demo group of a user may do, as demoUsers.ts declares it. */
function allowed(username: string, resource: string, action: string): boolean {
  const group = DEMO_GROUPS.find((g) => g.code === DEMO_USERS.find((u) => u.username === username)!.group)!;
  if (group.isAdmin) return true;
  if (group.grants.some((p) => matches(p, resource))) return true;
  return action === 'view' && (group.viewOnly ?? []).some((p) => matches(p, resource));
}

let t: TestApp;
let admin: ApiClient;
const clients = new Map<string, ApiClient>();
const ref: Record<string, number> = {};
let serial = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  for (const u of DEMO_USERS) clients.set(u.username, u.username === 'admin' ? admin : await t.login(u.username));
  const GNB = admin.session.branchId;
  ref.TRF = await idOf(t.database.db, 'pay_article_group', 'TRF', GNB);
  ref.RESTO = await idOf(t.database.db, 'outlet', 'RESTO', GNB);
  ref.NHI = await idOf(t.database.db, 'company', 'NHI');
  ref.FO = await idOf(t.database.db, 'user_group', 'FO');
});
afterAll(async () => {
  await t?.close();
});

/** A valid new row of each entity, different every time. */
const newRow: Record<string, (n: number) => Record<string, unknown>> = {
  'system/bank': (n) => ({ code: `PM${n}`, name: `Bank Permata ${n}` }),
  'system/department': (n) => ({ code: `DP${n}`, name: `Department ${n}`, kind: 'expense' }),
  'system/pay-article-group': (n) => ({ code: `PG${n}`, name: `E-wallet ${n}` }),
  'system/pay-article': (n) => ({ code: `PA${n}`, name: `OVO ${n}`, group_id: ref.TRF, payment_type: 'transfer' }),
  'system/tax-service': (n) => ({ code: `TS${n}`, name: `Service 5% ${n}`, service_pct: '5.00', tax_pct: '10.00', price_mode: 'plus' }),
  'system/outlet': (n) => ({ code: `OT${n}`, name: `Kopi Corner ${n}` }),
  'system/pos-printer': (n) => ({
    outlet_id: ref.RESTO,
    name: `Printer ${n}`,
    purpose: 'bill',
    connection: 'browser',
    paper_width: 80,
    copies: 1,
  }),
  'system/company': (n) => ({ code: `CO${n}`, name: `Nusantara Group ${n}` }),
  'system/branch': (n) => ({ company_id: ref.NHI, code: `BR${n}`, name: `Nusantara Lombok ${n}` }),
  'system/group': (n) => ({ code: `GR${n}`, name: `Night auditors ${n}` }),
  'system/user': (n) => ({ username: `staff${n}`, full_name: `Staff ${n}`, group_id: ref.FO, password: 'Kopi-Tubruk-2026' }),
};
const editOf = (entity: string) =>
  entity === 'system/user'
    ? { full_name: 'Renamed by the matrix' }
    : entity === 'system/setup'
      ? { check_out_time: '12:00' }
      : { name: 'Renamed by the matrix' };

async function adminCreates(entity: string) {
  const res = await admin.post(`/api/data/${entity}`, newRow[entity](++serial));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function setupRow() {
  return (await admin.get('/api/data/system/setup')).json().rows[0];
}

/** The one request that exercises an action on a screen's resource. */
async function attempt(client: ApiClient, route: FlatRoute, action: string): Promise<Response[]> {
  const resource = route.node.permission!;
  const entities = [...meta.entities.values()].filter((e) => e['x-permission'] === resource).map((e) => e.$id);
  const out: Response[] = [];
  if (resource === 'system.system-update') {
    out.push(action === 'view' ? await client.get('/api/system/update') : await client.post('/api/system/update/apply', {}));
  } else if (resource === 'system.system-menu') {
    out.push(
      action === 'view' ? await client.get('/api/system/menu-editor') : await client.post('/api/ops/system.saveMenu', { items: [] }),
    );
  } else if (action === 'resetPassword' || action === 'lock') {
    const user = await adminCreates('system/user');
    out.push(await client.post(`/api/ops/system.${action === 'lock' ? 'lockUser' : 'resetPassword'}`, { id: user.id }));
  }
  for (const entity of entities) {
    if (action === 'view') out.push(await client.get(`/api/data/${entity}`));
    if (action === 'create') out.push(await client.post(`/api/data/${entity}`, newRow[entity](++serial)));
    if (action === 'edit') {
      const row = entity === 'system/setup' ? await setupRow() : await adminCreates(entity);
      out.push(await client.patch(`/api/data/${entity}/${row.id}`, { version: row.version, ...editOf(entity) }));
    }
    if (action === 'delete') {
      const row = await adminCreates(entity);
      out.push(await client.delete(`/api/data/${entity}/${row.id}?version=${row.version}`));
    }
  }
  if (resource === 'system.group-user' && action === 'view') out.push(await client.get('/api/system/rights-catalog'));
  if (resource === 'system.group-user' && action === 'edit')
    out.push(await client.post('/api/ops/system.saveGroupRights', { id: (await adminCreates('system/group')).id, rights: [] }));
  return out;
}

describe.each(DEMO_USERS.map((u) => [u.username, u.group] as const))('%s (%s)', (username) => {
  for (const route of systemRoutes) {
    const resource = route.node.permission!;
    const actions = actionsOf(route.node, meta.screens, meta.labels).map((a) => a.key);
    const may = actions.filter((a) => allowed(username, resource, a));
    const title = `${route.node.name!.en}: ${may.length ? `may ${may.join(', ')}` : 'nothing'}${may.length < actions.length ? `; refused ${actions.filter((a) => !may.includes(a)).join(', ')}` : ''}`;

    it(title, async () => {
      const client = clients.get(username)!;
      for (const action of actions) {
        const responses = await attempt(client, route, action);
        expect(responses.length, `${resource}:${action} has no request in the matrix`).toBeGreaterThan(0);
        for (const res of responses) {
          if (may.includes(action)) {
            expect(res.statusCode, `${username} ${resource}:${action} ${res.body}`).toBeLessThan(300);
          } else {
            const actionName =
              action === 'resetPassword' || action === 'lock' || action === 'apply'
                ? route.node.ops!.find((o) => o.key === action)!.name.en
                : meta.labels.get(`right.${action}`)!.en;
            expectApiError(res, 403, {
              code: 'FORBIDDEN',
              message: `Your group does not have the right '${actionName}' on ${route.node.name!.en}`,
            });
          }
        }
      }
    });
  }

  it('sees in the menu exactly the System screens they may view', async () => {
    const menu = (await clients.get(username)!.get('/api/meta/menu')).json().items;
    const paths: string[] = [];
    const walk = (items: any[]) => items.forEach((i) => (i.children ? walk(i.children) : paths.push(i.path)));
    walk(menu);
    const expected = meta.flatRoutes
      .filter((r) => r.fullPath.startsWith('/system/') && r.node.menu && r.node.screen)
      .filter((r) => r.node.signedIn || allowed(username, r.node.permission!, 'view'))
      .map((r) => r.fullPath);
    expect(paths.filter((p) => p.startsWith('/system/')).sort()).toEqual(expected.sort());
    expect(paths).toContain('/dashboard');
  });
});

describe('refusals come before input checks', () => {
  it('answers 403 to a user without the right even when their request is malformed', async () => {
    const cashier = clients.get('cashier')!;
    expectApiError(await cashier.post('/api/data/system/bank', { code: 12, nope: true }), 403, {
      message: "Your group does not have the right 'Add' on Banks",
    });
    expectApiError(await cashier.patch('/api/data/system/bank/1', { name: 'x' }), 403);
    expectApiError(await cashier.delete('/api/data/system/bank/1'), 403);
    expectApiError(await cashier.get('/api/data/system/bank?limit=100000'), 403);
    expectApiError(await cashier.post('/api/ops/system.resetPassword', { id: 'all' }), 403, {
      message: "Your group does not have the right 'Reset password' on Users",
    });
    expectApiError(await cashier.post('/api/system/update/apply', { now: true }), 403);
    expectApiError(await cashier.get('/api/system/groups/abc/rights'), 403);
  });
});

describe('lookups: names for whoever may read or pick them, and nothing more', () => {
  it('refuses the purchaser the names of users, and the housekeeper payment articles, which they may neither read nor pick', async () => {
    expectApiError(await clients.get('purchasing')!.get('/api/data/system/user/lookup?q=siti'), 403);
    const hk = clients.get('housekeeping')!;
    expectApiError(await hk.get('/api/data/system/pay-article/lookup'), 403);
    // the housekeeping supervisor picks the attendants on duty to share the rooms between
    expect((await hk.get('/api/data/system/user/lookup?q=made')).statusCode).toBe(200);
  });

  it('does not let a reader search users by e-mail address or filter on a text column', async () => {
    const acc = clients.get('accountant')!;
    const fo = clients.get('frontdesk')!;
    expect((await admin.get('/api/data/system/user/lookup?q=grandnusantara.co.id')).json().rows).toEqual([]);
    const byEmail = encodeURIComponent(JSON.stringify({ email: { op: 'startsWith', value: 'budi' } }));
    expectApiError(await admin.get(`/api/data/system/user/lookup?filter=${byEmail}`), 400);
    const byName = encodeURIComponent(JSON.stringify({ account_no: { op: 'contains', value: '437' } }));
    expectApiError(await acc.get(`/api/data/system/bank/lookup?filter=${byName}`), 400);
    expectApiError(await fo.get(`/api/data/system/pay-article/lookup?filter=${byName}`), 400);
  });

  it('still filters a lookup on flags, choices and references, as forms need', async () => {
    const fo = clients.get('frontdesk')!;
    const cards = encodeURIComponent(JSON.stringify({ payment_type: { op: 'eq', value: 'card' }, active: { op: 'eq', value: true } }));
    const res = await fo.get(`/api/data/system/pay-article/lookup?filter=${cards}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: any) => r.label)).toEqual([
      'AMEX - American Express',
      'DEBIT - Debit BCA',
      'JCB - JCB',
      'MC - Mastercard',
      'VISA - Visa',
    ]);
  });

  it('needs a session', async () => {
    expectApiError(await t.anonymous().get('/api/data/system/user/lookup'), 401);
  });
});
