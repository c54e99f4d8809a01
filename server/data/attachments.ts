import crypto from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthInfo } from '../context.js';
import type { AttachmentType } from '../../src/core/meta/types.js';
import { audit } from '../http/audit.js';
import { badRequest, notFound } from '../http/errors.js';
import { needsRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';
import { getRow } from './crud.js';
import { refuseIfReadOnly } from './documents.js';
import type { EntityModel } from './entityModel.js';
import type { Db } from '../db/connect.js';

const ID = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 };

/** Each kind of file a record may keep, told by its first bytes (a renamed program is not a PDF). */
const KINDS: Record<AttachmentType, { contentType: string; magic: number[] }> = {
  pdf: { contentType: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  png: { contentType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  jpeg: { contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
};

function kindOf(data: Buffer, allowed: AttachmentType[]): AttachmentType | undefined {
  return allowed.find((k) => KINDS[k].magic.every((b, i) => data[i] === b));
}

/** A file name safe to store and to send back in a header: no path, no control characters, no quotes. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  return base.replace(/[\p{Cc}"]/gu, "").trim() || "file";
}

/**
 * Files kept with the records of an entity that declares x-attachments (a journal's scanned invoices):
 * listed and downloaded with the right to view the record, added with the right to edit it, removed only
 * while the record may still be changed. Every addition and removal is in the audit log.
 */
export async function attachmentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  m: EntityModel,
  scopeOf: (auth: AuthInfo) => RawBuilder<unknown>[],
) {
  const spec = m.schema['x-attachments'];
  if (!spec) return;
  const base = `/api/data/${m.id}/:rowId/attachments`;
  const resource = m.schema['x-permission'];
  const tags = [m.id.split('/')[0]];
  const record = async (db: Db, auth: AuthInfo, id: number, forUpdate = false) => {
    const row = await getRow(db, m, auth.branchId, id, forUpdate, scopeOf(auth));
    if (!row) throw notFound(m.schema.title ?? m.id);
    return row;
  };
  const params = (extra: Record<string, object> = {}) => ({
    type: 'object',
    required: ['rowId', ...Object.keys(extra)],
    properties: { rowId: ID, ...extra },
  });

  app.get(base, { preValidation: needsRight(ctx, resource, 'view'), schema: { tags, summary: `Files kept with a ${m.id}`, params: params() } }, async (req) => {
    const auth = requireAuth(req);
    const id = (req.params as { rowId: number }).rowId;
    await record(ctx.db, auth, id);
    const { rows } = await sql<Record<string, unknown>>`
      SELECT a.id, a.file_name, a.content_type, a.size, a.created_at, u.full_name AS created_by
        FROM record_attachment a LEFT JOIN app_user u ON u.id = a.created_by
       WHERE a.branch_id = ${auth.branchId} AND a.entity = ${m.id} AND a.record_id = ${id} ORDER BY a.id`.execute(ctx.db);
    return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), maxBytes: spec.maxBytes, types: spec.types };
  });

  app.post(
    base,
    {
      preValidation: needsRight(ctx, resource, 'edit'),
      bodyLimit: Math.ceil((spec.maxBytes * 4) / 3) + 4096,
      schema: {
        tags,
        summary: `Keep a file with a ${m.id}: { name, file } with the file as a base64 data URL (${spec.types.join(', ')})`,
        params: params(),
        body: {
          type: 'object',
          required: ['name', 'file'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 200 },
            file: { type: 'string', minLength: 1, maxLength: Math.ceil((spec.maxBytes * 4) / 3) + 200 },
          },
        },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const id = (req.params as { rowId: number }).rowId;
      const body = req.body as { name: string; file: string };
      const m64 = /^data:[^;,]*;base64,(.*)$/s.exec(body.file);
      if (!m64) throw badRequest('attachment.badUpload');
      const data = Buffer.from(m64[1], 'base64');
      if (!data.length) throw badRequest('attachment.empty');
      if (data.length > spec.maxBytes) throw badRequest('attachment.tooLarge', { max: `${Math.floor(spec.maxBytes / 1024 / 1024)} MB` });
      const kind = kindOf(data, spec.types);
      if (!kind) throw badRequest('attachment.wrongKind', { kinds: spec.types.map((k) => k.toUpperCase()).join(', ') });
      const name = cleanName(body.name);
      const saved = await ctx.db.transaction().execute(async (trx) => {
        await record(trx, auth, id, true);
        const { rows } = await sql<{ id: number; created_at: string }>`
          INSERT INTO record_attachment (branch_id, entity, record_id, file_name, content_type, size, sha256, data, created_by)
          VALUES (${auth.branchId}, ${m.id}, ${id}, ${name}, ${KINDS[kind].contentType}, ${data.length},
                  ${crypto.createHash('sha256').update(data).digest('hex')}, ${data}, ${auth.user.id})
          RETURNING id, created_at`.execute(trx);
        await audit(trx, req, { entity: m.id, entityId: id, action: 'attach', summary: `${name} (${data.length} bytes)` });
        return rows[0];
      });
      reply.code(201);
      return { id: Number(saved.id), file_name: name, content_type: KINDS[kind].contentType, size: data.length, created_at: saved.created_at };
    },
  );

  app.get(
    `${base}/:fileId`,
    { preValidation: needsRight(ctx, resource, 'view'), schema: { tags, summary: `One file kept with a ${m.id}`, params: params({ fileId: ID }) } },
    async (req, reply) => {
      const auth = requireAuth(req);
      const { rowId, fileId } = req.params as { rowId: number; fileId: number };
      await record(ctx.db, auth, rowId);
      const { rows } = await sql<{ file_name: string; content_type: string; data: Uint8Array }>`
        SELECT file_name, content_type, data FROM record_attachment
         WHERE branch_id = ${auth.branchId} AND entity = ${m.id} AND record_id = ${rowId} AND id = ${fileId}`.execute(ctx.db);
      if (!rows[0]) throw notFound('attachment.file');
      return reply
        .header('content-type', rows[0].content_type)
        .header('content-disposition', `attachment; filename="${rows[0].file_name}"; filename*=UTF-8''${encodeURIComponent(rows[0].file_name)}`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(rows[0].data));
    },
  );

  app.delete(
    `${base}/:fileId`,
    { preValidation: needsRight(ctx, resource, 'edit'), schema: { tags, summary: `Remove a file kept with a ${m.id}`, params: params({ fileId: ID }),
        querystring: { type: 'object', additionalProperties: false, properties: {} } } },
    async (req) => {
      const auth = requireAuth(req);
      const { rowId, fileId } = req.params as { rowId: number; fileId: number };
      return ctx.db.transaction().execute(async (trx) => {
        // a posted journal keeps the evidence it was posted on
        refuseIfReadOnly(m, await record(trx, auth, rowId, true));
        const { rows } = await sql<{ file_name: string }>`
          DELETE FROM record_attachment WHERE branch_id = ${auth.branchId} AND entity = ${m.id} AND record_id = ${rowId} AND id = ${fileId}
          RETURNING file_name`.execute(trx);
        if (!rows[0]) throw notFound('attachment.file');
        await audit(trx, req, { entity: m.id, entityId: rowId, action: 'detach', summary: rows[0].file_name });
        return { deleted: true };
      });
    },
  );
}

