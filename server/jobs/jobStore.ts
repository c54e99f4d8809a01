import crypto from 'node:crypto';
import type { WorkQueue } from '../work/workQueue.js';

/**
 * Work that takes longer than a request should wait for (a pack of reports, an import of 10,000 rows):
 * started by one request, followed by polling, its file fetched once done. Kept in memory for half an
 * hour; a job belongs to the user who started it. It runs through the heavy-work queue (server/work).
 */
export interface Job {
  id: string;
  userId: number;
  kind: string;
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  step: string;
  error?: { status: number; body: unknown };
  result?: unknown;
  file?: { name: string; type: string; data: Buffer };
  startedAt: number;
}

const TTL_MS = 30 * 60_000;
const jobs = new Map<string, Job>();

function sweep() {
  const now = Date.now();
  for (const [id, j] of jobs) if (now - j.startedAt > TTL_MS) jobs.delete(id);
}

export function startJob(
  queue: WorkQueue,
  userId: number,
  kind: string,
  total: number,
  work: (job: Job) => Promise<void>,
  onError: (err: unknown) => { status: number; body: unknown },
): Job {
  sweep();
  const job: Job = {
    id: crypto.randomBytes(12).toString('base64url'),
    userId,
    kind,
    state: 'running',
    done: 0,
    total,
    step: '',
    startedAt: Date.now(),
  };
  jobs.set(job.id, job);
  // a job is heavy work: it waits for a slot (the job shows as running with no progress meanwhile)
  void queue
    .run(kind, () => work(job))
    .then(
      () => {
        job.state = 'done';
      },
      (err) => {
        job.state = 'failed';
        job.error = onError(err);
      },
    );
  return job;
}

export function getJob(id: string, userId: number): Job | undefined {
  const j = jobs.get(id);
  return j && j.userId === userId ? j : undefined;
}

export function jobStatus(j: Job) {
  return {
    id: j.id,
    kind: j.kind,
    state: j.state,
    done: j.done,
    total: j.total,
    step: j.step,
    error: j.error?.body,
    result: j.result,
    hasFile: Boolean(j.file),
  };
}
