import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Lang } from '../../src/core/meta/types.js';
import type { FlowFile } from './registry.js';

export type RunStatus = 'running' | 'waiting' | 'done' | 'failed' | 'cancelled';

/** A failure as data: rendered in the reader's language when read, never stored as text. */
export interface StoredError {
  status: number;
  code: string;
  key: string;
  params: Record<string, unknown>;
}

export interface RunRow {
  branch_id: number;
  id: string;
  flow: string;
  run_key: string;
  version: number;
  status: RunStatus;
  state: string;
  context: Record<string, unknown>;
  input: Record<string, unknown>;
  lang: Lang;
  step_no: number;
  error: StoredError | null;
  started_by: number;
  started_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Result files of a finished run are kept this long, then deleted; the run's record stays. */
export const FILE_RETENTION_DAYS = 7;

export function newRunId() {
  return crypto.randomBytes(16).toString('base64url');
}

/** Creates the run, or finds the one its key already names (then `created` is false and nothing is written). */
export async function insertRun(
  trx: Db,
  run: Omit<RunRow, 'step_no' | 'error' | 'started_at' | 'updated_at' | 'finished_at'>,
): Promise<{ row: RunRow; created: boolean }> {
  const { rows } = await sql<RunRow>`
    INSERT INTO flow_run (branch_id, id, flow, run_key, version, status, state, context, input, lang, started_by, finished_at)
    VALUES (${run.branch_id}, ${run.id}, ${run.flow}, ${run.run_key}, ${run.version}, ${run.status}, ${run.state},
            ${JSON.stringify(run.context)}::jsonb, ${JSON.stringify(run.input)}::jsonb, ${run.lang}, ${run.started_by},
            ${run.status === 'running' || run.status === 'waiting' ? null : sql`now()`})
    ON CONFLICT (branch_id, flow, run_key) DO NOTHING
    RETURNING *`.execute(trx);
  if (rows[0]) return { row: rows[0], created: true };
  const existing = await sql<RunRow>`
    SELECT * FROM flow_run WHERE branch_id = ${run.branch_id} AND flow = ${run.flow} AND run_key = ${run.run_key}`.execute(trx);
  return { row: existing.rows[0], created: false };
}

export async function loadRun(db: Db, branchId: number, id: string): Promise<RunRow | undefined> {
  const { rows } = await sql<RunRow>`SELECT * FROM flow_run WHERE branch_id = ${branchId} AND id = ${id}`.execute(db);
  return rows[0];
}

/** Locks the run for the rest of the transaction: a step or an event moves it only from what it read. */
export async function lockRun(trx: Db, branchId: number, id: string): Promise<RunRow | undefined> {
  const { rows } = await sql<RunRow>`SELECT * FROM flow_run WHERE branch_id = ${branchId} AND id = ${id} FOR UPDATE`.execute(trx);
  return rows[0];
}

export async function saveRun(
  trx: Db,
  run: RunRow,
  next: { status: RunStatus; state: string; context: Record<string, unknown>; version: number; error?: StoredError | null },
) {
  const finished = next.status === 'done' || next.status === 'failed' || next.status === 'cancelled';
  await sql`
    UPDATE flow_run
       SET status = ${next.status}, state = ${next.state}, context = ${JSON.stringify(next.context)}::jsonb,
           version = ${next.version}, error = ${next.error ? JSON.stringify(next.error) : null}::jsonb,
           step_no = step_no + 1, updated_at = now(), finished_at = ${finished ? sql`now()` : null}
     WHERE branch_id = ${run.branch_id} AND id = ${run.id}`.execute(trx);
  // what steps kept for each other, and the upload itself (a sheet of users holds their passwords), are of no
  // use once the run has ended: only its outputs stay
  if (finished)
    await sql`
      DELETE FROM flow_run_file WHERE branch_id = ${run.branch_id} AND run_id = ${run.id} AND kind IN ('input', 'part')`.execute(trx);
}

export async function unfinishedRuns(db: Db): Promise<{ branch_id: number; id: string }[]> {
  const { rows } = await sql<{ branch_id: number; id: string }>`
    SELECT branch_id, id FROM flow_run WHERE status = 'running' ORDER BY started_at`.execute(db);
  return rows;
}

export async function putFile(trx: Db, run: { branch_id: number; id: string }, file: FlowFile, kind: 'input' | 'part' | 'output') {
  await sql`
    INSERT INTO flow_run_file (branch_id, run_id, name, kind, file_name, content_type, data)
    VALUES (${run.branch_id}, ${run.id}, ${file.name}, ${kind}, ${file.fileName}, ${file.contentType}, ${file.data})
    ON CONFLICT (branch_id, run_id, name) DO UPDATE
      SET kind = EXCLUDED.kind, file_name = EXCLUDED.file_name, content_type = EXCLUDED.content_type, data = EXCLUDED.data,
          created_at = now()`.execute(trx);
}

export async function getFile(
  db: Db,
  run: { branch_id: number; id: string },
  name: string,
  kinds: ('input' | 'part' | 'output')[],
): Promise<FlowFile | undefined> {
  const { rows } = await sql<{ name: string; file_name: string; content_type: string; data: Buffer }>`
    SELECT name, file_name, content_type, data FROM flow_run_file
     WHERE branch_id = ${run.branch_id} AND run_id = ${run.id} AND name = ${name} AND kind IN (${sql.join(kinds)})`.execute(db);
  const r = rows[0];
  return r && { name: r.name, fileName: r.file_name, contentType: r.content_type, data: Buffer.from(r.data) };
}

export async function outputFiles(db: Db, run: { branch_id: number; id: string }): Promise<{ name: string; fileName: string }[]> {
  const { rows } = await sql<{ name: string; file_name: string }>`
    SELECT name, file_name FROM flow_run_file WHERE branch_id = ${run.branch_id} AND run_id = ${run.id} AND kind = 'output'
     ORDER BY name`.execute(db);
  return rows.map((r) => ({ name: r.name, fileName: r.file_name }));
}

/** Deletes the files of runs that ended more than FILE_RETENTION_DAYS ago; returns how many went. */
export async function purgeOldFiles(db: Db): Promise<number> {
  const { numAffectedRows } = await sql`
    DELETE FROM flow_run_file f USING flow_run r
     WHERE r.branch_id = f.branch_id AND r.id = f.run_id
       AND r.finished_at < now() - make_interval(days => ${FILE_RETENTION_DAYS})`.execute(db);
  return Number(numAffectedRows ?? 0);
}
