import { createStore, type Store } from '../../store';
import type { ApiError } from '../../api/client';
import type { DataProvider, Row } from '../../api/dataProvider';
import { createRecordController, type RecordController, type RecordSource } from '../record/recordController';
import { direct, type Runner } from '../run';
import { linesFields, type LinesField } from '../../../core/documents/evaluateDocument';
import { staleDependents } from '../../../core/documents/refFilter';
import type { EntitySchema } from '../../../core/meta/types';
import { blankLine, changeCell, figures, isBlank, linePayload, linesFromRow, type DocLine, type DocumentIssue } from './documentModel';
import { convertCell, matchOption, parseClipboard, type PasteType } from './paste';

export type DocumentSource = RecordSource & Pick<DataProvider, 'action'>;

export interface DocumentState {
  lines: Record<string, DocLine[]>;
  /** a save was tried: from then on the document's problems are shown as the person corrects them */
  attempted: boolean;
  /** the server's messages for cells, by line key and field (a refused save names `lines/2/amount`) */
  cellErrors: Record<string, Record<string, string>>;
  /** problems found before sending, the checks of a status action included */
  issues: DocumentIssue[];
}

/** A column as a paste reads it: its field, its type, its choices, its lookup. */
export interface PasteColumn {
  field: string;
  type: PasteType | 'computed';
  options?: { value: unknown; label: string }[];
  /** a lookup's candidates for a text (the entity's lookup, narrowed as the line's choices are) */
  lookup?: (text: string, line: Record<string, unknown>, signal: AbortSignal) => Promise<{ id: number; label: string }[]>;
}

/** What a paste did: lines filled, and the cells it could not read or match (1-based line numbers). */
export interface PasteResult {
  lines: number;
  notes: { line: number; field: string; value: string; reason: 'unreadable' | 'noMatch' }[];
}

export interface DocumentControllerOptions {
  source: DocumentSource;
  entity: EntitySchema;
  id: number | null;
  defaults?: Record<string, unknown>;
  /** header fields the screen shows (their server messages go on them) */
  shows?: (field: string) => boolean;
  blocking?: Runner;
}

export interface DocumentController {
  record: RecordController;
  store: Store<DocumentState>;
  fields: LinesField[];
  load(): Promise<void>;
  setHeader(values: Record<string, unknown>): void;
  setCell(lines: string, key: string, field: string, value: unknown, name?: string): void;
  /** a blank line at `at`; its key */
  addLine(lines: string, at: number): string;
  removeLine(lines: string, key: string): void;
  paste(lines: string, row: number, columns: PasteColumn[], text: string): Promise<PasteResult>;
  /** the lines changed since they were read */
  linesChanged(): boolean;
  /** checks the document as the server will (on save, or for a status action) and sends it with the version read */
  save(header: Record<string, unknown>): Promise<{ row: Row; created: boolean } | undefined>;
  /** a status action (post): its checks first, unsaved changes saved, then the action with the version */
  act(action: string, header: Record<string, unknown>, dirty: boolean): Promise<Row | undefined>;
  remove(): Promise<{ deleted: boolean; deactivated: boolean } | undefined>;
  dispose(): void;
}

const LINE_PATH = /^([a-z][a-z0-9_]*)\/(\d+)(?:\/([a-z][a-z0-9_]*))?$/;

/**
 * A header-with-lines document without pixels, in the spirit of ra-core's controllers: the header is a
 * record (the record controller reads, saves with the version and places the server's messages), the
 * lines are held here with a key each, changed cell by cell, added, removed and pasted; before anything
 * is sent the document is judged by the same function the server runs, and a refusal's line messages
 * land on their cells even when lines were added or removed since.
 */
