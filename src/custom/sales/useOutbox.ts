import { useCallback, useEffect, useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { askForSync, dequeue, enqueue, isOffline, queued, SYNC_TAG, type Queued, type QueueKey } from './outbox';

/**
 * The outbox as the phone screens use it: `send` tries at once and keeps the command when there is no connection;
 * what waits is sent when the browser comes back online, when the service worker's sync fires, and on opening.
 */
export function useOutbox(onSent: () => void) {
  const [waiting, setWaiting] = useState(0);
  const [online, setOnline] = useState(navigator.onLine);

  const flush = useCallback(async () => {
    let sent = 0;
    for (const item of await queued()) {
      try {
        await dataProvider.run(item.op, item.input, undefined, item.key);
        await dequeue(item.key);
        sent++;
      } catch (err) {
        if (isOffline(err)) break;
        // refused by the server (the visit no longer plannable): it would be refused again, so it leaves the queue
        await dequeue(item.key);
      }
    }
    setWaiting((await queued()).length);
    if (sent) onSent();
  }, [onSent]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    const fromWorker = (e: MessageEvent) => {
      if (e.data?.type === 'SYNC' && e.data.tag === SYNC_TAG) void flush();
    };
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    void flush();
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [flush]);

  /** Sends a command now, or keeps it for later: 'sent' or 'queued'; a refusal is thrown to the form. */
  const send = useCallback(async (op: string, input: Record<string, unknown>, key: QueueKey): Promise<'sent' | 'queued'> => {
    const item: Queued = { key, op, input, queuedAt: new Date().toISOString() };
    if (navigator.onLine) {
      try {
        await dataProvider.run(op, input, undefined, key);
        return 'sent';
      } catch (err) {
        if (!isOffline(err)) throw err;
      }
    }
    await enqueue(item);
    await askForSync();
    setWaiting((await queued()).length);
    return 'queued';
  }, []);

  return { waiting, online, send, flush };
}
