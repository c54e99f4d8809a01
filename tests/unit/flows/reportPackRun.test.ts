import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { flowMachine } from '../../../src/core/flows/machine.js';
import { implementationsOf } from '../../../server/flows/registry.js';
import { reportPackFlow } from '../../../server/reports/reportPackFlow.js';
import { allTransitions, deferred, readFlow, TransitionRecorder } from './transitions.js';

/**
 * flows/report-pack-run.json with its real guards and actions and fake steps (`.provide()`): the morning
 * management pack of Grand Nusantara Bandung, two reports then one workbook.
 */
const def = readFlow('report-pack-run');
const machine = flowMachine(def, implementationsOf(reportPackFlow));
const recorder = new TransitionRecorder(machine);

const plan = {
  code: 'MORNING',
  reports: [
    { code: 'audit-activity', params: {} },
    { code: 'tax-service-rates', params: { amount: 1500000 } },
  ],
};
const forbidden = { status: 403, code: 'FORBIDDEN', key: 'error.forbidden', params: { resource: 'Users and rights' } };

function run(steps: Partial<Record<'planPack' | 'runNextReport' | 'writeFile', (input: any) => Promise<unknown>>>) {
  const fakes = {
    planPack: fromPromise(steps.planPack ?? (async () => ({ ...plan, total: plan.reports.length, done: 0, current: null }))),
    runNextReport: fromPromise(
      steps.runNextReport ?? (async ({ input }: any) => ({ done: input.context.done + 1, current: { en: 'Report', id: 'Laporan' } })),
    ),
    writeFile: fromPromise(steps.writeFile ?? (async () => ({ file: 'morning-2026-11-23.xlsx', current: null }))),
  };
  const actor = createActor(machine.provide({ actors: fakes }), { inspect: recorder.inspect });
  actor.start();
  return actor;
}

describe('flows/report-pack-run.json', () => {
  it('plans the pack, runs each report as its own step, then writes the file', async () => {
    const seen: number[] = [];
    const actor = run({
      runNextReport: async ({ input }) => {
        seen.push(input.context.done);
        return { done: input.context.done + 1, current: { en: 'Report', id: 'Laporan' } };
      },
    });
    const end = await waitFor(actor, (s) => s.status === 'done');
    expect(end.value).toBe('done');
    expect(seen).toEqual([0, 1]);
    expect(end.context).toMatchObject({ code: 'MORNING', done: 2, total: 2, file: 'morning-2026-11-23.xlsx' });
    expect(end.hasTag('failed')).toBe(false);
  });

  it('a pack of one report goes straight from that report to the file', async () => {
    const actor = run({ planPack: async () => ({ code: 'NIGHT', reports: [plan.reports[0]], total: 1, done: 0, current: null }) });
    expect((await waitFor(actor, (s) => s.status === 'done')).context).toMatchObject({ done: 1, total: 1 });
  });

  it('a planning refusal (a report the user may not run) ends failed with the reason kept', async () => {
    const actor = run({ planPack: () => Promise.reject(forbidden) });
    const end = await waitFor(actor, (s) => s.status === 'done');
    expect(end.value).toBe('failed');
    expect(end.hasTag('failed')).toBe(true);
    expect(end.context.error).toEqual(forbidden);
  });

  it('a report that fails half-way (too many rows for a PDF) ends failed', async () => {
    const tooMany = { status: 422, code: 'TOO_MANY_ROWS', key: 'report.pdfTooManyRows', params: { cap: '10.000' } };
    const actor = run({ runNextReport: async ({ input }) => (input.context.done === 0 ? { done: 1 } : Promise.reject(tooMany)) });
    const end = await waitFor(actor, (s) => s.status === 'done');
    expect(end.value).toBe('failed');
    expect(end.context).toMatchObject({ done: 1, error: tooMany });
  });

  it('a file that cannot be written ends failed', async () => {
    const actor = run({
      writeFile: () => Promise.reject({ status: 422, code: 'TOO_MANY_ROWS', key: 'report.pdfTooManyRows', params: {} }),
    });
    expect((await waitFor(actor, (s) => s.status === 'done')).value).toBe('failed');
  });

  for (const state of ['planning', 'running', 'writing'] as const) {
    it(`CANCEL while ${state} ends cancelled, and nothing after it runs`, async () => {
      const hold = deferred<unknown>();
      const later: string[] = [];
      const actor = run({
        planPack: state === 'planning' ? () => hold.promise : undefined,
        runNextReport: state === 'running' ? () => hold.promise : undefined,
        writeFile:
          state === 'writing'
            ? () => hold.promise
            : async () => {
                later.push('writeFile');
                return {};
              },
      });
      await waitFor(actor, (s) => s.value === state);
      expect(actor.getSnapshot().can({ type: 'CANCEL' })).toBe(true);
      actor.send({ type: 'CANCEL' });
      hold.resolve({ done: 1 });
      const end = await waitFor(actor, (s) => s.status === 'done');
      expect(end.value).toBe('cancelled');
      expect(end.hasTag('cancelled')).toBe(true);
      expect(later).toEqual([]);
    });
  }

  it('a finished pack accepts nothing more', async () => {
    const end = await waitFor(run({}), (s) => s.status === 'done');
    expect(end.can({ type: 'CANCEL' })).toBe(false);
  });

  // last: the tests above took every transition the JSON declares
  it('every transition of the machine was taken by a test above', () => {
    expect(allTransitions(machine)).toHaveLength(10);
    recorder.expectEveryTransitionTaken();
  });
});
