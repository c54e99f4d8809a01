import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, projectRoot, type Config } from '../../server/config.js';
import { connect, type Database } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { loadMeta, type Meta } from '../../server/meta/load.js';
import { buildApp } from '../../server/app.js';
import { seedDemo } from '../../server/seed/demo.js';
import { DEMO_PASSWORD } from '../../server/seed/demoUsers.js';
import type { Mail, Mailer } from '../../server/auth/mailer.js';
import { inject } from 'vitest';
import { freshPostgresDatabase } from './postgres.js';
import { BUSINESS_DATE } from './demoTemplate.js';

export { BUSINESS_DATE };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  meta: Meta;
  mails: Mail[];
  dataDir: string;
  /** a signed-in client for a demo user */
  login(username: string, password?: string): Promise<ApiClient>;
  anonymous(): ApiClient;
  close(): Promise<void>;
}

let cachedMeta: Meta | undefined;

/**
 * A real server on a real database: PGlite in memory by default, a fresh PostgreSQL database when
 * the suite runs with TEST_DB=postgres. Migrated and loaded with the demo hotel, like a first start (or a
 * copy of the run's once-seeded demo hotel, which is the same).
 */
export async function startTestApp(
  options: {
    seed?: boolean;
    meta?: Meta;
    root?: string;
    /** every log line the server writes, at info level */
    log?: string[];
    /** settings beside the defaults (PUBLIC_URL …) */
    config?: Partial<Config>;
  } = {},
): Promise<TestApp> {
  const meta = options.meta ?? (cachedMeta ??= loadMeta(projectRoot));
  // the run's seeded demo hotel when the suite's global setup made one (tests/support/demoTemplate.ts)
  const template = options.seed !== false && !options.meta ? inject('demoTemplate') : undefined;
  const postgres = process.env.TEST_DB === 'postgres';
  const databaseUrl = postgres ? await freshPostgresDatabase(template) : undefined;
  const database = await connect({ databaseUrl, dataDir: 'memory://', loadDataDir: postgres ? undefined : template });
  if (!template) {
    await migrate(database.db, path.join(projectRoot, 'server', 'migrations'));
    if (options.seed !== false) await seedDemo(database.db, meta, { businessDate: BUSINESS_DATE });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-test-'));
  const config = { ...loadConfig({}), root: options.root ?? projectRoot, dataDir, databaseUrl, ...options.config };
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const log = options.log;
  const logger = log ? { level: 'info', stream: { write: (line: string) => void log.push(line) } } : undefined;
  const app = await buildApp({ config, database, meta, mailer, logger });
  await app.ready();
  return {
    app,
    database,
    meta,
    mails,
    dataDir,
    anonymous: () => new ApiClient(app),
    async login(username, password = DEMO_PASSWORD) {
      const client = new ApiClient(app);
      const res = await client.post('/api/auth/login', { username, password });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return client;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Response = LightMyRequestResponse & { json<T = any>(): T };

/** Talks to the server as a browser would: session cookie, CSRF header, active branch, language. */
export class ApiClient {
  cookie?: string;
  csrf?: string;
  branchId?: number;
  lang: 'en' | 'id' = 'en';
  session?: any;
  /** the caller's network address (the sign-in throttle counts failures per address) */
  remoteAddress?: string;

  constructor(private app: FastifyInstance) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h: Record<string, string> = { 'accept-language': this.lang, ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (this.csrf && method !== 'GET') h['x-csrf-token'] = this.csrf;
    if (this.branchId) h['x-branch-id'] = String(this.branchId);
    // as the browser's data provider does: every command goes with a key of its own
    if (method === 'POST' && url.startsWith('/api/ops/') && !Object.keys(h).some((k) => k.toLowerCase() === 'idempotency-key'))
      h['idempotency-key'] = crypto.randomUUID();
    const res = (await this.app.inject({
      method: method as any,
      url,
      payload: body as any,
      headers: h,
      remoteAddress: this.remoteAddress,
    })) as Response;
    const set = res.cookies.find((c) => c.name.endsWith('hotelier_session'));
    if (set) this.cookie = set.value ? `${set.name}=${set.value}` : undefined;
    if (url === '/api/auth/login' && res.statusCode === 200) {
      this.session = res.json();
      this.csrf = this.session.csrfToken;
    }
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }
  patch(url: string, body?: unknown) {
    return this.request('PATCH', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
}
