/**
 * A multi-step process declared as data (flows/<id>.json): an XState v5 machine whose guards, actions
 * and invoked actors are named here and implemented in TypeScript, run by the browser (`client`: a step
 * per screen) or by the server (`server`: each step one transaction, its snapshot in the database).
 */
export interface FlowDefinition {
  id: string;
  /** raised whenever a change could strand a saved run (a state renamed or removed) */
  version: number;
  runner: 'client' | 'server';
  title: string;
  description?: string;
  /** server: the right that starts, follows and cancels a run */
  permission?: { resource: string; action: string };
  /** server: who may follow a run — the user who started it (their rights shaped its result) or everyone with the right */
  visibleTo?: 'starter' | 'permission';
  /** server: JSON Schema of what a run is started with */
  input?: Record<string, unknown>;
  /** server: context fields a reader sees while it runs */
  progress?: { done: string; total: string; label?: string };
  /** server: context fields a reader sees once it has ended */
  output?: string[];
  /** client: context fields kept in the address, so a refresh comes back to the same step */
  url?: Record<string, 'string' | 'integer'>;
  machine: MachineJson;
}

export interface MachineJson {
  initial: string;
  context?: Record<string, unknown>;
  states: Record<string, StateJson>;
}

export interface StateJson {
  type?: 'final';
  description?: string;
  initial?: string;
  states?: Record<string, StateJson>;
  on?: Record<string, TransitionsJson>;
  always?: TransitionsJson;
  invoke?: InvokeJson;
  entry?: ActionsJson;
  exit?: ActionsJson;
  /** 'failed' or 'cancelled' on a final state says how a server run ended */
  tags?: string[];
  meta?: StateMeta;
}

export interface StateMeta {
  /** label key naming the step (the stepper, a server run's progress) */
  label?: string;
  /** client: what the step shows */
  view?: StepView;
  /** client: false when a refresh cannot come back here (what it shows lives only in memory) */
  resumable?: boolean;
}

export type TransitionJson =
  string | { target?: string; guard?: GuardJson; actions?: ActionsJson; reenter?: boolean; description?: string };
export type TransitionsJson = TransitionJson | TransitionJson[];
export type GuardJson = string | { type: string; params?: Record<string, unknown> };
export type ActionJson = string | { type: string; params?: Record<string, unknown> };
export type ActionsJson = ActionJson | ActionJson[];

export interface InvokeJson {
  src: string;
  id?: string;
  input?: Record<string, unknown>;
  onDone?: TransitionsJson;
  onError?: TransitionsJson;
}

/** What a client step shows. */
export type StepView =
  | { kind: 'custom'; component: string }
  | { kind: 'progress' }
  | {
      kind: 'summary';
      tone?: 'success' | 'danger' | 'warning' | 'info';
      /** a label key; its {params} are filled from context fields */
      message: string;
      params?: Record<string, string>;
      /** a context field holding an error message to show instead */
      messageFrom?: string;
      /** a file of the server run to download */
      file?: { name: string; label: string };
      /** rows from a context field */
      table?: { rows: string; columns: { field: string; label: string; align?: 'left' | 'right'; hideOnMobile?: boolean }[] };
      /** buttons sending events the state accepts */
      actions?: { event: string; label: string; tone?: 'primary' | 'default' }[];
    };

/** A server run as GET /api/flows/:id tells it, in the reader's language. */
export interface FlowRunView {
  id: string;
  flow: string;
  key: string;
  version: number;
  status: 'running' | 'waiting' | 'done' | 'failed' | 'cancelled';
  state: string;
  /** the current step's label */
  step: string | null;
  progress: { done: number; total: number; label: string | null } | null;
  /** the flow's output fields, once done */
  output: Record<string, unknown> | null;
  error: string | null;
  files: { name: string; fileName: string }[];
  /** events a person may send now (CANCEL) */
  accepts: string[];
  startedAt: string;
  finishedAt: string | null;
}
