import { sql } from 'kysely';
import { defineOp } from '../../ops/registry.js';
import { badRequest, notFound } from '../../http/errors.js';

/**
 * Copies an outlet's menu to another (the pool bar opens with the lounge's drinks): every dish the target
 * does not have under the same code, with its group, price, cost, station and modifiers. Dishes the target
 * already sells keep their own price, so running it twice copies nothing twice.
 */
export const duplicateMenu = defineOp<{ id: number; to_outlet_id: number }>({
  name: 'pointofsales.duplicateMenu',
  summary: "Copy an outlet's menu (dishes and modifiers) to another outlet, skipping the codes it already has",
  resource: 'pointofsales.outlet',
  action: 'duplicate',
  input: {
    type: 'object',
    required: ['id', 'to_outlet_id'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1, 'x-ref': 'system/outlet', description: 'the outlet whose menu is copied' },
      to_outlet_id: { type: 'integer', minimum: 1, 'x-ref': 'system/outlet' },
    },
  },
  async handler(c, { id, to_outlet_id }) {
    const branch = c.auth.branchId;
    if (id === to_outlet_id) throw badRequest('pos-menu.duplicateSame');
    const { rows: outlets } = await sql<{ id: number }>`
      SELECT id FROM outlet WHERE branch_id = ${branch} AND id IN (${id}, ${to_outlet_id})`.execute(c.trx);
    if (outlets.length < 2) throw notFound('outlet.title');
    const { rows } = await sql<{ id: number; source_id: number }>`
      INSERT INTO pos_menu (branch_id, outlet_id, code, name, name_id, group_id, price, cost, station, available, active, created_by, updated_by)
      SELECT m.branch_id, ${to_outlet_id}, m.code, m.name, m.name_id, m.group_id, m.price, m.cost, m.station, m.available, m.active, ${c.auth.user.id}, ${c.auth.user.id}
        FROM pos_menu m
       WHERE m.branch_id = ${branch} AND m.outlet_id = ${id}
         AND NOT EXISTS (SELECT 1 FROM pos_menu t WHERE t.branch_id = m.branch_id AND t.outlet_id = ${to_outlet_id} AND t.code = m.code)
      RETURNING id, (SELECT s.id FROM pos_menu s WHERE s.branch_id = ${branch} AND s.outlet_id = ${id} AND s.code = pos_menu.code) AS source_id`.execute(
      c.trx,
    );
    if (rows.length)
      await sql`
        INSERT INTO pos_menu_modifier (branch_id, menu_id, line_no, name, price)
        SELECT mm.branch_id, x.id, mm.line_no, mm.name, mm.price
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id bigint, source_id bigint)
          JOIN pos_menu_modifier mm ON mm.branch_id = ${branch} AND mm.menu_id = x.source_id`.execute(c.trx);
    return { count: rows.length };
  },
});
