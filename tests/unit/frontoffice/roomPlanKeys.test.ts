import { describe, expect, it } from 'vitest';
import { planKey } from '../../../src/custom/frontoffice/roomPlanKeys';

const key = (k: string, mods: Partial<{ altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key: k,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});
const size = { rows: 120, cols: 30 };

describe('the room plan by keyboard', () => {
  it('moves the cursor with the arrows and stops at the plan edges (room 1 of 120, night 1 of 30)', () => {
    expect(planKey(key('ArrowDown'), { row: 0, col: 0 }, size)).toEqual({ kind: 'cursor', to: { row: 1, col: 0 } });
    expect(planKey(key('ArrowUp'), { row: 0, col: 0 }, size)).toEqual({ kind: 'cursor', to: { row: 0, col: 0 } });
    expect(planKey(key('ArrowRight'), { row: 5, col: 29 }, size)).toEqual({ kind: 'cursor', to: { row: 5, col: 29 } });
    expect(planKey(key('PageDown'), { row: 115, col: 3 }, size)).toEqual({ kind: 'cursor', to: { row: 119, col: 3 } });
    expect(planKey(key('End'), { row: 4, col: 3 }, size)).toEqual({ kind: 'cursor', to: { row: 4, col: 29 } });
  });

  it('opens with Enter, moves a booking with Alt+arrows, extends it with Shift+arrows and undoes with Ctrl+Z', () => {
    expect(planKey(key('Enter'), { row: 0, col: 0 }, size)).toEqual({ kind: 'open' });
    expect(planKey(key('ArrowRight', { altKey: true }), { row: 0, col: 0 }, size)).toEqual({ kind: 'move', days: 1, rooms: 0 });
    expect(planKey(key('ArrowDown', { altKey: true }), { row: 0, col: 0 }, size)).toEqual({ kind: 'move', days: 0, rooms: 1 });
    expect(planKey(key('ArrowLeft', { shiftKey: true }), { row: 0, col: 0 }, size)).toEqual({ kind: 'extend', days: -1 });
    expect(planKey(key('ArrowUp', { shiftKey: true }), { row: 0, col: 0 }, size)).toBeUndefined();
    expect(planKey(key('z', { ctrlKey: true }), { row: 0, col: 0 }, size)).toEqual({ kind: 'undo' });
    expect(planKey(key('Tab'), { row: 0, col: 0 }, size)).toBeUndefined();
  });
});
