import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { RouteOptions } from 'fastify';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { createAjv } from '../../../server/validation/ajv.js';

/**
 * Schema-driven fuzzing with fast-check, generated from the routes Fastify registered: every write route gets
 * bodies its own schema refuses — shaped values mixed with hostile ones (wrong types, NUL, 5,000 characters,
 * years 1 and 9999, SQL, card numbers, huge numbers, nested junk, unknown fields) — and every list gets
 * random queries (limits, sorts, quick search, filters built from its fields, cursors). Only 4xx may come
 * back, and not one row anywhere may change. Bounded: FUZZ_RUNS per route (default 20).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let t: TestApp;
let admin: ApiClient;
const ajv = createAjv();
let sent = 0;

/** Row counts and the newest change of every table: a fingerprint nothing refused may move. */
async function fingerprint(): Promise<string> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`.execute(
    t.database.db,
  );
  const out: string[] = [];
  for (const { table_name } of rows) {
    const { rows: n } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table_name)}`.execute(t.database.db);
    out.push(`${table_name}=${n[0].n}`);
  }
  return out.join(' ');
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  admin.remoteAddress = '10.99.0.1';
});
afterAll(async () => {
  await t?.close();
});

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'Bali\u0000',
    'x'.repeat(5000),
    '0001-01-01',
    '9999-12-31',
    '2026-02-30',
    "'; DROP TABLE guest; --",
    '4111 1111 1111 1111',
    '1e309',
    '-1',
    '',
    ' ',
  ),
  fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 31), 1e308),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.object({ maxDepth: 2 }),
);

const typeOf = (p: any): string => (Array.isArray(p?.type) ? p.type.find((x: string) => x !== 'null') : p?.type) ?? 'string';

/** A value the property's schema might accept, so a body's other fields get past the first error. */
function shaped(p: any): fc.Arbitrary<unknown> {
  if (p?.enum) return fc.constantFrom(...p.enum);
  switch (typeOf(p)) {
    case 'integer':
      return fc.integer({ min: p.minimum ?? -1000, max: Math.min(p.maximum ?? 100_000, 2 ** 31) });
    case 'number':
      return fc.double({ noNaN: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(p.items ? shaped(p.items) : fc.anything(), { maxLength: 3 });
    case 'object':
      return p.properties ? bodyOf(p) : fc.object({ maxDepth: 1 });
    default:
      if (p?.format === 'date')
        return fc
          .date({ min: new Date('1890-01-01'), max: new Date('2110-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (p?.format === 'money') return fc.constantFrom('1250000', '2.500.000', '0.5', '-10', '99999999999999999999');
      return fc.string({ maxLength: (p?.maxLength ?? 40) + 2 });
  }
}

function bodyOf(schema: any): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries<any>(schema?.properties ?? {});
  const shape = Object.fromEntries(
    props.map(([k, p]) => [k, fc.oneof({ weight: 3, arbitrary: shaped(p) }, { weight: 1, arbitrary: hostile })]),
  );
  return fc
    .tuple(fc.record(shape, { requiredKeys: [] }), fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostile, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

function writeRoutes(): { method: string; route: RouteOptions }[] {
  return t.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((m) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(m))
        .map((method) => ({ method, route })),
    );
}

/** Sign-in, password reset and sign-out are fuzzed with the rest, but must not end the fuzzer's own session. */
const SESSION_ENDING = new Set(['/api/auth/logout']);

function expectRefused(res: Response, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
}

describe('fuzzing every write route with bodies its schema refuses', () => {
  it(`answers each with a 4xx and writes nothing (${RUNS} bodies a route)`, async () => {
    const before = await fingerprint();
    const routes = writeRoutes().filter((r) => !SESSION_ENDING.has(r.route.url));
    expect(routes.length).toBeGreaterThan(80);
    for (const { method, route } of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const schema = (route.schema as any)?.body;
      const query = (route.schema as any)?.querystring;
      if (method === 'DELETE') {
        const validQuery = query ? ajv.compile(query) : () => true;
        await fc.assert(
          fc.asyncProperty(
            fc.dictionary(fc.constantFrom('version', 'force', 'x'), fc.oneof(fc.string(), fc.constantFrom('0', '-1', '1.5', '\u0000'))),
            async (q) => {
              fc.pre(!validQuery(q));
              sent++;
              expectRefused(await admin.request('DELETE', `${url}?${new URLSearchParams(q as Record<string, string>)}`), `DELETE ${url}`);
            },
          ),
          { numRuns: RUNS, seed: SEED },
        );
        continue;
      }
      const validate = schema ? ajv.compile(schema) : () => false;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 9, arbitrary: bodyOf(schema) }, { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) }),
          async (body) => {
            fc.pre(!validate(body));
            sent++;
            expectRefused(await admin.request(method, url, body ?? {}), `${method} ${url} ${JSON.stringify(body).slice(0, 200)}`);
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    }
    expect(await fingerprint()).toBe(before);
  }, 600_000);
});

describe('fuzzing every list with random queries', () => {
  it(`never answers a 5xx and changes nothing (${RUNS} queries a list)`, async () => {
    const before = await fingerprint();
    const lists = [...t.app.ctx.models.values()];
    for (const m of lists) {
      const fields = ['id', ...m.columns.keys()];
      const filter = fc.dictionary(
        fc.constantFrom(...fields, 'password_hash', 'nope'),
        fc.record(
          {
            op: fc.constantFrom('eq', 'ne', 'contains', 'startsWith', 'gt', 'gte', 'lt', 'lte', 'in', 'range', 'empty', 'notEmpty', 'drop'),
            value: hostile,
          },
          { requiredKeys: ['op'] },
        ),
        { maxKeys: 3 },
      );
      const query = fc.record(
        {
          limit: fc.oneof(fc.integer({ min: -5, max: 600 }).map(String), fc.string()),
          offset: fc.oneof(fc.integer({ min: -5, max: 20_000_000 }).map(String), fc.string()),
          sort: fc.oneof(fc.constantFrom(...fields), fc.string()),
          dir: fc.constantFrom('asc', 'desc', 'sideways'),
          q: fc.oneof(fc.string({ maxLength: 120 }), hostile.map(String)),
          filter: fc.oneof({ weight: 4, arbitrary: filter.map((f) => JSON.stringify(f)) }, { weight: 1, arbitrary: fc.string() }),
          after: fc.oneof(
            fc.tuple(hostile, fc.integer()).map((c) => Buffer.from(JSON.stringify(c)).toString('base64url')),
            fc.string({ maxLength: 60 }),
          ),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(query, fc.boolean(), async (q, lookup) => {
          sent++;
          const url = `/api/data/${m.id}${lookup ? '/lookup' : ''}?${new URLSearchParams(q as Record<string, string>)}`;
          const res = await admin.get(url);
          expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
    expect(await fingerprint()).toBe(before);
    console.log(`fuzz: ${sent} requests`);
  }, 600_000);
});
