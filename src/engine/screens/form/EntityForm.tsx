import { useMemo, useRef } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import type { EntitySchema, FormScreen, ScreenAction } from '../../../core/meta/types';
import { useRowActions } from './useRowActions';
import type { Row } from '../../api/dataProvider';
import { useRecordController } from '../../controllers/record/useRecordController';
import { ActionInputs } from './ActionInputs';
import { Refusal } from '../Refusal';
import { useI18n } from '../../i18n/i18n';
import { hasRight, useSession } from '../../session/session';
import { staleDependents } from '../../../core/documents/refFilter';
import { widgets } from '../../../widgets/rjsf/widgets';
import { templates } from '../../../widgets/rjsf/templates';
import { Drawer } from '../../../widgets/Drawer';
import { Icon } from '../../../widgets/Icon';
import { toast } from '../../../shell/toasts';
import { confirmDialog } from '../../../shell/confirm';
import { changedValues } from './buildForm';
import { useBuiltForm } from './useFormLabels';
import { formValidator } from './formValidator';
import { errorTransformer } from './formValidation';

export interface EntityFormProps {
  entity: EntitySchema;
  form: FormScreen;
  /** null: a new row */
  id: number | null;
  resource?: string;
  rowActions?: ScreenAction[];
  title: string;
  layout?: 'drawer' | 'page';
  onClose(): void;
  onSaved?(row: Row, created: boolean): void;
  onDeleted?(): void;
}

function defaults(entity: EntitySchema) {
  return Object.fromEntries(
    Object.entries(entity.properties)
      .filter(([, f]) => f.default !== undefined)
      .map(([k, f]) => [k, f.default]),
  );
}

/** Creates or edits one row of an entity with rjsf, drawn over the record controller. */
export default function EntityForm(props: EntityFormProps) {
  const { entity, form, resource, layout = 'drawer' } = props;
  const session = useSession();
  const { t } = useI18n();
  const formRef = useRef<Form>(null);
  const shown = useRef<Record<string, unknown>>({});
  const record = useRecordController({
    entity: entity.$id,
    id: props.id,
    defaults: defaults(entity),
    shows: (field) => field in shown.current,
  });
  const { mode, row, values: data, loadError, problem, fieldErrors, id } = record.state;

  const { labels, built } = useBuiltForm(entity, form, data, mode, shown);
  const placed = form.sections.flatMap((s) => s.fields);
  const initial = (row ?? defaults(entity)) as Record<string, unknown>;
  const dirty =
    Object.keys(changedValues(entity, initial, data, placed, built.hidden, mode)).length > 0 &&
    (mode === 'edit' || Object.keys(data).some((k) => data[k] !== initial[k]));
  const serverErrors = useMemo(
    () => Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, { __errors: [v] }])),
    [fieldErrors],
  );

  const transformErrors = errorTransformer(t, (name) => labels.field(name));

  const canSave = !entity['x-db'].readOnly && hasRight(session, resource, mode === 'create' ? 'create' : 'edit');
  const canDelete = mode === 'edit' && !entity['x-db'].singleton && !entity['x-db'].readOnly && hasRight(session, resource, 'delete');

  const save = async () => {
    record.dismiss();
    if (!formRef.current?.validateForm()) return;
    const values = changedValues(entity, initial, record.store.get().values, placed, built.hidden, mode);
    if (mode === 'edit' && Object.keys(values).length === 0) {
      toast.info(t('common.noChanges'));
      return;
    }
    const saved = await record.save(values);
    if (!saved) return;
    toast.success(t('common.saved'));
    props.onSaved?.(saved.row, saved.created);
    if (!saved.created && layout === 'drawer' && form.afterSave !== 'stay') props.onClose();
  };

  const remove = async () => {
    const name = String(
      entity['x-db'].label
        ?.map((f) => row?.[f])
        .filter(Boolean)
        .join(' - ') || `#${id}`,
    );
    if (!(await confirmDialog({ message: t('common.deleteConfirm', { name }), okLabel: t('common.delete'), tone: 'danger' }))) return;
    const r = await record.remove();
    if (!r) return;
    toast.success(r.deactivated ? t('common.deactivated') : t('common.deleted'));
    props.onDeleted?.();
  };

  // an action that needs values from the user (a cancellation reason) asks for them first
  const rowActions = useRowActions(record, props.rowActions, resource, () => props.onSaved?.(record.store.get().row!, false));
  const { asking, setAsking } = rowActions;
  const runAction = rowActions.run;

  const close = async () => {
    if (dirty && !(await confirmDialog({ message: t('common.unsaved'), okLabel: t('common.close') }))) return;
    props.onClose();
  };

  const actions = rowActions.visible;

  const body = loadError ? (
    <div className="alert alert-danger">{loadError}</div>
  ) : mode === 'edit' && !row ? (
    <div className="stack">
      <div className="skeleton" style={{ height: 36 }} />
      <div className="skeleton" style={{ height: 36 }} />
      <div className="skeleton" style={{ height: 36 }} />
    </div>
  ) : (
    <>
      <Refusal problem={problem} onReload={() => void record.load()} />
      {asking && (
        <ActionInputs
          action={asking.action}
          values={asking.values}
          onChange={(values) => setAsking({ ...asking, values })}
          onRun={() => void runAction(asking.action, asking.values)}
          onCancel={() => setAsking(undefined)}
        />
      )}
      <Form
        ref={formRef}
        schema={built.schema}
        uiSchema={built.uiSchema}
        formData={data}
        validator={formValidator}
        widgets={widgets}
        templates={templates}
        noHtml5Validate
        showErrorList={false}
        liveValidate="onBlur"
        transformErrors={transformErrors}
        extraErrors={serverErrors as ErrorSchema}
        readonly={!canSave}
        onChange={(e) => {
          // a lookup that depended on a changed field (the room of another room type) is emptied
          const stale = staleDependents(entity.properties, data, e.formData);
          record.change(stale.length ? { ...e.formData, ...Object.fromEntries(stale.map((f) => [f, undefined])) } : e.formData);
        }}
        onSubmit={() => void save()}
      />
    </>
  );

  const footer = (
    <>
      {canSave && (
        <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={Boolean(loadError)}>
          <Icon name="check" size="sm" /> {t('common.save')}
        </button>
      )}
      {layout === 'drawer' && (
        <button type="button" className="btn" onClick={() => void close()}>
          {t('common.cancel')}
        </button>
      )}
      <span className="spacer" />
      {actions.map((a) => (
        <button key={a.key} type="button" className={`btn ${a.tone === 'danger' ? 'btn-danger' : ''}`} onClick={() => void runAction(a)}>
          {t(a.label)}
        </button>
      ))}
      {canDelete && (
        <button type="button" className="btn btn-danger" onClick={() => void remove()}>
          <Icon name="trash" size="sm" /> {t('common.delete')}
        </button>
      )}
    </>
  );

  if (layout === 'page') {
    return (
      <div className="card">
        <div className="card-body">{body}</div>
        <div className="card-footer row">{footer}</div>
      </div>
    );
  }
  const heading =
    mode === 'create'
      ? `${props.title} · ${t('common.new')}`
      : `${props.title}${
          row
            ? ` · ${String(
                entity['x-db'].label
                  ?.map((f) => row[f])
                  .filter(Boolean)
                  .join(' - ') ?? '',
              )}`
            : ''
        }`;
  return (
    <Drawer title={heading} onClose={() => void close()} closeLabel={t('common.close')} footer={footer}>
      <div className="drawer-body">{body}</div>
    </Drawer>
  );
}
