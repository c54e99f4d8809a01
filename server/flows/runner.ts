import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  createActor,
  initialTransition,
  toPromise,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import type { AppContext } from '../context.js';
import { flowMachine, invokeId, stateAt, statePath, statesOnPath } from '../../src/core/flows/machine.js';
import type { FlowDefinition, InvokeJson } from '../../src/core/flows/types.js';
import type { Lang } from '../../src/core/meta/types.js';
import { audit } from '../http/audit.js';
import { conflict, forbidden, HttpError, toHttpError } from '../http/errors.js';
import { hasRight } from '../http/rbac.js';
import { userAuth } from '../http/session.js';
import { executeStep } from './executeStep.js';
import {
  implementationsOf,
  stepInput,
  type FlowFile,
  type ServerFlowImplementation,
  type StepServices,
  type StepWrite,
} from './registry.js';
import {
  getFile,
  insertRun,
  loadRun,
  lockRun,
  newRunId,
  purgeOldFiles,
  putFile,
  saveRun,
  unfinishedRuns,
  type RunRow,
  type RunStatus,
  type StoredError,
} from './store.js';

export interface FlowEntry {
  def: FlowDefinition;
  impl: ServerFlowImplementation;
  machine: AnyStateMachine;
}

type StepResult =
  | { kind: 'done'; output: unknown; writes: StepWrite[]; kept: { file: FlowFile; kind: 'part' | 'output' }[] }
  | { kind: 'refused'; error: StoredError }
  | { kind: 'crashed'; error: StoredError }
  | { kind: 'stopped' };

const HOUR_MS = 60 * 60_000;

export function storedError(err: HttpError): StoredError {
  return { status: err.status, code: err.code, key: err.key, params: err.params };
}

/** 'a.b' → { a: 'b' }, the state value XState resolves. */
function stateValue(path: string): StateValue {
  const [head, ...rest] = path.split('.');
  return rest.length ? { [head]: stateValue(rest.join('.')) } : head;
}

/**
 * Runs server flows: a run's snapshot (state and context) lives in flow_run and moves one step at a time.
 * A step does its work, then commits what it writes together with the next snapshot in one transaction —
 * only if the run is still where the step found it — so a killed process resumes at the step that did not
 * commit, and nothing is done twice. Runs still going when the server stops are picked up when it starts.
 */
