import { sql } from 'kysely';
import { invalid, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { placesInput, savePlaces } from '../../data/planPlaces.js';

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
      rooms: placesInput('frontoffice/room'),
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const floor = (await sql<{ id: number }>`SELECT id FROM floor WHERE branch_id = ${branch} AND id = ${input.floorId}`.execute(c.trx))
      .rows[0];
    if (!floor) throw notFound('floor.title');
    const plan = { table: 'room', parent: 'floor_id', parentId: input.floorId, branchId: branch, userId: c.auth.user.id } as const;
    const saved = await savePlaces(c.trx, plan, input.rooms);
    if (saved === undefined) throw invalid([{ field: 'rooms', key: 'floorPlan.roomElsewhere', params: {} }]);
    return { ok: true, saved };
  },
});
