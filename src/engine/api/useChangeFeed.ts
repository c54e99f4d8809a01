import { useEffect, useRef } from 'react';
import { dataProvider } from './dataProvider';

const WAIT_SECONDS = 20;
const RETRY_MS = 3000;

/**
 * Follows a server change feed (a long-poll resource answering `{ last, changes }`, see server/feeds) while the
 * screen is open, and hands each batch of committed changes to `onChange`. A failed request is retried after a
 * pause; leaving the screen ends the wait.
 */
export function useChangeFeed<T>(resource: string, onChange: (changes: T[]) => void, enabled = true) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    const { signal } = abort;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    void (async () => {
      let last: number | undefined;
      while (!signal.aborted) {
        try {
          const r = await dataProvider.read<{ last: number; changes: T[] }>(
            resource,
            last === undefined ? {} : { after: last, wait: WAIT_SECONDS },
            signal,
          );
          last = r.last;
          if (r.changes.length) latest.current(r.changes);
        } catch {
          if (!signal.aborted) await pause(RETRY_MS);
        }
      }
    })();
    return () => abort.abort();
  }, [resource, enabled]);
}