export class FlowRunner {
  readonly flows = new Map<string, FlowEntry>();
  private readonly active = new Map<string, Promise<void>>();
  private readonly live = new Map<string, { done: number; total: number }>();
  private readonly controller = new AbortController();
  private stopped = false;
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly ctx: AppContext,
    impls: ServerFlowImplementation[],
    private readonly log: FastifyBaseLogger,
  ) {
    for (const impl of impls) {
      const def = ctx.meta.flows.get(impl.flow);
      if (def?.runner === 'server') this.flows.set(impl.flow, { def, impl, machine: flowMachine(def, implementationsOf(impl)) });
    }
  }

  /** Picks up the runs a stopped or killed server left unfinished, and keeps old files from piling up. */
  async begin() {
    await this.purge();
    this.sweeper = setInterval(() => void this.purge(), HOUR_MS);
    this.sweeper.unref();
    for (const r of await unfinishedRuns(this.ctx.db)) this.follow(r.branch_id, r.id);
  }

  /** Lets the steps under way finish or abort; their runs stay where they are, to resume at the next start. */
  async stop() {
    this.stopped = true;
    clearInterval(this.sweeper);
    this.controller.abort();
    await Promise.allSettled([...this.active.values()]);
  }

  liveProgress(id: string) {
    return this.live.get(id);
  }

  /**
   * Starts a run, or answers with the one its key already names (`created` false): starting a finished key
   * again does nothing.
   */
  async start(
    flow: string,
    args: {
      branchId: number;
      userId: number;
      key: string;
      input: Record<string, unknown>;
      lang: Lang;
      files?: FlowFile[];
      req?: FastifyRequest;
    },
  ): Promise<{ row: RunRow; created: boolean }> {
    const entry = this.flows.get(flow)!;
    const [snapshot] = initialTransition(entry.machine);
    const status = this.statusOf(entry, snapshot);
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      const r = await insertRun(trx, {
        branch_id: args.branchId,
        id: newRunId(),
        flow,
        run_key: args.key,
        version: entry.def.version,
        status,
        state: statePath(snapshot.value),
        context: snapshot.context,
        input: args.input,
        lang: args.lang,
        started_by: args.userId,
      });
      if (r.created) {
        for (const f of args.files ?? []) await putFile(trx, r.row, f, 'input');
        await audit(trx, args.req, { entity: 'flow', entityId: r.row.id, action: 'start', summary: `${flow} ${args.key}` });
      }
      return r;
    });
    if (result.created && status === 'running') this.follow(args.branchId, result.row.id);
    return result;
  }

  /** Sends an event a person gave (CANCEL) to a run, if its state accepts it now. */
  async send(run: RunRow, event: { type: string }, req?: FastifyRequest): Promise<RunRow> {
    const entry = this.entryOf(run);
    const status = await this.ctx.db.transaction().execute(async (trx) => {
      const cur = await lockRun(trx, run.branch_id, run.id);
      if (!cur || (cur.status !== 'running' && cur.status !== 'waiting')) throw conflict('flow.ended');
      const restored = this.restore(entry, cur);
      if ('error' in restored) throw new HttpError(409, 'CONFLICT', restored.error.key, restored.error.params);
      if (!restored.snapshot.can(event)) throw conflict('flow.eventRefused', { event: event.type });
      const [next] = transition(entry.machine, restored.snapshot, event);
      const s = this.statusOf(entry, next);
      await saveRun(trx, cur, this.saved(entry, next, s));
      await audit(trx, req, { entity: 'flow', entityId: run.id, action: event.type.toLowerCase(), summary: run.flow });
      return s;
    });
    if (status === 'running') this.follow(run.branch_id, run.id);
    return (await loadRun(this.ctx.db, run.branch_id, run.id))!;
  }

  /** Events the run's current state accepts from a person (the machine says which). */
  accepts(run: RunRow): string[] {
    const entry = this.flows.get(run.flow);
    if (!entry || (run.status !== 'running' && run.status !== 'waiting')) return [];
    const restored = this.restore(entry, run);
    if ('error' in restored) return [];
    const events = new Set(statesOnPath(entry.def, run.state).flatMap((s) => Object.keys(s.on ?? {})));
    return [...events].filter((type) => restored.snapshot.can({ type }));
  }

  private entryOf(run: RunRow): FlowEntry {
    const entry = this.flows.get(run.flow);
    if (!entry) throw new HttpError(409, 'CONFLICT', 'flow.unknown', { flow: run.flow });
    return entry;
  }

  /** Moves a run forward in the background until it ends, waits, or the server stops; once per run. */
  follow(branchId: number, id: string): Promise<void> {
    let p = this.active.get(id);
    if (!p) {
      p = this.loop(branchId, id)
        .catch((err) => this.log.error({ err, run: id }, 'flow runner stopped on an error'))
        .finally(() => {
          this.active.delete(id);
          this.live.delete(id);
        });
      this.active.set(id, p);
    }
    return p;
  }

  private async loop(branchId: number, id: string) {
    while (!this.stopped) {
      const run = await loadRun(this.ctx.db, branchId, id);
      if (!run || run.status !== 'running') return;
      const entry = this.flows.get(run.flow);
      if (!entry) return this.fail(run, { status: 409, code: 'CONFLICT', key: 'flow.unknown', params: { flow: run.flow } });
      const restored = this.restore(entry, run);
      if ('error' in restored) return this.fail(run, restored.error);
      const inv = [...statesOnPath(entry.def, run.state)].reverse().find((s) => s.invoke)?.invoke;
      if (!inv) return;
      const result = await this.runStep(entry, run, restored.snapshot, inv);
      if (result.kind === 'stopped') return;
      if (result.kind === 'crashed') return this.fail(run, result.error);
      let committed: boolean;
      if (result.kind === 'done') {
        try {
          committed = await this.commit(entry, run, restored.snapshot, inv, result);
        } catch (err) {
          // the database refused what the step wrote (a constraint): that is the step's failure, told like any other
          const known = toHttpError(err);
          if (!known || known.status >= 500 || this.stopped) throw err;
          committed = await this.refuse(entry, run, restored.snapshot, inv, storedError(known));
        }
      } else committed = await this.refuse(entry, run, restored.snapshot, inv, result.error);
      if (committed && this.ctx.config.flowStepPauseMs > 0)
        await sleep(this.ctx.config.flowStepPauseMs, undefined, { signal: this.controller.signal }).catch(() => undefined);
    }
  }

  /** A step that failed for a reason the flow can handle goes down its onError path; a flow without one fails. */
  private async refuse(entry: FlowEntry, run: RunRow, snapshot: AnyMachineSnapshot, inv: InvokeJson, error: StoredError) {
    const [next] = transition(entry.machine, snapshot, { type: `xstate.error.actor.${invokeId(inv)}`, error });
    if (next.status === 'error' || statePath(next.value) === run.state) {
      await this.fail(run, error);
      return false;
    }
    return this.commit(entry, run, next);
  }

  private async runStep(entry: FlowEntry, run: RunRow, snapshot: AnyMachineSnapshot, inv: InvokeJson): Promise<StepResult> {
    const writes: StepWrite[] = [];
    const kept: { file: FlowFile; kind: 'part' | 'output' }[] = [];
    const auth = await userAuth(this.ctx, run.started_by, run.branch_id);
    const p = entry.def.permission;
    if (!auth || (p && !hasRight(auth, p.resource, p.action)))
      return { kind: 'refused', error: storedError(forbidden('flow.starterNotAllowed')) };
    const services: StepServices = {
      input: run.input,
      run: { id: run.id, flow: run.flow, key: run.run_key, branchId: run.branch_id, userId: run.started_by, lang: run.lang },
      auth,
      ctx: this.ctx,
      db: this.ctx.db,
      file: (name) => getFile(this.ctx.db, run, name, ['input', 'part']),
      write: (fn) => void writes.push(fn),
      keep: (file, kind) => void kept.push({ file, kind }),
      progress: (done, total) => void this.live.set(run.id, { done, total }),
      signal: this.controller.signal,
    };
    try {
      const output = await executeStep(
        this.ctx.work,
        `flow:${run.flow}`,
        () => {
          const actor = createActor(entry.impl.actors[inv.src], { input: stepInput(inv.input ?? {}, snapshot.context, services) });
          const done = toPromise(actor);
          actor.start();
          return done;
        },
        this.controller.signal,
      );
      return { kind: 'done', output, writes, kept };
    } catch (err) {
      if (this.stopped) return { kind: 'stopped' };
      const known = toHttpError(err);
      if (known && known.status < 500) return { kind: 'refused', error: storedError(known) };
      const ref = crypto.randomBytes(4).toString('hex');
      this.log.error({ err, ref, flow: run.flow, run: run.id, state: run.state }, 'a flow step failed');
      return { kind: 'crashed', error: { status: 500, code: 'INTERNAL', key: 'error.internal', params: { ref } } };
    } finally {
      this.live.delete(run.id);
    }
  }

  /**
   * The step's writes and the next snapshot, in one transaction, only if the run has not moved meanwhile.
   * Given a finished step, the next snapshot is its done event with the output (and what its writes returned).
   */
  private async commit(
    entry: FlowEntry,
    run: RunRow,
    from: AnyMachineSnapshot,
    inv?: InvokeJson,
    step?: Extract<StepResult, { kind: 'done' }>,
  ): Promise<boolean> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const cur = await lockRun(trx, run.branch_id, run.id);
      if (!cur || cur.step_no !== run.step_no || cur.status !== 'running') return false;
      let next = from;
      if (inv && step) {
        let output = step.output as Record<string, unknown>;
        for (const w of step.writes) {
          const more = await w(trx);
          if (more) output = { ...output, ...more };
        }
        for (const k of step.kept) await putFile(trx, run, k.file, k.kind);
        [next] = transition(entry.machine, from, { type: `xstate.done.actor.${invokeId(inv)}`, output });
      }
      await saveRun(trx, cur, this.saved(entry, next, this.statusOf(entry, next)));
      return true;
    });
  }

  private async fail(run: RunRow, error: StoredError) {
    await this.ctx.db.transaction().execute(async (trx) => {
      const cur = await lockRun(trx, run.branch_id, run.id);
      if (!cur || cur.step_no !== run.step_no || cur.status !== 'running') return;
      await saveRun(trx, cur, { status: 'failed', state: cur.state, context: cur.context, version: cur.version, error });
    });
  }

  private saved(entry: FlowEntry, next: AnyMachineSnapshot, status: RunStatus) {
    const context = next.context as Record<string, unknown>;
    return {
      status,
      state: statePath(next.value),
      context,
      version: entry.def.version,
      error: status === 'failed' ? ((context.error as StoredError | undefined) ?? null) : null,
    };
  }

  /** running: a step is next; waiting: the state waits for a person's event; else how its final state is tagged. */
  private statusOf(entry: FlowEntry, snapshot: AnyMachineSnapshot): RunStatus {
    if (snapshot.status === 'done') return snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('cancelled') ? 'cancelled' : 'done';
    return statesOnPath(entry.def, statePath(snapshot.value)).some((s) => s.invoke) ? 'running' : 'waiting';
  }

  /**
   * The saved snapshot as a machine snapshot. A run saved by an older version of its flow resumes when its
   * state still exists (fields the new version added take their declared values); otherwise it stops with
   * a sentence naming both versions and the state, rather than guessing.
   */
  restore(entry: FlowEntry, run: RunRow): { snapshot: AnyMachineSnapshot } | { error: StoredError } {
    const { def } = entry;
    if (run.version !== def.version && !stateAt(def, run.state))
      return {
        error: {
          status: 409,
          code: 'CONFLICT',
          key: 'flow.versionMismatch',
          params: { flow: def.id, saved: run.version, current: def.version, state: run.state },
        },
      };
    const snapshot = entry.machine.resolveState({
      value: stateValue(run.state),
      context: { ...(def.machine.context ?? {}), ...run.context },
    });
    return { snapshot };
  }

  private async purge() {
    try {
      const n = await purgeOldFiles(this.ctx.db);
      if (n) this.log.info({ files: n }, 'deleted the files of flow runs that ended long ago');
    } catch (err) {
      this.log.warn({ err }, 'could not delete old flow files');
    }
  }
}
