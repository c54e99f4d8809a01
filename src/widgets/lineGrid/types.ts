/** A choice of a combo cell (an enum value, a looked-up row). */
export interface CellOption {
  value: unknown;
  label: string;
}

/** What a typed text means for a cell: its value, or why it is not one. */
export type CellReading = { value: unknown } | { error: string };

/**
 * A column of a line grid, as the engine describes it to the widget: how a cell shows, how its editor
 * starts, how typing is read. The grid knows nothing of documents, money or lookups beyond this.
 */
export interface LineGridColumn {
  key: string;
  label: string;
  width?: number;
  align?: 'left' | 'right';
  /** false: shown, never typed in (a value computed on the line) */
  editable: boolean;
  /** 'text': typed and read; 'combo': chosen from options that follow what is typed */
  editor: 'text' | 'combo';
  inputMode?: 'decimal' | 'numeric' | 'text';
  placeholder?: string;
  display(row: number): string;
  /** the text an editor opened with Enter starts from */
  editText(row: number): string;
  read?(text: string): CellReading;
  /** a combo's choices for what is typed on a line */
  options?(query: string, row: number, signal: AbortSignal): Promise<CellOption[]>;
}

export interface LineGridLabels {
  grid: string;
  lineNo: string;
  remove(line: number): string;
  empty: string;
  noMatch(text: string): string;
}
