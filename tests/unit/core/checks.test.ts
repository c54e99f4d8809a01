import { describe, expect, it } from 'vitest';
import {
  FORMATS,
  INVALID_EMAIL,
  INVALID_URL,
  isBalanced,
  isDateClosed,
  isDecimal,
  isEmail,
  isIsoDate,
  isPercent,
  isPhone,
  isTimeHm,
  isUrl,
} from '../../../src/core/checks/checks.js';

describe('isEmail: the spec e-mail check (top-level part of 2 to 24 letters)', () => {
  it('accepts the addresses of the demo hotel staff', () => {
    expect(isEmail('siti.rahmawati@grandnusantara.co.id')).toBe(true);
    expect(isEmail('reservation+vip@nusantarabeach.co.id')).toBe(true);
    expect(isEmail('budi@hotel.id')).toBe(true);
  });

  it('refuses a one-letter or a 25-letter top-level part, and one with digits', () => {
    expect(isEmail('budi@hotel.c')).toBe(false);
    expect(isEmail(`budi@hotel.${'a'.repeat(24)}`)).toBe(true);
    expect(isEmail(`budi@hotel.${'a'.repeat(25)}`)).toBe(false);
    expect(isEmail('budi@hotel.123')).toBe(false);
  });

  it('refuses addresses without a domain, with spaces or with two @', () => {
    expect(isEmail('budi@hotel')).toBe(false);
    expect(isEmail('budi santoso@hotel.id')).toBe(false);
    expect(isEmail('budi@@hotel.id')).toBe(false);
    expect(isEmail('@hotel.id')).toBe(false);
  });

  it('has the spec message', () => {
    expect(INVALID_EMAIL).toBe('Invalid email address');
    expect(INVALID_URL).toBe('Invalid URL');
  });
});

describe('isUrl', () => {
  it('accepts http and https addresses with a dotted host, and localhost', () => {
    expect(isUrl('https://www.nusantarahospitality.co.id')).toBe(true);
    expect(isUrl('http://booking.grandnusantara.co.id/rooms?from=2026-11-23')).toBe(true);
    expect(isUrl('http://localhost:8080/login')).toBe(true);
  });

  it('refuses other schemes, bare hosts and text', () => {
    expect(isUrl('ftp://files.grandnusantara.co.id')).toBe(false);
    expect(isUrl('www.grandnusantara.co.id')).toBe(false);
    expect(isUrl('https://intranet')).toBe(false);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(isUrl('https://')).toBe(false);
  });
});

describe('isBalanced: debit and credit balance within 1e-4', () => {
  it('balances a journal of 1.250.000,50 debit against the same credit', () => {
    expect(isBalanced(1250000.5, -1250000.5)).toBe(true);
  });

  it('tolerates float noise below 1e-4 but not a missing cent', () => {
    expect(isBalanced(0.1 + 0.2, -0.3)).toBe(true);
    expect(isBalanced(100, -100.00005)).toBe(true);
    expect(isBalanced(100, -100.0002)).toBe(false);
    expect(isBalanced(100, -99.99)).toBe(false);
  });
});

describe('isDateClosed: compared by day, not by time', () => {
  it('is closed on the closing day itself and after it', () => {
    expect(isDateClosed('2026-11-23', '2026-11-23')).toBe(true);
    expect(isDateClosed('2026-11-24', '2026-11-23')).toBe(true);
  });

  it('is closed on the same day even when the times differ', () => {
    expect(isDateClosed('2026-11-23T01:00:00', '2026-11-23T23:59:00')).toBe(true);
  });

  it('is open the day before', () => {
    expect(isDateClosed('2026-11-22T23:59:59', '2026-11-23T00:00:00')).toBe(false);
  });
});

describe('decimals, percentages, dates, times and phones as the API checks them', () => {
  it('accepts money with at most 2 decimals as a string, refuses 3 decimals and exponents', () => {
    expect(isDecimal('1250000.00', 2)).toBe(true);
    expect(isDecimal('-350000', 2)).toBe(true);
    expect(isDecimal('1250000.005', 2)).toBe(false);
    expect(isDecimal('1e6', 2)).toBe(false);
    expect(isDecimal('1.250.000', 2)).toBe(false);
    expect(FORMATS.money('1250000.50')).toBe(true);
    expect(FORMATS.quantity('0.2500')).toBe(true);
    expect(FORMATS.quantity('0.25001')).toBe(false);
  });

  it('accepts a percentage from 0 to 100 with 2 decimals', () => {
    expect(isPercent('0')).toBe(true);
    expect(isPercent('10')).toBe(true);
    expect(isPercent('2.75')).toBe(true);
    expect(isPercent('100')).toBe(true);
    expect(isPercent('100.01')).toBe(false);
    expect(isPercent('-1')).toBe(false);
    expect(isPercent('2.755')).toBe(false);
  });

  it('accepts only real calendar dates and 24-hour times', () => {
    expect(isIsoDate('2026-11-23')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-02-31')).toBe(false);
    expect(isIsoDate('23/11/2026')).toBe(false);
    expect(isTimeHm('14:00')).toBe(true);
    expect(isTimeHm('23:59')).toBe(true);
    expect(isTimeHm('24:00')).toBe(false);
    expect(isTimeHm('9:00')).toBe(false);
  });

  it('accepts Indonesian phone numbers and refuses text', () => {
    expect(isPhone('+62 22 420 1234')).toBe(true);
    expect(isPhone('(0361) 751-888')).toBe(true);
    expect(isPhone('call me')).toBe(false);
    expect(isPhone('12')).toBe(false);
  });

  it('accepts ISO date-times only', () => {
    expect(FORMATS['date-time']('2026-11-23T10:05:00+07:00')).toBe(true);
    expect(FORMATS['date-time']('23/11/2026 10:05')).toBe(false);
  });
});
