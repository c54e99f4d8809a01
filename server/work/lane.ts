import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which lane the current work runs in. Everything a person waits for (a list, a booking, a sign-in) is
 * interactive; reports, exports, imports and batch jobs run in the heavy lane, so the database hands a
 * connection to a waiting interactive request first.
 */
export type Lane = 'interactive' | 'heavy';

const lane = new AsyncLocalStorage<Lane>();

export function currentLane(): Lane {
  return lane.getStore() ?? 'interactive';
}

/** Runs fn, and everything it awaits, in the heavy lane. */
export function inHeavyLane<T>(fn: () => Promise<T>): Promise<T> {
  return lane.run('heavy', fn);
}
