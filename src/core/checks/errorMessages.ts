/**
 * Classifies a JSON Schema validation failure as a label key (locales/errors.json) with parameters.
 * The server names fields in its 4xx answers with it; the client's forms show the same sentences.
 */
export interface FieldProblem {
  /** top-level field the problem is about, if any */
  field?: string;
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

export function describeProblem(keyword: string, p: Record<string, any>): { key: string; params: Record<string, unknown> } {
  switch (keyword) {
    case 'required':
      return { key: 'error.required', params: {} };
    case 'additionalProperties':
      return { key: 'error.unknownField', params: { name: p.additionalProperty } };
    case 'type':
      return { key: `error.type.${String(p.type).split(',')[0]}`, params: {} };
    case 'maxLength':
      return { key: 'error.maxLength', params: { limit: p.limit } };
    case 'minLength':
      return p.limit === 1 ? { key: 'error.required', params: {} } : { key: 'error.minLength', params: { limit: p.limit } };
    case 'maximum':
      return { key: 'error.maximum', params: { limit: p.limit } };
    case 'minimum':
      return { key: 'error.minimum', params: { limit: p.limit } };
    case 'enum':
      return { key: 'error.enum', params: { values: ((p.allowedValues as unknown[]) ?? []).join(', ') } };
    case 'format':
      return { key: FORMAT_KEYS[p.format] ?? 'error.pattern', params: {} };
    case 'maxItems':
      return { key: 'error.maxItems', params: { limit: p.limit } };
    case 'uniqueItems':
      return { key: 'error.uniqueItems', params: {} };
    case 'x-dateRanges': {
      const { key, ...params } = p;
      return { key, params };
    }
    case 'plainText':
      return { key: 'error.controlCharacter', params: {} };
    case 'cardNumber':
      return { key: 'error.cardNumber', params: {} };
    default:
      return { key: 'error.pattern', params: {} };
  }
}

/**
 * One ajv error (server side) as a field problem. A problem inside a line of a document is placed on that
 * line's field (`lines/2/amount`), so the message can say which line and the grid can mark the cell.
 */
export function describeAjvError(err: { keyword: string; instancePath: string; params: Record<string, any> }): FieldProblem {
  const path = err.instancePath.split('/').filter(Boolean);
  const named =
    err.keyword === 'required'
      ? err.params.missingProperty
      : err.keyword === 'additionalProperties'
        ? err.params.additionalProperty
        : undefined;
  if (path.length >= 2 && /^\d+$/.test(path[1]) && (path[2] ?? named))
    return { field: `${path[0]}/${path[1]}/${path[2] ?? named}`, ...describeProblem(err.keyword, err.params) };
  return { field: path[0] ?? named, ...describeProblem(err.keyword, err.params) };
}
