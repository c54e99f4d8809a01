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

/**
 * The real server (`server/main.ts`, as `npm start` runs it) in its own process, started on a data
 * directory or a DATABASE_URL, resolved once it says it is running.
 */
export async function startServerProcess(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
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
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
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
