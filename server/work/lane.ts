import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which lane the current work runs in. Everything a person waits for (a list, a booking, a sign-in) is
 * interactive; reports, exports, imports and batch jobs run in the heavy lane, so the database hands a
 * connection to a waiting interactive request first.
 */
export type Lane = 'interactive' | 'heavy';

interface LaneContext {
  lane: Lane;
  /** when the request (or heavy task) began: the gate serves the oldest first */
  since: number;
}

const context = new AsyncLocalStorage<LaneContext>();

export function currentLane(): Lane {
  return context.getStore()?.lane ?? 'interactive';
}

/** When the work asking now began, or undefined outside a request or task. */
export function currentSince(): number | undefined {
  return context.getStore()?.since;
}

/** Runs fn, and everything it awaits, as one interactive request that began now. */
export function inRequest<T>(fn: () => T): T {
  return context.run({ lane: 'interactive', since: performance.now() }, fn);
}

/** Runs fn, and everything it awaits, in the heavy lane. */
export function inHeavyLane<T>(fn: () => Promise<T>): Promise<T> {
  return context.run({ lane: 'heavy', since: performance.now() }, fn);
}
