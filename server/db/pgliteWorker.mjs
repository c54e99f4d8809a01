import fs from 'node:fs';
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
keepFileSizes();
const loadDataDir = workerData.loadDataDir ? new Blob([await readFile(workerData.loadDataDir)]) : undefined;
const lite = await PGlite.create({
  dataDir: workerData.dataDir,
  loadDataDir,
  extensions: { btree_gist, pg_trgm },
  // compiled once by the main thread (pgliteThread.ts)
  ...workerData.modules,
  // in memory, a WAL segment written is not kept for reuse: a dump then holds one segment, not four (126 → 76 MB
  // for the demo hotel, which each API test file starts from)
  ...(workerData.dataDir === 'memory://' ? { postgresqlconf: ['wal_recycle = off'] } : {}),
});
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
      // written at a checkpoint, a database started from the dump replays no WAL (a second less per start)
      await lite.exec('CHECKPOINT');
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

/**
 * PostgreSQL asks a file's size (a seek to its end) whenever it plans a query over a table or index, or
 * scans a table (a lookup name's subquery scans its small table once per row); Emscripten's NODEFS answers
 * each with an fstat system call: 517 of them for one reservation list page, 13 % of this thread's time
 * under the load bench. The answers are kept until this thread changes anything on disk: every synchronous
 * fs call but the ones that only read empties them first, so a size is never older than the last write.
 */
function keepFileSizes() {
  const READS = new Set([
    'readSync',
    'readvSync',
    'statSync',
    'lstatSync',
    'existsSync',
    'accessSync',
    'readdirSync',
    'readFileSync',
    'readlinkSync',
    'realpathSync',
    'fsyncSync',
    'fdatasyncSync',
    'opendirSync',
    'statfsSync',
  ]);
  const stats = new Map();
  const fstatSync = fs.fstatSync;
  for (const name of Object.keys(fs)) {
    const original = fs[name];
    if (!name.endsWith('Sync') || name === 'fstatSync' || READS.has(name) || typeof original !== 'function') continue;
    fs[name] = function changes(...args) {
      stats.clear();
      return original.apply(fs, args);
    };
  }
  fs.fstatSync = function fstatKept(fd, options) {
    if (options !== undefined) return fstatSync.call(fs, fd, options);
    let stat = stats.get(fd);
    if (!stat) stats.set(fd, (stat = fstatSync.call(fs, fd)));
    return stat;
  };
}
