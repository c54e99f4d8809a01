/** A client of a server running in its own process, over real HTTP: session cookie, CSRF header, language. */
export class HttpClient {
  private cookie?: string;
  private csrf?: string;

  constructor(
    public baseUrl: string,
    public lang: 'en' | 'id' = 'en',
  ) {}

  /** Points the same session at the server again (after a restart on the same database). */
  at(baseUrl: string) {
    this.baseUrl = baseUrl;
    return this;
  }

  async request(method: string, url: string, body?: unknown): Promise<{ status: number; json: any; bytes: Buffer; headers: Headers }> {
    const headers: Record<string, string> = { 'accept-language': this.lang };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.csrf && method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const set = res.headers.getSetCookie().find((c) => c.includes('hotelier_session='));
    if (set) this.cookie = set.split(';')[0];
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined;
    return { status: res.status, json, bytes, headers: res.headers };
  }

  async login(username: string, password = 'hotelier') {
    const r = await this.request('POST', '/api/auth/login', { username, password });
    if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.json)}`);
    this.csrf = r.json.csrfToken;
    return this;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body: unknown = {}) {
    return this.request('POST', url, body);
  }
}
