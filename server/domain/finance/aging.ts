/**
 * The aging buckets payables and receivables share. The rule itself lives in the database function
 * `aging_bucket(days_past_due)` (migration 0108) so that the API, every report and the bench age alike; this list
 * names the buckets in report order with the days each covers, for the report's headings and the API's answer.
 */
export const AGING_BUCKETS = [
  { code: 'current', fromDays: null, toDays: 0 },
  { code: '1-30', fromDays: 1, toDays: 30 },
  { code: '31-60', fromDays: 31, toDays: 60 },
  { code: '61-90', fromDays: 61, toDays: 90 },
  { code: 'over-90', fromDays: 91, toDays: null },
] as const;

export type AgingBucket = (typeof AGING_BUCKETS)[number]['code'];
