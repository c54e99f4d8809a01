import { fromCallback, sendTo } from 'xstate';
import { genericActions, genericGuards, type CLIENT_ONLY_NAMES } from '../../../core/flows/generic';
import type { FlowImplementations } from '../../../core/flows/machine';
import type { FlowRunView } from '../../../core/flows/types';
import { ApiError } from '../../api/client';
import { flowRuns, newRunKey, runContext } from '../../api/flowRuns';

const POLL_MS = 500;

interface ServerRunInput {
  /** the server flow to run */
  flow: string;
  /** context fields given to it as its input */
  fields?: string[];
  context: Record<string, unknown>;
}

/**
 * Runs a server flow and follows it: starts it (or, with a run already in the context, follows that one),
 * polls its progress, and tells the machine RUN.UPDATE / RUN.DONE / RUN.FAILED / RUN.CANCELLED with the
 * run's fields as `data`. A server that cannot be reached is waited for (it resumes the run when it is
 * back); a CANCEL from the machine is passed on to the server.
 */
const serverRun = fromCallback<{ type: string }, ServerRunInput>(({ input, sendBack, receive }) => {
  let runId = (input.context.run as string | null) ?? undefined;
  let stopped = false;
  // a CANCEL given before the server has answered the start is sent as soon as the run has an id
  let cancelWanted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const controller = new AbortController();

  const cancel = () => flowRuns.send(runId!, 'CANCEL').then(report, trouble);
  const report = (view: FlowRunView) => {
    if (stopped) return;
    const first = !runId;
    runId = view.id;
    if (first && cancelWanted && view.accepts.includes('CANCEL')) return void cancel();
    const data = runContext(view);
    if (view.status === 'done') sendBack({ type: 'RUN.DONE', data });
    else if (view.status === 'failed') sendBack({ type: 'RUN.FAILED', data });
    else if (view.status === 'cancelled') sendBack({ type: 'RUN.CANCELLED', data });
    else {
      sendBack({ type: 'RUN.UPDATE', data });
      timer = setTimeout(poll, POLL_MS);
    }
  };
  const trouble = (err: unknown) => {
    if (stopped) return;
    const e = err as ApiError;
    if (e.aborted) return;
    // the server is restarting or out of reach: the run waits in its database, so keep asking
    if (e.status === 0 || e.status >= 500) {
      sendBack({ type: 'RUN.UPDATE', data: { offline: true } });
      timer = setTimeout(runId ? poll : begin, POLL_MS * 2);
    } else sendBack({ type: 'RUN.FAILED', data: { run: runId ?? null, error: e.message } });
  };
  function poll() {
    flowRuns.get(runId!, controller.signal).then(report, trouble);
  }
  const key = newRunKey();
  function begin() {
    // a field the context has no value for is not given at all: the server flow's input may leave it out, never null
    const given = Object.fromEntries((input.fields ?? []).filter((f) => input.context[f] != null).map((f) => [f, input.context[f]]));
    // the same key on a retry: a start the server received but did not answer is not started twice
    flowRuns.start(input.flow, key, given, controller.signal).then(report, trouble);
  }

  if (runId) poll();
  else begin();
  receive((event) => {
    if (event.type !== 'CANCEL') return;
    if (runId) void cancel();
    else cancelWanted = true;
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller.abort();
  };
});

/** Everything a client flow may name (src/core/flows/generic.ts lists the client-only names for the meta check). */
export const clientImplementations = {
  guards: { ...genericGuards },
  actions: {
    ...genericActions,
    cancelServerRun: sendTo('serverRun', { type: 'CANCEL' }),
  } satisfies Record<(typeof CLIENT_ONLY_NAMES.actions)[number], unknown> & typeof genericActions,
  actors: { serverRun } satisfies Record<(typeof CLIENT_ONLY_NAMES.actors)[number], unknown>,
} satisfies FlowImplementations;
