import cluster, { type Worker } from 'node:cluster';

/** This process's place among the server processes (0 when it is the only one). */
export const PROCESS_INDEX = Number(process.env.HOTELIER_PROCESS_INDEX ?? 0);

/**
 * Forks `count` server processes sharing the port (Node's cluster) and keeps them running: one that dies is
 * started again in its place. State that must be one for all lives in the database (sessions, sign-in
 * throttles, idempotency keys, flow runs), so any process may answer.
 * Resolves once every process listens; the function it resolves with stops them all.
 */
export async function runProcesses(count: number): Promise<() => Promise<void>> {
  // Each process accepts its own connections from the shared socket. Handed out by the primary (Node's
  // default), a connection handed to a process that has just died is held open by nobody: its client hangs.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const workers: Worker[] = [];
  const fork = (index: number): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ HOTELIER_PROCESS_INDEX: String(index) });
      // what one process tells the others (tellOtherProcesses) goes through here
      worker.on('message', (m: unknown) => {
        if (!isNotice(m)) return;
        for (const other of workers) if (other && other !== worker && !other.isDead()) other.send(m);
      });
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        resolve(worker);
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        // one that never came up would only fail again: the start fails instead
        if (!listening) return reject(new Error(`server process ${index} stopped (${signal ?? code}) before it listened`));
        console.warn(`Server process ${index} stopped (${signal ?? code}); starting it again.`);
        fork(index).then(
          (w) => (workers[index] = w),
          (err: Error) => console.error(err.message),
        );
      });
    });
  workers.push(...(await Promise.all(Array.from({ length: count }, (_, i) => fork(i)))));
  return async () => {
    stopping = true;
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
  };
}

/** A notice between server processes, e.g. that cached sessions must be read again. */
interface Notice {
  hotelier: string;
}
const isNotice = (m: unknown): m is Notice => typeof m === 'object' && m !== null && typeof (m as Notice).hotelier === 'string';

/** Tells the other server processes (nothing when this is the only one). */
export function tellOtherProcesses(kind: string) {
  if (cluster.isWorker) process.send?.({ hotelier: kind } satisfies Notice);
}

/** Runs fn whenever another server process tells this kind. */
export function onOtherProcesses(kind: string, fn: () => void) {
  if (cluster.isWorker) process.on('message', (m: unknown) => isNotice(m) && m.hotelier === kind && fn());
}
