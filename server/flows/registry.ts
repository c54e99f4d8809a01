import { fromPromise, type AnyActorLogic } from 'xstate';
import type { AppContext, AuthInfo } from '../context.js';
import type { Db } from '../db/connect.js';
import { genericActions, genericGuards, type FlowNames } from '../../src/core/flows/generic.js';
import type { FlowImplementations } from '../../src/core/flows/machine.js';
import type { Lang } from '../../src/core/meta/types.js';

/** A file a run was given, keeps between steps, or made. */
export interface FlowFile {
  name: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

export interface RunInfo {
  id: string;
  flow: string;
  key: string;
  branchId: number;
  userId: number;
  lang: Lang;
}

/** What a step of a server flow is given by the runner. */
export interface StepArgs<C = Record<string, any>, I = Record<string, any>> {
  /** what the run was started with */
  input: I;
  /** the machine's context as the step begins */
  context: C;
  /** the invoke's own input in the flow JSON */
  params: Record<string, unknown>;
  run: RunInfo;
  /** the user who started the run, with the rights they hold now */
  auth: AuthInfo;
  ctx: AppContext;
  /** for reading outside the step's transaction (a report runs in its own read-only one) */
  db: Db;
  /** a file the run was given, or one an earlier step kept */
  file(name: string): Promise<FlowFile | undefined>;
  /**
   * Work that commits together with the step's snapshot, and only if the step is still the run's next one;
   * what it returns joins the step's output (a write that finds a problem can say so).
   */
  write(fn: StepWrite): void;
  /** keeps a file in the step's transaction: a part for a later step, or the run's output */
  keep(file: FlowFile, kind: 'part' | 'output'): void;
  /** progress inside a long step, shown live while this process runs it */
  progress(done: number, total: number): void;
  /** aborted when the server stops: the step is left to run again after the restart */
  signal: AbortSignal;
}

export type StepWrite = (trx: Db) => Promise<Record<string, unknown> | void>;

const SERVICES = Symbol('server flow step services');
export type StepServices = Omit<StepArgs, 'context' | 'params'>;

/** The input the runner gives a step's actor: the invoke's declared input, the context, and the services. */
export function stepInput(params: Record<string, unknown>, context: unknown, services: StepServices) {
  return { ...params, context, [SERVICES]: services };
}

/**
 * A step of a server flow, as an XState promise actor: registered by name, so the flow's JSON names it and a
 * test replaces it with a fake through `.provide()`. The runner calls it with its services; it does its
 * reading, and hands what it writes to `write`/`keep` so it commits with the step.
 */
export function serverStep<O>(fn: (args: StepArgs) => Promise<O>): AnyActorLogic {
  return fromPromise<O, any>(async ({ input }) => {
    const services = input?.[SERVICES] as StepServices | undefined;
    if (!services) throw new Error('a server step runs in the flow runner (server/flows/runner.ts); a test provides a fake');
    const { context, [SERVICES]: _services, ...params } = input;
    return fn({ ...services, context, params });
  });
}

export interface PrepareArgs {
  input: Record<string, any>;
  auth: AuthInfo;
  ctx: AppContext;
  lang: Lang;
}

/** What a module registers for one server flow (flows/<flow>.json). */
export interface ServerFlowImplementation {
  flow: string;
  /** steps, made with serverStep() */
  actors: Record<string, AnyActorLogic>;
  guards?: Record<string, (args: { context: any; event: any }, params?: any) => boolean>;
  /** only assign actions: a server flow's side effects belong in steps, which commit */
  actions?: Record<string, any>;
  /**
   * Runs when a user starts a run, before anything is stored: checks what only code can (the reports of a
   * pack are all theirs to run) with a readable 4xx, and may move a large input into a file.
   */
  prepare?(args: PrepareArgs): Promise<{ input: Record<string, unknown>; files?: FlowFile[] }>;
  /** a body limit for the start request, when the input carries a file */
  bodyLimit?: number;
}

/** The implementations `setup()` gets: the generic guards and actions, and the flow's own. */
export function implementationsOf(impl: ServerFlowImplementation): FlowImplementations {
  return {
    actors: impl.actors,
    guards: { ...genericGuards, ...impl.guards },
    actions: { ...genericActions, ...impl.actions },
  };
}

/** The names a server flow may use, for the meta check. */
export function namesOf(impls: ServerFlowImplementation[]): Map<string, FlowNames> {
  return new Map(
    impls.map((impl) => {
      const all = implementationsOf(impl);
      return [
        impl.flow,
        {
          actors: new Set(Object.keys(all.actors ?? {})),
          guards: new Set(Object.keys(all.guards ?? {})),
          actions: new Set(Object.keys(all.actions ?? {})),
        },
      ];
    }),
  );
}
