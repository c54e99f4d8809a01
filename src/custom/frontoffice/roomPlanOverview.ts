/**
 * The room plan's "all rooms" density: every room of the hotel at once, folded into side-by-side panels
 * that share the same nights, so a 120-room house fits a 1366×800 screen (one column of rows would need
 * 5 px per room). Pure arithmetic, so it is tested without a browser.
 */
export const OVERVIEW = {
  roomCol: 50,
  head: 30,
  gap: 10,
  /** below this a room number can no longer be read (11 px text) */
  minRow: 14,
  maxRow: 24,
  /** below this a night cannot be clicked */
  minDay: 14,
  /** a bar narrower than this shows its colour only (a guest's initial is noise) */
  minText: 30,
} as const;

export interface OverviewLayout {
  panels: number;
  rowsPerPanel: number;
  row: number;
  day: number;
}

/** The fewest panels whose rows fit the height at a readable size, as many as the width allows. */
export function overviewLayout(rooms: number, width: number, height: number, nights: number): OverviewLayout {
  const { roomCol, head, gap, minRow, maxRow, minDay } = OVERVIEW;
  const fitRows = Math.max(1, Math.floor((height - head) / minRow));
  const widest = Math.max(1, Math.floor((width + gap) / (roomCol + nights * minDay + gap)));
  const panels = Math.max(1, Math.min(widest, Math.ceil(rooms / fitRows)));
  const rowsPerPanel = Math.max(1, Math.ceil(rooms / panels));
  const row = Math.min(maxRow, Math.max(minRow, Math.floor((height - head) / rowsPerPanel)));
  const day = Math.max(minDay, Math.floor(((width - (panels - 1) * gap) / panels - roomCol) / nights));
  return { panels, rowsPerPanel, row, day };
}
