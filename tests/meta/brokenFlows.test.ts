import { afterEach, describe, expect, it } from 'vitest';
import { readMetaFiles, loadMeta, MetaLoadError } from '../../server/meta/load.js';
import { validateMeta, type MetaError } from '../../server/meta/validate.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/connect.js';
import type { FlowNames } from '../../src/core/flows/generic.js';
import { minibarProject, type FixtureProject } from './fixtureProject.js';

let project: FixtureProject | undefined;
afterEach(() => {
  project?.dispose();
  project = undefined;
});

/** What the server implements for the fixture's server flow (in the real tree: server/flowCatalog.ts). */
const RESTOCK_NAMES: FlowNames = {
  actors: new Set(['countRooms', 'restockNextRoom']),
  guards: new Set(['when', 'allRoomsDone']),
  actions: new Set(['assignOutput', 'assignError', 'assignEventData', 'clearFields']),
};
const serverFlows = new Map([['minibar-restock', RESTOCK_NAMES]]);

/**
 * The minibar project with two flows: the server restocks the minibars of a floor room by room
 * (minibar-restock), and a screen lets the attendant choose the floor and follow it (minibar-count).
 */
function flowProject(): FixtureProject {
  const p = minibarProject();
  p.write('flows/minibar-restock.json', {
    id: 'minibar-restock',
    version: 1,
    runner: 'server',
    title: 'minibar-restock.title',
    permission: { resource: 'fo.minibar', action: 'edit' },
    input: { type: 'object', required: ['floor'], additionalProperties: false, properties: { floor: { type: 'integer', minimum: 1 } } },
    progress: { done: 'done', total: 'total' },
    output: ['restocked'],
    machine: {
      initial: 'counting',
      context: { done: 0, total: 0, restocked: 0, error: null },
      states: {
        counting: {
          meta: { label: 'minibar-restock.counting' },
          invoke: {
            src: 'countRooms',
            onDone: { target: 'restocking', actions: 'assignOutput' },
            onError: { target: 'failed', actions: 'assignError' },
          },
        },
        restocking: {
          invoke: {
            src: 'restockNextRoom',
            onDone: [
              { guard: 'allRoomsDone', target: 'done', actions: 'assignOutput' },
              { target: 'restocking', reenter: true, actions: 'assignOutput' },
            ],
          },
        },
        done: { type: 'final' },
        failed: { type: 'final', tags: ['failed'] },
      },
    },
  });
  p.write('flows/minibar-count.json', {
    id: 'minibar-count',
    version: 1,
    runner: 'client',
    title: 'minibar-count.title',
    url: { run: 'string', floor: 'integer' },
    machine: {
      initial: 'choose',
      context: { floor: null, run: null, progress: null, restocked: null, error: null },
      states: {
        choose: {
          meta: { label: 'minibar-count.choose', view: { kind: 'custom', component: 'fo/MinibarFloor' } },
          on: {
            NEXT: {
              target: 'running',
              guard: { type: 'when', params: { field: { name: 'floor', empty: false } } },
              actions: 'assignEventData',
            },
          },
        },
        running: {
          meta: { label: 'minibar-count.running', view: { kind: 'progress' } },
          invoke: { src: 'serverRun', input: { flow: 'minibar-restock', fields: ['floor'] } },
          on: {
            'RUN.UPDATE': { actions: 'assignEventData' },
            'RUN.DONE': { target: 'done', actions: 'assignEventData' },
            'RUN.FAILED': { target: 'choose', actions: 'assignEventData' },
            CANCEL: { actions: 'cancelServerRun' },
          },
        },
        done: {
          meta: {
            label: 'minibar-count.done',
            view: {
              kind: 'summary',
              tone: 'success',
              message: 'minibar-count.restocked',
              params: { count: 'restocked' },
              actions: [{ event: 'AGAIN', label: 'minibar-count.again' }],
            },
          },
          on: { AGAIN: 'choose' },
        },
      },
    },
  });
  p.write('screens/fo/minibar-count.json', { kind: 'flow', flow: 'minibar-count', title: 'minibar-count.title' });
  p.write('src/custom/fo/MinibarFloor.tsx', 'export default function MinibarFloor() { return null; }\n');
  p.edit('routes.json', (r) =>
    r.routes[1].children.push({
      path: 'minibar-count',
      screen: 'fo/minibar-count',
      permission: 'fo.minibar',
      name: { en: 'Minibar count', id: 'Hitung minibar' },
      menu: {},
    }),
  );
  p.write('locales/flows.json', {
    'minibar-restock.title': { en: 'Minibar restock', id: 'Isi ulang minibar' },
    'minibar-restock.counting': { en: 'Counting the rooms', id: 'Menghitung kamar' },
    'minibar-count.title': { en: 'Minibar count', id: 'Hitung minibar' },
    'minibar-count.choose': { en: 'Floor', id: 'Lantai' },
    'minibar-count.running': { en: 'Restocking', id: 'Mengisi ulang' },
    'minibar-count.done': { en: 'Done', id: 'Selesai' },
    'minibar-count.restocked': { en: '{count} minibars restocked.', id: '{count} minibar diisi ulang.' },
    'minibar-count.again': { en: 'Another floor', id: 'Lantai lain' },
  });
  return p;
}

