/**
 * The phone's outbox: activities logged without a connection wait in IndexedDB (they survive a closed tab) and
 * are sent, oldest first, when the connection returns. Each keeps the key it was given when logged; the server
 * stores one activity per key and answers a repeat with the first answer, so a send whose answer was lost can be
 * repeated safely.
 */
export type QueueKey = ReturnType<typeof crypto.randomUUID>;

export interface Queued {
  key: QueueKey;
  op: string;
  input: Record<string, unknown>;
  queuedAt: string;
}

const DB = 'hotelier-sales';
const STORE = 'outbox';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const enqueue = (item: Queued) => withStore('readwrite', (s) => s.put(item));
export const dequeue = (key: QueueKey) => withStore('readwrite', (s) => s.delete(key));
export const queued = async () =>
  ((await withStore('readonly', (s) => s.getAll())) as Queued[]).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));

/** Asks the service worker to wake the page when the connection returns (Background Sync), where the browser has it. */
export async function askForSync() {
  const reg = await navigator.serviceWorker?.getRegistration?.();
  const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(SYNC_TAG).catch(() => undefined);
}
export const SYNC_TAG = 'sales-outbox';

/** A failure that says nothing reached the server (no answer at all), as opposed to a refusal. */
export function isOffline(err: unknown): boolean {
  const e = err as { code?: string };
  return !navigator.onLine || e?.code === 'NETWORK';
}
