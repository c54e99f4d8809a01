import type { FlowDefinition, StateJson, TransitionJson, TransitionsJson } from '../../src/core/flows/types.js';
import { clientFlowNames, type FlowNames } from '../../src/core/flows/generic.js';
import type { MetaError, NeedLabel } from './validate.js';

export interface FlowCheckContext {
  /** what the server's runner implements, per server flow; undefined: names of server flows are not checked here */
  serverFlows?: Map<string, FlowNames>;
  flows: Map<string, FlowDefinition>;
  /** flows whose file is there but broken (already reported): nothing that refers to them is told they are missing */
  broken?: Set<string>;
  customComponents: Set<string>;
  needLabel: NeedLabel;
}

interface Located {
  path: string[];
  pointer: string;
  state: StateJson;
}

/**
 * The cross checks of one flow beyond its meta-schema: every target exists, every state can be reached
 * and left, every guard, action and actor is implemented by the flow's runner, every step view exists,
 * every label exists, and what the runner needs of the context is declared.
 */
export function checkFlow(id: string, file: string, def: FlowDefinition, c: FlowCheckContext): MetaError[] {
  const errors: MetaError[] = [];
  const err = (pointer: string, message: string) => errors.push({ file, pointer, message });
  if (def.id !== id) err('/id', `id '${def.id}' must equal the file name '${id}'`);
  c.needLabel(file, '/title', [def.title], 'the flow title');

  if (def.runner === 'client') errors.push(...checkNames(id, file, def, clientFlowNames()));
  else if (c.serverFlows) errors.push(...checkServerFlows(new Map([[id, def]]), c.serverFlows));

  const all: Located[] = [];
  const walk = (states: Record<string, StateJson>, path: string[], pointer: string) => {
    for (const [key, state] of Object.entries(states)) {
      const here = { path: [...path, key], pointer: `${pointer}/${key}`, state };
      all.push(here);
      if (state.states) walk(state.states, here.path, `${here.pointer}/states`);
    }
  };
  walk(def.machine.states, [], '/machine/states');
  const byPath = new Map(all.map((s) => [s.path.join('.'), s]));
  const name = (s: Located) => s.path.join('.');

  if (!def.machine.states[def.machine.initial]) err('/machine/initial', `initial state '${def.machine.initial}' is not one of the states`);

  /** XState's rules for a target: '.child' of this state, '#<flow id>.a.b' from the root, else a sibling (or a sibling's descendant). */
  const resolve = (from: Located, target: string): string | undefined => {
    let path: string[];
    if (target.startsWith('.')) path = [...from.path, ...target.slice(1).split('.')];
    else if (target.startsWith('#')) {
      const [root, ...rest] = target.slice(1).split('.');
      if (root !== def.id) return undefined;
      path = rest;
    } else path = [...from.path.slice(0, -1), ...target.split('.')];
    return byPath.has(path.join('.')) ? path.join('.') : undefined;
  };

  const edges = new Map<string, Set<string>>();
  const checkTransitions = (from: Located, transitions: TransitionsJson | undefined, pointer: string) => {
    if (transitions === undefined) return;
    const list: TransitionJson[] = Array.isArray(transitions) ? transitions : [transitions];
    list.forEach((t, i) => {
      const p = Array.isArray(transitions) ? `${pointer}/${i}` : pointer;
      const target = typeof t === 'string' ? t : t.target;
      if (target !== undefined) {
        const to = resolve(from, target);
        if (!to) err(typeof t === 'string' ? p : `${p}/target`, `target '${target}' is not a state next to '${name(from)}'`);
        else edges.get(name(from))!.add(to);
      }
    });
  };

  for (const s of all) {
    const st = s.state;
    edges.set(name(s), new Set());
    if (st.states && !st.initial) err(s.pointer, `state '${name(s)}' has child states but no initial one`);
    if (st.initial && !st.states?.[st.initial]) err(`${s.pointer}/initial`, `initial state '${st.initial}' is not one of its states`);
    if (st.type === 'final' && (st.on || st.always || st.invoke || st.states))
      err(s.pointer, `final state '${name(s)}' cannot have transitions, an invoke or child states`);
    for (const [event, t] of Object.entries(st.on ?? {})) checkTransitions(s, t, `${s.pointer}/on/${event}`);
    checkTransitions(s, st.always, `${s.pointer}/always`);
    if (st.invoke) {
      checkTransitions(s, st.invoke.onDone, `${s.pointer}/invoke/onDone`);
      checkTransitions(s, st.invoke.onError, `${s.pointer}/invoke/onError`);
    }
    if (st.meta?.label) c.needLabel(file, `${s.pointer}/meta/label`, [st.meta.label], `the step '${name(s)}'`);
  }

  // Reachable: the initial state and its initial descendants, then whatever a transition of a reached state (or its ancestors) targets.
  const reached = new Set<string>();
  const enter = (path: string) => {
    const parts = path.split('.');
    for (let i = 1; i <= parts.length; i++) reached.add(parts.slice(0, i).join('.'));
    let node = byPath.get(path);
    let p = path;
    while (node?.state.states && node.state.initial && node.state.states[node.state.initial]) {
      p = `${p}.${node.state.initial}`;
      reached.add(p);
      node = byPath.get(p);
    }
  };
  if (def.machine.states[def.machine.initial]) enter(def.machine.initial);
  for (let grew = true; grew;) {
    grew = false;
    for (const from of [...reached]) {
      for (const to of edges.get(from) ?? []) {
        if (reached.has(to)) continue;
        enter(to);
        grew = true;
      }
    }
  }
  for (const s of all) {
    if (!reached.has(name(s))) err(s.pointer, `state '${name(s)}' can never be reached: no transition leads to it`);
  }

  // A state with no way out strands whoever is in it.
  const leaves = (path: string[]) =>
    path.some((_, i) => {
      const st = byPath.get(path.slice(0, i + 1).join('.'))!.state;
      return Boolean(st.invoke || st.always || Object.keys(st.on ?? {}).length);
    });
  for (const s of all) {
    if (s.state.type !== 'final' && !s.state.states && !leaves(s.path))
      err(s.pointer, `state '${name(s)}' has no way out: give it a transition or make it final`);
  }

  const context = new Set(Object.keys(def.machine.context ?? {}));
  const inContext = (field: string, pointer: string, what: string) => {
    if (!context.has(field)) err(pointer, `${what} '${field}' is not a field of the machine's context`);
  };

  if (def.runner === 'server') {
    for (const s of all) {
      const st = s.state;
      if (st.meta?.view) err(`${s.pointer}/meta/view`, 'a server flow has no views: its steps run on the server');
      if (st.invoke && !st.invoke.onDone) err(`${s.pointer}/invoke`, `the step of '${name(s)}' needs an onDone transition`);
    }
    if (def.progress) {
      inContext(def.progress.done, '/progress/done', 'progress field');
      inContext(def.progress.total, '/progress/total', 'progress field');
      if (def.progress.label) inContext(def.progress.label, '/progress/label', 'progress field');
    }
    (def.output ?? []).forEach((f, i) => inContext(f, `/output/${i}`, 'output field'));
  } else {
    for (const s of all) {
      const st = s.state;
      const view = st.meta?.view;
      if (!view && !st.states && !st.always) err(s.pointer, `step '${name(s)}' needs a view (meta.view) to show`);
      if (view?.kind === 'custom' && !c.customComponents.has(view.component))
        err(`${s.pointer}/meta/view/component`, `component '${view.component}' does not exist (no src/custom/${view.component}.tsx)`);
      if (view?.kind === 'summary') {
        const vp = `${s.pointer}/meta/view`;
        c.needLabel(file, `${vp}/message`, [view.message], `the message of '${name(s)}'`);
        for (const [param, field] of Object.entries(view.params ?? {})) inContext(field, `${vp}/params/${param}`, 'message parameter');
        if (view.messageFrom) inContext(view.messageFrom, `${vp}/messageFrom`, 'message field');
        if (view.file) c.needLabel(file, `${vp}/file/label`, [view.file.label], 'the download');
        if (view.table) {
          inContext(view.table.rows, `${vp}/table/rows`, 'table rows');
          view.table.columns.forEach((col, i) => c.needLabel(file, `${vp}/table/columns/${i}/label`, [col.label], `column '${col.field}'`));
        }
        (view.actions ?? []).forEach((a, i) => {
          c.needLabel(file, `${vp}/actions/${i}/label`, [a.label], `the button for ${a.event}`);
          if (!st.on?.[a.event]) err(`${vp}/actions/${i}/event`, `state '${name(s)}' does not accept ${a.event}`);
        });
      }
      if (st.invoke?.src === 'serverRun' && !c.broken?.has(String(st.invoke.input?.flow)))
        errors.push(...checkServerRun(file, `${s.pointer}/invoke/input`, st.invoke.input, context, c.flows));
    }
    for (const field of Object.keys(def.url ?? {})) inContext(field, `/url/${field}`, 'address field');
  }
  return errors;
}

