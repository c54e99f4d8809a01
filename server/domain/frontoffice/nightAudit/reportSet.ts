import { sql } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connect.js';
import { notFound } from '../../../http/errors.js';
import { effectiveReport } from '../../../reports/definitions.js';
import { runReport } from '../../../reports/runner.js';
import type { ReportResult } from '../../../../src/core/reports/layout.js';

/**
 * The night audit's report set, in the order the auditor reads it: the day's operations and statistics (USALI),
 * the daily revenue report by department, room revenue by rate code, the day's revenue transactions, and the
 * guest ledger as the day closed. Each is run as the property has it (a property's own version of a shipped
 * report included) for the closing day.
 */
export const NIGHT_AUDIT_REPORTS: { code: string; params(day: string): Record<string, unknown> }[] = [
  { code: 'daily-operation', params: (day) => ({ date_from: day, date_to: day }) },
  { code: 'drr', params: (day) => ({ date: day }) },
  { code: 'roomproduction', params: (day) => ({ date_from: day, date_to: day }) },
  { code: 'revenue-trans', params: (day) => ({ date_from: day, date_to: day }) },
  { code: 'guest-ledger', params: () => ({}) },
];

/** Runs the set for the closing day (read outside the step's transaction, as any report reads). */
export async function runReportSet(ctx: AppContext, branchId: number, day: string): Promise<ReportResult[]> {
  const results: ReportResult[] = [];
  for (const r of NIGHT_AUDIT_REPORTS) {
    const e = await effectiveReport(ctx.db, ctx.meta, branchId, r.code);
    if (!e) throw notFound(`report ${r.code}`);
    results.push(await runReport(ctx.db, e.def, r.params(day), branchId));
  }
  return results;
}

/** Keeps the set once per day: a resumed step, or a second run of the day, writes nothing twice. */
export async function keepReportSet(trx: Db, branchId: number, userId: number | null, runId: string, day: string, results: ReportResult[]) {
  for (const [position, r] of results.entries())
    await sql`
      INSERT INTO night_audit_report (branch_id, business_date, code, position, name, result, row_count, run_id, created_by)
      VALUES (${branchId}, ${day}::date, ${r.code}, ${position}, ${JSON.stringify(r.name)}::jsonb, ${JSON.stringify(r)}::jsonb, ${r.rows.length},
              ${runId}, ${userId})
      ON CONFLICT (branch_id, business_date, code) DO NOTHING`.execute(trx);
}

export interface KeptReport {
  business_date: string;
  code: string;
  name: { en: string; id: string };
  row_count: number;
  created_at: string;
}

/** The sets kept for the closed days of a period, newest day first. */
export async function keptReports(db: Db, branchId: number, from: string, to: string): Promise<KeptReport[]> {
  const { rows } = await sql<KeptReport>`
    SELECT business_date::text AS business_date, code, name, row_count, created_at
      FROM night_audit_report WHERE branch_id = ${branchId} AND business_date BETWEEN ${from}::date AND ${to}::date
     ORDER BY business_date DESC, position`.execute(db);
  return rows;
}

/** One report as the night audit kept it. */
export async function keptReport(db: Db, branchId: number, day: string, code: string): Promise<ReportResult & { kept_at: string }> {
  const { rows } = await sql<{ result: ReportResult; kept_at: string }>`
    SELECT result, created_at AS kept_at FROM night_audit_report WHERE branch_id = ${branchId} AND business_date = ${day}::date AND code = ${code}`.execute(
    db,
  );
  if (!rows[0]) throw notFound('night-audit report');
  return { ...rows[0].result, kept_at: new Date(rows[0].kept_at).toISOString() };
}
