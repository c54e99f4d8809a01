import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { hasRight, needsAnyRight, needsRight } from '../../http/rbac.js';
import { requireAuth } from '../../http/session.js';
import { HK_STATUSES } from './roomStatusRules.js';
import { ROOM_STATUS, roomBoard, roomStatusLog } from './roomStatus.js';
import { roomStatusChanges } from './statusFeed.js';
import { feedRoute } from '../../feeds/feedRoute.js';
import { TASKS, taskSheet } from './tasks.js';

const id = { type: 'integer', minimum: 1 } as const;

/** Housekeeping's read models: the room status board and a room's log. */
export async function housekeepingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/housekeeping/room-status',
    {
      preValidation: needsRight(ctx, ROOM_STATUS, 'view'),
      schema: {
        tags: ['housekeeping'],
        summary:
          "Every room's front-office state (vacant, occupied, due out, arrival) and housekeeping status, filtered by floor, type and state",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            floor: { ...id, 'x-ref': 'frontoffice/floor' },
            roomType: { ...id, 'x-ref': 'frontoffice/room-type' },
            hk: { type: 'string', enum: [...HK_STATUSES] },
            fo: { type: 'string', enum: ['vacant', 'occupied', 'due_out', 'arrival'] },
          },
        },
      },
    },
    async (req) => roomBoard(ctx.db, requireAuth(req).branchId, req.query as Parameters<typeof roomBoard>[2]),
  );

  app.get(
    '/api/housekeeping/room-status/:id/log',
    {
      preValidation: needsRight(ctx, ROOM_STATUS, 'view'),
      schema: {
        tags: ['housekeeping'],
        summary: "A room's status changes, newest first (at most 50): from, to, why, who, when and what caused it",
        params: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { ...id, 'x-ref': 'frontoffice/room' } },
        },
      },
    },
    async (req) => ({ rows: await roomStatusLog(ctx.db, requireAuth(req).branchId, (req.params as { id: number }).id) }),
  );

  app.get(
    '/api/housekeeping/tasks',
    {
      preValidation: needsRight(ctx, TASKS, 'view'),
      schema: {
        tags: ['housekeeping'],
        summary: "The business day's attendant sheet in walking order: the signed-in attendant's rooms, or everyone's for a supervisor",
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      return taskSheet(ctx.db, auth.branchId, auth.user.id, hasRight(auth, TASKS, 'assign'));
    },
  );

  feedRoute(app, ctx, {
    url: '/api/housekeeping/room-status/changes',
    tag: 'housekeeping',
    what: 'Room status changes',
    preValidation: needsAnyRight(ctx, [
      { resource: ROOM_STATUS, action: 'view' },
      { resource: 'frontoffice.roomplan', action: 'view' },
    ]),
    log: roomStatusChanges,
  });
}
