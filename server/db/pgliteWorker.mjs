import { readFile, writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The embedded database in its own thread: it receives PostgreSQL wire-protocol messages and answers
 * with the server's raw reply, so a long statement never stops the HTTP server's event loop.
 * Plain JavaScript, so the thread starts the same under tsx, Vitest and plain Node.
 * It can start from a dump of another database's files (workerData.loadDataDir, a tar file) and write such a dump.
 * Requests: { id, bytes } | { id, dumpTo } | { id, close: true }; replies: { id, bytes } | { id, error } | { id, closed }.
 */
const port = parentPort;
const loadDataDir = workerData.loadDataDir ? new Blob([await readFile(workerData.loadDataDir)]) : undefined;
const lite = await PGlite.create({ dataDir: workerData.dataDir, loadDataDir, extensions: { btree_gist, pg_trgm } });
port.postMessage({ id: 0, ready: true });

// One message at a time, in order: the connection on the other side sends its next batch only after a reply.
let queue = Promise.resolve();
port.on('message', (req) => {
  queue = queue.then(() => answer(req));
});

async function answer(req) {
  try {
    if (req.close) {
      await lite.close();
      port.postMessage({ id: req.id, closed: true });
      return;
    }
    if (req.dumpTo) {
      const dump = await lite.dumpDataDir('none');
      await writeFile(req.dumpTo, Buffer.from(await dump.arrayBuffer()));
      port.postMessage({ id: req.id, bytes: new Uint8Array() });
      return;
    }
    // The raw reply as it is written: execProtocolRaw would also parse every message into objects, which
    // only the main thread needs. Each chunk is a view into the database's memory, so it is copied.
    const chunks = [];
    await lite.execProtocolRawStream(req.bytes, { onRawData: (chunk) => chunks.push(chunk.slice()) });
    const bytes = chunks.length === 1 ? chunks[0] : concat(chunks);
    port.postMessage({ id: req.id, bytes }, [bytes.buffer]);
  } catch (err) {
    port.postMessage({ id: req.id, error: String(err?.stack ?? err) });
  }
}

function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
