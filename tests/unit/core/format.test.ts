import { describe, expect, it } from 'vitest';
import {
  endOfMonth,
  formatDate,
  formatDateTime,
  formatInteger,
  formatLocalDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatQuantity,
  fieldValueType,
  formatValue,
  parseDisplayDate,
  startOfMonth,
} from '../../../src/core/format/format.js';

describe('formatMoney: rupiah with German grouping, no decimals, no symbol', () => {
  it('shows a room rate of 1250000 as 1.250.000, from a decimal string or a number', () => {
    expect(formatMoney('1250000.00')).toBe('1.250.000');
    expect(formatMoney(1250000)).toBe('1.250.000');
  });

  it('keeps the minus sign of a refund', () => {
    expect(formatMoney('-350000.00')).toBe('-350.000');
  });

  it('formats a decimal string exactly, never through a float (2^53 + 1 stays …993)', () => {
    // As a float 9007199254740993 becomes 9007199254740992.
    expect(formatMoney('9007199254740993')).toBe('9.007.199.254.740.993');
  });

  it('rounds half a rupiah up as a cashier does', () => {
    expect(formatMoney('1250000.50')).toBe('1.250.001');
    expect(formatMoney('1250000.49')).toBe('1.250.000');
  });

  it('shows nothing for a missing amount', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
  });
});

describe('formatNumber: the spec number helper', () => {
  it('shows a dash for no value and for zero', () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber(0)).toBe('-');
    expect(formatNumber('0.00')).toBe('-');
  });

  it('shows two decimals with comma thousands: 1,234.50', () => {
    expect(formatNumber('1234.5')).toBe('1,234.50');
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber('-98765.4')).toBe('-98,765.40');
  });

  it('rounds the decimal string 1.005 to 1.01 (a float would give 1.00)', () => {
    expect(formatNumber('1.005')).toBe('1.01');
  });
});

describe('other number formats', () => {
  it('shows whole numbers without decimals, grouped as the reader writes them: 2 adults, 1,234 / 1.234 nights', () => {
    expect(formatInteger(2)).toBe('2');
    expect(formatInteger('2.00', 'id')).toBe('2');
    expect(formatInteger(1234567)).toBe('1,234,567');
    expect(formatInteger(1234567, 'id')).toBe('1.234.567');
  });

  it("shows percentages with two decimals in the reader's separators and a space before %: 69,17 %", () => {
    expect(formatPercent('69.1666', 'id')).toBe('69,17 %');
    expect(formatPercent('69.1666', 'en')).toBe('69.17 %');
    expect(formatPercent('10.00', 'id')).toBe('10,00 %');
  });

  it("shows rates with two decimals in the reader's separators, a dash for zero", () => {
    expect(formatNumber('1234.5', 'id')).toBe('1.234,50');
    expect(formatNumber('0', 'id')).toBe('-');
  });

  it('shows money the same in both languages: rupiah with . grouping, no decimals', () => {
    expect(formatValue('1250000.00', 'money', 'en')).toBe('1.250.000');
    expect(formatValue('1250000.00', 'money', 'id')).toBe('1.250.000');
  });

  it('formats a report cell by its declared type', () => {
    expect(formatValue('1250000.00', 'money')).toBe('1.250.000');
    expect(formatValue('2026-11-23', 'date')).toBe('23/11/2026');
    expect(formatValue(true, 'boolean', 'id', ['Ya', 'Tidak'])).toBe('Ya');
    expect(formatValue(false, 'boolean', 'id', ['Ya', 'Tidak'])).toBe('Tidak');
    expect(formatValue('Kembang Restaurant', 'text')).toBe('Kembang Restaurant');
    expect(formatValue(null, 'money')).toBe('');
  });
});

