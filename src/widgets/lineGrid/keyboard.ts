/**
 * The keyboard of a line grid, as a pure function: where a key takes the cursor and what it asks the
 * document to do. Like a spreadsheet, a cell is either selected (arrows move, typing starts editing) or
 * being edited (the editor has the keys; Enter and Tab commit and go on). Entry flows without the mouse:
 * Enter or Tab moves to the next cell to fill and past the last one starts a new line, Insert adds a line,
 * Delete removes one, Ctrl+S saves.
 */
export interface GridCursor {
  row: number;
  col: number;
  editing: boolean;
}

export interface GridShape {
  rows: number;
  cols: number;
  /** a cell a person may type in (not a computed column, not a read-only document) */
  editable(col: number): boolean;
  /** a line nothing has been entered in yet */
  blank(row: number): boolean;
  readOnly: boolean;
}

export interface GridKey {
  key: string;
  shift?: boolean;
  ctrl?: boolean;
}

export type GridCommand =
  /** start editing the cell; `text` replaces its content (the key typed), absent keeps it */
  | { type: 'edit'; text?: string }
  /** keep what the editor holds, then go to the new cursor */
  | { type: 'commit' }
  /** throw away what the editor holds */
  | { type: 'cancel' }
  /** a new blank line at this index (the cursor is already on it) */
  | { type: 'addLine'; at: number }
  | { type: 'removeLine'; row: number }
  | { type: 'save' };

export interface GridMove {
  cursor: GridCursor;
  /** what to do, in order */
  commands: GridCommand[];
  /** false: the key is not the grid's (let the browser have it: Tab out of the grid, a letter in the editor) */
  handled: boolean;
}

const unhandled = (cursor: GridCursor): GridMove => ({ cursor, commands: [], handled: false });

/** The next (or previous) cell a person fills, across lines; undefined past either end. */
export function nextEditable(shape: GridShape, from: { row: number; col: number }, step: 1 | -1): { row: number; col: number } | undefined {
  let { row, col } = from;
  for (let i = 0; i < shape.rows * shape.cols + 1; i++) {
    col += step;
    if (col >= shape.cols) {
      col = 0;
      row += 1;
    } else if (col < 0) {
      col = shape.cols - 1;
      row -= 1;
    }
    if (row < 0 || row >= shape.rows) return undefined;
    if (shape.editable(col)) return { row, col };
  }
  return undefined;
}

export function firstEditable(shape: GridShape): number {
  for (let c = 0; c < shape.cols; c++) if (shape.editable(c)) return c;
  return 0;
}

const clamp = (v: number, max: number) => Math.max(0, Math.min(v, max));

/** Where a key takes the cursor of a grid of this shape, and what it asks for. */
export function gridKey(cursor: GridCursor, k: GridKey, shape: GridShape): GridMove {
  const { row, col, editing } = cursor;
  const at = (r: number, c: number, e = false): GridCursor => ({ row: r, col: c, editing: e });
  const first = firstEditable(shape);

  if (k.ctrl && (k.key === 's' || k.key === 'S'))
    return { cursor: at(row, col), commands: editing ? [{ type: 'commit' }, { type: 'save' }] : [{ type: 'save' }], handled: true };

  // Tab and Enter go on to the next cell to fill; past the last one of a line that holds something, a new line.
  const onward = (step: 1 | -1, before: GridCommand[]): GridMove => {
    const next = nextEditable(shape, { row, col }, step);
    if (next) return { cursor: at(next.row, next.col), commands: before, handled: true };
    if (step === 1 && !shape.readOnly && (editing || !shape.blank(row)))
      return { cursor: at(shape.rows, first), commands: [...before, { type: 'addLine', at: shape.rows }], handled: true };
    // out of the grid on either side: the browser moves the focus on (after the editor's value is kept)
    return { cursor: at(row, col), commands: before, handled: false };
  };

  if (editing) {
    switch (k.key) {
      case 'Enter':
      case 'Tab':
        return onward(k.shift ? -1 : 1, [{ type: 'commit' }]);
      case 'Escape':
        return { cursor: at(row, col), commands: [{ type: 'cancel' }], handled: true };
      case 'ArrowUp':
        return { cursor: at(clamp(row - 1, shape.rows - 1), col), commands: [{ type: 'commit' }], handled: true };
      case 'ArrowDown':
        return { cursor: at(clamp(row + 1, shape.rows - 1), col), commands: [{ type: 'commit' }], handled: true };
      case 'Insert':
        if (shape.readOnly) return unhandled(cursor);
        return { cursor: at(row + 1, first), commands: [{ type: 'commit' }, { type: 'addLine', at: row + 1 }], handled: true };
    }
    return unhandled(cursor);
  }

  switch (k.key) {
    case 'ArrowUp':
      return { cursor: at(clamp(row - 1, shape.rows - 1), col), commands: [], handled: true };
    case 'ArrowDown':
      return { cursor: at(clamp(row + 1, shape.rows - 1), col), commands: [], handled: true };
    case 'ArrowLeft':
      return { cursor: at(row, clamp(col - 1, shape.cols - 1)), commands: [], handled: true };
    case 'ArrowRight':
      return { cursor: at(row, clamp(col + 1, shape.cols - 1)), commands: [], handled: true };
    case 'Home':
      return { cursor: at(k.ctrl ? 0 : row, 0), commands: [], handled: true };
    case 'End':
      return { cursor: at(k.ctrl ? Math.max(shape.rows - 1, 0) : row, shape.cols - 1), commands: [], handled: true };
    case 'Tab':
      return onward(k.shift ? -1 : 1, []);
    case 'Insert':
      if (shape.readOnly) return unhandled(cursor);
      return { cursor: at(shape.rows ? row + 1 : 0, first), commands: [{ type: 'addLine', at: shape.rows ? row + 1 : 0 }], handled: true };
    case 'Delete':
      if (shape.readOnly || !shape.rows) return unhandled(cursor);
      return { cursor: at(clamp(row, shape.rows - 2), col), commands: [{ type: 'removeLine', row }], handled: true };
  }
  if (shape.readOnly || !shape.rows || !shape.editable(col)) return unhandled(cursor);
  if (k.key === 'Enter' || k.key === 'F2') return { cursor: at(row, col, true), commands: [{ type: 'edit' }], handled: true };
  if (k.key === 'Backspace') return { cursor: at(row, col, true), commands: [{ type: 'edit', text: '' }], handled: true };
  // a printable character starts editing with what was typed, as in a spreadsheet
  if (k.key.length === 1 && !k.ctrl) return { cursor: at(row, col, true), commands: [{ type: 'edit', text: k.key }], handled: true };
  return unhandled(cursor);
}
