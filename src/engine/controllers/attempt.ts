import type { ApiError } from '../api/client';
import { describeApiError, type RecordProblem } from './problem';
import type { Runner } from './run';

/** What a write leaves behind for the screen: whether it is running, and what the server refused. */
export interface Outcome {
  busy: boolean;
  /** the server's messages for fields the screen shows */
  fieldErrors: Record<string, string>;
  /** a message above the form (a refusal of the whole, a message for a field not on the screen) */
  problem?: RecordProblem;
  /** the last refusal as the server gave it (a definition's problems list, its details) */
  error?: ApiError;
}

export const idle: Outcome = { busy: false, fieldErrors: {} };

/**
 * Runs one write: clears what the last one said, marks the screen busy, runs it (behind the overlay when
 * the runner is the shell's), and on a refusal tells where each message goes. An aborted write says
 * nothing. Gives the result, or undefined when it was refused.
 */
export async function attempt<T>(
  call: (signal: AbortSignal) => Promise<T>,
  opts: { blocking: Runner; shows: (field: string) => boolean; report(outcome: Partial<Outcome>): void },
): Promise<T | undefined> {
  opts.report({ busy: true, problem: undefined, fieldErrors: {}, error: undefined });
  try {
    return await opts.blocking(call);
  } catch (err) {
    const e = err as ApiError;
    if (!e.aborted) opts.report({ ...describeApiError(e, opts.shows), error: e });
    return undefined;
  } finally {
    opts.report({ busy: false });
  }
}