describe('quantity: a report column of stock quantities', () => {
  it('shows 24 bottles as 24 in both languages, never 24,00', () => {
    expect(formatValue('24.000', 'quantity', 'id')).toBe('24');
    expect(formatValue('24.000', 'quantity', 'en')).toBe('24');
  });

  it("keeps up to three decimals without trailing zeros, in the reader's separators: 3,5 kg / 0,125 kg", () => {
    expect(formatValue('3.500', 'quantity', 'id')).toBe('3,5');
    expect(formatValue('3.500', 'quantity', 'en')).toBe('3.5');
    expect(formatValue('0.125', 'quantity', 'id')).toBe('0,125');
    expect(formatValue('-2.250', 'quantity', 'id')).toBe('-2,25');
  });

  it('groups thousands with . in Indonesian and , in English', () => {
    expect(formatValue('12480.750', 'quantity', 'id')).toBe('12.480,75');
    expect(formatValue('12480.750', 'quantity', 'en')).toBe('12,480.75');
    expect(formatValue('1250000', 'quantity', 'id')).toBe('1.250.000');
  });

  it('rounds a fourth decimal half up for a report, while a document line keeps its four', () => {
    expect(formatValue('0.1235', 'quantity', 'id')).toBe('0,124');
    expect(formatQuantity('0.1235', 'id')).toBe('0,1235');
  });

  it('shows an empty cell as nothing and zero as 0', () => {
    expect(formatValue(null, 'quantity', 'id')).toBe('');
    expect(formatValue('0.000', 'quantity', 'id')).toBe('0');
  });

  it('is how a list shows a field declared as a quantity: 24 bottles on hand, not 24,00', () => {
    const type = fieldValueType({ type: 'string', format: 'quantity' });
    expect(type).toBe('quantity');
    expect(formatValue('24.000', type, 'id')).toBe('24');
  });
});

describe('dates: shown DD/MM/YYYY, stored YYYY-MM-DD', () => {
  it('shows the business date 2026-11-23 as 23/11/2026', () => {
    expect(formatDate('2026-11-23')).toBe('23/11/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows a local date and time with minutes', () => {
    expect(formatDateTime(new Date(2026, 10, 23, 14, 5))).toBe('23/11/2026 14:05');
  });

  it('shows a moment in the hotel time zone, not the server one (Bandung WIB, Bali WITA)', () => {
    const moment = new Date('2026-11-23T03:05:00Z');
    expect(formatLocalDateTime(moment, 'Asia/Jakarta')).toBe('23/11/2026 10:05');
    expect(formatLocalDateTime(moment, 'Asia/Makassar')).toBe('23/11/2026 11:05');
    expect(formatLocalDateTime(new Date('2026-11-23T17:30:00Z'), 'Asia/Jakarta')).toBe('24/11/2026 00:30');
  });

  it('reads what a clerk types as a storage date', () => {
    expect(parseDisplayDate('23/11/2026')).toBe('2026-11-23');
    expect(parseDisplayDate(' 1/2/2026 ')).toBe('2026-02-01');
    expect(parseDisplayDate('23-11-2026')).toBe('2026-11-23');
    expect(parseDisplayDate('29/02/2028')).toBe('2028-02-29');
  });

  it('refuses dates that do not exist: 31/02/2026, 29/02/2026, 32/01/2026, 00/01/2026', () => {
    expect(parseDisplayDate('31/02/2026')).toBeUndefined();
    expect(parseDisplayDate('29/02/2026')).toBeUndefined();
    expect(parseDisplayDate('32/01/2026')).toBeUndefined();
    expect(parseDisplayDate('00/01/2026')).toBeUndefined();
    expect(parseDisplayDate('23/13/2026')).toBeUndefined();
    expect(parseDisplayDate('besok')).toBeUndefined();
    expect(parseDisplayDate('')).toBeUndefined();
  });

  it('gives the first and last day of the month of a date, leap years included', () => {
    expect(startOfMonth('2026-11-23')).toBe('2026-11-01');
    expect(endOfMonth('2026-11-23')).toBe('2026-11-30');
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(endOfMonth('2026-12-31')).toBe('2026-12-31');
  });
});
