import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkQueue } from '../work/workQueue.js';

const BUSY_RETRY_MS = 1000;

/**
 * Where a server flow's step does its work: on the heavy-work queue (server/work), so steps take their turn
 * with reports and exports and interactive requests come first. A full queue is no reason to fail a run
 * that has waited in the database all along: the step asks again a moment later.
 */
export async function executeStep<T>(queue: WorkQueue, kind: string, work: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (;;) {
    try {
      return await queue.run(kind, work);
    } catch (err) {
      if ((err as { code?: string }).code !== 'BUSY') throw err;
      await sleep(BUSY_RETRY_MS, undefined, { signal });
    }
  }
}
