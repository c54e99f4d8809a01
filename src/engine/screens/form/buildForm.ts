import type { EntityField, EntitySchema, FormScreen, WidgetName } from '../../../core/meta/types';
import { evaluate } from '../../../core/conditions/evaluate';
import { lookupNarrowing } from '../../../core/documents/refFilter';

export interface BuiltForm {
  schema: Record<string, any>;
  uiSchema: Record<string, any>;
  /** placed fields hidden by their visibleWhen right now */
  hidden: string[];
}

export interface Labeler {
  field(name: string, explicit?: string): string;
  enumValue(name: string, value: unknown): string;
  t(key: string): string;
}

const X_KEYS = ['x-ui', 'x-ref', 'x-column', 'x-virtual', 'title', 'description', 'readOnly', 'writeOnly'] as const;

/** The widget a field gets when neither the form nor the schema names one. */
export function inferWidget(f: EntityField): WidgetName {
  if (f['x-ui']?.widget) return f['x-ui'].widget;
  const type = Array.isArray(f.type) ? f.type.find((x) => x !== 'null') : f.type;
  if (f['x-ref']) return type === 'array' ? 'multiLookup' : 'lookup';
  if (f.enum) return 'select';
  if (type === 'boolean') return 'checkbox';
  switch (f.format) {
    case 'date':
      return 'date';
    case 'date-time':
      return 'datetime';
    case 'time-hm':
      return 'time';
    case 'money':
      return 'money';
    case 'percent':
      return 'percent';
    case 'quantity':
      return 'number';
    case 'email':
      return 'email';
    case 'uri':
      return 'url';
    case 'phone':
      return 'phone';
  }
  if (type === 'integer' || type === 'number') return 'number';
  if ((f.maxLength ?? 0) > 200) return 'textarea';
  return 'text';
}

/**
 * An entity schema and a form screen → what rjsf renders: only the placed, currently visible fields,
 * required/read-only as the schema and the form's conditions say, labels in the user's language.
 */
export function buildForm(
  entity: EntitySchema,
  form: FormScreen,
  data: Record<string, unknown>,
  mode: 'create' | 'edit',
  labels: Labeler,
  /** fields the user may not read: not drawn, and never 'hidden' either, so a save does not empty them */
  unreadable: string[] = [],
): BuiltForm {
  const ctx = { data, mode };
  const properties: Record<string, any> = {};
  const required: string[] = [];
  const uiSchema: Record<string, any> = { 'ui:submitButtonOptions': { norender: true } };
  const hidden: string[] = [];
  const sections = form.sections.map((s) => ({ ...s, fields: [] as string[] }));
  form.sections.forEach((section, i) => {
    for (const name of section.fields) {
      const f = entity.properties[name];
      if (!f || unreadable.includes(name)) continue;
      const opts = form.fields?.[name] ?? {};
      if (!evaluate(opts.visibleWhen, ctx)) {
        hidden.push(name);
        continue;
      }
      const prop: Record<string, any> = { ...f };
      for (const k of X_KEYS) delete prop[k];
      const isRequired = (entity.required ?? []).includes(name) || (opts.requiredWhen !== undefined && evaluate(opts.requiredWhen, ctx));
      if (!isRequired) {
        const types = Array.isArray(f.type) ? f.type : [f.type];
        prop.type = types.includes('null') ? types : [...types, 'null'];
        if (prop.enum) prop.enum = [...prop.enum, null];
      } else required.push(name);
      properties[name] = prop;
      const widget = opts.widget ?? inferWidget(f);
      const ui: Record<string, any> = {
        'ui:widget': widget,
        'ui:title': labels.field(name, opts.label ?? f['x-ui']?.label),
      };
      const help = opts.help ?? f['x-ui']?.help;
      if (help) ui['ui:help'] = labels.t(help);
      if (f['x-ui']?.placeholder) ui['ui:placeholder'] = labels.t(f['x-ui'].placeholder);
      if (f.enum) ui['ui:enumNames'] = [...f.enum.map((v) => labels.enumValue(name, v)), ...(isRequired ? [] : ['—'])];
      if (f['x-ref']) ui['ui:options'] = { entity: f['x-ref'], ...lookupNarrowing(f, data, undefined, opts.lookupFilter) };
      if (f.readOnly || (opts.readonlyWhen !== undefined && evaluate(opts.readonlyWhen, ctx))) ui['ui:readonly'] = true;
      uiSchema[name] = ui;
      sections[i].fields.push(name);
    }
  });
  uiSchema['ui:options'] = {
    sections: sections
      .filter((s) => s.fields.length)
      .map((s) => ({ title: s.title ? labels.t(s.title) : undefined, columns: s.columns ?? 2, fields: s.fields })),
  };
  return { schema: { type: 'object', properties, required }, uiSchema, hidden };
}

/** What a save sends: on create every filled field; on edit only what changed, with emptied fields as null. */
export function changedValues(
  entity: EntitySchema,
  initial: Record<string, unknown>,
  current: Record<string, unknown>,
  placed: string[],
  hidden: string[],
  mode: 'create' | 'edit',
) {
  const out: Record<string, unknown> = {};
  for (const name of placed) {
    const f = entity.properties[name];
    if (!f || f.readOnly) continue;
    let v = current[name];
    if (hidden.includes(name)) v = null;
    if (v === undefined || v === '') v = null;
    if (mode === 'create') {
      if (v !== null) out[name] = v;
    } else if (JSON.stringify(v) !== JSON.stringify(initial[name] ?? null)) {
      out[name] = v;
    }
  }
  return out;
}
