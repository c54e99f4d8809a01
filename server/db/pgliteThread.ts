import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';

type WorkerReply = { id: number; bytes: Uint8Array } | { id: number; error: string } | { id: number; closed: true };

// Extended-protocol messages that wait for the Sync (or Flush) closing their batch: one thread hop per statement.
const BATCHED = new Set(['P', 'B', 'D', 'E', 'C'].map((c) => c.charCodeAt(0)));

interface PGliteModules {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

let compiled: Promise<PGliteModules> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and handed to each database's thread: every thread compiled
 * its own copy, a second of CPU for each database started, which the test suite does hundreds of times.
 */
function pgliteModules(): Promise<PGliteModules> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const compile = async (file: string) => WebAssembly.compile(new Uint8Array(await readFile(path.join(dist, file))));
  compiled ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(([pgliteWasmModule, initdbWasmModule]) => ({
    pgliteWasmModule,
    initdbWasmModule,
  }));
  return compiled;
}

/**
 * The main thread's side of the embedded database (pgliteWorker.mjs runs it in a worker thread). Each of its
 * sessions looks like a PGlite instance to PGlite's node-postgres connection, so both databases are reached
 * through the same driver, the same type parsers and the same SQL.
 */
export class PGliteThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(bytes: Uint8Array): void; reject(err: Error): void }>();
  readonly waitReady: Promise<void>;

  /**
   * A database's thread, started (loadDataDir: a dump written by dumpTo() to start from; statementTimes: a file
   * the thread writes each statement's runs and time to).
   */
  static async start(dataDir: string, loadDataDir?: string, statementTimes?: string): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir, loadDataDir, statementTimes, await pgliteModules());
    await thread.waitReady;
    return thread;
  }

  private constructor(dataDir: string, loadDataDir: string | undefined, statementTimes: string | undefined, modules: PGliteModules) {
    this.worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
      workerData: { dataDir, loadDataDir, statementTimes, modules },
    });
    this.waitReady = new Promise((resolve, reject) => {
      const onMessage = (m: { id: number; ready?: boolean }) => {
        if (m.id !== 0) return;
        this.worker.off('error', reject);
        resolve();
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', reject);
    });
    this.worker.on('message', (m: WorkerReply | { id: 0 }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if ('error' in m) p.reject(new Error(`embedded database: ${m.error}`));
      else p.resolve('bytes' in m ? m.bytes : new Uint8Array());
    });
    this.worker.on('error', (err) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    });
  }

  private send(message: { bytes?: Uint8Array; close?: boolean; dumpTo?: string }): Promise<Uint8Array> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message }, message.bytes ? [message.bytes.buffer as ArrayBuffer] : []);
    });
  }

  /**
   * A connection's own side of the thread, for one node-postgres client: it collects that client's messages
   * up to their Sync, so clients whose statements are queued at once never mix their messages.
   */
  session(): { waitReady: Promise<void>; execProtocolStream(message: Uint8Array): Promise<BackendMessage[]> } {
    let batch: Uint8Array[] = [];
    return {
      waitReady: this.waitReady,
      execProtocolStream: async (message) => {
        batch.push(message);
        if (BATCHED.has(message[0])) return [];
        const bytes = Buffer.concat(batch);
        batch = [];
        const reply = await this.send({ bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice() });
        const out: BackendMessage[] = [];
        new Parser().parse(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength), (m) => out.push(m));
        return out;
      },
    };
  }

  /** Writes the database's files as one tar file. */
  async dumpTo(file: string) {
    await this.send({ dumpTo: file });
  }

  async close() {
    await this.send({ close: true });
    await this.worker.terminate();
  }
}
