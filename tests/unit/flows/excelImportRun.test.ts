import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { flowMachine } from '../../../src/core/flows/machine.js';
import { implementationsOf } from '../../../server/flows/registry.js';
import { excelImportFlow } from '../../../server/import/excelImportFlow.js';
import { allTransitions, deferred, readFlow, TransitionRecorder } from './transitions.js';

/** flows/excel-import-run.json with fake steps: 1.000 payment articles of Grand Nusantara Bandung. */
const def = readFlow('excel-import-run');
const machine = flowMachine(def, implementationsOf(excelImportFlow));
const recorder = new TransitionRecorder(machine);

const badCell = { sheet: 'Articles', row: 43, column: 'C (Group)', message: '"NOPE" is not a known Group.' };
const refused = { status: 400, code: 'VALIDATION', key: 'import.noSheet', params: { name: 'Artikel' } };

function run(steps: Partial<Record<'checkImport' | 'writeImport', () => Promise<unknown>>>) {
  const fakes = {
    checkImport: fromPromise(steps.checkImport ?? (async () => ({ problems: [], checked: 1000 }))),
    writeImport: fromPromise(steps.writeImport ?? (async () => ({ imported: 1000, problems: [] }))),
  };
  const actor = createActor(machine.provide({ actors: fakes }), { inspect: recorder.inspect });
  actor.start();
  return actor;
}
const end = (actor: ReturnType<typeof run>) => waitFor(actor, (s) => s.status === 'done');

describe('flows/excel-import-run.json', () => {
  it('a clean sheet is checked, then written: 1.000 rows imported', async () => {
    const s = await end(run({}));
    expect(s.value).toBe('imported');
    expect(s.context).toMatchObject({ checked: 1000, imported: 1000, problems: [] });
  });

  it('a bad cell stops it after the check: nothing is written and the problem is the output', async () => {
    let wrote = false;
    const s = await end(
      run({
        checkImport: async () => ({ problems: [badCell], imported: 0 }),
        writeImport: async () => {
          wrote = true;
          return {};
        },
      }),
    );
    expect(s.value).toBe('refused');
    expect(s.context.problems).toEqual([badCell]);
    expect(wrote).toBe(false);
  });

  it('the database refusing a row while writing ends refused with where it happened', async () => {
    const dbProblem = { sheet: 'Articles', row: 2, column: 'F (GL account)', message: 'GL account is too long (rows 2 to 501)' };
    const s = await end(run({ writeImport: async () => ({ imported: 0, problems: [dbProblem] }) }));
    expect(s.value).toBe('refused');
    expect(s.context.problems).toEqual([dbProblem]);
  });

  it('a sheet that is not in the file fails the check', async () => {
    const s = await end(run({ checkImport: () => Promise.reject(refused) }));
    expect([s.value, s.hasTag('failed'), s.context.error]).toEqual(['failed', true, refused]);
  });

  it('a step that cannot write fails', async () => {
    const s = await end(
      run({ writeImport: () => Promise.reject({ status: 403, code: 'FORBIDDEN', key: 'import.notImportable', params: {} }) }),
    );
    expect(s.value).toBe('failed');
  });

  it('CANCEL while checking ends cancelled; while writing (one transaction) it is not accepted', async () => {
    const checking = deferred<unknown>();
    const a = run({ checkImport: () => checking.promise });
    await waitFor(a, (s) => s.value === 'checking');
    a.send({ type: 'CANCEL' });
    expect((await end(a)).value).toBe('cancelled');

    const writing = deferred<unknown>();
    const b = run({ writeImport: () => writing.promise });
    await waitFor(b, (s) => s.value === 'writing');
    expect(b.getSnapshot().can({ type: 'CANCEL' })).toBe(false);
    writing.resolve({ imported: 1000, problems: [] });
    expect((await end(b)).value).toBe('imported');
  });

  it('every transition of the machine was taken by a test above', () => {
    expect(allTransitions(machine)).toHaveLength(7);
    recorder.expectEveryTransitionTaken();
  });
});
