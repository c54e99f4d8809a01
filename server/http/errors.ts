import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeAjvError, type FieldProblem } from '../../src/core/checks/errorMessages.js';
import { translate, requestLang, type Labels } from '../i18n/translate.js';
import type { Lang } from '../../src/core/meta/types.js';
import type { ApiErrorBody } from '../../src/core/api/contract.js';

export type { ApiErrorBody };

/** An error the caller caused: its message is a label key, translated into the caller's language. */
export class HttpError extends Error {
  constructor(
    public status: number,
    public code: string,
    public key: string,
    public params: Record<string, unknown> = {},
    public fields: FieldProblem[] = [],
    public details?: Record<string, unknown>,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, params: Record<string, unknown> = {}, fields: FieldProblem[] = []) =>
  new HttpError(400, 'BAD_REQUEST', key, params, fields);
export const invalid = (fields: FieldProblem[]) => new HttpError(400, 'VALIDATION', 'error.invalidInput', {}, fields);
export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', 'error.notFound', { what });
export const conflict = (
  key: string,
  params: Record<string, unknown> = {},
  fields: FieldProblem[] = [],
  details?: Record<string, unknown>,
) => new HttpError(409, 'CONFLICT', key, params, fields, details);
export const forbidden = (key: string, params: Record<string, unknown> = {}) => new HttpError(403, 'FORBIDDEN', key, params);
export const unauthenticated = (key = 'error.unauthenticated') => new HttpError(401, 'UNAUTHENTICATED', key);

type FieldLabeler = (field: string, lang: Lang) => string;

export interface ErrorContext {
  labels: () => Labels;
  /** names a field in the user's language, given the request (entity routes know their entity) */
  fieldLabel?: (req: FastifyRequest, field: string, lang: Lang) => string | undefined;
  /** whether a field holds personal data (an ID number), whose value an error must not repeat */
  sensitive?: (req: FastifyRequest, field: string) => boolean;
}

export function renderError(err: HttpError, lang: Lang, labels: Labels, fieldLabel: FieldLabeler): ApiErrorBody {
  const fields: Record<string, string> = {};
  for (const f of err.fields) {
    const name = f.field ? fieldLabel(f.field, lang) : translate(labels, lang, 'error.request');
    // a parameter naming another field (a range's start) is named in words too, and so is a list of
    // fields (those a lookup's choices depend on)
    const others = Object.fromEntries(
      Object.entries(f.params)
        .filter(([k, v]) => (k.endsWith('Field') && typeof v === 'string') || Array.isArray(v))
        .map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => fieldLabel(String(x), lang)).join(', ') : fieldLabel(v as string, lang)]),
    );
    const text = translate(labels, lang, f.key, { ...f.params, ...others, field: name });
    const key = f.field ?? '_';
    if (!fields[key]) fields[key] = text;
  }
  const params = Object.fromEntries(
    Object.entries(err.params).map(([k, v]) => [k, typeof v === 'string' && labels.has(v) ? translate(labels, lang, v) : v]),
  );
  let message = translate(labels, lang, err.key, params);
  const first = Object.values(fields)[0];
  // One problem on one field: say it plainly rather than "some fields need attention".
  if (first && Object.keys(fields).length === 1 && (err.code === 'VALIDATION' || err.key === err.fields[0]?.key)) message = first;
  return {
    error: { code: err.code, message, ...(Object.keys(fields).length ? { fields } : {}), ...(err.details ? { details: err.details } : {}) },
  };
}

/**
 * Every failure leaves the server as the one error shape: 4xx for anything the caller did (including
 * database constraint violations, which mean bad input), 500 with a reference and no stack otherwise.
 */
