import { setup, type AnyStateMachine } from 'xstate';
import type { FlowDefinition, InvokeJson, StateJson } from './types';

/** Implementations by name, as `setup()` takes them. */
export interface FlowImplementations {
  actions?: Record<string, any>;
  guards?: Record<string, any>;
  actors?: Record<string, any>;
}

/** Where a machine starts when a run is resumed rather than begun: a state path ('map' or 'a.b') and context. */
export interface StartPoint {
  state?: string;
  context?: Record<string, unknown>;
}

/** The id an invoked actor gets: its own, else its actor's name (so its done event is `xstate.done.actor.<src>`). */
export const invokeId = (inv: InvokeJson) => inv.id ?? inv.src;

/**
 * The XState config of a flow. Two conventions make JSON enough: an invoke's id defaults to its actor's
 * name, and an invoked actor receives its declared input plus the machine's context (`input.context`),
 * since a JSON file cannot hold the function XState would otherwise take. A start point rewrites the
 * `initial` states along its path, so a resumed machine enters that step exactly as if it had arrived.
 */
export function machineConfig(def: FlowDefinition, start: StartPoint = {}): Record<string, unknown> {
  const path = start.state ? start.state.split('.') : [];
  const convert = (node: StateJson, depth: number): Record<string, unknown> => {
    const { invoke, states, ...rest } = node;
    const out: Record<string, unknown> = { ...rest };
    if (states) {
      out.states = Object.fromEntries(Object.entries(states).map(([k, s]) => [k, convert(s, depth + 1)]));
      if (path[depth] && path.slice(0, depth).every(Boolean)) out.initial = path[depth];
    }
    if (invoke) {
      const declared = invoke.input ?? {};
      out.invoke = { ...invoke, id: invokeId(invoke), input: ({ context }: { context: unknown }) => ({ ...declared, context }) };
    }
    return out;
  };
  const root = convert({ initial: def.machine.initial, states: def.machine.states }, 0);
  return { ...root, id: def.id, context: { ...(def.machine.context ?? {}), ...(start.context ?? {}) } };
}

/** The flow's machine with its implementations (XState `setup()`), optionally entered at a resumed step. */
export function flowMachine(def: FlowDefinition, implementations: FlowImplementations, start?: StartPoint): AnyStateMachine {
  return setup(implementations as any).createMachine(machineConfig(def, start) as any);
}

/** The state node of a path ('a.b') in the JSON, or undefined when the machine has no such state. */
export function stateAt(def: FlowDefinition, path: string): StateJson | undefined {
  let states: Record<string, StateJson> | undefined = def.machine.states;
  let node: StateJson | undefined;
  for (const key of path.split('.')) {
    node = states && Object.prototype.hasOwnProperty.call(states, key) ? states[key] : undefined;
    if (!node) return undefined;
    states = node.states;
  }
  return node;
}

/** A state value ('a' or { a: 'b' }) as a path 'a.b'; flows have no parallel states, so there is one. */
export function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0];
  return `${key}.${statePath(inner)}`;
}

/** The states a path passes through, outermost first. */
export function statesOnPath(def: FlowDefinition, path: string): StateJson[] {
  const out: StateJson[] = [];
  const parts = path.split('.');
  for (let i = 1; i <= parts.length; i++) {
    const s = stateAt(def, parts.slice(0, i).join('.'));
    if (s) out.push(s);
  }
  return out;
}