/** A client step that runs a server flow names one that exists and gives it every input it requires from the context. */
function checkServerRun(
  file: string,
  pointer: string,
  input: Record<string, unknown> | undefined,
  context: Set<string>,
  flows: Map<string, FlowDefinition>,
): MetaError[] {
  const errors: MetaError[] = [];
  const flow = typeof input?.flow === 'string' ? flows.get(input.flow) : undefined;
  if (!flow || flow.runner !== 'server') {
    errors.push({ file, pointer: `${pointer}/flow`, message: `serverRun needs input.flow naming a server flow in flows/` });
    return errors;
  }
  const fields = Array.isArray(input?.fields) ? (input.fields as string[]) : [];
  const props = (flow.input?.properties ?? {}) as Record<string, unknown>;
  fields.forEach((f, i) => {
    if (!context.has(f))
      errors.push({ file, pointer: `${pointer}/fields/${i}`, message: `'${f}' is not a field of the machine's context` });
    if (!(f in props)) errors.push({ file, pointer: `${pointer}/fields/${i}`, message: `server flow '${flow.id}' takes no input '${f}'` });
  });
  for (const r of (flow.input?.required ?? []) as string[])
    if (!fields.includes(r))
      errors.push({ file, pointer: `${pointer}/fields`, message: `server flow '${flow.id}' requires input '${r}': list it in fields` });
  return errors;
}

