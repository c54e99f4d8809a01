import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/** The input of a plan's save: each tile's id and its place in pixels from the top-left corner. */
export function placesInput(ref: string) {
  return {
    type: 'array',
    minItems: 1,
    maxItems: 500,
    items: {
      type: 'object',
      required: ['id', 'x', 'y'],
      additionalProperties: false,
      properties: {
        id: { type: 'integer', minimum: 1, 'x-ref': ref },
        x: { type: 'integer', minimum: 0, maximum: 5000 },
        y: { type: 'integer', minimum: 0, maximum: 5000 },
      },
    },
  } as const;
}

/**
 * Stores the places of the tiles of one plan (the rooms of a floor, the tables of an outlet) together: how many
 * it placed, or undefined when a tile named is not on that plan (then the caller refuses the whole save).
 */
export async function savePlaces(
  trx: Db,
  plan: { table: string; parent: string; parentId: number; branchId: number; userId: number },
  places: { id: number; x: number; y: number }[],
): Promise<number | undefined> {
  const ids = places.map((r) => r.id);
  const { rows } = await sql<{ id: number }>`
    UPDATE ${sql.table(plan.table)} t SET plan_x = x.x, plan_y = x.y, version = t.version + 1, updated_at = now(), updated_by = ${plan.userId}
      FROM unnest(${ids}::bigint[], ${places.map((r) => r.x)}::int[], ${places.map((r) => r.y)}::int[]) AS x(id, x, y)
     WHERE t.branch_id = ${plan.branchId} AND ${sql.ref(`t.${plan.parent}`)} = ${plan.parentId} AND t.id = x.id
    RETURNING t.id`.execute(trx);
  return rows.length === new Set(ids).size ? rows.length : undefined;
}
