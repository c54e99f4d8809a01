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

/** Card brands by the first digits of the number and its lengths (Visa, Mastercard, Amex, JCB, Discover, UnionPay). */
const CARD_PREFIX =
  /^(4\d{12}(\d{3}){0,2}|5[1-5]\d{14}|2(2[2-9]|[3-6]\d|7[01])\d{13}|2720\d{12}|3[47]\d{13}|35\d{14,17}|6(011|4[4-9]|5)\d{12,15}|62\d{14,17})$/;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A full card number (PAN) in a text, typed with or without spaces or dashes. PCI DSS: a hotel keeps the
 * brand, the last four digits and the terminal's reference, never the number (DOMAIN.md), so a remark
 * holding one is refused rather than stored, audited and exported.
 */
export function hasCardNumber(text: string): boolean {
  for (const m of text.matchAll(/\d(?:[ -]?\d){12,18}/g)) {
    const digits = m[0].replace(/[ -]/g, '');
    if (CARD_PREFIX.test(digits) && luhn(digits)) return true;
  }
  return false;
}

export type TextProblem = 'plainText' | 'cardNumber';

/** The first text (value or key) holding a control character or a card number: its JSON pointer and why. */
export function findTextProblem(value: unknown, path = ''): { path: string; problem: TextProblem } | undefined {
  if (typeof value === 'string') {
    if (hasControl(value)) return { path: path || '/', problem: 'plainText' };
    if (hasCardNumber(value)) return { path: path || '/', problem: 'cardNumber' };
    return undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findTextProblem(value[i], `${path}/${i}`);
      if (bad) return bad;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const key = k.replace(/~/g, '~0').replace(/\//g, '~1');
      if (hasControl(k)) return { path: `${path}/${key}`, problem: 'plainText' };
      const bad = findTextProblem(v, `${path}/${key}`);
      if (bad) return bad;
    }
  }
  return undefined;
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

/** A validator that first refuses control characters and card numbers anywhere in the data, then applies the schema. */
export function refusingUnsafeText<T>(validate: ValidateFunction<T>): ValidateFunction<T> {
  const checked = ((data: unknown, ctx?: unknown) => {
    const bad = findTextProblem(data);
    if (bad) {
      const error: ErrorObject = { instancePath: bad.path === '/' ? '' : bad.path, schemaPath: '#', keyword: bad.problem, params: {} };
      checked.errors = [error];
      return false;
    }
    const ok = (validate as (d: unknown, c?: unknown) => boolean)(data, ctx);
    checked.errors = validate.errors;
    return ok;
  }) as ValidateFunction<T>;
  return checked;
}
