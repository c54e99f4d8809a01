import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
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
      async (req) => {
        const auth = requireAuth(req);
        const input = req.body as Record<string, unknown>;
        return ctx.db.transaction().execute(async (trx) => {
          const result = await op.handler({ trx, req, auth, ctx }, input);
          const logged = Object.fromEntries(Object.entries(input ?? {}).filter(([k]) => !op.secretFields?.includes(k)));
          await audit(trx, req, {
            entity: op.name.split('.')[0],
            entityId: (input?.id as number | undefined) ?? null,
            action: op.name,
            after: logged,
          });
          return result ?? { ok: true };
        });
      },
    );
  }
}
