import type { ErrorObject, ValidateFunction } from 'ajv';

/**
 * C0 control characters other than tab, line feed and carriage return, DEL, and the C1 controls: nothing a
 * person types, and NUL cannot be stored in PostgreSQL text at all (it answered such input with a 500).
 */
function isControl(code: number): boolean {
  return code <= 8 || code === 11 || code === 12 || (code >= 14 && code <= 31) || (code >= 127 && code <= 159);
}

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/** The JSON pointer of the first text (value or key) holding a control character, if any. */
export function findControlCharacter(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasControl(value) ? path || '/' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findControlCharacter(value[i], `${path}/${i}`);
      if (bad) return bad;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const key = k.replace(/~/g, '~0').replace(/\//g, '~1');
      if (hasControl(k)) return `${path}/${key}`;
      const bad = findControlCharacter(v, `${path}/${key}`);
      if (bad) return bad;
    }
  }
  return undefined;
}

/** A validator that first refuses control characters anywhere in the data, then applies the schema. */
export function refusingControlCharacters<T>(validate: ValidateFunction<T>): ValidateFunction<T> {
  const checked = ((data: unknown, ctx?: unknown) => {
    const bad = findControlCharacter(data);
    if (bad) {
      const error: ErrorObject = { instancePath: bad === '/' ? '' : bad, schemaPath: '#', keyword: 'plainText', params: {} };
      checked.errors = [error];
      return false;
    }
    const ok = (validate as (d: unknown, c?: unknown) => boolean)(data, ctx);
    checked.errors = validate.errors;
    return ok;
  }) as ValidateFunction<T>;
  checked.schema = validate.schema;
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}
