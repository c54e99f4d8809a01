import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/core/conditions/evaluate.js';

const printer = { connection: 'network', address: '192.168.10.21:9100', copies: 2, outlets: [] as number[], active: true };

describe('evaluate: form conditions are data, evaluated by one pure function', () => {
  it('is true without a condition', () => {
    expect(evaluate(undefined, { data: {}, mode: 'create' })).toBe(true);
  });

  it('compares a field with equals and in', () => {
    expect(evaluate({ field: { name: 'connection', equals: 'network' } }, { data: printer, mode: 'edit' })).toBe(true);
    expect(evaluate({ field: { name: 'connection', equals: 'usb' } }, { data: printer, mode: 'edit' })).toBe(false);
    expect(evaluate({ field: { name: 'connection', in: ['network', 'usb'] } }, { data: printer, mode: 'edit' })).toBe(true);
    expect(evaluate({ field: { name: 'connection', in: ['browser'] } }, { data: printer, mode: 'edit' })).toBe(false);
  });

  it('treats a missing flag as equal to false (an unlocked user has locked = null on a new form)', () => {
    expect(evaluate({ field: { name: 'locked', equals: false } }, { data: {}, mode: 'create' })).toBe(true);
    expect(evaluate({ field: { name: 'locked', equals: false } }, { data: { locked: true }, mode: 'edit' })).toBe(false);
    expect(evaluate({ field: { name: 'locked', equals: true } }, { data: {}, mode: 'create' })).toBe(false);
  });

  it('checks emptiness of text, null and lists', () => {
    expect(evaluate({ field: { name: 'address', empty: false } }, { data: printer, mode: 'edit' })).toBe(true);
    expect(evaluate({ field: { name: 'address', empty: true } }, { data: { address: '' }, mode: 'edit' })).toBe(true);
    expect(evaluate({ field: { name: 'address', empty: true } }, { data: { address: null }, mode: 'edit' })).toBe(true);
    expect(evaluate({ field: { name: 'outlets', empty: true } }, { data: printer, mode: 'edit' })).toBe(true);
  });

  it('takes a bare field as its truth', () => {
    expect(evaluate({ field: { name: 'active' } }, { data: printer, mode: 'edit' })).toBe(true);
    expect(evaluate({ field: { name: 'copies' } }, { data: { copies: 0 }, mode: 'edit' })).toBe(false);
  });

  it('knows whether the form creates or edits', () => {
    expect(evaluate({ mode: 'create' }, { data: {}, mode: 'create' })).toBe(true);
    expect(evaluate({ mode: 'create' }, { data: {}, mode: 'edit' })).toBe(false);
  });

  it('combines conditions with all, any and not', () => {
    const ctx = { data: printer, mode: 'edit' as const };
    expect(evaluate({ all: [{ mode: 'edit' }, { field: { name: 'connection', equals: 'network' } }] }, ctx)).toBe(true);
    expect(evaluate({ all: [{ mode: 'create' }, { field: { name: 'connection', equals: 'network' } }] }, ctx)).toBe(false);
    expect(evaluate({ any: [{ mode: 'create' }, { field: { name: 'connection', equals: 'network' } }] }, ctx)).toBe(true);
    expect(evaluate({ not: { field: { name: 'connection', equals: 'browser' } } }, ctx)).toBe(true);
    expect(evaluate({ any: [] }, ctx)).toBe(false);
    expect(evaluate({ all: [] }, ctx)).toBe(true);
  });
});
