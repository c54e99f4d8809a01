import { useEffect, useMemo, useRef } from 'react';
import { createStore, useStore } from '../../store';
import { createResourceController, type ResourceController, type ResourceState } from './resourceController';

/**
 * Reads what `key` names through `read` (the data provider) and reads it again when the key changes;
 * `null` reads nothing yet (no group chosen). What was read when the screen goes away is aborted.
 */
export function useResource<T>(
  key: string | null,
  read: (signal: AbortSignal) => Promise<T>,
): ResourceState<T> & Pick<ResourceController<T>, 'load' | 'set'> {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  const controller = useMemo(() => (key === null ? null : createResourceController<T>((signal) => latest.current(signal))), [key]);
  useEffect(() => {
    if (!controller) return;
    void controller.load();
    return () => controller.dispose();
  }, [controller]);
  const state: ResourceState<T> = useStore((controller?.store ?? idleStore) as typeof idleStore);
  return {
    ...state,
    load: () => controller?.load() ?? Promise.resolve(undefined),
    set: (data) => controller?.set(data),
  };
}

// what a resource not yet named shows: nothing, not loading
const idleStore = createStore<ResourceState<any>>({ loading: false });
