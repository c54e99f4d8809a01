import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { needsRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';
import { requestLang, translate } from '../i18n/translate.js';
import { baseType } from '../data/entityModel.js';
import { autoMap, fieldLabel, importable, importFields, importModel } from './importer.js';
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
  const modelFor = (id: string, auth: ReturnType<typeof requireAuth>) => importModel(ctx, auth, id);

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
}
