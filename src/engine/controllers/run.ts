/**
 * How a controller runs a request: with an AbortSignal, and — for a save or a command the person waits
 * for — behind the full-page overlay whose "Abort Proccess" button aborts it. Screens pass the shell's
 * `blocking`; tests pass `direct`.
 */
export type Runner = <T>(call: (signal: AbortSignal) => Promise<T>) => Promise<T>;

/** Runs the request straight away, without an overlay. */
export const direct: Runner = (call) => call(new AbortController().signal);
