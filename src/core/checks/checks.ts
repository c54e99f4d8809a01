import dayjs from 'dayjs';

/** E-mail check from the spec: a top-level part of 2 to 24 letters. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}$/;
export const INVALID_EMAIL = 'Invalid email address';
export const INVALID_URL = 'Invalid URL';

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** http(s) with a dotted host name or localhost, an optional port, then anything without spaces. */
const URL_PATTERN =
  /^https?:\/\/(localhost|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+)(:\d{1,5})?([/?#]\S*)?$/i;

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** The spec's balance rule: two sides balance when their sum is within 1e-4 of zero (debit + −credit). */
export function isBalanced(a: number, b: number): boolean {
  return Math.abs(a + b) < 1e-4;
}

/** The spec's date-closed rule: closed when the first date is the same day as or after the second. */
export function isDateClosed(date: string, closedUntil: string): boolean {
  return !dayjs(date).startOf('day').isBefore(dayjs(closedUntil).startOf('day'));
}

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/**
 * The years any date may fall in: a guest born in 1900 to a booking in 2100. Beyond that a date is a typo or
 * an attack (a stay from year 1 to 9999 would price 3.6 million nights).
 */
export const DATE_WINDOW = { from: '1900-01-01', to: '2100-12-31' };

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  return dayjs(value, 'YYYY-MM-DD').format('YYYY-MM-DD') === value && value >= DATE_WINDOW.from && value <= DATE_WINDOW.to;
}

export function isDateTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)) && isIsoDate(value.slice(0, 10));
}

export function isTimeHm(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

// one pattern per shape, built once: every amount and quantity of every line of a document is judged by one of three
const decimalShapes = new Map<number, RegExp>();

/** Exact decimals travel as strings so no amount ever passes through a float. */
export function isDecimal(value: string, scale: number, integerDigits = 16): boolean {
  const shape = integerDigits * 100 + scale;
  let pattern = decimalShapes.get(shape);
  if (!pattern) decimalShapes.set(shape, (pattern = new RegExp(`^-?\\d{1,${integerDigits}}(\\.\\d{1,${scale}})?$`)));
  return pattern.test(value);
}

export function isPercent(value: string): boolean {
  return isDecimal(value, 2, 3) && Number(value) >= 0 && Number(value) <= 100;
}

export function isPhone(value: string): boolean {
  return /^\+?[0-9 ()-]{6,20}$/.test(value);
}

/** Formats shared by the server's ajv and the client's form validator, so both judge alike. */
export const FORMATS: Record<string, (v: string) => boolean> = {
  date: isIsoDate,
  'date-time': isDateTime,
  email: isEmail,
  uri: isUrl,
  'time-hm': isTimeHm,
  money: (v) => isDecimal(v, 2),
  percent: isPercent,
  quantity: (v) => isDecimal(v, 4, 14),
  phone: isPhone,
};
