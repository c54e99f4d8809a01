import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, AuthInfo } from '../context.js';
import type { Lang, ReportDefinition } from '../../src/core/meta/types.js';
import type { ReportResult } from '../../src/core/reports/layout.js';
import { audit } from '../http/audit.js';
import { HttpError, badRequest, invalid, notFound, toHttpError, renderError } from '../http/errors.js';
import { hasRight, needsRight, requireRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';
import { requestLang } from '../i18n/translate.js';
import {
  appendVersion,
  canRun,
  effectiveReport,
  REPORTING,
  reportCatalog,
  reportVersions,
  runRight,
  validateReportDefinition,
  type EffectiveReport,
} from './definitions.js';
import { runReport } from './runner.js';
import { refNamesOf } from './refNames.js';
import { presentation, type Presentation } from './export/presentation.js';
import { toCsv } from './export/csv.js';
import { EXPORT_TYPES, pdfRowCheck, xlsxStream } from './export/files.js';
import { writePdf } from './export/pdf.js';

/** A light report answers in milliseconds; one that runs longer was marked light by mistake and is stopped. */
const LIGHT_REPORT_TIMEOUT_MS = 2_000;

const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 60 } },
} as const;

/** The definition as a screen needs it: never the SQL (that is for report designers). */
function publicPart(e: EffectiveReport) {
  const { sql: _sql, ...rest } = e.def;
  return { ...rest, source: e.source, version: e.version };
}

