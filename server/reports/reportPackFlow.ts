import { sql } from 'kysely';
import type { AppContext, AuthInfo } from '../context.js';
import type { I18nText, Lang, ReportDefinition } from '../../src/core/meta/types.js';
import type { ReportResult } from '../../src/core/reports/layout.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { serverStep, type ServerFlowImplementation } from '../flows/registry.js';
import { canRun, effectiveReport, runRight } from './definitions.js';
import { runReport } from './runner.js';
import { refNamesOf } from './refNames.js';
import { presentation } from './export/presentation.js';
import { EXPORT_TYPES, exportBuffer, pdfRowLimit } from './export/files.js';

interface PackItem {
  code: string;
  params: Record<string, unknown>;
  name: I18nText;
}

interface PackContext {
  code: string | null;
  reports: PackItem[];
  done: number;
  total: number;
}

/** A report's result as one step keeps it for the step that writes the file. */
interface KeptReport {
  def: ReportDefinition;
  result: ReportResult;
  refNames: Record<string, string>;
}

/** A report of a pack as it is in force, if this user may run it; else a readable refusal naming it. */
async function runnable(ctx: AppContext, auth: AuthInfo, code: string, lang: Lang) {
  const e = await effectiveReport(ctx.db, ctx.meta, auth.branchId, code);
  if (!e) throw badRequest('report.groupMissing', { code });
  if (!canRun(auth, e))
    throw forbidden('error.forbidden', { action: ctx.actionName(runRight(e)!, 'view', lang), resource: e.def.name[lang] });
  return e;
}

/**
 * The group's reports as this user may run them now, or a readable refusal: a group that is gone or empty,
 * a report that no longer exists, a report the user may not run.
 */
async function plan(ctx: AppContext, auth: AuthInfo, groupId: number, lang: Lang) {
  const { rows } = await sql<{ code: string; items: { code: string; params?: Record<string, unknown> }[] }>`
    SELECT code, items FROM report_group WHERE branch_id = ${auth.branchId} AND id = ${groupId}`.execute(ctx.db);
  const group = rows[0];
  if (!group) throw notFound('report group');
  if (!group.items.length) throw badRequest('report.groupEmpty');
  const reports: PackItem[] = [];
  for (const item of group.items) {
    const e = await runnable(ctx, auth, item.code, lang);
    reports.push({ code: item.code, params: item.params ?? {}, name: e.def.name });
  }
  return { code: group.code, reports };
}

const partName = (i: number) => `report-${i}`;

/**
 * Report packs (flows/report-pack-run.json): the group's plan, then one report per step — each kept as a part
 * in the step's transaction — then one workbook (a sheet per report) or one PDF, kept as the run's output.
 */
export const reportPackFlow: ServerFlowImplementation = {
  flow: 'report-pack-run',
  async prepare({ input, auth, ctx, lang }) {
    await plan(ctx, auth, input.group, lang);
    return { input };
  },
  guards: {
    allReportsRun: ({ context, event }: { context: PackContext; event?: { output?: { done: number } } }) =>
      (event?.output?.done ?? context.done) >= context.total,
  },
  actors: {
    planPack: serverStep(async ({ ctx, auth, input, run }) => {
      const p = await plan(ctx, auth, input.group, run.lang);
      // `current` names the report being run, for whoever follows the progress
      return { code: p.code, reports: p.reports, total: p.reports.length, done: 0, current: p.reports[0].name };
    }),
    runNextReport: serverStep(async ({ ctx, auth, context, input, run, keep }) => {
      const c = context as unknown as PackContext;
      const item = c.reports[c.done];
      // checked again: the user's rights, or the report, may have changed since the pack was planned
      const e = await runnable(ctx, auth, item.code, run.lang);
      const result = await runReport(ctx.db, e.def, item.params, auth.branchId);
      // a PDF too long to read is refused at its report, before the others run
      if (input.format === 'pdf') pdfRowLimit(result.rows.length, e.def.name[run.lang]);
      const kept: KeptReport = { def: e.def, result, refNames: await refNamesOf(ctx, e.def, result.parameters, auth.branchId, run.lang) };
      keep(
        { name: partName(c.done), fileName: `${item.code}.json`, contentType: 'application/json', data: Buffer.from(JSON.stringify(kept)) },
        'part',
      );
      return { done: c.done + 1, current: c.reports[c.done + 1]?.name ?? null };
    }),
    writeFile: serverStep(async ({ ctx, context, input, run, file, keep }) => {
      const c = context as unknown as PackContext;
      const reports = [];
      for (let i = 0; i < c.total; i++) {
        const part = await file(partName(i));
        if (!part) throw new Error(`report ${i + 1} of run ${run.id} was not kept`);
        const k = JSON.parse(part.data.toString('utf8')) as KeptReport;
        reports.push({ result: k.result, p: presentation(k.def, k.result, run.lang, ctx.meta.labels, k.refNames) });
      }
      const format = input.format as 'xlsx' | 'pdf';
      const fileName = `${String(c.code).toLowerCase()}-${reports[0]?.result.context.businessDate ?? ''}.${format}`;
      keep({ name: 'result', fileName, contentType: EXPORT_TYPES[format], data: await exportBuffer(format, reports) }, 'output');
      return { file: fileName, current: null };
    }),
  },
};
