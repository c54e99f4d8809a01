import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { projectRoot } from '../../../server/config.js';
import type { FlowDefinition } from '../../../src/core/flows/types.js';

export function readFlow(id: string): FlowDefinition {
  return JSON.parse(fs.readFileSync(path.join(projectRoot, 'flows', `${id}.json`), 'utf8')) as FlowDefinition;
}

interface TransitionLike {
  source: NodeLike;
  eventType: string;
}
interface NodeLike {
  path: string[];
  states: Record<string, NodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}

const keyOf = (t: TransitionLike, index: number) => `${t.source.path.join('.') || '(root)'} —${t.eventType || 'always'}→ #${index}`;

/** Every transition a machine declares (each entry of an event's list counts), as 'state —EVENT→ #i'. */
export function allTransitions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: NodeLike) => {
    for (const list of node.transitions.values()) list.forEach((t, i) => out.push(keyOf(t, i)));
    (node.always ?? []).forEach((t, i) => out.push(keyOf(t, i)));
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root as unknown as NodeLike);
  return out.sort();
}

/**
 * Records the transitions actors take (XState's inspection API), so a test file can prove it took every
 * transition its machine declares (`machine`: the flow's machine, before any `.provide()`).
 */
export class TransitionRecorder {
  readonly taken = new Set<string>();
  constructor(private machine: AnyStateMachine) {}

  inspect = (ev: InspectionEvent) => {
    if (ev.type !== '@xstate.microstep') return;
    for (const t of (ev as unknown as { _transitions: TransitionLike[] })._transitions) {
      const list = t.eventType ? t.source.transitions.get(t.eventType) : t.source.always;
      this.taken.add(keyOf(t, list?.indexOf(t) ?? -1));
    }
  };

  expectEveryTransitionTaken() {
    expect(allTransitions(this.machine).filter((k) => !this.taken.has(k))).toEqual([]);
  }
}

/** A promise the test resolves or rejects when it wants the step to end. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
