import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { flowMachine } from '../../../src/core/flows/machine.js';
import { clientImplementations } from '../../../src/engine/screens/flow/clientImplementations.js';
import { allTransitions, readFlow, TransitionRecorder } from './transitions.js';

/**
 * flows/report-pack.json (the Report groups screen) with a fake server run: it tells the machine what the
 * server would (progress, done, failed, cancelled) and records what it was started with and sent.
 */
const def = readFlow('report-pack');
const machine = flowMachine(def, clientImplementations);
const recorder = new TransitionRecorder(machine);

type Script = (api: { input: any; sendBack: (e: any) => void; received: string[] }) => void;

function start(script: Script, at?: { state: string; context: Record<string, unknown> }) {
  const received: string[] = [];
  const inputs: any[] = [];
  const serverRun = fromCallback(({ input, sendBack, receive }: any) => {
    inputs.push(input);
    receive((e: { type: string }) => {
      received.push(e.type);
      if (e.type === 'CANCEL') sendBack({ type: 'RUN.CANCELLED', data: { run: 'r1' } });
    });
    script({ input, sendBack, received });
  });
  const m = at ? flowMachine(def, clientImplementations, at) : machine;
  const actor = createActor(m.provide({ actors: { serverRun } }), { inspect: recorder.inspect });
  actor.start();
  return { actor, received, inputs };
}

const finishes: Script = ({ sendBack }) => {
  sendBack({ type: 'RUN.UPDATE', data: { run: 'r1', progress: { done: 1, total: 4, label: 'Users and rights' } } });
  sendBack({ type: 'RUN.DONE', data: { run: 'r1', progress: { done: 4, total: 4, label: null }, file: 'morning-2026-11-23.xlsx' } });
};

describe('flows/report-pack.json', () => {
  it('RUN needs a pack and a format: without them the step stays', () => {
    const { actor } = start(finishes);
    expect(actor.getSnapshot().can({ type: 'RUN', data: { format: 'xlsx' } } as any)).toBe(false);
    expect(actor.getSnapshot().can({ type: 'RUN', data: { group: 1, format: 'docx' } } as any)).toBe(false);
    actor.send({ type: 'RUN', data: { group: 1 } } as any);
    expect(actor.getSnapshot().value).toBe('choose');
  });

  it('runs the pack on the server with the chosen group and format, follows it, and offers the file', async () => {
    const { actor, inputs } = start(finishes);
    actor.send({ type: 'RUN', data: { group: 1, format: 'xlsx' } } as any);
    const s = await waitFor(actor, (x) => x.value === 'done');
    expect(inputs[0]).toMatchObject({
      flow: 'report-pack-run',
      fields: ['group', 'format'],
      context: { group: 1, format: 'xlsx', run: null },
    });
    expect(s.context).toMatchObject({ run: 'r1', file: 'morning-2026-11-23.xlsx', progress: { done: 4, total: 4 } });
    actor.send({ type: 'AGAIN' });
    // back to the packs with the same pack open; the finished run is forgotten
    expect(actor.getSnapshot().value).toBe('choose');
    expect(actor.getSnapshot().context).toMatchObject({ group: 1, run: null, file: null, format: null });
  });

  it('a run the server refuses ends on the failure with its message; AGAIN starts over', async () => {
    const { actor } = start(({ sendBack }) =>
      sendBack({ type: 'RUN.FAILED', data: { run: 'r1', error: "Your group does not have the right 'View' on Users and rights" } }),
    );
    actor.send({ type: 'RUN', data: { group: 1, format: 'pdf' } } as any);
    const s = await waitFor(actor, (x) => x.value === 'failed');
    expect(s.context.error).toMatch(/Users and rights/);
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, run: null });
  });

  it('CANCEL while running is passed to the server run; once it is cancelled the packs are shown again', async () => {
    const { actor, received } = start(({ sendBack }) => sendBack({ type: 'RUN.UPDATE', data: { run: 'r1' } }));
    actor.send({ type: 'RUN', data: { group: 1, format: 'xlsx' } } as any);
    await waitFor(actor, (x) => x.value === 'running');
    actor.send({ type: 'CANCEL' });
    const s = await waitFor(actor, (x) => x.value === 'choose');
    expect(received).toEqual(['CANCEL']);
    expect(s.context.run).toBeNull();
  });

  it('resumed from the address at "running" with a run, it follows that run instead of starting one', async () => {
    const { actor, inputs } = start(finishes, { state: 'running', context: { run: 'r1', group: 1, format: 'xlsx' } });
    await waitFor(actor, (x) => x.value === 'done');
    expect(inputs[0].context.run).toBe('r1');
  });

  it('every transition of the machine was taken by a test above', () => {
    expect(allTransitions(machine)).toHaveLength(8);
    recorder.expectEveryTransitionTaken();
  });
});
