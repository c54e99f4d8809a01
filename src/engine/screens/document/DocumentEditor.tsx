import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import Form from '@rjsf/core';
import type { DocumentScreen, EntitySchema, FormScreen } from '../../../core/meta/types';
import type { Row } from '../../api/dataProvider';
import { useDocumentController } from '../../controllers/document/useDocumentController';
import type { DocumentIssue } from '../../controllers/document/documentModel';
import { useI18n } from '../../i18n/i18n';
import { hasRight, useSession } from '../../session/session';
import { lineFieldLabelCandidates } from '../../../core/documents/labels';
import { evaluate } from '../../../core/conditions/evaluate';
import { widgets } from '../../../widgets/rjsf/widgets';
import { templates } from '../../../widgets/rjsf/templates';
import { Icon } from '../../../widgets/Icon';
import { toast } from '../../../shell/toasts';
import { confirmDialog } from '../../../shell/confirm';
import { enumLabel } from '../list/FilterBar';
import { changedValues } from '../form/buildForm';
import { useBuiltForm } from '../form/useFormLabels';
import { formValidator } from '../form/formValidator';
import { errorTransformer } from '../form/formValidation';
import { DocumentLines } from './DocumentLines';
import { TotalLine } from './TotalLine';
import { Attachments } from './Attachments';
import { useRowActions } from '../form/useRowActions';
import { ActionInputs } from '../form/ActionInputs';

export interface DocumentEditorProps {
  def: DocumentScreen;
  entity: EntitySchema;
  /** null: a new document */
  id: number | null;
  resource?: string;
  onSaved(row: Row, created: boolean): void;
  onDeleted(): void;
  /** tells the screen whether there are unsaved changes (to ask before leaving) */
  onDirty(dirty: boolean): void;
}

function defaults(entity: EntitySchema, def: DocumentScreen) {
  return {
    ...Object.fromEntries(
      Object.entries(entity.properties)
        .filter(([, f]) => f.default !== undefined && !f['x-lines'])
        .map(([k, f]) => [k, f.default]),
    ),
    ...def.defaults,
  };
}

/**
 * One document drawn over its controller: the header as a form, each lines field as a keyboard grid with
 * its totals, the problems that keep it from being saved, and the actions its status and the person's
 * rights allow. A posted (read-only) document is shown, never changed.
 */