function problems(p: FixtureProject): MetaError[] {
  const errors: MetaError[] = [];
  const raw = readMetaFiles(p.root, errors);
  return [...errors, ...validateMeta(raw, { serverFlows })];
}

function broken(change: (p: FixtureProject) => void): MetaError[] {
  project = flowProject();
  change(project);
  return problems(project);
}

const RESTOCK = 'flows/minibar-restock.json';
const COUNT = 'flows/minibar-count.json';

describe('the minibar project with a server flow and a flow screen', () => {
  it('validates without a single error', () => {
    project = flowProject();
    expect(problems(project)).toEqual([]);
  });
});

describe('a mistake in a flow is named by its file, its JSON pointer and a sentence', () => {
  it('a transition to a state that does not exist', () => {
    const errors = broken((p) => p.edit(RESTOCK, (f) => (f.machine.states.counting.invoke.onDone.target = 'restockin')));
    expect(errors).toContainEqual({
      file: RESTOCK,
      pointer: '/machine/states/counting/invoke/onDone/target',
      message: "target 'restockin' is not a state next to 'counting'",
    });
  });

  it('a state no transition leads to', () => {
    const errors = broken((p) => p.edit(RESTOCK, (f) => (f.machine.states.counting.invoke.onError.target = 'done')));
    expect(errors).toEqual([
      { file: RESTOCK, pointer: '/machine/states/failed', message: "state 'failed' can never be reached: no transition leads to it" },
    ]);
  });

  it('a state with no way out that is not final', () => {
    const errors = broken((p) => p.edit(RESTOCK, (f) => delete f.machine.states.done.type));
    expect(errors).toEqual([
      { file: RESTOCK, pointer: '/machine/states/done', message: "state 'done' has no way out: give it a transition or make it final" },
    ]);
  });

  it('a guard the server does not implement', () => {
    const errors = broken((p) => p.edit(RESTOCK, (f) => (f.machine.states.restocking.invoke.onDone[0].guard = 'allRoomsDon')));
    expect(errors).toEqual([
      {
        file: RESTOCK,
        pointer: '/machine/states/restocking/invoke/onDone/0/guard',
        message: "guard 'allRoomsDon' is not implemented by the server's implementation of 'minibar-restock'",
      },
    ]);
  });

  it('a step (an invoked actor) the server does not implement', () => {
    const errors = broken((p) => p.edit(RESTOCK, (f) => (f.machine.states.counting.invoke.src = 'countRoom')));
    expect(errors).toEqual([
      {
        file: RESTOCK,
        pointer: '/machine/states/counting/invoke/src',
        message: "actor 'countRoom' is not implemented by the server's implementation of 'minibar-restock'",
      },
    ]);
  });

  it('a server flow nobody registered an implementation for', () => {
    project = flowProject();
    const errors: MetaError[] = [];
    const raw = readMetaFiles(project.root, errors);
    expect(validateMeta(raw, { serverFlows: new Map() })).toEqual([
      { file: RESTOCK, pointer: '', message: "no implementation of server flow 'minibar-restock' is registered (server/flowCatalog.ts)" },
    ]);
  });

  it('an action the client runner does not have', () => {
    const errors = broken((p) => p.edit(COUNT, (f) => (f.machine.states.choose.on.NEXT.actions = ['assignEventData', 'rememberFloor'])));
    expect(errors).toEqual([
      {
        file: COUNT,
        pointer: '/machine/states/choose/on/NEXT/actions/1',
        message: "action 'rememberFloor' is not implemented by the client runner (src/core/flows/generic.ts, src/engine/screens/flow)",
      },
    ]);
  });

  it('a condition guard with a misspelt key, at its pointer', () => {
    const errors = broken((p) => p.edit(COUNT, (f) => (f.machine.states.choose.on.NEXT.guard.params.field.emtpy = false)));
    expect(errors).toContainEqual({
      file: COUNT,
      pointer: '/machine/states/choose/on/NEXT/guard/params/field',
      message: "unknown property 'emtpy'",
    });
  });

  it('a misspelt property of a state (onDon instead of onDone)', () => {
    const errors = broken((p) =>
      p.edit(RESTOCK, (f) => {
        f.machine.states.counting.invoke.onDon = f.machine.states.counting.invoke.onDone;
        delete f.machine.states.counting.invoke.onDone;
      }),
    );
    expect(errors).toEqual([{ file: RESTOCK, pointer: '/machine/states/counting/invoke', message: "unknown property 'onDon'" }]);
  });

  it('a step view whose component file is missing', () => {
    const errors = broken((p) => p.remove('src/custom/fo/MinibarFloor.tsx'));
    expect(errors).toEqual([
      {
        file: COUNT,
        pointer: '/machine/states/choose/meta/view/component',
        message: "component 'fo/MinibarFloor' does not exist (no src/custom/fo/MinibarFloor.tsx)",
      },
    ]);
  });

  it('a client step with nothing to show', () => {
    const errors = broken((p) => p.edit(COUNT, (f) => delete f.machine.states.running.meta.view));
    expect(errors).toEqual([
      { file: COUNT, pointer: '/machine/states/running', message: "step 'running' needs a view (meta.view) to show" },
    ]);
  });

  it('a step label with no text in locales/', () => {
    const errors = broken((p) => p.edit('locales/flows.json', (l) => delete l['minibar-count.running']));
    expect(errors).toEqual([
      {
        file: COUNT,
        pointer: '/machine/states/running/meta/label',
        message: "no label for the step 'running': add 'minibar-count.running' (en and id) to a file in locales/",
      },
    ]);
  });

  it('a server flow without the right that guards it', () => {
    const errors = broken((p) => p.edit(RESTOCK, (f) => delete f.permission));
    expect(errors).toEqual([{ file: RESTOCK, pointer: '', message: "missing property 'permission'" }]);
  });

  it("a server flow's input that would accept unknown fields", () => {
    const errors = broken((p) => p.edit(RESTOCK, (f) => (f.input.additionalProperties = true)));
    expect(errors).toEqual([{ file: RESTOCK, pointer: '/input/additionalProperties', message: 'must be false' }]);
  });

  it('a flow whose id is not its file name', () => {
    const errors = broken((p) => p.edit(RESTOCK, (f) => (f.id = 'minibar-refill')));
    expect(errors).toContainEqual({
      file: RESTOCK,
      pointer: '/id',
      message: "id 'minibar-refill' must equal the file name 'minibar-restock'",
    });
  });

  it('a client step running a server flow without an input it requires', () => {
    const errors = broken((p) => p.edit(COUNT, (f) => (f.machine.states.running.invoke.input.fields = [])));
    expect(errors).toEqual([
      {
        file: COUNT,
        pointer: '/machine/states/running/invoke/input/fields',
        message: "server flow 'minibar-restock' requires input 'floor': list it in fields",
      },
    ]);
  });

  it('a progress field the context does not have', () => {
    const errors = broken((p) => p.edit(RESTOCK, (f) => (f.progress.total = 'rooms')));
    expect(errors).toEqual([
      { file: RESTOCK, pointer: '/progress/total', message: "progress field 'rooms' is not a field of the machine's context" },
    ]);
  });

  it('a summary button for an event its state does not accept', () => {
    const errors = broken((p) => p.edit(COUNT, (f) => (f.machine.states.done.meta.view.actions[0].event = 'RESTART')));
    expect(errors).toEqual([
      { file: COUNT, pointer: '/machine/states/done/meta/view/actions/0/event', message: "state 'done' does not accept RESTART" },
    ]);
  });

  it('a flow screen naming a flow that does not exist, or a server flow', () => {
    expect(broken((p) => p.edit('screens/fo/minibar-count.json', (s) => (s.flow = 'minibar-counts')))).toEqual([
      {
        file: 'screens/fo/minibar-count.json',
        pointer: '/flow',
        message: "flow 'minibar-counts' does not exist (no flows/minibar-counts.json)",
      },
    ]);
    project?.dispose();
    expect(broken((p) => p.edit('screens/fo/minibar-count.json', (s) => (s.flow = 'minibar-restock')))).toEqual([
      {
        file: 'screens/fo/minibar-count.json',
        pointer: '/flow',
        message: "flow 'minibar-restock' runs on the server; a screen shows a client flow",
      },
    ]);
  });
});

/** A database that fails the test if the server touches it before refusing to start. */
const untouchable = new Proxy({} as Database, {
  get(_, prop) {
    throw new Error(`the database was used (${String(prop)}) although a flow is broken`);
  },
});

describe('a broken flow stops the server', () => {
  it('loadMeta throws with the flow problem as file#pointer: message', () => {
    project = flowProject();
    project.edit(RESTOCK, (f) => (f.machine.states.counting.invoke.onDone.target = 'restockin'));
    expect(() => loadMeta(project!.root, { serverFlows })).toThrow(
      "flows/minibar-restock.json#/machine/states/counting/invoke/onDone/target: target 'restockin' is not a state next to 'counting'",
    );
  });

  it('buildApp refuses a server flow whose steps the server never registered, before it opens the database', async () => {
    project = flowProject();
    const config = { ...loadConfig({}), root: project.root };
    const err = await buildApp({ config, database: untouchable }).then(
      () => undefined,
      (e) => e,
    );
    expect(err).toBeInstanceOf(MetaLoadError);
    expect((err as MetaLoadError).errors).toEqual([
      { file: RESTOCK, pointer: '', message: "no implementation of server flow 'minibar-restock' is registered (server/flowCatalog.ts)" },
    ]);
  });
});
