import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Pool } from 'undici';

export interface Answer {
  status: number;
  ms: number;
  /** bytes as sent on the wire (compressed when the server compressed) */
  bytes: number;
  body: any;
  /** the body as the server meant it (decompressed), when it was parsed */
  decoded?: Buffer;
  encoding: string;
}

/**
 * A browser-like client over real HTTP on loopback: keep-alive connections, `Accept-Encoding: br, gzip`
 * (so compression is paid for and measured), the session cookie and the CSRF header.
 */
export class BenchClient {
  cookie = '';
  csrf = '';
  constructor(private readonly pool: Pool) {}

  static pool(url: string, connections: number) {
    return new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  }

  async request(method: string, path: string, body?: unknown, parse = true): Promise<Answer> {
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip', 'accept-language': 'id' };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET') {
      headers['content-type'] = 'application/json';
      if (this.csrf) headers['x-csrf-token'] = this.csrf;
      // as the app's data provider does: each command carries its own key (money moves require one)
      if (path.startsWith('/api/ops/')) headers['idempotency-key'] = crypto.randomUUID();
    }
    // timed from the request leaving to the answer arriving: the client's own encoding is left out, as its decoding is
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const t0 = performance.now();
    const res = await this.pool.request({ method: method as 'GET', path, headers, body: payload });
    const raw = Buffer.from(await res.body.arrayBuffer());
    const ms = performance.now() - t0;
    const set = res.headers['set-cookie'];
    if (set) this.cookie = (Array.isArray(set) ? set : [set]).map((c) => c.split(';')[0]).join('; ');
    const encoding = res.headers['content-encoding'];
    let parsed: unknown;
    let decoded: Buffer | undefined;
    if (parse && String(res.headers['content-type'] ?? '').includes('json')) {
      decoded = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
      parsed = JSON.parse(decoded.toString());
    }
    return { status: res.statusCode, ms, bytes: raw.length, body: parsed, decoded, encoding: String(encoding ?? 'identity') };
  }

  /** GET that must answer 200 */
  async ok(path: string, parse = false) {
    const r = await this.get(path, parse);
    if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
    return r;
  }

  get(path: string, parse = true) {
    return this.request('GET', path, undefined, parse);
  }
  post(path: string, body: unknown) {
    return this.request('POST', path, body);
  }

  async signIn(username: string, password = 'hotelier') {
    const res = await this.post('/api/auth/login', { username, password });
    if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    this.csrf = res.body.csrfToken;
    return res.body;
  }
}

/** What an answer weighed: as sent (in its encoding) and, for comparison, gzip at level 9 of the same body. */
export function sizes(a: Answer): string {
  const gz = a.decoded ? zlib.gzipSync(a.decoded, { level: 9 }).length : NaN;
  return `${(a.bytes / 1024).toFixed(1)} kB as sent (${a.encoding})${a.decoded ? `, ${(gz / 1024).toFixed(1)} kB gzip, ${(a.decoded.length / 1024).toFixed(1)} kB plain` : ''}`;
}
