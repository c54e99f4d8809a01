import { describe, expect, it } from 'vitest';
import { flowMachine } from '../../../src/core/flows/machine.js';
import { clientFlowNames } from '../../../src/core/flows/generic.js';
import { clientImplementations } from '../../../src/engine/screens/flow/clientImplementations.js';
import { fromAddress, toAddress } from '../../../src/engine/screens/flow/resume.js';
import { createActor } from 'xstate';
import { readFlow } from './transitions.js';

const pack = readFlow('report-pack');
const imports = readFlow('excel-import');

describe('the client runner', () => {
  it('implements exactly the names the meta check allows client flows to use', () => {
    const names = clientFlowNames();
    expect(Object.keys(clientImplementations.actions).sort()).toEqual([...names.actions].sort());
    expect(Object.keys(clientImplementations.guards).sort()).toEqual([...names.guards].sort());
    expect(Object.keys(clientImplementations.actors).sort()).toEqual([...names.actors].sort());
  });
});

describe('a refresh comes back to the step in the address', () => {
  it('reads the step and the typed fields the flow keeps in the address', () => {
    const point = fromAddress(pack, new URLSearchParams('step=running&run=Xy12abcdEF&group=3&format=xlsx&q=ignored'));
    expect(point).toEqual({
      start: { state: 'running', context: { run: 'Xy12abcdEF', group: 3, format: 'xlsx' } },
      run: 'Xy12abcdEF',
      startedOver: false,
    });
  });

  it('a number field that is not a number is left out, not guessed', () => {
    expect(fromAddress(pack, new URLSearchParams('step=done&group=three')).start.context).toEqual({});
  });

  it('a step that cannot be resumed (the mapping: the file lived in memory) or no longer exists starts over, and says so', () => {
    expect(fromAddress(imports, new URLSearchParams('step=map'))).toEqual({ start: {}, startedOver: true });
    expect(fromAddress(pack, new URLSearchParams('step=printing'))).toEqual({ start: {}, startedOver: true });
    expect(fromAddress(pack, new URLSearchParams(''))).toEqual({ start: {}, startedOver: false });
  });

  it('the machine enters the resumed step as if it had arrived there, with the fields from the address', () => {
    const m = flowMachine(pack, clientImplementations, { state: 'done', context: { run: 'Xy12abcdEF', file: 'morning-2026-11-23.xlsx' } });
    const s = createActor(m).start().getSnapshot();
    expect(s.value).toBe('done');
    expect(s.context).toMatchObject({ run: 'Xy12abcdEF', file: 'morning-2026-11-23.xlsx', group: null });
  });

  it('writes the step and the fields back, keeping other parameters and dropping empty fields', () => {
    const next = toAddress(
      pack,
      { value: 'running', context: { run: 'Xy12abcdEF', group: 3, format: null } },
      new URLSearchParams('lang=id&format=pdf'),
    );
    expect(next.toString()).toBe('lang=id&step=running&run=Xy12abcdEF&group=3');
    expect(toAddress(pack, { value: 'choose', context: { run: null, group: 3, format: null } }, next).toString()).toBe('lang=id&group=3');
  });
});
