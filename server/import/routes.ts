import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, invalid, notFound } from '../http/errors.js';
import { hasRight, needsRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';
import { requestLang, translate } from '../i18n/translate.js';
import { baseType } from '../data/entityModel.js';
import { jobStatus, startJob } from '../jobs/jobStore.js';
import { HttpError, renderError, toHttpError } from '../http/errors.js';
import { autoMap, fieldLabel, importable, importFields, importSheet } from './importer.js';
import { decodeUpload, MAX_IMPORT_BYTES, parseWorkbook } from './parse.js';
import { templateWorkbook } from './template.js';

const RESOURCE = 'utilities.import-excel';
const entityId = { type: 'string', pattern: '^[a-z0-9-]+/[a-z0-9-]+$', maxLength: 100 } as const;
const upload = {
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\.(xlsx|csv|XLSX|CSV)$' },
  file: { type: 'string', minLength: 1, maxLength: Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 200 },
} as const;

/** Import from Excel or CSV: any entity with a schema, all rows or none, every bad cell named. */
export async function importRoutes(app: FastifyInstance, ctx: AppContext) {
  const modelFor = (id: string, auth: ReturnType<typeof requireAuth>) => {
    const m = ctx.models.get(id);
    if (!m) throw notFound(`entity ${id}`);
    if (!importable(ctx, auth).includes(m)) throw forbidden('import.notImportable');
    return m;
  };

  app.get(
    '/api/import/entities',
    {
      preValidation: needsRight(ctx, RESOURCE, 'view'),
      schema: { tags: ['import'], summary: 'Entities the user may fill from a spreadsheet, with their fields' },
    },
    async (req) => {
      const auth = requireAuth(req);
      const lang = requestLang(req.headers['accept-language']);
      return {
        rows: importable(ctx, auth)
          .map((m) => ({
            id: m.id,
            name: translate(ctx.meta.labels, lang, m.schema.title ?? m.id),
            fields: importFields(m).map((f) => ({
              name: f,
              label: fieldLabel(ctx, m, f, lang),
              required: m.required.has(f) && m.schema.properties[f].default === undefined,
              type: baseType(m.schema.properties[f]),
              ref: m.refs.get(f) ?? null,
            })),
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
  );

  app.get(
    '/api/import/template/:module/:entity',
    {
      preValidation: needsRight(ctx, RESOURCE, 'view'),
      schema: {
        tags: ['import'],
        summary: 'An empty workbook for an entity: its columns and a guide',
        params: { type: 'object', properties: { module: { type: 'string', maxLength: 60 }, entity: { type: 'string', maxLength: 60 } } },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const { module, entity } = req.params as { module: string; entity: string };
      const m = modelFor(`${module}/${entity}`, auth);
      const lang = requestLang(req.headers['accept-language']);
      const data = await templateWorkbook(ctx, m, lang);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${entity}-template.xlsx"`)
        .send(data);
    },
  );

  app.post(
    '/api/import/preview',
    {
      preValidation: needsRight(ctx, RESOURCE, 'view'),
      bodyLimit: MAX_IMPORT_BYTES * 2,
      schema: {
        tags: ['import'],
        summary: 'Read an uploaded file: its sheets, headers, first rows and the suggested column mapping',
        body: {
          type: 'object',
          required: ['entity', 'name', 'file'],
          additionalProperties: false,
          properties: { entity: entityId, ...upload },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const body = req.body as { entity: string; name: string; file: string };
      const m = modelFor(body.entity, auth);
      const sheets = await parseWorkbook(body.name, decodeUpload(body.file));
      return {
        sheets: sheets.map((s) => ({
          name: s.name,
          headers: s.headers,
          rowCount: s.rows.length,
          sample: s.rows.slice(0, 10),
          mapping: autoMap(ctx, m, s.headers),
        })),
      };
    },
  );

  app.post(
    '/api/import/run',
    {
      preValidation: needsRight(ctx, RESOURCE, 'view'),
      bodyLimit: MAX_IMPORT_BYTES * 2,
      schema: {
        tags: ['import'],
        summary: 'Import a sheet with a column mapping, all rows or none; returns a job to follow',
        body: {
          type: 'object',
          required: ['entity', 'name', 'file', 'sheet', 'mapping'],
          additionalProperties: false,
          properties: {
            entity: entityId,
            ...upload,
            sheet: { type: 'string', maxLength: 100 },
            mapping: { type: 'object', maxProperties: 200, additionalProperties: { type: ['string', 'null'], maxLength: 60 } },
          },
        },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const body = req.body as { entity: string; name: string; file: string; sheet: string; mapping: Record<string, string | null> };
      const m = modelFor(body.entity, auth);
      if (!hasRight(auth, m.schema['x-permission'], 'create')) throw forbidden('import.notImportable');
      const fields = new Set(importFields(m));
      const mapped = Object.values(body.mapping).filter((f): f is string => Boolean(f));
      const badField = mapped.find((f) => !fields.has(f));
      if (badField) throw invalid([{ field: 'mapping', key: 'import.unknownField', params: { name: badField } }]);
      if (new Set(mapped).size !== mapped.length) throw invalid([{ field: 'mapping', key: 'import.fieldTwice', params: {} }]);
      const sheets = await parseWorkbook(body.name, decodeUpload(body.file));
      const sheet = sheets.find((s) => s.name === body.sheet);
      if (!sheet) throw invalid([{ field: 'sheet', key: 'import.noSheet', params: { name: body.sheet } }]);
      const lang = requestLang(req.headers['accept-language']);
      const job = startJob(
        ctx.work,
        auth.user.id,
        'import',
        sheet.rows.length,
        async (j) => {
          j.result = await importSheet(ctx, req, auth, m, sheet, body.mapping, lang, j);
        },
        (err) => {
          const known = toHttpError(err) ?? new HttpError(500, 'INTERNAL', 'error.internal', { ref: 'import' });
          if (!toHttpError(err)) app.log.error({ err }, 'import failed');
          return { status: known.status, body: renderError(known, lang, ctx.meta.labels, (f) => f) };
        },
      );
      reply.code(202);
      return jobStatus(job);
    },
  );
}
