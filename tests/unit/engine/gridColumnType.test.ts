import { describe, expect, it } from 'vitest';
import { columnType } from '../../../src/engine/screens/document/gridColumns';

/** A document line's column is shown and typed by what its field is, not as raw text. */
describe('the column type of a line field', () => {
  it('reads a percentage kept as a decimal string (a receipt line’s price variance) as a decimal, shown 5,00 in Indonesian', () => {
    expect(columnType({ type: ['string', 'null'], format: 'percent' })).toBe('number');
  });

  it('keeps money, quantities, dates, lookups and choices apart, and free text as text', () => {
    expect(columnType({ type: 'string', format: 'money' })).toBe('money');
    expect(columnType({ type: 'string', format: 'quantity' })).toBe('quantity');
    expect(columnType({ type: 'string', format: 'date' })).toBe('date');
    expect(columnType({ type: 'integer', 'x-ref': 'purchasing/item' })).toBe('lookup');
    expect(columnType({ type: 'string', enum: ['kg', 'btl'] })).toBe('select');
    expect(columnType({ type: ['string', 'null'], maxLength: 200 })).toBe('text');
  });
});
