import { sql } from 'kysely';
import { invalid, notFound } from '../../http/errors.js';
import { defineOp } from '../../ops/registry.js';

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
      tables: {
        type: 'array',
        minItems: 1,
        maxItems: 500,
        items: {
          type: 'object',
          required: ['id', 'x', 'y'],
          additionalProperties: false,
          properties: {
            id: { type: 'integer', minimum: 1, 'x-ref': 'pointofsales/table' },
            x: { type: 'integer', minimum: 0, maximum: 5000 },
            y: { type: 'integer', minimum: 0, maximum: 5000 },
          },
        },
      },
    },
  },
  async handler(c, input) {
    const branch = c.auth.branchId;
    const outlet = (await sql<{ id: number }>`SELECT id FROM outlet WHERE branch_id = ${branch} AND id = ${input.outlet_id}`.execute(c.trx))
      .rows[0];
    if (!outlet) throw notFound('pos-till.outlet');
    const ids = input.tables.map((r) => r.id);
    const { rows } = await sql<{ id: number }>`
      UPDATE pos_table t SET plan_x = x.x, plan_y = x.y, version = t.version + 1, updated_at = now(), updated_by = ${c.auth.user.id}
        FROM unnest(${ids}::bigint[], ${input.tables.map((r) => r.x)}::int[], ${input.tables.map((r) => r.y)}::int[]) AS x(id, x, y)
       WHERE t.branch_id = ${branch} AND t.outlet_id = ${input.outlet_id} AND t.id = x.id
      RETURNING t.id`.execute(c.trx);
    if (rows.length !== new Set(ids).size) throw invalid([{ field: 'tables', key: 'pos-plan.tableElsewhere', params: {} }]);
    return { ok: true, saved: rows.length };
  },
});