export function createDocumentController(opts: DocumentControllerOptions): DocumentController {
  const { source, entity } = opts;
  const blocking = opts.blocking ?? direct;
  const fields = linesFields(entity);
  const byName = new Map(fields.map((lf) => [lf.name, lf]));
  const headerShown = opts.shows ?? (() => true);
  const record = createRecordController({
    source,
    entity: entity.$id,
    id: opts.id,
    defaults: opts.defaults,
    blocking,
    // a line's message is the document's to place on its cell
    shows: (field) => LINE_PATH.test(field) || headerShown(field),
  });
  const fresh = (row?: Row) =>
    Object.fromEntries(fields.map((lf) => [lf.name, row ? linesFromRow(row, lf) : [blankLine(lf)]])) as Record<string, DocLine[]>;
  const store = createStore<DocumentState>({ lines: fresh(), attempted: false, cellErrors: {}, issues: [] });
  const patch = (p: Partial<DocumentState>) => store.set((s) => ({ ...s, ...p }));
  let read = JSON.stringify(payloadOf(store.get().lines));
  let sent: Record<string, string[]> = {};

  function payloadOf(lines: Record<string, DocLine[]>) {
    return Object.fromEntries(
      fields.map((lf) => [lf.name, (lines[lf.name] ?? []).filter((l) => !isBlank(lf, l)).map((l) => linePayload(lf, l))]),
    );
  }

  // The lines follow the record: whenever it is read or saved, they are what the server holds.
  let lastRow: Row | undefined;
  const follow = () => {
    const { row, fieldErrors } = record.store.get();
    if (row !== lastRow) {
      lastRow = row;
      const lines = fresh(row);
      read = JSON.stringify(payloadOf(lines));
      patch({ lines, cellErrors: {}, issues: [], attempted: false });
    }
    // a refused save's messages for lines go to their cells, by the keys of the lines that were sent
    const moved = Object.keys(fieldErrors).filter((k) => LINE_PATH.test(k));
    if (!moved.length) return;
    const cellErrors = { ...store.get().cellErrors };
    const rest = { ...fieldErrors };
    for (const path of moved) {
      const [, lines, index, field] = LINE_PATH.exec(path)!;
      const key = sent[lines]?.[Number(index)];
      if (key) cellErrors[key] = { ...cellErrors[key], [field ?? '']: fieldErrors[path] };
      delete rest[path];
    }
    record.store.set((s) => ({ ...s, fieldErrors: rest }));
    patch({ cellErrors, attempted: true });
  };
  const unsubscribe = record.store.subscribe(follow);

  const setLines = (name: string, change: (lines: DocLine[]) => DocLine[]) =>
    patch({ lines: { ...store.get().lines, [name]: change(store.get().lines[name] ?? []) } });

  const judge = (header: Record<string, unknown>, on?: string) => {
    const { mode } = record.store.get();
    const issues = figures(entity, header, store.get().lines, { mode, on }).issues;
    patch({ attempted: true, issues });
    return issues.length === 0;
  };

  const send = async (header: Record<string, unknown>) => {
    const lines = payloadOf(store.get().lines);
    sent = Object.fromEntries(
      fields.map((lf) => [
        lf.name,
        store
          .get()
          .lines[lf.name].filter((l) => !isBlank(lf, l))
          .map((l) => l.key),
      ]),
    );
    const changedLines = JSON.stringify(lines) !== read || record.store.get().mode === 'create';
    const values = { ...header, ...(changedLines ? lines : {}) };
    patch({ cellErrors: {} });
    return record.save(values);
  };

  /** A paste (or a choice typed faster than its lookup answered): cells read, lookups asked, lines filled. */
  const pasteNow = async (lines: string, row: number, columns: PasteColumn[], text: string): Promise<PasteResult> => {
    const lf = byName.get(lines)!;
    const rows = parseClipboard(text);
    const notes: PasteResult['notes'] = [];
    const signal = new AbortController().signal;
    const start = store.get().lines[lines] ?? [];
    const updates: { key?: string; cells: [string, unknown, string?][] }[] = [];
    for (let r = 0; r < rows.length; r++) {
      const at = row + r;
      const line = start[at];
      const cells: [string, unknown, string?][] = [];
      for (let c = 0; c < rows[r].length && c < columns.length; c++) {
        const col = columns[c];
        if (col.type === 'computed') continue;
        const cell = convertCell(col.type, rows[r][c], col.options);
        if ('unreadable' in cell) notes.push({ line: at + 1, field: col.field, value: rows[r][c].trim(), reason: 'unreadable' });
        else if ('lookup' in cell) {
          const found = await col.lookup!(cell.lookup, line?.values ?? {}, signal);
          const id = matchOption(cell.lookup, found);
          if (id === undefined) notes.push({ line: at + 1, field: col.field, value: cell.lookup, reason: 'noMatch' });
          else cells.push([col.field, id, found.find((o) => o.id === id)!.label]);
        } else cells.push([col.field, cell.value]);
      }
      updates.push({ key: line?.key, cells });
    }
    // applied to the lines as they are now: the person may have typed on while the lookups answered
    const fill = (l: DocLine, cells: [string, unknown, string?][]) =>
      cells.reduce((acc, [f, v, name]) => changeCell(lf, acc, f, v, name), l);
    setLines(lines, (ls) => {
      const out = [...ls];
      for (const u of updates) {
        const at = u.key ? out.findIndex((l) => l.key === u.key) : -1;
        if (at >= 0) out[at] = fill(out[at], u.cells);
        else if (!u.key) out.push(fill(blankLine(lf), u.cells));
      }
      return out;
    });
    return { lines: rows.length, notes };
  };
  const pasting = new Set<Promise<PasteResult>>();
  const settled = () => Promise.allSettled([...pasting]);

  return {
    record,
    store,
    fields,
    load: () => record.load(),
    setHeader(values) {
      const before = record.store.get().values;
      const next = { ...values };
      for (const stale of staleDependents(entity.properties, before, next)) next[stale] = null;
      record.change(next);
    },
    setCell(lines, key, field, value, name) {
      const lf = byName.get(lines)!;
      setLines(lines, (ls) => ls.map((l) => (l.key === key ? changeCell(lf, l, field, value, name) : l)));
      const errors = store.get().cellErrors[key];
      if (errors?.[field]) {
        const rest = { ...errors };
        delete rest[field];
        patch({ cellErrors: { ...store.get().cellErrors, [key]: rest } });
      }
    },
    addLine(lines, at) {
      const line = blankLine(byName.get(lines)!);
      setLines(lines, (ls) => [...ls.slice(0, at), line, ...ls.slice(at)]);
      return line.key;
    },
    removeLine(lines, key) {
      setLines(lines, (ls) => ls.filter((l) => l.key !== key));
    },
    paste(lines, row, columns, text) {
      const done = pasteNow(lines, row, columns, text);
      // a save or an action waits for the lookups of what was typed or pasted before it (Ctrl+S after a quick Tab)
      pasting.add(done);
      void done.finally(() => pasting.delete(done)).catch(() => undefined);
      return done;
    },
    linesChanged: () => JSON.stringify(payloadOf(store.get().lines)) !== read,
    async save(header) {
      await settled();
      if (!judge({ ...record.store.get().values, ...header })) return undefined;
      return send(header);
    },
    async act(action, header, dirty) {
      await settled();
      if (!judge({ ...record.store.get().values, ...header }, action)) return undefined;
      if (dirty && !(await send(header))) return undefined;
      const { id, row } = record.store.get();
      try {
        const done = await blocking((signal) => source.action(entity.$id, id!, row!.version!, action, signal));
        await record.load();
        return done;
      } catch (err) {
        record.fail(err as ApiError);
        return undefined;
      }
    },
    remove: () => record.remove(),
    dispose() {
      unsubscribe();
      record.dispose();
    },
  };
}
