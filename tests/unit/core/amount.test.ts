import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../../src/core/format/amount.js';

describe('parseAmount: the one reader of amounts as cashiers and spreadsheets write them', () => {
  it('reads a deposit typed the way the screen shows rupiah, and the same amount typed plainly', () => {
    expect(parseAmount('2.500.000')).toBe('2500000');
    expect(parseAmount('2500000')).toBe('2500000');
    expect(parseAmount('Rp 2.500.000')).toBe('2500000');
  });

  it('keeps the decimals of Indonesian and English writing exactly, as text', () => {
    expect(parseAmount('1.250.000,50')).toBe('1250000.50');
    expect(parseAmount('1,250,000.50')).toBe('1250000.50');
    expect(parseAmount('1250000.5')).toBe('1250000.5');
    expect(parseAmount('12,5 %')).toBe('12.5');
  });

  it('reads a dot before exactly three digits as grouping, otherwise as the decimal point', () => {
    expect(parseAmount('125.000')).toBe('125000');
    expect(parseAmount('2.5')).toBe('2.5');
    expect(parseAmount('-75.000')).toBe('-75000');
  });

  it('refuses text that is not an amount', () => {
    expect(parseAmount('dua juta')).toBeUndefined();
    expect(parseAmount('2.50.000')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
  });
});
