import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

export const DISPLAY_DATE = 'DD/MM/YYYY';
export const STORAGE_DATE = 'YYYY-MM-DD';
export const STORAGE_DATETIME = 'YYYY-MM-DD HH:mm:ss';

type Amount = string | number | null | undefined;

/** The languages numbers are shown in: separators follow the reader's language. */
export type NumberLang = 'en' | 'id';
const LOCALE: Record<NumberLang, string> = { en: 'en-US', id: 'id-ID' };

// Intl formats decimal strings exactly (no float on the way), so '1250000.50' is never 1250000.4999….
const money = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0, minimumFractionDigits: 0 });
const twoDecimals = perLang({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = perLang({ maximumFractionDigits: 0 });

function perLang(options: Intl.NumberFormatOptions): Record<NumberLang, Intl.NumberFormat> {
  return { en: new Intl.NumberFormat(LOCALE.en, options), id: new Intl.NumberFormat(LOCALE.id, options) };
}

function asIntlInput(v: string | number): number {
  // Intl.NumberFormat.format takes decimal strings as exact values (ECMA-402 NumberFormat v3);
  // the cast only satisfies older TypeScript lib typings.
  return (typeof v === 'string' ? v.trim() : v) as unknown as number;
}

const empty = (v: Amount): v is null | undefined | '' => v === null || v === undefined || v === '';

/** Rupiah as the spec shows it in either language: German grouping, no decimals, no symbol — 1.250.000. */
export function formatMoney(value: Amount): string {
  if (empty(value)) return '';
  return money.format(asIntlInput(value));
}

/**
 * The spec's number helper, for rates: a dash for null or zero, else two decimals in the reader's
 * separators — 1,234.50 in English, 1.234,50 in Indonesian.
 */
export function formatNumber(value: Amount, lang: NumberLang = 'en'): string {
  if (empty(value) || Number(value) === 0) return '-';
  return twoDecimals[lang].format(asIntlInput(value));
}

/** A count (adults, rooms, nights): no decimals, grouped in the reader's separators — 1,234 / 1.234. */
export function formatInteger(value: Amount, lang: NumberLang = 'en'): string {
  if (empty(value)) return '';
  return integer[lang].format(asIntlInput(value));
}

const quantity = { 3: perLang({ maximumFractionDigits: 3 }), 4: perLang({ maximumFractionDigits: 4 }) };

/**
 * A quantity (12,5 kg, 0,25 l, 24 bottles) as exact as it is stored — up to 4 decimals, 3 for stock kept in
 * thousandths — without trailing zeros, in the reader's separators: 1.234,5 / 1,234.5.
 */
export function formatQuantity(value: Amount, lang: NumberLang = 'en', decimals: 3 | 4 = 4): string {
  if (empty(value)) return '';
  return quantity[decimals][lang].format(asIntlInput(value));
}

/** A rate or a percentage's number with two decimals in the reader's separators: 69.17 / 69,17. */
export function formatDecimal(value: Amount, lang: NumberLang = 'en'): string {
  if (empty(value)) return '';
  return twoDecimals[lang].format(asIntlInput(value));
}

/** A percentage with two decimals and a space before the sign: 69.17 % in English, 69,17 % in Indonesian. */
export function formatPercent(value: Amount, lang: NumberLang = 'en'): string {
  if (empty(value)) return '';
  return `${formatDecimal(value, lang)} %`;
}

/** 'YYYY-MM-DD' (or a timestamp) → 'DD/MM/YYYY'. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value, STORAGE_DATE) : dayjs(value);
  return d.isValid() ? d.format(DISPLAY_DATE) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(`${DISPLAY_DATE} HH:mm`) : '';
}

/** A moment shown in the hotel's own time zone (the server does not run on hotel time). */
export function formatLocalDateTime(value: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    })
      .formatToParts(value)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** 'DD/MM/YYYY' typed by a person → 'YYYY-MM-DD', or undefined when it is not a real date. */
export function parseDisplayDate(text: string): string | undefined {
  const d = dayjs(text.trim(), [DISPLAY_DATE, 'D/M/YYYY', 'DD-MM-YYYY', 'D-M-YYYY', STORAGE_DATE], true);
  return d.isValid() ? d.format(STORAGE_DATE) : undefined;
}

/** Storage text → dayjs; a date without a time is taken as 00:00:00, as the spec says. */
export function parseStorage(value: string) {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(`${value} 00:00:00`, STORAGE_DATETIME) : dayjs(value);
}

export const today = () => dayjs().format(STORAGE_DATE);
export const startOfMonth = (date?: string) => (date ? dayjs(date) : dayjs()).startOf('month').format(STORAGE_DATE);
export const endOfMonth = (date?: string) => (date ? dayjs(date) : dayjs()).endOf('month').format(STORAGE_DATE);

export type ValueType = 'text' | 'money' | 'number' | 'integer' | 'quantity' | 'percent' | 'date' | 'datetime' | 'boolean';

/**
 * How a value of an entity field is shown: as the screen declares it, else by the field's format
 * (money, percent, date …). A 'number' declared on a whole-number field is a count (adults "2", never
 * "2.00"); an undeclared whole number (a year, a version) is shown as it is.
 */
export function fieldValueType(field: { type?: string | string[]; format?: string } | undefined, declared?: string): ValueType | string {
  const types = field ? (Array.isArray(field.type) ? field.type : [field.type]) : [];
  if (declared === 'number' && types.includes('integer')) return 'integer';
  if (declared) return declared;
  if (types.includes('boolean')) return 'boolean';
  switch (field?.format) {
    case 'money':
      return 'money';
    case 'percent':
      return 'percent';
    case 'quantity':
      return 'quantity';
    case 'date':
      return 'date';
    case 'date-time':
      return 'datetime';
  }
  return types.includes('number') ? 'number' : 'text';
}

/** Formats one cell of a report, tile, grid or export by its declared type, in the reader's language. */
export function formatValue(
  value: unknown,
  type: ValueType | string | undefined,
  lang: NumberLang = 'en',
  yesNo: [string, string] = ['✓', '—'],
): string {
  if (value === null || value === undefined) return '';
  switch (type) {
    case 'money':
      return formatMoney(value as string);
    case 'number':
      return formatNumber(value as string, lang);
    case 'integer':
      return formatInteger(value as string, lang);
    case 'quantity':
      return formatQuantity(value as string, lang, 3);
    case 'percent':
      return formatPercent(value as string, lang);
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'boolean':
      return value ? yesNo[0] : yesNo[1];
    default:
      return String(value);
  }
}
