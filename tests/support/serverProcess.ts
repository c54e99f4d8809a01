import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { projectRoot } from '../../server/config.js';

/**
 * The real server as `npm start` runs it (`tsx server/main.ts`), in its own process, for tests that must
 * kill it or take its database away: whatever the database plumbing inside becomes, these stay valid.
 */
export interface ServerProcess {
  url: string;
  /** SIGKILL: no shutdown, no flush, as a power-less crash of the process */
  kill9(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startServer(env: { DATA_DIR?: string; DATABASE_URL?: string }, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(p), HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${p}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 180_000;
  while (!output.includes('Hotelier is running')) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${p}`,
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A signed-in browser over real HTTP: the session cookie and the CSRF token. */
export class HttpSession {
  private cookie = '';
  private csrf = '';
  constructor(public base: string) {}

  async signIn(username = 'admin', password = 'hotelier') {
    const res = await fetch(`${this.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    this.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    this.csrf = (await res.json()).csrfToken;
  }

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { cookie: this.cookie, 'x-csrf-token': this.csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: kept as text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
}
