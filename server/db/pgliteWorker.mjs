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
 * workerData.statementTimes: a file to write, every ten seconds and at close, how long each statement took here.
 */
const port = parentPort;
keepFileSizes();
const timer = workerData.statementTimes ? statementTimer(workerData.statementTimes) : undefined;
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
      timer?.write();
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
    const started = performance.now();
    await lite.execProtocolRawStream(req.bytes, { onRawData: (chunk) => chunks.push(chunk.slice()) });
    const bytes = chunks.length === 1 ? chunks[0] : concat(chunks);
    timer?.add(req.bytes, performance.now() - started);
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

/**
 * Where the database's one thread spends its time, by statement text: the runs and milliseconds of each, as
 * JSON sorted by time. The thread runs one batch at a time, so a batch's time is its statements' own, without
 * the waiting in the queue. Found the two biggest costs of the front desk under load (availability, the
 * reservation read's parse). Texts come from Parse and simple Query messages; a Bind of a prepared statement
 * is counted under the text its Parse gave.
 */
function statementTimer(file) {
  const totals = new Map();
  const named = new Map();
  const since = new Date().toISOString();
  const cstring = (b, at) => {
    let end = at;
    while (b[end]) end++;
    return [Buffer.from(b.buffer, b.byteOffset + at, end - at).toString(), end + 1];
  };
  const statementsOf = (b) => {
    const texts = [];
    for (let at = 0; at + 5 <= b.length;) {
      const type = String.fromCharCode(b[at]);
      const length = ((b[at + 1] << 24) | (b[at + 2] << 16) | (b[at + 3] << 8) | b[at + 4]) >>> 0;
      if (type === 'Q') texts.push(cstring(b, at + 5)[0]);
      if (type === 'P') {
        const [name, next] = cstring(b, at + 5);
        const [text] = cstring(b, next);
        if (name) named.set(name, text);
        texts.push(text);
      }
      if (type === 'B') {
        const [, next] = cstring(b, at + 5);
        const [name] = cstring(b, next);
        if (name && !texts.length) texts.push(named.get(name) ?? `(prepared ${name})`);
      }
      at += 1 + length;
    }
    return texts;
  };
  const write = () => {
    const statements = [...totals]
      .map(([text, t]) => ({ text, runs: t.runs, ms: Math.round(t.ms * 100) / 100 }))
      .sort((a, b) => b.ms - a.ms);
    fs.writeFileSync(file, JSON.stringify({ since, until: new Date().toISOString(), statements }, null, 1));
  };
  setInterval(write, 10_000).unref();
  return {
    write,
    add(bytes, ms) {
      const key = statementsOf(bytes).join(';\n') || '(other)';
      const t = totals.get(key) ?? { runs: 0, ms: 0 };
      t.runs++;
      t.ms += ms;
      totals.set(key, t);
    },
  };
}