interface NamedRef {
  kind: keyof FlowNames;
  name: string;
  pointer: string;
}

/** Every guard, action and actor a flow names, with where. */
function namedRefs(def: FlowDefinition): NamedRef[] {
  const refs: NamedRef[] = [];
  const actions = (value: unknown, pointer: string) => {
    const many = Array.isArray(value);
    (many ? (value as unknown[]) : value === undefined ? [] : [value]).forEach((a, i) => {
      const p = many ? `${pointer}/${i}` : pointer;
      if (typeof a === 'string') refs.push({ kind: 'actions', name: a, pointer: p });
      else refs.push({ kind: 'actions', name: (a as { type: string }).type, pointer: `${p}/type` });
    });
  };
  const transitions = (value: TransitionsJson | undefined, pointer: string) => {
    if (value === undefined) return;
    (Array.isArray(value) ? value : [value]).forEach((t: TransitionJson, i) => {
      const p = Array.isArray(value) ? `${pointer}/${i}` : pointer;
      if (typeof t !== 'object') return;
      if (typeof t.guard === 'string') refs.push({ kind: 'guards', name: t.guard, pointer: `${p}/guard` });
      else if (t.guard) refs.push({ kind: 'guards', name: t.guard.type, pointer: `${p}/guard/type` });
      actions(t.actions, `${p}/actions`);
    });
  };
  const walk = (states: Record<string, StateJson>, pointer: string) => {
    for (const [key, st] of Object.entries(states)) {
      const p = `${pointer}/${key}`;
      for (const [event, t] of Object.entries(st.on ?? {})) transitions(t, `${p}/on/${event}`);
      transitions(st.always, `${p}/always`);
      actions(st.entry, `${p}/entry`);
      actions(st.exit, `${p}/exit`);
      if (st.invoke) {
        refs.push({ kind: 'actors', name: st.invoke.src, pointer: `${p}/invoke/src` });
        transitions(st.invoke.onDone, `${p}/invoke/onDone`);
        transitions(st.invoke.onError, `${p}/invoke/onError`);
      }
      if (st.states) walk(st.states, `${p}/states`);
    }
  };
  walk(def.machine.states, '/machine/states');
  return refs;
}

const WHAT = { actions: 'action', guards: 'guard', actors: 'actor' } as const;

/** Every name a flow uses is implemented by its runner. */
function checkNames(id: string, file: string, def: FlowDefinition, names: FlowNames): MetaError[] {
  const where =
    def.runner === 'client'
      ? 'the client runner (src/core/flows/generic.ts, src/engine/screens/flow)'
      : `the server's implementation of '${id}'`;
  return namedRefs(def)
    .filter((r) => !names[r.kind].has(r.name))
    .map((r) => ({ file, pointer: r.pointer, message: `${WHAT[r.kind]} '${r.name}' is not implemented by ${where}` }));
}

/**
 * Server flows against the implementations the server registered (server/flowCatalog.ts): each one
 * implemented, every name it uses among them. Run at load time and again by buildApp, which holds the registry.
 */
export function checkServerFlows(flows: Map<string, FlowDefinition>, serverFlows: Map<string, FlowNames>): MetaError[] {
  const errors: MetaError[] = [];
  for (const [id, def] of flows) {
    if (def.runner !== 'server') continue;
    const file = `flows/${id}.json`;
    const names = serverFlows.get(id);
    if (!names)
      errors.push({ file, pointer: '', message: `no implementation of server flow '${id}' is registered (server/flowCatalog.ts)` });
    else errors.push(...checkNames(id, file, def, names));
  }
  return errors;
}
