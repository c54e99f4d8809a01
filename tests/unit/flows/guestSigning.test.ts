import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { flowMachine } from '../../../src/core/flows/machine.js';
import { clientImplementations } from '../../../src/engine/screens/flow/clientImplementations.js';
import { allTransitions, readFlow, TransitionRecorder } from './transitions.js';

/**
 * flows/guest-signing.json (the pdp tablet): the steps a guest goes through to sign a registration, with what
 * each step view would send — the server's answers (expiry, single use, the signature's checks) are the API
 * tests' (tests/api/frontoffice/guestSigning.test.ts).
 */
const def = readFlow('guest-signing');
const machine = flowMachine(def, clientImplementations);
const recorder = new TransitionRecorder(machine);
const start = (state?: string) => createActor(flowMachine(def, clientImplementations, { state }), { inspect: recorder.inspect }).start();
const send = (actor: ReturnType<typeof start>, type: string, data?: Record<string, unknown>) => actor.send({ type, data } as never);

/** Ni Luh Putu's registration from opening to signed, each step answered as the views send it. */
function toConfirm() {
  const actor = start();
  send(actor, 'OPENED', { language: 'id' });
  send(actor, 'NEXT');
  send(actor, 'NEXT', { accept_terms: true });
  send(actor, 'NEXT', { accept_consent: true, answered: true });
  send(actor, 'NEXT', { signed: true });
  return actor;
}

describe('flows/guest-signing.json', () => {
  it('walks a guest from the opened registration through terms, consent and signature to signed', () => {
    const actor = toConfirm();
    expect(actor.getSnapshot().value).toBe('confirm');
    send(actor, 'SIGNED', { link: 'https://hotel.example/Pdp2#secret' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'done', context: { language: 'id', link: 'https://hotel.example/Pdp2#secret' } });
    send(actor, 'NEW');
    expect(actor.getSnapshot()).toMatchObject({ value: 'start', context: { language: null, link: null } });
  });

  it('does not leave the terms unaccepted, the consent without an answer for each purpose, or the pad empty', () => {
    const actor = start();
    send(actor, 'OPENED', { language: 'en' });
    send(actor, 'NEXT');
    send(actor, 'NEXT', { accept_terms: false });
    expect(actor.getSnapshot().value).toBe('terms');
    send(actor, 'NEXT', { accept_terms: true });
    send(actor, 'NEXT', { accept_consent: true, answered: false });
    send(actor, 'NEXT', { accept_consent: false, answered: true });
    expect(actor.getSnapshot().value).toBe('consent');
    send(actor, 'NEXT', { accept_consent: true, answered: true });
    send(actor, 'NEXT', { signed: false });
    expect(actor.getSnapshot().value).toBe('signature');
  });

  it('goes back a step from each step after the review', () => {
    const actor = toConfirm();
    for (const step of ['signature', 'consent', 'terms', 'review']) {
      send(actor, 'BACK');
      expect(actor.getSnapshot().value).toBe(step);
    }
  });

  it('lets the guest stop from every step, and go back to the review instead of stopping', () => {
    for (const step of ['review', 'terms', 'consent', 'signature', 'confirm']) {
      const actor = start(step);
      send(actor, 'CANCEL');
      expect(actor.getSnapshot().value).toBe('stopping');
    }
    const actor = start('terms');
    send(actor, 'CANCEL');
    send(actor, 'BACK');
    expect(actor.getSnapshot().value).toBe('review');
    send(actor, 'CANCEL');
    send(actor, 'STOPPED');
    expect(actor.getSnapshot().value).toBe('start');
  });

  it('ends wherever the signing expired or the desk took it back, and starts again from there', () => {
    for (const step of ['review', 'terms', 'consent', 'signature', 'confirm', 'stopping']) {
      const actor = start(step);
      send(actor, 'ENDED');
      expect(actor.getSnapshot().value).toBe('ended');
    }
    const actor = start('confirm');
    send(actor, 'ENDED');
    send(actor, 'NEW');
    expect(actor.getSnapshot().value).toBe('start');
  });

  it('takes every transition the JSON declares', () => {
    expect(allTransitions(machine)).toHaveLength(25);
    recorder.expectEveryTransitionTaken();
  });
});
