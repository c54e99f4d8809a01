import { createStore, type Store } from '../../store';
import type { ApiError } from '../../api/client';
import type { DataProvider, Row } from '../../api/dataProvider';
import { describeApiError } from '../problem';
import { attempt, type Outcome } from '../attempt';
import { direct, type Runner } from '../run';

export type RecordSource = Pick<DataProvider, 'getOne' | 'create' | 'update' | 'delete' | 'run'>;

export interface RecordState extends Outcome {
  /** 'create' until a new record is saved, then 'edit' */
  mode: 'create' | 'edit';
  id: number | null;
  /** 'loading' only on the first read: a reload keeps showing what was read */
  status: 'loading' | 'ready' | 'failed';
  /** the record as last read or saved (undefined for a new one) */
  row?: Row;
  /** what the person is editing */
  values: Record<string, unknown>;
  loadError?: string;
}

export interface RecordControllerOptions {
  source: RecordSource;
  entity: string;
  /** null: a new record */
  id: number | null;
  /** the values a new record starts with */
  defaults?: Record<string, unknown>;
  /** whether the screen shows a field (its server errors go there; the others above the form) */
  shows?: (field: string) => boolean;
  /** how saves, deletes and commands run (the shell's blocking overlay on screens) */
  blocking?: Runner;
}

export interface RecordController {
  store: Store<RecordState>;
  load(): Promise<void>;
  change(values: Record<string, unknown>): void;
  /** saves these values (a new record's fields, or an edit's changed fields) with the version that was read */
  save(values: Record<string, unknown>): Promise<{ row: Row; created: boolean } | undefined>;
  remove(): Promise<{ deleted: boolean; deactivated: boolean } | undefined>;
  /** runs a command on the record ({ id, version?, ...input }) and reads it again */
  run<T = Record<string, unknown>>(op: string, input?: Record<string, unknown>, withVersion?: boolean): Promise<T | undefined>;
  /** shows a refusal the way a save's refusal is shown (for work the screen does itself, a download) */
  fail(err: unknown): void;
  dismiss(): void;
  dispose(): void;
}

/**
 * One record of an entity without pixels (after ra-core's `useEditController`): reads it, holds the
 * values being edited, saves with the version it read so nobody's change is overwritten, and puts each
 * server message on its field or above the form. A form, a drawer or a custom screen only draws it.
 */
export function createRecordController(opts: RecordControllerOptions): RecordController {
  const { source, entity } = opts;
  const blocking = opts.blocking ?? direct;
  const shows = opts.shows ?? (() => true);
  const reading = new AbortController();
  const store = createStore<RecordState>({
    mode: opts.id === null ? 'create' : 'edit',
    id: opts.id,
    status: opts.id === null ? 'ready' : 'loading',
    values: opts.id === null ? { ...(opts.defaults ?? {}) } : {},
    fieldErrors: {},
    busy: false,
  });
  const patch = (p: Partial<RecordState>) => store.set((s) => ({ ...s, ...p }));

  const fail = (err: unknown) => {
    const e = err as ApiError;
    if (!e.aborted) patch({ ...describeApiError(e, shows), error: e });
  };
  const write = <T>(call: (signal: AbortSignal) => Promise<T>) => attempt(call, { blocking, shows, report: patch });

  const load = async () => {
    const { id } = store.get();
    if (id === null) return;
    try {
      const row = await source.getOne(entity, id, reading.signal);
      patch({ status: 'ready', row, values: row, loadError: undefined, problem: undefined, fieldErrors: {} });
    } catch (err) {
      const e = err as ApiError;
      if (e.aborted) return;
      if (store.get().row) fail(e);
      else patch({ status: 'failed', loadError: e.message });
    }
  };

  return {
    store,
    load,
    change: (values) => patch({ values }),
    async save(values) {
      const { mode, id, row } = store.get();
      const saved = await write((signal) =>
        mode === 'create' ? source.create(entity, values, signal) : source.update(entity, id!, row!.version!, values, signal),
      );
      if (!saved) return undefined;
      patch({ mode: 'edit', id: saved.id, row: saved, values: saved, status: 'ready' });
      return { row: saved, created: mode === 'create' };
    },
    async remove() {
      const { id, row } = store.get();
      if (id === null || !row) return undefined;
      return write((signal) => source.delete(entity, id, row.version!, signal));
    },
    async run<T>(op: string, input: Record<string, unknown> = {}, withVersion = false) {
      const { id, row } = store.get();
      const result = await write((signal) =>
        source.run<T & Record<string, unknown>>(op, { id, ...(withVersion ? { version: row?.version } : {}), ...input }, signal),
      );
      if (result === undefined) return undefined;
      await load();
      return result as T;
    },
    fail,
    dismiss: () => patch({ problem: undefined }),
    dispose: () => reading.abort(),
  };
}