export function DocumentEditor({ def, entity, id, resource, onSaved, onDeleted, onDirty }: DocumentEditorProps) {
  const session = useSession();
  const { t, has } = useI18n();
  const formRef = useRef<Form>(null);
  const shown = useRef<Record<string, unknown>>({});
  const { controller, record, doc, figures } = useDocumentController({
    entity,
    id,
    defaults: defaults(entity, def),
    shows: (field) => field in shown.current,
  });
  const { mode, row, values, loadError, problem, fieldErrors, status } = record;
  const header: FormScreen = useMemo(
    () => ({ kind: 'form', entity: entity.$id, title: def.title, sections: def.header.sections, fields: def.header.fields }),
    [def, entity.$id],
  );
  const { labels, built } = useBuiltForm(entity, header, values, mode, shown);
  const placed = header.sections.flatMap((s) => s.fields);
  const initial = (row ?? defaults(entity, def)) as Record<string, unknown>;
  const headerChanges = () => changedValues(entity, initial, controller.record.store.get().values, placed, built.hidden, mode);
  const dirty =
    (Object.keys(changedValues(entity, initial, values, placed, built.hidden, mode)).length > 0 &&
      (mode === 'edit' || Object.keys(values).some((k) => values[k] !== initial[k]))) ||
    controller.linesChanged();
  useEffect(() => {
    onDirty(dirty);
  }, [dirty, onDirty]);

  const spec = entity['x-document'];
  const state = spec?.status ? String(values[spec.status.field] ?? '') : undefined;
  const locked = Boolean(spec?.status && spec.status.readOnly.includes(state!));
  const canSave = hasRight(session, resource, mode === 'create' ? 'create' : 'edit') && !locked;
  const canDelete = mode === 'edit' && hasRight(session, resource, 'delete') && !locked;
  const actions =
    mode === 'edit' && spec?.status
      ? spec.status.actions.filter(
          (a) => a.from.includes(state!) && hasRight(session, resource, a.key) && evaluate(a.when, { data: values, mode: 'edit' }),
        )
      : [];
  // the screen's own commands (a recurring journal's "make the due drafts"), run as a list's row actions are
  const commands = useRowActions({ ...controller.record, state: record }, def.actions, resource, () => void controller.load());
  const serverErrors = useMemo(
    () => Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, { __errors: [v] }])),
    [fieldErrors],
  );

  /** A problem in the person's words: a line's field named with its line, as the server names it. */
  const say = (issue: DocumentIssue) => {
    let field: string | undefined;
    if (issue.field && issue.lines) {
      const lf = controller.fields.find((f) => f.name === issue.lines);
      const candidates = lineFieldLabelCandidates(entity.$id, issue.lines, issue.field, lf?.item.properties[issue.field]?.['x-ui']?.label);
      field = t('document.lineField', { line: (issue.line ?? 0) + 1, field: t(candidates.find(has) ?? candidates[0]) });
    } else if (issue.field) field = labels.field(issue.field);
    return t(issue.key, { ...issue.params, field });
  };

  const save = async () => {
    if (!canSave || record.busy) return;
    controller.record.dismiss();
    if (!formRef.current?.validateForm()) {
      controller.store.set((s) => ({ ...s, attempted: true }));
      return;
    }
    const changes = headerChanges();
    if (mode === 'edit' && !Object.keys(changes).length && !controller.linesChanged()) {
      toast.info(t('common.noChanges'));
      return;
    }
    const saved = await controller.save(changes);
    if (!saved) return;
    toast.success(t('common.saved'));
    onSaved(saved.row, saved.created);
  };

  const act = async (key: string) => {
    // one write at a time: an action taken while a save is on its way would go with the version before it
    if (record.busy) return;
    const action = spec!.status!.actions.find((a) => a.key === key)!;
    if (
      action.confirm &&
      !(await confirmDialog({
        message: t(action.confirm),
        okLabel: t(action.label),
        tone: action.tone === 'danger' ? 'danger' : 'default',
      }))
    )
      return;
    if (dirty && !formRef.current?.validateForm()) return;
    const done = await controller.act(key, dirty ? headerChanges() : {}, dirty);
    if (!done) return;
    toast.success(t('common.done'));
    onSaved(done, false);
  };

  const remove = async () => {
    const name =
      (entity['x-db'].label ?? [])
        .map((f) => row?.[f])
        .filter(Boolean)
        .join(' - ') || `#${id}`;
    if (!(await confirmDialog({ message: t('common.deleteConfirm', { name }), okLabel: t('common.delete'), tone: 'danger' }))) return;
    const r = await controller.remove();
    if (!r) return;
    toast.success(r.deactivated ? t('common.deactivated') : t('common.deleted'));
    onDeleted();
  };

  // Ctrl+S saves from anywhere in the document (the grid handles it itself while a cell is selected)
  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.defaultPrevented && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      void save();
    }
  };

  if (loadError) return <div className="alert alert-danger">{loadError}</div>;
  if (status === 'loading')
    return (
      <div className="card">
        <div className="card-body stack">
          <div className="skeleton" style={{ height: 36 }} />
          <div className="skeleton" style={{ height: 36 }} />
          <div className="skeleton" style={{ height: 160 }} />
        </div>
      </div>
    );

  const title =
    mode === 'create'
      ? `${t(entity.title ?? def.title)} · ${t('common.new')}`
      : (entity['x-db'].label ?? [])
          .map((f) => row?.[f])
          .filter(Boolean)
          .join(' · ');

  return (
    <div className="card doc" onKeyDown={onKeyDown} data-testid="document">
      <div className="card-header">
        <h3>{title}</h3>
        {spec?.status && state && (
          <span className={`badge ${locked ? 'badge-success' : 'badge-info'}`} data-testid="document-status">
            {enumLabel(entity, spec.status.field, state, t)}
          </span>
        )}
      </div>
      <div className="card-body stack">
        {problem && (
          <div className={`alert alert-${problem.tone}`} role="alert">
            <Icon name="alert" />
            <div style={{ flex: 1 }}>{problem.text}</div>
            {problem.stale && (
              <button type="button" className="btn btn-sm" onClick={() => void controller.load()}>
                {t('common.reload')}
              </button>
            )}
          </div>
        )}
        {locked && (
          <div className="alert alert-info" role="status">
            <Icon name="lock" /> <div>{t('document.readOnly', { status: enumLabel(entity, spec!.status!.field, state, t) })}</div>
          </div>
        )}
        {def.help && <p className="muted">{t(def.help)}</p>}
        <Form
          ref={formRef}
          schema={built.schema}
          uiSchema={built.uiSchema}
          formData={values}
          validator={formValidator}
          widgets={widgets}
          templates={templates}
          noHtml5Validate
          showErrorList={false}
          // checked on save, then as the person corrects: a message appearing on a field they have not reached
          // yet would move the grid under their pointer
          liveValidate={doc.attempted ? 'onBlur' : false}
          transformErrors={errorTransformer(t, (name) => labels.field(name))}
          extraErrors={serverErrors as never}
          readonly={!canSave}
          onChange={(e) => controller.setHeader(e.formData)}
          onSubmit={() => void save()}
        />
        {def.grids.map((grid) => {
          const lf = controller.fields.find((f) => f.name === grid.field)!;
          return (
            <DocumentLines
              key={grid.field}
              entity={entity}
              grid={grid}
              lf={lf}
              controller={controller}
              lines={doc.lines[grid.field] ?? []}
              computed={figures.computed[grid.field] ?? []}
              totals={figures.totals}
              header={values}
              cellErrors={doc.cellErrors}
              issues={doc.attempted ? figures.issues : []}
              readOnly={!canSave}
              onSave={() => void save()}
              say={say}
            />
          );
        })}
        {(def.summary ?? []).map((v) => (
          <TotalLine key={v.total} view={v} value={figures.totals[v.total]} />
        ))}
        {entity['x-attachments'] && mode === 'edit' && row?.id != null && (
          <Attachments entity={entity.$id} id={Number(row.id)} canAdd={hasRight(session, resource, 'edit')} canRemove={canSave} />
        )}
        {doc.attempted && (figures.issues.length > 0 || Object.keys(doc.cellErrors).some((k) => Object.keys(doc.cellErrors[k]).length)) && (
          <div className="alert alert-danger doc-problems" role="alert">
            <Icon name="alert" />
            <div>
              <strong>{t('document.problems')}</strong>
              <ul>
                {figures.issues.map((i, n) => (
                  <li key={n}>{say(i)}</li>
                ))}
                {Object.values(doc.cellErrors).flatMap((byField) => Object.values(byField).map((m) => <li key={m}>{m}</li>))}
              </ul>
            </div>
          </div>
        )}
      </div>
      <div className="card-footer row doc-actions">
        {canSave && (
          <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={record.busy} data-testid="document-save">
            <Icon name="check" size="sm" /> {t('common.save')}
          </button>
        )}
        {canSave && dirty && mode === 'edit' && (
          <button type="button" className="btn" onClick={() => void controller.load()}>
            {t('common.reload')}
          </button>
        )}
        <span className="spacer" />
        {actions.map((a) => (
          <button
            key={a.key}
            type="button"
            className={`btn ${a.tone === 'primary' ? 'btn-primary' : a.tone === 'danger' ? 'btn-danger' : ''}`}
            onClick={() => void act(a.key)}
            disabled={record.busy}
          >
            {t(a.label)}
          </button>
        ))}
        {commands.visible.map((a) => (
          <button
            key={a.key}
            type="button"
            className={`btn ${a.tone === 'primary' ? 'btn-primary' : a.tone === 'danger' ? 'btn-danger' : ''}`}
            onClick={() => void commands.run(a)}
            disabled={record.busy}
          >
            {t(a.label)}
          </button>
        ))}
        {canDelete && (
          <button type="button" className="btn btn-danger" onClick={() => void remove()}>
            <Icon name="trash" size="sm" /> {t('common.delete')}
          </button>
        )}
      </div>
      {commands.asking && (
        <div className="card-body">
          <ActionInputs
            action={commands.asking.action}
            values={commands.asking.values}
            onChange={(values) => commands.setAsking({ ...commands.asking!, values })}
            onRun={() => void commands.run(commands.asking!.action, commands.asking!.values)}
            onCancel={() => commands.setAsking(undefined)}
          />
        </div>
      )}
    </div>
  );
}
