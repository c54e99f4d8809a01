/** Tiles on a plan (rooms on a floor, tables in a restaurant) are 80 px square on a 90 px pitch. */
export const TILE = 80;
export const PITCH = 90;
/** Dragging snaps to half a tile pitch: tiles line up with the grid, and a corridor can sit between rows. */
export const STEP = 45;
const MAX = 5000;

export interface Placed<T> {
  row: T;
  x: number;
  y: number;
}

export const snap = (v: number) => Math.min(MAX, Math.max(0, Math.round(v / STEP) * STEP));

/** Tiles that have no place yet go to the first free cells of the grid (`perRow` to a row), in the order given. */
export function autoPlace<T>(rooms: { row: T; x: number | null; y: number | null }[], perRow = 12): Placed<T>[] {
  const taken = rooms.filter((r) => r.x != null && r.y != null) as Placed<T>[];
  const free = (x: number, y: number) => !taken.some((p) => Math.abs(p.x - x) < TILE && Math.abs(p.y - y) < TILE);
  let cell = 0;
  return rooms.map((r) => {
    if (r.x != null && r.y != null) return r as Placed<T>;
    let x: number;
    let y: number;
    do {
      x = (cell % perRow) * PITCH;
      y = Math.floor(cell / perRow) * PITCH;
      cell++;
    } while (!free(x, y));
    const placed = { row: r.row, x, y };
    taken.push(placed);
    return placed;
  });
}

/** Where an arrow key moves a tile: one snap step, or a whole tile pitch with Shift. */
export function moveBy(p: { x: number; y: number }, key: string, big: boolean): { x: number; y: number } | undefined {
  const d = big ? PITCH : STEP;
  const delta: Record<string, [number, number]> = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, -d], ArrowDown: [0, d] };
  const m = delta[key];
  if (!m) return undefined;
  return { x: Math.min(MAX, Math.max(0, p.x + m[0])), y: Math.min(MAX, Math.max(0, p.y + m[1])) };
}
