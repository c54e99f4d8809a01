import { CompiledQuery, sql } from 'kysely';
import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import type { Db } from '../db/connect.js';
import type { ReportDefinition } from '../../src/engine/meta/types.js';
import { HttpError, invalid } from '../http/errors.js';
import { createAjv } from '../validation/ajv.js';
import { describeAjvError } from '../../src/engine/checks/errorMessages.js';
import { compileNamedSql } from './namedSql.js';

export const DEFAULT_ROW_CAP = 50_000;
export const STATEMENT_TIMEOUT_MS = 20_000;

export interface ReportResult {
  code: string;
  name: ReportDefinition['name'];
  parameters: Record<string, unknown>;
  columns: ReportDefinition['columns'];
  rows: Record<string, unknown>[];
  totals: Record<string, string>;
}

const ajv = createAjv({ coerceTypes: true });
const validators = new WeakMap<object, ReturnType<typeof ajv.compile>>();

/** Fills parameters the caller left out from their x-default (businessDate, today, startOfMonth …). */
export function resolveDefaults(def: ReportDefinition, given: Record<string, unknown>, businessDate: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...given };
  for (const [name, p] of Object.entries(def.parameters?.properties ?? {})) {
    if (out[name] !== undefined && out[name] !== '') continue;
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
    case 'startOfMonth':
      return b.startOf('month').format('YYYY-MM-DD');
    case 'endOfMonth':
      return b.endOf('month').format('YYYY-MM-DD');
    case 'startOfYear':
      return b.startOf('year').format('YYYY-MM-DD');
    case 'yesterday':
      return b.subtract(1, 'day').format('YYYY-MM-DD');
  }
  return undefined;
}

export async function businessDateOf(db: Db, branchId: number): Promise<string> {
  const { rows } = await sql<{ business_date: string }>`SELECT business_date FROM hotel_setup WHERE branch_id = ${branchId}`.execute(db);
  return rows[0]?.business_date ?? dayjs().format('YYYY-MM-DD');
}

/**
 * Runs a report in a read-only transaction with a statement timeout and a row cap, always scoped to
 * the active branch through :branch_id.
 */
export async function runReport(db: Db, def: ReportDefinition, given: Record<string, unknown>, branchId: number): Promise<ReportResult> {
  const businessDate = await businessDateOf(db, branchId);
  const params = resolveDefaults(def, given, businessDate);
  if (def.parameters) {
    let validate = validators.get(def.parameters);
    if (!validate) {
      validate = ajv.compile({ ...def.parameters, additionalProperties: false });
      validators.set(def.parameters, validate);
    }
    if (!validate(params)) throw invalid((validate.errors ?? []).map(describeAjvError));
  }
  const cap = def.rowCap ?? DEFAULT_ROW_CAP;
  const all: Record<string, unknown> = { ...params, branch_id: branchId };
  for (const name of Object.keys(def.parameters?.properties ?? {})) if (!(name in all)) all[name] = null;
  const compiled = compileNamedSql(def.sql, all);
  const text = `SELECT * FROM (${compiled.sql.trim().replace(/;\s*$/, '')}) AS report LIMIT ${cap + 1}`;
  const rows = await db.transaction().setAccessMode('read only').execute(async (trx) => {
    await sql.raw(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`).execute(trx);
    return (await trx.executeQuery(CompiledQuery.raw(text, compiled.values))).rows as Record<string, unknown>[];
  });
  if (rows.length > cap) throw new HttpError(422, 'TOO_MANY_ROWS', 'report.tooManyRows', { cap });
  return { code: def.code, name: def.name, parameters: params, columns: def.columns, rows, totals: totalsOf(def, rows) };
}

/** Grand totals in exact decimals: report amounts never pass through a float sum. */
export function totalsOf(def: ReportDefinition, rows: Record<string, unknown>[]): Record<string, string> {
  const totals: Record<string, string> = {};
  for (const field of def.totals ?? []) {
    let sum = new Decimal(0);
    for (const r of rows) if (r[field] != null) sum = sum.plus(new Decimal(String(r[field])));
    totals[field] = sum.toFixed();
  }
  return totals;
}
