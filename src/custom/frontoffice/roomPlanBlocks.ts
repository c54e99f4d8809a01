/**
 * The room plan loads its rooms a block at a time, only the blocks whose rows are in view (with a few
 * rows either side). Pure functions, so the arithmetic is tested without a browser.
 */
export const BLOCK = 50;

/** The blocks covering rows [first, last]. */
export function blocksFor(first: number, last: number): number[] {
  if (last < first) return [];
  const out: number[] = [];
  for (let b = Math.floor(first / BLOCK); b <= Math.floor(last / BLOCK); b++) out.push(b);
  return out;
}

/** Where a booking's bar sits in a window of nights: its first and past-last column, clipped to the window. */
export function barSpan(windowFrom: string, days: number, arrival: string, departure: string): { start: number; end: number } {
  const day = (d: string) => Math.round((Date.parse(`${d}T00:00:00Z`) - Date.parse(`${windowFrom}T00:00:00Z`)) / 86_400_000);
  return { start: Math.max(0, day(arrival)), end: Math.min(days, day(departure)) };
}

/** Where a room's out-of-order span sits in the window; an open-ended one runs to the window's end. */
export function oooSpan(windowFrom: string, days: number, from: string, to: string | null): { start: number; end: number } {
  const { start, end } = barSpan(windowFrom, days, from, to ?? from);
  return { start, end: to ? end : days };
}
