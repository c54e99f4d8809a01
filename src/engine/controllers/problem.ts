import type { ApiError } from '../api/client';

/** A message about the whole record, above the form: a refusal, or someone else's newer change. */
export interface RecordProblem {
  tone: 'danger' | 'warning';
  text: string;
  /** someone saved the record after it was read: reading it again is the way out */
  stale: boolean;
}

export interface DescribedError {
  /** messages the server gave for fields the screen shows, by field name */
  fieldErrors: Record<string, string>;
  problem?: RecordProblem;
}

/**
 * Where a refused write is shown: messages for fields on the screen go on those fields; anything else
 * (a message for a field the screen does not show, a refusal of the whole record) goes above the form, so
 * nothing the server said is lost. A stale version is always said above the form, with a way to reload.
 */
export function describeApiError(
  err: Pick<ApiError, 'status' | 'message' | 'fields' | 'details'>,
  shown: (field: string) => boolean,
): DescribedError {
  const entries = Object.entries(err.fields ?? {}).filter(([k]) => k !== '_');
  const onFields = entries.filter(([k]) => shown(k));
  const elsewhere = entries.filter(([k]) => !shown(k)).map(([, v]) => v);
  const stale = err.status === 409 && Boolean(err.details && 'currentVersion' in err.details);
  const fieldErrors = Object.fromEntries(onFields);
  if (stale) return { fieldErrors, problem: { tone: 'warning', text: err.message, stale: true } };
  if (onFields.length && !elsewhere.length) return { fieldErrors };
  // the server's own words for the fields not shown say more than its summary ("check the marked fields")
  const text = elsewhere.length ? elsewhere.join(' ') : err.message;
  return { fieldErrors, problem: { tone: 'danger', text, stale: false } };
}
