import { sql } from 'kysely';
import dayjs from 'dayjs';
import type { Db } from '../db/connect.js';
import type { ReportDefinition } from '../../src/core/meta/types.js';
import { totalsOf, type ReportResult } from '../../src/core/reports/layout.js';
import { HttpError, invalid, toHttpError } from '../http/errors.js';
import { createAjv } from '../validation/ajv.js';
import { describeAjvError } from '../../src/core/checks/errorMessages.js';
import { compileNamedSql } from './namedSql.js';
import { Count } from '../i18n/translate.js';
import { runSandboxed, STATEMENT_TIMEOUT_MS } from './sandbox.js';

export const DEFAULT_ROW_CAP = 50_000;

const ajv = createAjv({ coerceTypes: true });
const validators = new WeakMap<object, ReturnType<typeof ajv.compile>>();

/** Fills parameters the caller left out from their x-default (businessDate, today, startOfMonth …). */
export function resolveDefaults(def: ReportDefinition, given: Record<string, unknown>, businessDate: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) if (v !== '' && v !== undefined) out[k] = v;
  for (const [name, p] of Object.entries(def.parameters?.properties ?? {})) {
    if (out[name] !== undefined) continue;
    const d = p['x-default'];
    if (d === undefined) continue;
    out[name] = relativeDate(String(d), businessDate) ?? d;
  }
  return out;
}

function relativeDate(token: string, businessDate: string): string | undefined {
  const b = dayjs(businessDate);
  switch (token) {
    case 'businessDate':
      return businessDate;
    case 'today':
      return dayjs().format('YYYY-MM-DD');
    case 'nextBusinessDate':
      return b.add(1, 'day').format('YYYY-MM-DD');
    case 'yesterday':
      return b.subtract(1, 'day').format('YYYY-MM-DD');
    case 'startOfMonth':
      return b.startOf('month').format('YYYY-MM-DD');
    case 'endOfMonth':
      return b.endOf('month').format('YYYY-MM-DD');
    case 'startOfYear':
      return b.startOf('year').format('YYYY-MM-DD');
  }
  return undefined;
}

export async function propertyContext(db: Db, branchId: number) {
  const { rows } = await sql<{ name: string; business_date: string | null }>`
    SELECT b.name, s.business_date FROM branch b LEFT JOIN hotel_setup s ON s.branch_id = b.id WHERE b.id = ${branchId}`.execute(db);
  return { branch: rows[0]?.name ?? '', businessDate: rows[0]?.business_date ?? dayjs().format('YYYY-MM-DD') };
}

/** The report's parameters with defaults filled and types checked: a readable 400 names each bad one. */
export function checkParameters(def: ReportDefinition, given: Record<string, unknown>, businessDate: string): Record<string, unknown> {
  const params = resolveDefaults(def, given, businessDate);
  const schema = def.parameters ?? { type: 'object', properties: {} };
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile({ ...schema, additionalProperties: false });
    validators.set(schema, validate);
  }
  if (!validate(params)) throw invalid((validate.errors ?? []).map(describeAjvError));
  return params;
}

/**
 * Runs a report in the sandbox (read only, report role, the active property's rows only), sorted by its
 * groups then its sort, capped: more rows than the cap is a 422 asking for a narrower filter.
 */
export async function runReport(
  db: Db,
  def: ReportDefinition,
  given: Record<string, unknown>,
  branchId: number,
  options: { rowCap?: number; timeoutMs?: number } = {},
): Promise<ReportResult> {
  const context = await propertyContext(db, branchId);
  const params = checkParameters(def, given, context.businessDate);
  const cap = options.rowCap ?? def.rowCap ?? DEFAULT_ROW_CAP;
  const all: Record<string, unknown> = { ...params, branch_id: branchId };
  for (const name of Object.keys(def.parameters?.properties ?? {})) if (!(name in all)) all[name] = null;
  const statement = reportStatement(def, all, cap);
  let rows: Record<string, unknown>[];
  try {
    rows = await runSandboxed(db, branchId, statement.text, statement.values, options.timeoutMs);
  } catch (err) {
    throw reportFailure(err);
  }
  if (rows.length > cap) throw new HttpError(422, 'TOO_MANY_ROWS', 'report.tooManyRows', { cap: new Count(cap) });
  return {
    code: def.code,
    name: def.name,
    parameters: params,
    columns: def.columns,
    groupBy: def.groupBy ?? [],
    totals: def.totals ?? [],
    ...(def.ratios && { ratios: def.ratios }),
    chart: def.chart,
    rows,
    grandTotals: totalsOf(rows, def.totals ?? [], def.ratios),
    context: { ...context, generatedAt: new Date().toISOString() },
  };
}

/** The one statement a report runs: its SQL with named parameters bound, sorted by its groups and sort, capped. */
export function reportStatement(def: ReportDefinition, params: Record<string, unknown>, cap: number) {
  const compiled = compileNamedSql(def.sql.trim().replace(/;\s*$/, ''), params);
  // Column names are checked by the meta-schema (^[a-z][a-z0-9_]*$), so quoting them here is safe.
  const order = [...(def.groupBy ?? []).map((f) => ({ field: f, dir: 'asc' as const })), ...(def.sort ?? [])];
  const orderBy = order.length
    ? ` ORDER BY ${order.map((o) => `"${o.field}" ${o.dir === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`).join(', ')}`
    : '';
  return { text: `SELECT * FROM (${compiled.sql}) AS report${orderBy} LIMIT ${cap + 1}`, values: compiled.values };
}

/**
 * What a reader is told when the database refuses a report: too slow (the statement timeout), or a
 * definition that cannot run here (it writes, reads a secret, or names what does not exist). The
 * designer sees the database's own words in the dry run; a reader gets a sentence, never a 500.
 */
function reportFailure(err: unknown): HttpError {
  const e = err as { code?: string; severity?: string; message?: string };
  if (err instanceof HttpError) return err;
  if (e.code === '57014')
    return new HttpError(422, 'REPORT_TIMEOUT', 'report.timeout', { seconds: Math.ceil(STATEMENT_TIMEOUT_MS / 1000) });
  if (typeof e.code === 'string' && e.severity) {
    const known = toHttpError(err);
    if (known && known.status < 500 && e.code.startsWith('22')) return known;
    return new HttpError(422, 'REPORT_FAILED', 'report.cannotRun', { detail: e.message ?? e.code });
  }
  return err as HttpError;
}
