import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { flowMachine } from '../../../src/core/flows/machine.js';
import { clientImplementations } from '../../../src/engine/screens/flow/clientImplementations.js';
import { allTransitions, readFlow, TransitionRecorder } from './transitions.js';

/**
 * flows/cashier-shift.json (General cashier › Cashier shift, Point of sales › Outlet cashier shift): the steps a cashier's shift goes through,
 * with what each step view would send — the server's answers are the API tests' (tests/api/gc).
 */
const def = readFlow('cashier-shift');
const machine = flowMachine(def, clientImplementations);
const recorder = new TransitionRecorder(machine);
const start = () => createActor(machine, { inspect: recorder.inspect }).start();
const shift = { id: 7, cash_account: '1101.03', opening_float: '5000000.00', expected: '5000000.00', movements: [] };

describe('flows/cashier-shift.json', () => {
  it('opens a shift, works it, goes to the count and back, and closes it with the count kept for the summary', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('opening');
    actor.send({ type: 'OPENED', data: { shift } } as never);
    expect(actor.getSnapshot()).toMatchObject({ value: 'working', context: { shift } });
    actor.send({ type: 'COUNT' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('working');
    actor.send({ type: 'COUNT' });
    const rows = [{ denomination: 'Rp 100.000', quantity: 21, amount: 'Rp 2.100.000' }];
    actor.send({ type: 'CLOSED', data: { counted_shown: 'Rp 2.190.000', difference_shown: '-Rp 10.000', count_rows: rows } } as never);
    expect(actor.getSnapshot()).toMatchObject({ value: 'closed', context: { counted_shown: 'Rp 2.190.000', count_rows: rows } });
  });

  it('starts over with nothing of the closed shift left, and a shift closed elsewhere sends the desk back to opening', () => {
    const actor = start();
    actor.send({ type: 'OPENED', data: { shift } } as never);
    actor.send({ type: 'COUNT' });
    actor.send({ type: 'CLOSED', data: { counted_shown: 'Rp 0', count_rows: [] } } as never);
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'opening', context: { shift: null, counted_shown: null, count_rows: null } });
    actor.send({ type: 'OPENED', data: { shift } } as never);
    actor.send({ type: 'GONE' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'opening', context: { shift: null } });
  });

  it('takes every transition the JSON declares', () => {
    expect(allTransitions(machine)).toHaveLength(6);
    recorder.expectEveryTransitionTaken();
  });
});
