import { createStore, type Store } from '../../store';
import type { ApiError } from '../../api/client';

export interface ResourceState<T> {
  data?: T;
  /** why it could not be read */
  error?: string;
  /** true until the first answer: a reload keeps showing what was read */
  loading: boolean;
}

export interface ResourceController<T> {
  store: Store<ResourceState<T>>;
  /** reads it (again); gives what was read, or undefined when it failed or was aborted */
  load(): Promise<T | undefined>;
  /** replaces what is shown (after a write that answered with the new state) */
  set(data: T): void;
  dispose(): void;
}

/**
 * Something a custom screen reads (a catalogue, a status, the rights of a group) without pixels: loading
 * until the first answer, the reason when it fails, the last answer kept on a reload; an answer that
 * arrives after the screen moved on changes nothing.
 */
export function createResourceController<T>(read: (signal: AbortSignal) => Promise<T>): ResourceController<T> {
  const store = createStore<ResourceState<T>>({ loading: true });
  const life = new AbortController();
  let latest = 0;
  return {
    store,
    async load() {
      const mine = ++latest;
      try {
        const data = await read(life.signal);
        if (mine === latest && !life.signal.aborted) store.set({ data, loading: false });
        return data;
      } catch (err) {
        const e = err as ApiError;
        if (mine === latest && !e.aborted && !life.signal.aborted) store.set((s) => ({ ...s, error: e.message, loading: false }));
        return undefined;
      }
    },
    set: (data) => store.set({ data, loading: false }),
    dispose: () => life.abort(),
  };
}
