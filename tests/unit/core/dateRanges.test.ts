import { describe, expect, it } from 'vitest';
import { dateRangeProblems, type DateRange } from '../../../src/core/checks/dateRanges.js';

/** A goods receipt's supplier invoice: dated up to a month before the delivery, or up to three months after it. */
const invoice: DateRange[] = [{ from: 'date', to: 'invoice_date', minDays: -31, maxDays: 92 }];

describe('a range whose end may come before its start', () => {
  it('takes an invoice dated within a month before the delivery or three months after it', () => {
    expect(dateRangeProblems(invoice, { date: '2026-11-23', invoice_date: '2026-10-23' })).toEqual([]);
    expect(dateRangeProblems(invoice, { date: '2026-11-23', invoice_date: '2026-11-23' })).toEqual([]);
    expect(dateRangeProblems(invoice, { date: '2026-11-23', invoice_date: '2027-02-23' })).toEqual([]);
  });

  it('says how many days before the delivery an invoice may be dated, and how many after', () => {
    expect(dateRangeProblems(invoice, { date: '2026-11-23', invoice_date: '2026-10-22' })).toEqual([
      { field: 'invoice_date', key: 'error.dateRange.maxBefore', params: { fromField: 'date', max: 31 } },
    ]);
    expect(dateRangeProblems(invoice, { date: '2026-11-23', invoice_date: '2027-02-24' })).toEqual([
      { field: 'invoice_date', key: 'error.dateRange.max', params: { fromField: 'date', max: 92 } },
    ]);
  });
});
