import { sql } from 'kysely';
import { invalid, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';

interface PlanInput {
  floorId: number;
  rooms: { id: number; x: number; y: number }[];
}

/** Where each room of a floor sits on its plan (pixels from the top-left corner), saved together. */
export const saveFloorPlan = defineOp<PlanInput>({
  name: 'frontoffice.saveFloorPlan',
  summary: 'Store the position of the rooms of one floor on its floor plan',
  resource: 'frontoffice.floor-plan',
  action: 'edit',
  input: {
    type: 'object',
    required: ['floorId', 'rooms'],
    additionalProperties: false,
    properties: {
      floorId: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/floor' },
      rooms: {
        type: 'array',
        minItems: 1,
        maxItems: 500,
        items: {
          type: 'object',
          required: ['id', 'x', 'y'],
          additionalProperties: false,
          properties: {
            id: { type: 'integer', minimum: 1, 'x-ref': 'frontoffice/room' },
            x: { type: 'integer', minimum: 0, maximum: 5000 },
            y: { type: 'integer', minimum: 0, maximum: 5000 },
          },
        },
      },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const floor = (await sql<{ id: number }>`SELECT id FROM floor WHERE branch_id = ${branch} AND id = ${input.floorId}`.execute(c.trx))
      .rows[0];
    if (!floor) throw notFound('floor.title');
    const ids = input.rooms.map((r) => r.id);
    const { rows } = await sql<{ id: number }>`
      UPDATE room r SET plan_x = x.x, plan_y = x.y, version = r.version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
        FROM unnest(${ids}::bigint[], ${input.rooms.map((r) => r.x)}::int[], ${input.rooms.map((r) => r.y)}::int[]) AS x(id, x, y)
       WHERE r.branch_id = ${branch} AND r.floor_id = ${input.floorId} AND r.id = x.id
      RETURNING r.id`.execute(c.trx);
    if (rows.length !== new Set(ids).size) throw invalid([{ field: 'rooms', key: 'floorPlan.roomElsewhere', params: {} }]);
    return { ok: true, saved: rows.length };
  },
});
