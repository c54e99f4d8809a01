import { describe, expect, it } from 'vitest';
import { gridKey, type GridCursor, type GridShape } from '../../../src/widgets/lineGrid/keyboard.js';

/**
 * The arrangement grid's keyboard: columns article, amount, basis and the computed double-room price
 * (read-only). A reservations clerk enters "BF ⏎ 125000 ⏎ per person ⏎" and is on a new line.
 */
const grid = (rows: number, blank: number[] = [], readOnly = false): GridShape => ({
  rows,
  cols: 4,
  editable: (col) => col < 3,
  blank: (row) => blank.includes(row),
  readOnly,
});
const at = (row: number, col: number, editing = false): GridCursor => ({ row, col, editing });

describe('a selected cell', () => {
  it('moves with the arrow keys, and stays inside the grid', () => {
    expect(gridKey(at(0, 0), { key: 'ArrowRight' }, grid(2)).cursor).toEqual(at(0, 1));
    expect(gridKey(at(0, 3), { key: 'ArrowRight' }, grid(2)).cursor).toEqual(at(0, 3));
    expect(gridKey(at(1, 1), { key: 'ArrowDown' }, grid(2)).cursor).toEqual(at(1, 1));
    expect(gridKey(at(0, 1), { key: 'ArrowUp' }, grid(2)).cursor).toEqual(at(0, 1));
    expect(gridKey(at(1, 2), { key: 'Home', ctrl: true }, grid(2)).cursor).toEqual(at(0, 0));
    expect(gridKey(at(0, 0), { key: 'End' }, grid(2)).cursor).toEqual(at(0, 3));
  });

  it('starts editing on Enter or F2, and with the character typed, as a spreadsheet does', () => {
    expect(gridKey(at(0, 1), { key: 'Enter' }, grid(1))).toEqual({ cursor: at(0, 1, true), commands: [{ type: 'edit' }], handled: true });
    expect(gridKey(at(0, 1), { key: 'F2' }, grid(1)).cursor.editing).toBe(true);
    expect(gridKey(at(0, 1), { key: '1' }, grid(1)).commands).toEqual([{ type: 'edit', text: '1' }]);
    expect(gridKey(at(0, 1), { key: 'Backspace' }, grid(1)).commands).toEqual([{ type: 'edit', text: '' }]);
  });

  it('never edits the computed column, nor anything of a posted document', () => {
    expect(gridKey(at(0, 3), { key: '5' }, grid(1)).handled).toBe(false);
    expect(gridKey(at(0, 1), { key: 'Enter' }, grid(1, [], true)).handled).toBe(false);
    expect(gridKey(at(0, 1), { key: 'Insert' }, grid(1, [], true)).handled).toBe(false);
    expect(gridKey(at(0, 1), { key: 'Delete' }, grid(1, [], true)).handled).toBe(false);
  });

  it('Tab skips the computed column to the next line, and past a filled last line starts a new one', () => {
    expect(gridKey(at(0, 2), { key: 'Tab' }, grid(2)).cursor).toEqual(at(1, 0));
    expect(gridKey(at(1, 0), { key: 'Tab', shift: true }, grid(2)).cursor).toEqual(at(0, 2));
    expect(gridKey(at(1, 2), { key: 'Tab' }, grid(2))).toEqual({ cursor: at(2, 0), commands: [{ type: 'addLine', at: 2 }], handled: true });
  });

  it('lets Tab leave the grid past a blank last line or before the first cell', () => {
    expect(gridKey(at(1, 2), { key: 'Tab' }, grid(2, [1])).handled).toBe(false);
    expect(gridKey(at(0, 0), { key: 'Tab', shift: true }, grid(2)).handled).toBe(false);
  });

  it('adds a line below with Insert and removes the line with Delete', () => {
    expect(gridKey(at(0, 2), { key: 'Insert' }, grid(2))).toEqual({
      cursor: at(1, 0),
      commands: [{ type: 'addLine', at: 1 }],
      handled: true,
    });
    expect(gridKey(at(0, 0), { key: 'Insert' }, grid(0))).toEqual({
      cursor: at(0, 0),
      commands: [{ type: 'addLine', at: 0 }],
      handled: true,
    });
    expect(gridKey(at(1, 1), { key: 'Delete' }, grid(2))).toEqual({
      cursor: at(0, 1),
      commands: [{ type: 'removeLine', row: 1 }],
      handled: true,
    });
    expect(gridKey(at(0, 1), { key: 'Delete' }, grid(3)).cursor).toEqual(at(0, 1));
  });

  it('saves with Ctrl+S', () => {
    expect(gridKey(at(0, 0), { key: 's', ctrl: true }, grid(1)).commands).toEqual([{ type: 'save' }]);
  });
});

describe('a cell being edited', () => {
  it('keeps the value and goes on with Enter or Tab; Shift goes back', () => {
    expect(gridKey(at(0, 0, true), { key: 'Enter' }, grid(1))).toEqual({ cursor: at(0, 1), commands: [{ type: 'commit' }], handled: true });
    expect(gridKey(at(0, 1, true), { key: 'Tab' }, grid(1)).cursor).toEqual(at(0, 2));
    expect(gridKey(at(0, 1, true), { key: 'Enter', shift: true }, grid(1)).cursor).toEqual(at(0, 0));
  });

  it('starts a new line after the last cell of the last line: keyboard-only entry never stops', () => {
    expect(gridKey(at(0, 2, true), { key: 'Enter' }, grid(1))).toEqual({
      cursor: at(1, 0),
      commands: [{ type: 'commit' }, { type: 'addLine', at: 1 }],
      handled: true,
    });
  });

  it('throws the typing away with Escape, and goes up or down a line with the arrows', () => {
    expect(gridKey(at(1, 1, true), { key: 'Escape' }, grid(2))).toEqual({
      cursor: at(1, 1),
      commands: [{ type: 'cancel' }],
      handled: true,
    });
    expect(gridKey(at(1, 1, true), { key: 'ArrowUp' }, grid(2))).toEqual({
      cursor: at(0, 1),
      commands: [{ type: 'commit' }],
      handled: true,
    });
  });

  it('leaves letters, Delete and the caret keys to the editor', () => {
    for (const key of ['a', '5', 'Delete', 'Backspace', 'ArrowLeft', 'ArrowRight', 'Home']) {
      expect(gridKey(at(0, 1, true), { key }, grid(1)).handled).toBe(false);
    }
  });

  it('keeps the value before a new line (Insert) or a save (Ctrl+S)', () => {
    expect(gridKey(at(0, 1, true), { key: 'Insert' }, grid(1)).commands).toEqual([{ type: 'commit' }, { type: 'addLine', at: 1 }]);
    expect(gridKey(at(0, 1, true), { key: 's', ctrl: true }, grid(1)).commands).toEqual([{ type: 'commit' }, { type: 'save' }]);
  });
});
