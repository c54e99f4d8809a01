import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { flowMachine } from '../../../src/core/flows/machine.js';
import { clientImplementations } from '../../../src/engine/screens/flow/clientImplementations.js';
import { allTransitions, readFlow, TransitionRecorder } from './transitions.js';

/** flows/excel-import.json (Import from Excel) with a fake server run, on a workbook of banks. */
const def = readFlow('excel-import');
const machine = flowMachine(def, clientImplementations);
const recorder = new TransitionRecorder(machine);

const upload = {
  entity: 'system/bank',
  fields: [{ name: 'code', label: 'Code', required: true }],
  name: 'banks.xlsx',
  file: 'data:application/octet-stream;base64,UEsDBA==',
  sheets: [{ name: 'Banks', headers: ['Bank code', 'Nama'], rowCount: 2, sample: [], mapping: { 'Bank code': null, Nama: 'name' } }],
  sheet: 'Banks',
  mapping: { 'Bank code': null, Nama: 'name' },
};
const mapping = { 'Bank code': 'code', Nama: 'name' };
const problem = { sheet: 'Banks', row: 3, column: 'A (Bank code)', message: 'BJB already exists.' };

function start(serverSays: (sendBack: (e: any) => void) => void) {
  const received: string[] = [];
  const inputs: any[] = [];
  const serverRun = fromCallback(({ input, sendBack, receive }: any) => {
    inputs.push(input);
    receive((e: { type: string }) => {
      received.push(e.type);
      sendBack({ type: 'RUN.CANCELLED', data: { run: 'imp1' } });
    });
    serverSays(sendBack);
  });
  const actor = createActor(machine.provide({ actors: { serverRun } }), { inspect: recorder.inspect });
  actor.start();
  return { actor, received, inputs };
}
const imports = (sendBack: (e: any) => void) => {
  sendBack({ type: 'RUN.UPDATE', data: { run: 'imp1', progress: { done: 1, total: 2, label: null } } });
  sendBack({ type: 'RUN.DONE', data: { run: 'imp1', imported: 2, problems: [] } });
};
const toMap = (actor: ReturnType<typeof start>['actor']) => actor.send({ type: 'UPLOADED', data: upload } as any);

describe('flows/excel-import.json', () => {
  it('a file is needed for a list: UPLOADED without them stays on the first step', () => {
    const { actor } = start(imports);
    actor.send({ type: 'UPLOADED', data: { name: 'banks.xlsx', sheets: upload.sheets } } as any);
    actor.send({ type: 'UPLOADED', data: { entity: 'system/bank', sheets: [] } } as any);
    expect(actor.getSnapshot().value).toBe('choose');
  });

  it('file, mapping, import: the server run gets the list, the file, the sheet and the mapping; 2 rows imported', async () => {
    const { actor, inputs } = start(imports);
    toMap(actor);
    expect(actor.getSnapshot().value).toBe('map');
    actor.send({ type: 'IMPORT', data: { sheet: 'Banks', mapping } } as any);
    const s = await waitFor(actor, (x) => x.value === 'imported');
    expect(inputs[0]).toMatchObject({
      flow: 'excel-import-run',
      context: { entity: 'system/bank', name: 'banks.xlsx', sheet: 'Banks', mapping },
    });
    expect(s.context).toMatchObject({ imported: 2, problems: [] });
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().value).toBe('choose');
    expect(actor.getSnapshot().context).toMatchObject({ entity: 'system/bank', file: null, run: null, imported: null });
  });

  it('Back from the mapping returns to the file; IMPORT without a mapping is refused', () => {
    const { actor } = start(imports);
    toMap(actor);
    actor.send({ type: 'IMPORT', data: { sheet: 'Banks', mapping: null } } as any);
    expect(actor.getSnapshot().value).toBe('map');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('choose');
  });

  it('problems in the file: the table of problems; Back to fix the mapping while the file is still here, or start again', async () => {
    const { actor } = start((sendBack) => sendBack({ type: 'RUN.DONE', data: { run: 'imp1', imported: 0, problems: [problem] } }));
    toMap(actor);
    actor.send({ type: 'IMPORT', data: { sheet: 'Banks', mapping } } as any);
    const s = await waitFor(actor, (x) => x.value === 'problems');
    expect(s.context.problems).toEqual([problem]);
    expect(s.can({ type: 'BACK' })).toBe(true);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('map');
    actor.send({ type: 'IMPORT', data: { sheet: 'Banks', mapping } } as any);
    await waitFor(actor, (x) => x.value === 'problems');
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, problems: null });
  });

  it('after a refresh on the problems (the file is gone from memory) Back is not offered', () => {
    const resumed = flowMachine(def, clientImplementations, { state: 'problems', context: { run: 'imp1', problems: [problem] } });
    const actor = createActor(resumed, { inspect: recorder.inspect }).start();
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
  });

  it('a run the server refuses ends on its message; AGAIN starts over', async () => {
    const { actor } = start((sendBack) => sendBack({ type: 'RUN.FAILED', data: { run: 'imp1', error: 'You may not add rows to Banks' } }));
    toMap(actor);
    actor.send({ type: 'IMPORT', data: { sheet: 'Banks', mapping } } as any);
    const s = await waitFor(actor, (x) => x.value === 'failed');
    expect(s.context.error).toBe('You may not add rows to Banks');
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, run: null });
  });

  it('CANCEL while importing goes to the server; cancelled, the mapping is shown again', async () => {
    const { actor, received } = start((sendBack) => sendBack({ type: 'RUN.UPDATE', data: { run: 'imp1' } }));
    toMap(actor);
    actor.send({ type: 'IMPORT', data: { sheet: 'Banks', mapping } } as any);
    actor.send({ type: 'CANCEL' });
    await waitFor(actor, (x) => x.value === 'map');
    expect(received).toEqual(['CANCEL']);
  });

  it('every transition of the machine was taken by a test above', () => {
    expect(allTransitions(machine)).toHaveLength(13);
    recorder.expectEveryTransitionTaken();
  });
});
