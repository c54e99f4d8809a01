import type { AnyMachineSnapshot } from 'xstate';
import { stateAt, statePath, statesOnPath, type StartPoint } from '../../../core/flows/machine';
import type { FlowDefinition, FlowRunView } from '../../../core/flows/types';

/** Where the address says the flow was: its step and the context fields it keeps there. */
export interface AddressPoint {
  start: StartPoint;
  /** a server run to read back before resuming */
  run?: string;
  /** the address named a step that cannot be resumed (or no longer exists): begin again and say so */
  startedOver: boolean;
}

/** Reads the step and the address fields of a flow from the query string. */
export function fromAddress(def: FlowDefinition, params: URLSearchParams): AddressPoint {
  const step = params.get('step');
  if (!step) return { start: {}, startedOver: false };
  const resumable = stateAt(def, step) && statesOnPath(def, step).every((s) => s.meta?.resumable !== false);
  if (!resumable) return { start: {}, startedOver: true };
  const context: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(def.url ?? {})) {
    const raw = params.get(field);
    if (raw === null || raw === '') continue;
    if (type === 'integer') {
      if (/^-?\d+$/.test(raw)) context[field] = Number(raw);
    } else context[field] = raw;
  }
  const run = typeof context.run === 'string' ? context.run : undefined;
  return { start: { state: step, context }, run, startedOver: false };
}

/** Adds what the server says of a run (progress, output, error) to a start point. */
export function withRun(point: StartPoint, view: FlowRunView, runContext: (v: FlowRunView) => Record<string, unknown>): StartPoint {
  return { ...point, context: { ...point.context, ...runContext(view) } };
}

/** The query string for a snapshot: its step and address fields; other parameters are left as they are. */
export function toAddress(
  def: FlowDefinition,
  snapshot: Pick<AnyMachineSnapshot, 'value' | 'context'>,
  current: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const path = statePath(snapshot.value);
  if (path === def.machine.initial) next.delete('step');
  else next.set('step', path);
  for (const field of Object.keys(def.url ?? {})) {
    const v = (snapshot.context as Record<string, unknown>)[field];
    if (v === null || v === undefined || v === '') next.delete(field);
    else next.set(field, String(v));
  }
  return next;
}
