import { apiGet, apiPost } from './client';

/** A long server job (report pack, import) as `/api/jobs/:id` reports it. */
export interface JobStatus<R = unknown> {
  id: string;
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  step: string;
  result?: R;
  error?: { error?: { message?: string } };
}

/** Starts a job and follows it until it ends, telling `onProgress` each step (for a progress bar). */
export async function runJob<R = unknown>(
  url: string,
  body: unknown,
  onProgress: (s: JobStatus<R>) => void,
  intervalMs = 350,
): Promise<JobStatus<R>> {
  let status = await apiPost<JobStatus<R>>(url, body);
  onProgress(status);
  while (status.state === 'running') {
    await new Promise((r) => setTimeout(r, intervalMs));
    status = await apiGet<JobStatus<R>>(`/api/jobs/${status.id}`);
    onProgress(status);
  }
  return status;
}
