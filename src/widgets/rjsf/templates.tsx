import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';

interface Section {
  title?: string;
  columns: number;
  fields: string[];
}

/** Label, control, help and the field's errors; the checkbox carries its own label. */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, rawHelp, hidden, required, uiSchema, schema } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (schema.type === 'object') return children;
  const widget = getUiOptions(uiSchema).widget;
  const errors = rawErrors?.filter(Boolean) ?? [];
  const wide = widget === 'textarea' || widget === 'multiLookup';
  return (
    <div className={`field${errors.length ? ' has-error' : ''}${wide ? ' span-all' : ''}`} data-field={id.replace(/^root_/, '')}>
      {widget !== 'checkbox' && (
        <label htmlFor={id}>
          {label}
          {required && <span className="req">*</span>}
        </label>
      )}
      {children}
      {rawHelp && <div className="field-help">{rawHelp}</div>}
      {errors.map((e, i) => (
        <div key={i} className="field-error" role="alert">
          {e}
        </div>
      ))}
    </div>
  );
}

/** The form's sections from the screen JSON, each a grid of one to three columns. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const sections = (getUiOptions(props.uiSchema).sections as Section[] | undefined) ?? [
    { columns: 2, fields: props.properties.map((p) => p.name) },
  ];
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  return (
    <>
      {sections.map((s, i) => (
        <section className="form-section" key={i}>
          {s.title && <h3>{s.title}</h3>}
          <div className={`form-grid cols-${s.columns}`}>{s.fields.map((f) => byName.get(f)?.content)}</div>
        </section>
      ))}
    </>
  );
}

function ErrorListTemplate() {
  return null;
}

export const templates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate, ErrorListTemplate };
