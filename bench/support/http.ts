import { Pool } from 'undici';

export interface Answer {
  status: number;
  ms: number;
  /** bytes as sent on the wire (compressed when the server compressed) */
  bytes: number;
  body: any;
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
    }
    const t0 = performance.now();
    const res = await this.pool.request({
      method: method as 'GET',
      path,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const raw = Buffer.from(await res.body.arrayBuffer());
    const ms = performance.now() - t0;
    const set = res.headers['set-cookie'];
    if (set) this.cookie = (Array.isArray(set) ? set : [set]).map((c) => c.split(';')[0]).join('; ');
    const encoding = res.headers['content-encoding'];
    let parsed: unknown;
    if (parse && String(res.headers['content-type'] ?? '').includes('json')) {
      const zlib = await import('node:zlib');
      const text = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
      parsed = JSON.parse(text.toString());
    }
    return { status: res.statusCode, ms, bytes: raw.length, body: parsed };
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
