import { useLayoutEffect, useRef, useState, type ClipboardEvent, type CSSProperties, type KeyboardEvent } from 'react';
import { CellEditor, type Taken } from './CellEditor';
import { firstEditable, gridKey, type GridCursor, type GridKey, type GridShape } from './keyboard';
import type { LineGridColumn, LineGridLabels } from './types';
import { Icon } from '../Icon';
import './lineGrid.css';

export interface LineGridProps {
  columns: LineGridColumn[];
  /** one key per line, in order (a line keeps its key when lines above it come and go) */
  rowKeys: string[];
  readOnly: boolean;
  labels: LineGridLabels;
  error(row: number, column: string): string | undefined;
  blank(row: number): boolean;
  onCommit(row: number, column: string, value: unknown, label?: string): void;
  /** a choice typed but not yet looked up (the person typed faster than the lookup answered) */
  onCommitText(row: number, column: string, text: string): void;
  onAddLine(at: number): void;
  onRemoveLine(row: number): void;
  /** spreadsheet text pasted with the cursor on this line and column */
  onPaste(row: number, column: number, text: string): void;
  onSave(): void;
}

/**
 * The lines of a document as a grid made for the keyboard (the rules are keyboard.ts): one cell is
 * selected or being edited, one editor exists at a time, so typing repaints one input however many lines
 * there are. Lines pasted from a spreadsheet go to the document at the cursor. Below 700 px each line is
 * a card of labelled cells, with the same keys.
 */
