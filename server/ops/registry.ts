import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { AppContext, AuthInfo } from '../context.js';
import { badRequest, conflict } from '../http/errors.js';
import type { HookContext } from '../data/hooks.js';
import { audit } from '../http/audit.js';
import { needsRight } from '../http/rbac.js';
import { requireAuth } from '../http/session.js';

/**
 * A domain command (check-in, post charge, reset a password …): its input schema, the right it needs,
 * and a handler that runs inside one transaction with an audit row. Served at POST /api/ops/<name>.
 */
export interface OpDefinition<I = any> {
  /** '<module>.<op>' */
  name: string;
  summary: string;
  resource: string;
  action: string;
  input: object;
  /** the entity whose field labels name this op's input fields in error messages ('frontoffice/reservation') */
  labelsFrom?: string;
  /**
   * 'required' for commands that move money (a deposit, later a folio posting): refused without an
   * Idempotency-Key header. Every other command takes one when sent.
   */
  idempotencyKey?: 'required';
  /** fields of the input never written to the audit log (passwords) */
  secretFields?: string[];
  handler(c: HookContext, input: I): Promise<unknown>;
}

export function defineOp<I>(op: OpDefinition<I>): OpDefinition<I> {
  return op;
}

export async function opsRoutes(app: FastifyInstance, ctx: AppContext, ops: OpDefinition[]) {
  for (const op of ops) {
    app.post(
      `/api/ops/${op.name}`,
      {
        preValidation: needsRight(ctx, op.resource, op.action),
        config: op.labelsFrom ? { labelsFrom: op.labelsFrom } : {},
        schema: { tags: ['ops', op.name.split('.')[0]], summary: op.summary, body: op.input },
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        const input = req.body as Record<string, unknown>;
        const key = idempotencyKey(req, op);
        return ctx.db.transaction().execute(async (trx) => {
          if (key) {
            const earlier = await claimKey(trx, auth, op, key, input);
            if (earlier) {
              reply.header('idempotent-replayed', 'true');
              return earlier.response;
            }
          }
          const result = (await op.handler({ trx, req, auth, ctx }, input)) ?? { ok: true };
          const logged = Object.fromEntries(Object.entries(input ?? {}).filter(([k]) => !op.secretFields?.includes(k)));
          await audit(trx, req, {
            entity: op.name.split('.')[0],
            entityId: (input?.id as number | undefined) ?? null,
            action: op.name,
            after: logged,
          });
          if (key)
            await sql`UPDATE idempotency_key SET response = ${JSON.stringify(result)}::jsonb
                            WHERE branch_id = ${auth.branchId} AND user_id = ${auth.user.id} AND key = ${key}`.execute(trx);
          return result;
        });
      },
    );
  }
}

const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

function idempotencyKey(req: FastifyRequest, op: OpDefinition): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) {
    if (op.idempotencyKey === 'required') throw badRequest('error.idempotencyKeyRequired');
    return undefined;
  }
  if (typeof raw !== 'string' || !KEY.test(raw)) throw badRequest('error.idempotencyKeyForm');
  return raw;
}

/**
 * Claims a key in the command's own transaction. A replay of a finished request finds its answer; a replay
 * racing the first waits on the key's row until the first commits (or rolls back and frees it). The same key
 * for a different request is refused: it would hide the second one.
 */
async function claimKey(
  trx: Db,
  auth: AuthInfo,
  op: OpDefinition,
  key: string,
  input: unknown,
): Promise<{ response: unknown } | undefined> {
  const hash = crypto
    .createHash('sha256')
    .update(`${op.name}\n${JSON.stringify(input ?? {})}`)
    .digest('hex');
  const claimed = await sql`
    INSERT INTO idempotency_key (branch_id, user_id, key, op, request_hash)
    VALUES (${auth.branchId}, ${auth.user.id}, ${key}, ${op.name}, ${hash})
    ON CONFLICT DO NOTHING RETURNING key`.execute(trx);
  if (claimed.rows.length) return undefined;
  const { rows } = await sql<{ request_hash: string; response: unknown }>`
    SELECT request_hash, response FROM idempotency_key
     WHERE branch_id = ${auth.branchId} AND user_id = ${auth.user.id} AND key = ${key}`.execute(trx);
  if (rows[0]?.request_hash !== hash) throw conflict('error.idempotencyKeyReused');
  return { response: rows[0].response };
}
