import { sql } from 'kysely';
import { invalid, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';
import { placesInput, savePlaces } from '../../data/planPlaces.js';

export const TABLE_PLAN = 'pointofsales.table-plan';

interface PlanInput {
  outlet_id: number;
  tables: { id: number; x: number; y: number }[];
}

/** Where each table of an outlet stands on the table plan, saved together (one area or all of them). */
export const saveTablePlan = defineOp<PlanInput>({
  name: 'pointofsales.saveTablePlan',
  summary: 'Store the position of the tables of one outlet on its table plan',
  resource: TABLE_PLAN,
  action: 'edit',
  input: {
    type: 'object',
    required: ['outlet_id', 'tables'],
    additionalProperties: false,
    properties: {
      outlet_id: { type: 'integer', minimum: 1, 'x-ref': 'system/outlet' },
      tables: placesInput('pointofsales/table'),
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const outlet = (await sql<{ id: number }>`SELECT id FROM outlet WHERE branch_id = ${branch} AND id = ${input.outlet_id}`.execute(c.trx))
      .rows[0];
    if (!outlet) throw notFound('pos-till.outlet');
    const plan = { table: 'pos_table', parent: 'outlet_id', parentId: input.outlet_id, branchId: branch, userId: c.auth.user.id } as const;
    const saved = await savePlaces(c.trx, plan, input.tables);
    if (saved === undefined) throw invalid([{ field: 'tables', key: 'pos-plan.tableElsewhere', params: {} }]);
    return { ok: true, saved };
  },
});
