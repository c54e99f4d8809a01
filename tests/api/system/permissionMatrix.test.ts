import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { DEMO_USERS } from '../../../server/seed/demoUsers.js';
import type { RouteRight } from '../../../server/http/rbac.js';

/**
 * The permission matrix, generated from the server itself: every API route Fastify registered × every demo
 * role. A route whose check carries its rights (needsRight, needsAnyRight) must answer 403 to each role that
 * holds none of them and let every other role past the check; a report answers by its own right; the few
 * routes open to any signed-in user are named below. A new route that is none of these fails the first test,
 * so nobody adds an API without saying who may call it.
 */

/** Routes for any signed-in user: their own session, profile, menu and jobs, and definitions without data. */
const SIGNED_IN: Record<string, string> = {
  'GET /api/auth/me': 'the session itself',
  'POST /api/auth/logout': 'the session itself',
  'POST /api/auth/branch': 'the session itself, among the properties granted',
  'POST /api/auth/password': 'your own password',
  'POST /api/auth/change-email': 'your own address',
  'GET /api/account/profile': 'your own profile',
  'PATCH /api/account/profile': 'your own profile',
  'GET /api/meta/menu': 'the menu, already filtered by rights',
  'GET /api/meta/entities/:module/:name': 'a definition, no data',
  'GET /api/reports': 'the reports catalog, filtered by rights',
  'GET /api/docs/': 'the API documentation',
  'GET /api/docs/json': 'the API documentation',
  'GET /api/docs/yaml': 'the API documentation',
  'GET /api/docs/static/*': 'the API documentation',
  'GET /api/docs/static/index.html': 'the API documentation',
  'GET /api/docs/static/swagger-initializer.js': 'the API documentation',
  // a run answers only to who may see it (its flow's right, its starter): tests/api/flows/flowRuns.test.ts
  'GET /api/flows/:id': 'a flow run the caller may see',
  'GET /api/flows/:id/files/:name': 'a file of a flow run the caller may see',
  'POST /api/flows/:id/events': 'an event to a flow run the caller may see',
};

/** Routes whose right depends on the item asked for: a report by its code. */
const PER_REPORT = new Set(['GET /api/reports/:code', 'GET /api/reports/:code/meta']);

let t: TestApp;
const clients = new Map<string, ApiClient>();
const rights = new Map<string, Set<string> | '*'>();

interface ApiRoute {
  key: string;
  method: string;
  url: string;
  rights?: RouteRight[];
  public: boolean;
}
let routes: ApiRoute[] = [];

beforeAll(async () => {
  t = await startTestApp();
  for (const u of DEMO_USERS) {
    const c = await t.login(u.username);
    clients.set(u.username, c);
    const r: string[] = c.session.rights;
    rights.set(u.username, r.includes('*') ? '*' : new Set(r));
  }
  routes = t.app.routeTable
    .filter((r: RouteOptions) => r.url.startsWith('/api/'))
    .flatMap((r: RouteOptions) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
        .map((method) => {
          const checks = [r.preValidation].flat().filter(Boolean) as { rights?: RouteRight[] }[];
          return {
            key: `${method} ${r.url}`,
            method,
            url: r.url,
            rights: checks.find((c) => c.rights)?.rights,
            public: Boolean(r.config && (r.config as { public?: boolean }).public),
          };
        }),
    );
});
afterAll(async () => {
  await t?.close();
});

const mayAny = (user: string, needed: RouteRight[]) => {
  const held = rights.get(user)!;
  return held === '*' || needed.some((r) => held.has(`${r.resource}:${r.action}`));
};

/** A concrete address for a route: ids of nothing, a real module and entity, a real report code. */
const address = (url: string, code = 'fo-nationality') =>
  url
    .replace(':code', code)
    .replace(':module', 'frontoffice')
    .replace(/:(name|entity)/, 'guest')
    .replace('*', 'index.html')
    .replace(/:[A-Za-z]+/g, '987654');

/** A body no schema accepts, so a request let past the check is refused by validation and changes nothing. */
const PROBE = { __permission_probe__: true };

const call = (c: ApiClient, method: string, url: string): Promise<Response> =>
  c.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : PROBE);

const isForbidden = (res: Response) => res.statusCode === 403 && res.json().error?.code === 'FORBIDDEN';

describe('every API route says who may call it', () => {
  it('is public, needs a right it names, is a report, or is one of the few open to any signed-in user', () => {
    const unclassified = routes.filter((r) => !r.public && !r.rights && !PER_REPORT.has(r.key) && !SIGNED_IN[r.key]).map((r) => r.key);
    expect(routes.length).toBeGreaterThan(200);
    expect(unclassified).toEqual([]);
    // and the list above names only routes that exist
    expect(Object.keys(SIGNED_IN).filter((k) => !routes.some((r) => r.key === k))).toEqual([]);
  });

  it('refuses every route but the public ones to a visitor without a session (401)', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => !x.public)) {
      const res = await call(t.anonymous(), r.method, address(r.url));
      if (res.statusCode !== 401) wrong.push(`${r.key}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the matrix: every route with a right × every demo role', () => {
  it('answers 403 exactly to the roles holding none of its rights, and lets the others past the check', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const r of routes.filter((x) => x.rights)) {
      for (const user of clients.keys()) {
        const res = await call(clients.get(user)!, r.method, address(r.url));
        cells++;
        const allowed = mayAny(user, r.rights!);
        if (allowed === isForbidden(res)) wrong.push(`${r.key} as ${user}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (res.statusCode >= 500) wrong.push(`${r.key} as ${user}: ${res.statusCode}`);
      }
    }
    expect(cells).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  }, 600_000);

  it('runs each shipped report only for the roles holding its right', async () => {
    const wrong: string[] = [];
    for (const [code, def] of t.meta.reports) {
      for (const key of PER_REPORT) {
        const url = address(key.split(' ')[1], code);
        for (const user of clients.keys()) {
          const res = await clients.get(user)!.get(url);
          const allowed = !def.permission || mayAny(user, [{ resource: def.permission, action: 'view' }]);
          if (allowed === isForbidden(res)) wrong.push(`${url} as ${user}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);

  it('lets every role use the routes open to any signed-in user', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => SIGNED_IN[x.key] && x.method === 'GET')) {
      for (const user of clients.keys()) {
        const res = await call(clients.get(user)!, r.method, address(r.url));
        if (isForbidden(res) || res.statusCode === 401) wrong.push(`${r.key} as ${user}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
