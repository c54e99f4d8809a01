import { useMemo, useState } from 'react';
import type { DocumentGrid, EntitySchema } from '../../../core/meta/types';
import type { LinesField } from '../../../core/documents/evaluateDocument';
import { isBlank, type DocLine, type DocumentIssue } from '../../controllers/document/documentModel';
import type { DocumentController, PasteResult } from '../../controllers/document/documentController';
import { useI18n } from '../../i18n/i18n';
import { useLookupSource } from '../../../widgets/inputs/lookupSource';
import { LineGrid } from '../../../widgets/lineGrid/LineGrid';
import { Icon } from '../../../widgets/Icon';
import { toast } from '../../../shell/toasts';
import { gridColumns } from './gridColumns';
import { TotalLine } from './TotalLine';

export interface DocumentLinesProps {
  entity: EntitySchema;
  grid: DocumentGrid;
  lf: LinesField;
  controller: DocumentController;
  lines: DocLine[];
  computed: Record<string, string | null>[];
  totals: Record<string, string | null>;
  header: Record<string, unknown>;
  /** the server's messages by line key and field */
  cellErrors: Record<string, Record<string, string>>;
  /** problems found before sending, shown once a save was tried */
  issues: DocumentIssue[];
  readOnly: boolean;
  onSave(): void;
  /** the message of a problem, in the person's words */
  say(issue: DocumentIssue): string;
}

/** One lines field of a document: its grid, an "add a line" button, the keys to know, its totals. */
export function DocumentLines(props: DocumentLinesProps) {
  const { entity, grid, lf, controller, lines, readOnly } = props;
  const { t, has, lang } = useI18n();
  const lookups = useLookupSource();
  const [notes, setNotes] = useState<PasteResult['notes']>([]);
  const { columns, paste } = useMemo(
    () => gridColumns({ entity, grid, lf, lines, computed: props.computed, header: props.header, lang, t, has, lookups }),
    [entity, grid, lf, lines, props.computed, props.header, lang, t, has, lookups],
  );
  const max = grid.maxLines ?? lf.field.maxItems ?? Infinity;
  const title = grid.title ? t(grid.title) : columns[0]?.label;
  const byCell = new Map<string, string>();
  for (const i of props.issues) if (i.lines === lf.name && i.lineKey && i.field) byCell.set(`${i.lineKey}:${i.field}`, props.say(i));

  const add = (at: number) => {
    if (lines.length >= max) return toast.info(t('document.maxLines', { max }));
    controller.addLine(lf.name, at);
  };

  return (
    <section className="doc-lines" aria-label={title}>
      <div className="doc-lines-head">
        <div>
          {grid.title && <h3>{t(grid.title)}</h3>}
          {grid.help && <p className="muted">{t(grid.help)}</p>}
        </div>
      </div>
      <LineGrid
        columns={columns}
        rowKeys={lines.map((l) => l.key)}
        readOnly={readOnly}
        labels={{
          grid: t('document.grid', { title }),
          lineNo: t('document.lineNo'),
          remove: (line) => t('document.removeLine', { line }),
          empty: readOnly ? t('common.noRows') : t('document.noLines'),
          noMatch: (value) => t('document.noMatch', { value }),
        }}
        error={(row, column) => {
          const key = lines[row]?.key;
          return props.cellErrors[key]?.[column] ?? byCell.get(`${key}:${column}`);
        }}
        blank={(row) => isBlank(lf, lines[row])}
        onCommit={(row, column, value, label) => controller.setCell(lf.name, lines[row].key, column, value, label)}
        onAddLine={add}
        onRemoveLine={(row) => controller.removeLine(lf.name, lines[row].key)}
        onCommitText={async (row, column, text) => {
          // a choice typed faster than the lookup answered is read as a one-cell paste: by code or name
          const result = await controller.paste(
            lf.name,
            row,
            paste.filter((p) => p.field === column),
            text,
          );
          setNotes((was) => [...was.filter((n) => n.line !== row + 1 || n.field !== column), ...result.notes]);
        }}
        onPaste={async (row, column, text) => {
          // the pasted columns start at the column of the cursor
          const result = await controller.paste(lf.name, row, paste.slice(column), text);
          setNotes(result.notes);
          toast.success(t('document.pasted', { count: result.lines }));
        }}
        onSave={props.onSave}
      />
      {!readOnly && (
        <div className="doc-lines-foot">
          <button type="button" className="btn btn-sm" onClick={() => add(lines.length)} disabled={lines.length >= max}>
            <Icon name="plus" size="sm" /> {t('document.addLine')}
          </button>
          <p className="doc-keys muted">{t('document.keys')}</p>
        </div>
      )}
      {notes.length > 0 && (
        <div className="alert alert-warning doc-paste-notes" role="status">
          <Icon name="alert" />
          <ul>
            {notes.map((n) => (
              <li key={`${n.line}:${n.field}`}>
                {t(n.reason === 'noMatch' ? 'document.pasteNoMatch' : 'document.pasteUnreadable', {
                  line: n.line,
                  field: columns.find((c) => c.key === n.field)?.label ?? n.field,
                  value: n.value,
                })}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={t('common.close')} onClick={() => setNotes([])}>
            <Icon name="x" size="sm" />
          </button>
        </div>
      )}
      {(grid.footer ?? []).map((v) => (
        <TotalLine key={v.total} view={v} value={props.totals[v.total]} />
      ))}
    </section>
  );
}