export function installErrorHandler(app: FastifyInstance, ctx: ErrorContext) {
  app.setErrorHandler((error: FastifyError & Record<string, any>, req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLang(req.headers['accept-language']);
    const labels = ctx.labels();
    const fieldLabel: FieldLabeler = (field, l) => ctx.fieldLabel?.(req, field, l) ?? field;
    const httpErr = toHttpError(error);
    for (const f of httpErr?.fields ?? []) {
      if (f.field && 'value' in f.params && ctx.sensitive?.(req, f.field)) f.params = { ...f.params, value: '••••' };
    }
    if (httpErr) {
      if ((httpErr.status === 429 || httpErr.status === 503) && httpErr.details?.retryAfter)
        reply.header('retry-after', String(httpErr.details.retryAfter));
      return reply.code(httpErr.status).send(renderError(httpErr, lang, labels, fieldLabel));
    }
    const ref = crypto.randomBytes(4).toString('hex');
    req.log.error({ err: error, ref }, 'unhandled error');
    return reply.code(500).send(renderError(new HttpError(500, 'INTERNAL', 'error.internal', { ref }), lang, labels, fieldLabel));
  });
}

/** Maps known failures to caller errors; returns undefined for a real server fault. */
export function toHttpError(error: any): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (databaseUnreachable(error)) return new HttpError(503, 'DATABASE_UNAVAILABLE', 'error.databaseUnavailable', {}, [], { retryAfter: 5 });
  if (error.validation) {
    return invalid((error.validation as any[]).filter((e) => e.keyword !== 'if').map(describeAjvError));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'TOO_LARGE', 'error.tooLarge');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'BAD_REQUEST', 'error.badJson');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(415, 'BAD_REQUEST', 'error.badJson');
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 && !error.severity) {
    return new HttpError(error.statusCode, 'BAD_REQUEST', 'error.badValue', { detail: error.message });
  }
  return fromPostgres(error);
}

/** The database refused or dropped the connection: nobody's mistake, and over once it is back. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

function databaseUnreachable(error: any): boolean {
  if (UNREACHABLE.has(error?.code)) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|Connection ended/i.test(
    String(error?.message ?? ''),
  );
}

/** PostgreSQL constraint and data errors are the caller's mistake: say which field, in words. */
function fromPostgres(error: any): HttpError | undefined {
  if (typeof error.code !== 'string' || !error.severity) return undefined;
  const detail: string = error.detail ?? '';
  switch (error.code) {
    case '23505': {
      const m = /Key \((.+)\)=\((.+)\) already exists/.exec(detail);
      const cols = m ? m[1].split(', ').map((c) => c.replace(/^lower\((.*)\)$/, '$1')) : [];
      // The last column is what makes the row a duplicate: (branch_id, outlet_id, name) → the name. Its value
      // is whatever follows the others, so a name with a comma in it stays whole.
      const field = cols[cols.length - 1];
      const value = m
        ? m[2]
            .split(', ')
            .slice(cols.length - 1)
            .join(', ')
        : '';
      return conflict('error.duplicate', {}, [{ field, key: 'error.duplicate', params: { value } }]);
    }
    case '23503': {
      if (/is still referenced/.test(detail)) {
        const m = /from table "(\w+)"/.exec(detail);
        return conflict('error.inUse', { table: m?.[1] ?? '' });
      }
      const m = /Key \((.+)\)=/.exec(detail);
      const field = m?.[1].split(', ').find((c) => c !== 'branch_id');
      return badRequest('error.refMissing', { field }, field ? [{ field, key: 'error.refMissing', params: {} }] : []);
    }
    case '23514':
      return new HttpError(400, 'BAD_REQUEST', 'error.check', {}, [], { constraint: error.constraint ?? '' });
    case '23502':
      return error.column
        ? invalid([{ field: error.column, key: 'error.required', params: {} }])
        : badRequest('error.required', { field: '' });
    // The database's own words stay in the log (and in `detail`, for the report designer's dry run): the
    // caller reads a sentence, never SQL or the value they sent back.
    case '22001':
      return badRequest('error.textTooLong', { detail: error.message });
    case '22003':
      return badRequest('error.numberTooLarge', { detail: error.message });
    case '22007':
    case '22008':
      return badRequest('error.badDate', { detail: error.message });
    case '22021':
    case '22P05':
      return badRequest('error.badText', { detail: error.message });
    case '22P02':
    case '22023':
      return badRequest('error.badValue', { detail: error.message });
    case '57014':
      return new HttpError(422, 'TIMEOUT', 'error.timeout');
    case 'P0001':
      return conflict('error.postedRecord', { detail: error.message });
    // two bookings of one room or one table for the same time: the second of two at once meets the constraint
    case '23P01':
      return conflict('error.overlap', { detail: error.message });
  }
  return undefined;
}
