import { inHeavyLane } from './lane.js';

export interface WorkQueueOptions {
  /** heavy tasks running at once; the rest wait their turn in order */
  concurrency: number;
  /** tasks allowed to wait; one more is refused with busy() instead of piling up */
  maxQueued: number;
  /** the error a refused task gets (the HTTP layer makes it a 503 a person can read) */
  busy: () => Error;
}

interface Queued {
  kind: string;
  start: () => void;
}

/**
 * Heavy work — reports, exports, imports, batch jobs such as the night audit — waits here for one of a
 * few slots and runs in the heavy lane: its database turns come after any waiting interactive request
 * (see server/db/gate.ts), and it calls betweenChunks() between chunks of CPU work so the HTTP server
 * answers in between. Usage: `await ctx.work.run('report', async () => …)`.
 */
export class WorkQueue {
  private running = new Map<string, number>();
  private runningTotal = 0;
  private readonly queue: Queued[] = [];

  constructor(private readonly options: WorkQueueOptions) {}

  run<T>(kind: string, fn: () => Promise<T>): Promise<T> {
    if (this.runningTotal >= this.options.concurrency && this.queue.length >= this.options.maxQueued)
      return Promise.reject(this.options.busy());
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.runningTotal++;
        this.running.set(kind, (this.running.get(kind) ?? 0) + 1);
        inHeavyLane(fn)
          .then(resolve, reject)
          .finally(() => {
            this.runningTotal--;
            this.running.set(kind, this.running.get(kind)! - 1);
            this.queue.shift()?.start();
          });
      };
      if (this.runningTotal < this.options.concurrency) start();
      else this.queue.push({ kind, start });
    });
  }

  stats() {
    return {
      running: this.runningTotal,
      queued: this.queue.length,
      byKind: Object.fromEntries([...this.running].filter(([, n]) => n > 0)),
    };
  }
}

/**
 * A pause between chunks of heavy CPU work (rows of an export): pending I/O callbacks — requests that
 * arrived, database replies — run before the next chunk.
 */
export function betweenChunks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Rows per chunk of CPU work between two betweenChunks() pauses: a few milliseconds of work. */
export const CHUNK_ROWS = 500;