export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const present = async (def: ReportDefinition, result: ReportResult, lang: Lang, branchId: number): Promise<Presentation> =>
    presentation(def, result, lang, ctx.meta.labels, await refNamesOf(ctx, def, result.parameters, branchId, lang));

  const load = async (req: FastifyRequest, code: string) => {
    const auth = requireAuth(req);
    const e = await effectiveReport(ctx.db, ctx.meta, auth.branchId, code);
    if (!e) throw notFound(`report ${code}`);
    const right = runRight(e);
    if (right) requireRight(ctx, req, right, 'view');
    return { auth, e };
  };

  app.get(
    '/api/reports',
    { schema: { tags: ['reports'], summary: 'Every report the signed-in user may run in this property (and, for designers, every one)' } },
    async (req) => {
      const auth = requireAuth(req);
      const designer = hasRight(auth, REPORTING, 'design');
      const all = await reportCatalog(ctx.db, ctx.meta, auth.branchId);
      return {
        designer,
        rows: all
          .filter((e) => designer || canRun(auth, e))
          .map((e) => ({
            code: e.def.code,
            name: e.def.name,
            module: e.def.module ?? 'utilities',
            description: e.def.description ?? null,
            source: e.source,
            version: e.version,
            canRun: canRun(auth, e),
          })),
      };
    },
  );

  app.get(
    '/api/reports/:code',
    {
      schema: {
        tags: ['reports'],
        summary: 'Run a report by code (parameters as query string); ?format=csv|xlsx|pdf exports the same result',
        params: codeParams,
        querystring: { type: 'object', maxProperties: 30, additionalProperties: { type: 'string', maxLength: 200 } },
      },
    },
    async (req, reply) => {
      const { code } = req.params as { code: string };
      const { format, ...given } = req.query as Record<string, string>;
      if (format !== undefined && !['json', 'csv', 'xlsx', 'pdf'].includes(format))
        throw invalid([{ field: 'format', key: 'error.enum', params: { values: 'json, csv, xlsx, pdf' } }]);
      const { auth, e } = await load(req, code);
      // a light report on screen (a dashboard tile) is the clerk's own request, bounded in time
      if (e.def.light && (!format || format === 'json'))
        return runReport(ctx.db, e.def, given, auth.branchId, { timeoutMs: LIGHT_REPORT_TIMEOUT_MS });
      // any other report and every export are heavy work: queued, and second to any waiting interactive request
      return ctx.work.run(format && format !== 'json' ? `export-${format}` : 'report', async () => {
        const result = await runReport(ctx.db, e.def, given, auth.branchId);
        if (!format || format === 'json') return result;
        const lang = requestLang(req.headers['accept-language'] ?? (req.query as any).lang);
        const p = await present(e.def, result, lang, auth.branchId);
        await audit(ctx.db, req, {
          entity: 'report',
          entityId: code,
          action: `export-${format}`,
          after: { parameters: result.parameters, rows: result.rows.length },
        });
        return sendExport(reply, format as 'csv' | 'xlsx' | 'pdf', `${code}-${result.context.businessDate}`, [{ result, p }]);
      });
    },
  );

  app.get(
    '/api/reports/:code/meta',
    {
      schema: {
        tags: ['reports'],
        summary: 'A report as its screen needs it (parameters, columns, chart), without its SQL',
        params: codeParams,
      },
    },
    async (req) => {
      const { e } = await load(req, (req.params as { code: string }).code);
      return publicPart(e);
    },
  );

  app.get(
    '/api/reports/:code/design',
    {
      preValidation: needsRight(ctx, REPORTING, 'design'),
      schema: {
        tags: ['reports'],
        summary: 'A report definition with its SQL and every saved version (report designers)',
        params: codeParams,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { code } = req.params as { code: string };
      const e = await effectiveReport(ctx.db, ctx.meta, auth.branchId, code);
      const versions = await reportVersions(ctx.db, auth.branchId, code);
      if (!e && !versions.length) throw notFound(`report ${code}`);
      return {
        definition: e?.def ?? null,
        source: e?.source ?? 'retired',
        version: e?.version ?? null,
        shipped: ctx.meta.reports.get(code) ?? null,
        versions,
      };
    },
  );

  const definitionBody = {
    type: 'object',
    required: ['definition'],
    additionalProperties: false,
    properties: {
      definition: { type: 'object' },
      note: { type: 'string', maxLength: 300 },
      parameters: { type: 'object', maxProperties: 30 },
    },
  } as const;

  /** The checks a definition must pass before it is saved: its meta-schema, cross references, and a run. */
  const checkDefinition = async (req: FastifyRequest, auth: AuthInfo, def: unknown, parameters: Record<string, unknown> = {}) => {
    const problems = validateReportDefinition(ctx.config.root, ctx.meta, def);
    if (problems.length)
      throw new HttpError(400, 'INVALID_REPORT', 'report.invalidDefinition', { count: problems.length }, [], { problems });
    try {
      return await runReport(ctx.db, def as ReportDefinition, parameters, auth.branchId, { rowCap: 20 });
    } catch (err) {
      const known = toHttpError(err);
      if (known?.code === 'TOO_MANY_ROWS') return undefined;
      // the database's own words help the designer (a report that writes, reads a secret, misspells a column)
      const lang = requestLang(req.headers['accept-language']);
      const message = known?.params.detail
        ? String(known.params.detail)
        : known
          ? renderError(known, lang, ctx.meta.labels, (f) => f).error.message
          : String((err as Error).message ?? err);
      throw new HttpError(400, 'INVALID_REPORT', 'report.dryRunFailed', { detail: message }, [], {
        problems: [{ file: 'report', pointer: '/sql', message }],
      });
    }
  };

  app.post(
    '/api/reports/dry-run',
    {
      preValidation: needsRight(ctx, REPORTING, 'design'),
      schema: { tags: ['reports'], summary: 'Check a definition and run it on the first 20 rows, saving nothing', body: definitionBody },
    },
    async (req) => {
      const auth = requireAuth(req);
      const body = req.body as { definition: ReportDefinition; parameters?: Record<string, unknown> };
      return (await checkDefinition(req, auth, body.definition, body.parameters)) ?? { rows: [], truncated: true };
    },
  );

  app.put(
    '/api/reports/:code/design',
    {
      preValidation: needsRight(ctx, REPORTING, 'design'),
      schema: {
        tags: ['reports'],
        summary: "Save a property's version of a report (new, or changing a shipped one); checked and dry-run first",
        params: codeParams,
        body: definitionBody,
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { code } = req.params as { code: string };
      const body = req.body as { definition: ReportDefinition; note?: string; parameters?: Record<string, unknown> };
      if (body.definition.code !== code) throw invalid([{ field: 'definition', key: 'report.codeMismatch', params: { code } }]);
      await checkDefinition(req, auth, body.definition, body.parameters);
      return ctx.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`report:${auth.branchId}:${code}`}))`.execute(trx);
        const version = await appendVersion(trx, auth.branchId, auth.user.id, code, 'save', body.definition, body.note ?? null);
        await audit(trx, req, { entity: 'report', entityId: code, action: 'save-report', summary: body.note, after: { version } });
        return { code, version, source: ctx.meta.reports.has(code) ? 'overridden' : 'property' };
      });
    },
  );

  app.post(
    '/api/reports/:code/revert',
    {
      preValidation: needsRight(ctx, REPORTING, 'design'),
      schema: {
        tags: ['reports'],
        summary: 'Put the shipped definition back (or retire a property report); history is kept',
        params: codeParams,
        body: { type: 'object', additionalProperties: false, properties: { note: { type: 'string', maxLength: 300 } } },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { code } = req.params as { code: string };
      const e = await effectiveReport(ctx.db, ctx.meta, auth.branchId, code);
      if (!e || e.source === 'shipped') throw badRequest('report.nothingToRevert');
      return ctx.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`report:${auth.branchId}:${code}`}))`.execute(trx);
        const version = await appendVersion(
          trx,
          auth.branchId,
          auth.user.id,
          code,
          'revert',
          null,
          (req.body as { note?: string }).note ?? null,
        );
        await audit(trx, req, { entity: 'report', entityId: code, action: 'revert-report', after: { version } });
        return { code, version, source: ctx.meta.reports.has(code) ? 'shipped' : 'retired' };
      });
    },
  );
}

export async function sendExport(
  reply: FastifyReply,
  format: 'csv' | 'xlsx' | 'pdf',
  name: string,
  reports: { result: ReportResult; p: Presentation }[],
) {
  reply.header('content-type', EXPORT_TYPES[format]).header('content-disposition', `attachment; filename="${name}.${format}"`);
  if (format === 'csv') return reply.send(toCsv(reports[0].result, reports[0].p));
  if (format === 'pdf') {
    pdfRowCheck(reports);
    return reply.send(writePdf(reports));
  }
  const { stream, written } = xlsxStream(reports);
  reply.send(stream);
  // the caller's heavy-work slot is held until the last row is written
  await written;
  return reply;
}