export function LineGrid(props: LineGridProps) {
  const { columns, rowKeys, readOnly, labels } = props;
  const rows = rowKeys.length;
  const [cursor, setCursor] = useState<GridCursor>(() => ({
    row: 0,
    col: firstEditable({ rows: 0, cols: columns.length, editable: (c) => columns[c].editable, blank: () => true, readOnly }),
    editing: false,
  }));
  const [editor, setEditor] = useState<{ text: string; typed: boolean }>({ text: '', typed: false });
  const [editError, setEditError] = useState<string>();
  const table = useRef<HTMLTableElement>(null);
  const wantFocus = useRef(false);
  const shape: GridShape = {
    rows,
    cols: columns.length,
    editable: (col) => !readOnly && columns[col].editable,
    blank: props.blank,
    readOnly,
  };
  const flexColumn = Math.max(
    columns.findIndex((c) => c.align !== 'right'),
    0,
  );
  // lines removed elsewhere (a save, a reload) leave the cursor where a line still is
  const at = { ...cursor, row: Math.min(cursor.row, Math.max(rows - 1, 0)), editing: cursor.editing && rows > 0 && !readOnly };

  useLayoutEffect(() => {
    if (!wantFocus.current || at.editing) return;
    wantFocus.current = false;
    table.current?.querySelector<HTMLElement>(rows ? `[data-cell="${at.row}:${at.col}"]` : '[data-cell="empty"]')?.focus();
  });

  const startEditing = (row: number, col: number, text?: string) => {
    setEditor({ text: text ?? columns[col].editText(row), typed: text !== undefined });
    setEditError(undefined);
    setCursor({ row, col, editing: true });
  };

  /** Carries out what a key asks (keyboard.ts): the editor's value first, then lines, then the cursor. */
  const act = (key: GridKey, take?: () => Taken, event?: { preventDefault(): void }) => {
    const move = gridKey(at, key, shape);
    for (const command of move.commands) {
      if (command.type !== 'commit' || !take) continue;
      const taken = take();
      if (taken === 'unchanged') continue;
      if ('error' in taken) {
        // an unreadable value keeps the editor open with the reason, whatever the key
        event?.preventDefault();
        setEditError(taken.error);
        return;
      }
      if ('text' in taken) props.onCommitText(at.row, columns[at.col].key, taken.text);
      else props.onCommit(at.row, columns[at.col].key, taken.value, taken.label);
    }
    if (move.handled) event?.preventDefault();
    setEditError(undefined);
    for (const command of move.commands) {
      if (command.type === 'edit') return startEditing(move.cursor.row, move.cursor.col, command.text);
      if (command.type === 'addLine') props.onAddLine(command.at);
      if (command.type === 'removeLine') props.onRemoveLine(command.row);
      if (command.type === 'save') props.onSave();
    }
    wantFocus.current = move.handled;
    setCursor(move.cursor);
  };

  const onCellKey = (e: KeyboardEvent) => {
    if (at.editing || e.altKey) return;
    act({ key: e.key, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey }, undefined, e);
  };

  const onPaste = (e: ClipboardEvent) => {
    const text = e.clipboardData.getData('text/plain');
    // a plain value pasted into the open editor is the editor's; rows and columns are the document's
    if (readOnly || (at.editing && !/[\t\n]/.test(text.replace(/\n$/, '')))) return;
    e.preventDefault();
    setCursor({ ...at, editing: false });
    wantFocus.current = true;
    props.onPaste(rows ? at.row : 0, at.col, text);
  };

  const choose = (row: number, col: number) => {
    wantFocus.current = true;
    if (!readOnly && columns[col].editable) startEditing(row, col);
    else setCursor({ row, col, editing: false });
  };

  return (
    <div className={`line-grid${readOnly ? ' read-only' : ''}`} onPaste={onPaste}>
      <table
        ref={table}
        role="grid"
        aria-label={labels.grid}
        aria-rowcount={rows + 1}
        aria-readonly={readOnly || undefined}
        style={
          { '--lg-min-width': `${columns.reduce((sum, c, i) => sum + (i === flexColumn ? 160 : (c.width ?? 120)), 88)}px` } as CSSProperties
        }
      >
        <colgroup>
          <col className="lg-no-col" />
          {columns.map((c, i) => (
            // the first text column takes the room left; the others keep their width
            <col key={c.key} style={c.width && i !== flexColumn ? { width: c.width } : undefined} />
          ))}
          {!readOnly && <col className="lg-act-col" />}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="lg-no">
              {labels.lineNo}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'right' ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
            {!readOnly && <th className="lg-act" aria-hidden />}
          </tr>
        </thead>
        <tbody>
          {rows === 0 && (
            <tr>
              <td colSpan={columns.length + 2} className="lg-empty" tabIndex={0} data-cell="empty" role="gridcell" onKeyDown={onCellKey}>
                {labels.empty}
              </td>
            </tr>
          )}
          {rowKeys.map((key, r) => (
            <tr key={key} role="row" aria-rowindex={r + 2} className={r === at.row ? 'lg-current' : undefined}>
              <td className="lg-no" aria-hidden>
                {r + 1}
              </td>
              {columns.map((c, col) => {
                const here = r === at.row && col === at.col;
                const problem = props.error(r, c.key);
                const editing = here && at.editing;
                const shown = c.display(r);
                return (
                  <td
                    key={c.key}
                    role="gridcell"
                    data-cell={`${r}:${col}`}
                    data-label={c.label}
                    aria-colindex={col + 2}
                    aria-selected={here}
                    aria-invalid={Boolean(problem) || undefined}
                    aria-readonly={!c.editable || readOnly || undefined}
                    tabIndex={here && !editing ? 0 : -1}
                    title={problem}
                    className={[
                      c.align === 'right' && 'num',
                      !c.editable && 'lg-computed',
                      here && 'lg-here',
                      problem && 'lg-bad',
                      editing && 'lg-editing',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    onKeyDown={onCellKey}
                    onClick={() => !editing && choose(r, col)}
                  >
                    {editing ? (
                      <CellEditor
                        column={c}
                        row={r}
                        text={editor.text}
                        typed={editor.typed}
                        label={`${labels.lineNo} ${r + 1}, ${c.label}`}
                        error={editError}
                        noMatch={labels.noMatch}
                        onKey={(k, take, event) => act(k, take, event)}
                        onLeave={(taken) => {
                          if (taken !== 'unchanged' && 'text' in taken) props.onCommitText(r, c.key, taken.text);
                          else if (taken !== 'unchanged' && 'value' in taken) props.onCommit(r, c.key, taken.value, taken.label);
                          // a choice clicked keeps the focus in the grid; a click elsewhere takes it away
                          wantFocus.current = Boolean(table.current?.contains(document.activeElement));
                          setEditError(undefined);
                          setCursor((s) => ({ ...s, editing: false }));
                        }}
                      />
                    ) : (
                      <span className="lg-text">{shown || '\u00a0'}</span>
                    )}
                    {problem && <span className="sr-only">{problem}</span>}
                  </td>
                );
              })}
              {!readOnly && (
                <td className="lg-act">
                  <button
                    type="button"
                    className="btn btn-ghost btn-icon btn-sm"
                    tabIndex={-1}
                    aria-label={labels.remove(r + 1)}
                    title={labels.remove(r + 1)}
                    onClick={() => props.onRemoveLine(r)}
                  >
                    <Icon name="trash" size="sm" />
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {editError && (
        <p className="lg-edit-error" role="alert">
          {editError}
        </p>
      )}
    </div>
  );
}
