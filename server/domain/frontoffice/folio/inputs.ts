import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { invalid } from '../../../http/errors.js';
import { parseAmount } from '../../../../src/core/format/amount.js';

/** An amount as a cashier types it (2.500.000 or 2500000), checked and parsed by the one amount parser. */
export const amountInput = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9][0-9., ]*$' } as const;
export const id = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;
export const reasonInput = { type: 'string', minLength: 3, maxLength: 200 } as const;

/** A positive amount of at most two decimals, or a 400 on the field. */
export function positiveAmount(text: string, field: string): Decimal {
  const parsed = parseAmount(text);
  if (!parsed || !/^\d+(\.\d{1,2})?$/.test(parsed)) throw invalid([{ field, key: 'folio.amountForm', params: {} }]);
  const d = new Decimal(parsed);
  if (d.lte(0)) throw invalid([{ field, key: 'folio.amountPositive', params: {} }]);
  return d;
}

/** The key of a posting made by hand (an automatic one is keyed by what it is: stay, night, article). */
export const manualKey = (kind: string) => `${kind}:${crypto.randomUUID()}`;
