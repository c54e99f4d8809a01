import dayjs from 'dayjs';

/**
 * A pair of date fields that make one range (a stay, an allotment, a report period), with its stated
 * maximum. Declared in a schema as `"x-dateRanges": [{ "from": "arrival", "to": "departure", "minDays": 1,
 * "maxDays": 365 }]`, so the rule is data beside the fields, checked wherever the schema is.
 */
export interface DateRange {
  from: string;
  to: string;
  /** days from `from` to `to` at most */
  maxDays: number;
  /**
   * days at least: 0 lets both be the same day (an inclusive report period), 1 needs a night (a stay); below 0
   * `to` may come that many days before `from` (a supplier's invoice dated a few days before the delivery)
   */
  minDays?: number;
}

export interface DateRangeProblem {
  field: string;
  key: string;
  params: Record<string, unknown>;
}

/** What is wrong with the ranges of a record, checked only where both ends are there. */
export function dateRangeProblems(ranges: DateRange[], data: Record<string, unknown>): DateRangeProblem[] {
  const out: DateRangeProblem[] = [];
  for (const r of ranges) {
    const from = data[r.from];
    const to = data[r.to];
    if (typeof from !== 'string' || typeof to !== 'string') continue;
    const a = dayjs(from.slice(0, 10));
    const b = dayjs(to.slice(0, 10));
    if (!a.isValid() || !b.isValid()) continue;
    const days = b.diff(a, 'day');
    const min = r.minDays ?? 0;
    if (days < min && min < 0) out.push({ field: r.to, key: 'error.dateRange.maxBefore', params: { fromField: r.from, max: -min } });
    else if (days < min)
      out.push({ field: r.to, key: min > 0 ? 'error.dateRange.after' : 'error.dateRange.notBefore', params: { fromField: r.from } });
    else if (days > r.maxDays) out.push({ field: r.to, key: 'error.dateRange.max', params: { fromField: r.from, max: r.maxDays } });
  }
  return out;
}
