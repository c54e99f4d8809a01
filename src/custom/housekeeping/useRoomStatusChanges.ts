import { useEffect, useRef } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';

export interface RoomStatusChange {
  id: number;
  room_id: number;
  code: string;
  hk_status: string;
}

const WAIT_SECONDS = 20;
const RETRY_MS = 3000;

/**
 * Follows the housekeeping status changes committed anywhere (a room cleaned on a phone) while the screen is
 * open, by long poll, and hands each batch to `onChange`.
 */
export function useRoomStatusChanges(onChange: (changes: RoomStatusChange[]) => void, enabled = true) {
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
          const r = await dataProvider.read<{ last: number; changes: RoomStatusChange[] }>(
            'housekeeping/room-status/changes',
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
  }, [enabled]);
}
