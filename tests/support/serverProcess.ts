import { spawn, type ChildProcess } from 'node:child_process';
import { serverCommand } from '../../scripts/build-server.mjs';
import net from 'node:net';
import { projectRoot } from '../../server/config.js';

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

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** everything the process wrote */
  output(): string;
  /** kill -9: no shutdown, no cleanup, as a power cut of the process would */
  kill(): Promise<void>;
  /** SIGTERM, as an administrator stops it */
  stop(): Promise<void>;
}

/** Another process took the port between the moment it was found free and the server's listen. */
class PortTaken extends Error {}

/**
 * The real server (`server/main.ts`, as `npm start` runs it) in its own process, started on a data
 * directory or a DATABASE_URL, resolved once it says it is running. Its port is one the system had free a
 * moment before; another process may take it meanwhile (as the port of an outgoing connection, or another
 * test's free port), so a start refused with EADDRINUSE is tried again on another port.
 */
export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  // a port asked for (a restart keeping its address) is not changed
  if (options.port) return startOn(options.port, options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), options);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === 3) throw err;
    }
  }
}

interface ServerOptions {
  dataDir: string;
  port?: number;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

async function startOn(port: number, options: ServerOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const [node, args] = await serverCommand();
  const child = spawn(node, args, {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (!output.includes('Hotelier is running')) {
    if (child.exitCode !== null) throw new (/EADDRINUSE/.test(output) ? PortTaken : Error)(`the server stopped:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
