import { assign } from 'xstate';
import { evaluate } from '../conditions/evaluate';
import type { Condition } from '../meta/types';

/**
 * The implementations every flow may name, on either runner: a guard that is a condition as data, and
 * the actions that keep what a step or a person gave in the machine's context.
 */
export const genericGuards = {
  /**
   * `{ "type": "when", "params": <condition> }` on the context as it would be after the event: a guard runs
   * before the transition's actions, so what the event brings (a view's `data`, a step's `output`) counts.
   */
  when: ({ context, event }: { context: Record<string, unknown>; event: any }, params: Condition) =>
    evaluate(params, { data: { ...context, ...objectOr(event?.data), ...objectOr(event?.output) }, mode: 'edit' }),
};

function objectOr(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export const genericActions = {
  /** merges an event's `data` (what a step view sent) into the context */
  assignEventData: assign(({ event }: { event: any }) => ({ ...(event.data ?? {}) })),
  /** merges an invoked step's output (an object) into the context */
  assignOutput: assign(({ event }: { event: any }) => ({ ...(event.output ?? {}) })),
  /** keeps a failed step's error (code, label key, params) in `error` */
  assignError: assign(({ event }: { event: any }) => ({ error: event.error ?? null })),
  /** `{ "type": "clearFields", "params": { "fields": [...] } }` sets fields back to null */
  clearFields: assign((_: unknown, params: { fields: string[] }) => Object.fromEntries(params.fields.map((f) => [f, null]))),
};

/** Names of what a client flow may use beyond the generic ones (implemented in src/engine/screens/flow). */
export const CLIENT_ONLY_NAMES = {
  actions: ['cancelServerRun'],
  guards: [] as string[],
  actors: ['serverRun'],
} as const;

export interface FlowNames {
  actions: Set<string>;
  guards: Set<string>;
  actors: Set<string>;
}

/** Everything a client flow may name: the generic implementations and the client runner's own. */
export function clientFlowNames(): FlowNames {
  return {
    actions: new Set([...Object.keys(genericActions), ...CLIENT_ONLY_NAMES.actions]),
    guards: new Set([...Object.keys(genericGuards), ...CLIENT_ONLY_NAMES.guards]),
    actors: new Set(CLIENT_ONLY_NAMES.actors),
  };
}
