/**
 * The room plan's keys, as a pure function of the key pressed and where the cursor is, so the whole
 * keyboard map is tested without a browser. The plan is one tab stop (not 1,680 cells); arrows move a
 * cursor over rooms and nights, and the booking under it is moved or extended with modifier keys.
 */
export interface PlanCursor {
  row: number;
  col: number;
}

export type PlanKeyAction =
  | { kind: 'cursor'; to: PlanCursor }
  /** Enter: open the booking under the cursor, or book the free night */
  | { kind: 'open' }
  /** Alt + arrows: the booking under the cursor by nights and rooms */
  | { kind: 'move'; days: number; rooms: number }
  /** Shift + left/right: its departure a night earlier or later */
  | { kind: 'extend'; days: number }
  | { kind: 'undo' };

interface KeyLike {
  key: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

const STEP: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const PAGE = 10;

export function planKey(e: KeyLike, at: PlanCursor, size: { rows: number; cols: number }): PlanKeyAction | undefined {
  const clamp = (c: PlanCursor): PlanCursor => ({
    row: Math.max(0, Math.min(size.rows - 1, c.row)),
    col: Math.max(0, Math.min(size.cols - 1, c.col)),
  });
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') return { kind: 'undo' };
  if (e.key === 'Enter' || e.key === ' ') return { kind: 'open' };
  const step = STEP[e.key];
  if (step) {
    const [dr, dc] = step;
    if (e.altKey) return { kind: 'move', days: dc, rooms: dr };
    if (e.shiftKey) return dc ? { kind: 'extend', days: dc } : undefined;
    return { kind: 'cursor', to: clamp({ row: at.row + dr, col: at.col + dc }) };
  }
  if (e.key === 'PageDown') return { kind: 'cursor', to: clamp({ ...at, row: at.row + PAGE }) };
  if (e.key === 'PageUp') return { kind: 'cursor', to: clamp({ ...at, row: at.row - PAGE }) };
  if (e.key === 'Home') return { kind: 'cursor', to: clamp({ ...at, col: 0 }) };
  if (e.key === 'End') return { kind: 'cursor', to: clamp({ ...at, col: size.cols - 1 }) };
  return undefined;
}
