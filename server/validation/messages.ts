import type { ErrorObject } from 'ajv';

export interface FieldProblem {
  /** top-level field the problem is about, if any */
  field?: string;
  /** label key of the message (locales/errors.json) */
  key: string;
  params: Record<string, unknown>;
}

const FORMAT_KEYS: Record<string, string> = {
  email: 'error.format.email',
  uri: 'error.format.uri',
  date: 'error.format.date',
  'time-hm': 'error.format.time',
  money: 'error.format.money',
  percent: 'error.format.percent',
  quantity: 'error.format.quantity',
  phone: 'error.format.phone',
};

/** Classifies one ajv error as a message key with parameters; the caller names the field in the user's language. */
export function describeAjvError(err: ErrorObject): FieldProblem {
  const path = err.instancePath.split('/').filter(Boolean);
  let field: string | undefined = path[0];
  const p = err.params as Record<string, any>;
  if (err.keyword === 'required' && !field) field = p.missingProperty;
  if (err.keyword === 'additionalProperties' && !field) field = p.additionalProperty;
  switch (err.keyword) {
    case 'required':
      return { field, key: 'error.required', params: {} };
    case 'additionalProperties':
      return { field, key: 'error.unknownField', params: { name: p.additionalProperty } };
    case 'type':
      return { field, key: `error.type.${String(p.type).split(',')[0]}`, params: {} };
    case 'maxLength':
      return { field, key: 'error.maxLength', params: { limit: p.limit } };
    case 'minLength':
      return p.limit === 1 ? { field, key: 'error.required', params: {} } : { field, key: 'error.minLength', params: { limit: p.limit } };
    case 'maximum':
      return { field, key: 'error.maximum', params: { limit: p.limit } };
    case 'minimum':
      return { field, key: 'error.minimum', params: { limit: p.limit } };
    case 'enum':
      return { field, key: 'error.enum', params: { values: (p.allowedValues as unknown[]).join(', ') } };
    case 'format':
      return { field, key: FORMAT_KEYS[p.format] ?? 'error.pattern', params: {} };
    case 'maxItems':
      return { field, key: 'error.maxItems', params: { limit: p.limit } };
    case 'uniqueItems':
      return { field, key: 'error.uniqueItems', params: {} };
    default:
      return { field, key: 'error.pattern', params: {} };
  }
}
