import { createStore, type Store } from '../../store';
import { attempt, idle, type Outcome } from '../attempt';
import { direct, type Runner } from '../run';

export interface CommandController {
  store: Store<Outcome>;
  /** runs a write; gives its result, or undefined when it was refused (the store says why) */
  run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T | undefined>;
  /** says a problem the screen found itself (two new passwords that differ), as a refusal is said */
  refuse(fieldErrors: Record<string, string>, text?: string): void;
  clear(): void;
}

/**
 * The writes of a custom screen without pixels (saving rights, applying updates, changing a password):
 * busy while one runs, the server's messages on the screen's fields or above them, nothing said when the
 * person aborted it.
 */
export function createCommandController(opts: { blocking?: Runner; shows?: (field: string) => boolean } = {}): CommandController {
  const store = createStore<Outcome>(idle);
  const blocking = opts.blocking ?? direct;
  // a screen that names no fields of its own shows every message of the server above it: none is lost
  const shows = opts.shows ?? (() => false);
  return {
    store,
    run: (call) => attempt(call, { blocking, shows, report: (o) => store.set((s) => ({ ...s, ...o })) }),
    refuse: (fieldErrors, text) =>
      store.set({ busy: false, fieldErrors, problem: text ? { tone: 'danger', text, stale: false } : undefined }),
    clear: () => store.set(idle),
  };
}
