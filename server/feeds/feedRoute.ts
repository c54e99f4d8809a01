import type { FastifyInstance } from 'fastify';
import type { RightCheck } from '../http/rbac.js';
import type { AppContext } from '../context.js';
import { requireAuth } from '../http/session.js';
import { ChangeFeed, type Change, type ChangeLog } from './changeFeed.js';

/** longest a screen's request waits for a change before it is answered with none and asks again */
const MAX_WAIT_SECONDS = 25;

/**
 * GET `url`: a property's changes committed after a change id, by long poll (waits up to `wait` seconds for
 * one); without `after`, only the latest id to follow from.
 */
export function feedRoute<T extends Change>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: { url: string; tag: string; what: string; preValidation: RightCheck; log: ChangeLog<T> },
) {
  const feed = new ChangeFeed(ctx.db, spec.log);
  app.addHook('onClose', async () => feed.stop());
  app.get(
    spec.url,
    {
      preValidation: spec.preValidation,
      schema: {
        tags: [spec.tag],
        summary: `${spec.what} committed after a change id (long poll: waits up to \`wait\` seconds for one); without \`after\`, only the latest id to follow from`,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            after: { type: 'integer', minimum: 0 },
            wait: { type: 'integer', minimum: 0, maximum: MAX_WAIT_SECONDS, default: 0 },
          },
        },
      },
    },
    async (req) => {
      const branch = requireAuth(req).branchId;
      const { after, wait } = req.query as { after?: number; wait: number };
      if (after === undefined) return { last: await feed.latest(branch), changes: [] };
      return feed.waitFor(branch, after, wait * 1000);
    },
  );
}
