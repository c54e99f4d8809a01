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
  // most texts (a price, a name) hold fewer digits than the shortest card number: counted before any pattern runs
  let digits = 0;
  for (let i = 0; i < text.length && digits < 13; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  if (digits < 13) return false;
  for (const m of text.matchAll(/\d(?:[ -]?\d){12,18}/g)) {
    const found = m[0].replace(/[ -]/g, '');
    if (CARD_PREFIX.test(found) && luhn(found)) return true;
  }
  return false;
}

export type TextProblem = 'plainText' | 'cardNumber';

/**
 * The first text (value or key) of `value` that `problemOf` finds fault with, with the JSON pointer to it. The
 * pointer is put together only for that one text, on the way back (a 200-line document has 600 texts to pass).
 */
function firstProblem<P>(value: unknown, problemOf: (text: string) => P | undefined): { steps: string[]; problem: P } | undefined {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem === undefined ? undefined : { steps: [], problem };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = firstProblem(value[i], problemOf);
      if (bad) return (bad.steps.push(String(i)), bad);
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const k of Object.keys(value)) {
      if (hasControl(k)) return { steps: [pointerStep(k)], problem: 'plainText' as P };
      const bad = firstProblem((value as Record<string, unknown>)[k], problemOf);
      if (bad) return (bad.steps.push(pointerStep(k)), bad);
    }
  }
  return undefined;
}

const pointerStep = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const pointer = (path: string, steps: string[]) => (steps.length ? `${path}/${steps.reverse().join('/')}` : path || '/');

const textProblem = (text: string): TextProblem | undefined =>
  hasControl(text) ? 'plainText' : hasCardNumber(text) ? 'cardNumber' : undefined;

/** The first text (value or key) holding a control character or a card number: its JSON pointer and why. */
export function findTextProblem(value: unknown, path = ''): { path: string; problem: TextProblem } | undefined {
  const bad = firstProblem(value, textProblem);
  return bad && { path: pointer(path, bad.steps), problem: bad.problem };
}

/** The JSON pointer of the first text (value or key) holding a control character, if any. */
export function findControlCharacter(value: unknown, path = ''): string | undefined {
  const bad = firstProblem(value, (text) => (hasControl(text) ? 'plainText' : undefined));
  return bad && pointer(path, bad.steps);
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
