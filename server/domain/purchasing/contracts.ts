import { sql } from 'kysely';
import type { EntityHook, HookContext } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';
import { formatDate } from '../../../src/core/format/format.js';
import { conversionFactor, loadUnits } from './units.js';

/**
 * A supplier contract prices an item in a unit the item can be counted in (its stock unit or one that converts
 * to it), and a supplier has one contract price for an item on any day: a contract whose validity overlaps
 * another of the same supplier for an item both list is refused, naming that contract.
 */
export const supplierContractHook: EntityHook = {
  async afterWrite(c, _mode, row) {
    await unitsConvert(c, Number(row.id));
    await noOverlap(c, Number(row.id));
  },
};

async function unitsConvert(c: HookContext, contractId: number) {
  const { rows } = await sql<{ line_no: number; item: string; stock_unit_id: number; unit_id: number }>`
    SELECT l.line_no, i.code AS item, i.stock_unit_id::int AS stock_unit_id, l.unit_id::int AS unit_id
      FROM pur_contract_line l JOIN inv_item i ON i.branch_id = l.branch_id AND i.id = l.item_id
     WHERE l.branch_id = ${c.auth.branchId} AND l.contract_id = ${contractId}
     ORDER BY l.line_no`.execute(c.trx);
  const units = await loadUnits(c.trx, c.auth.branchId, [...new Set(rows.flatMap((r) => [r.stock_unit_id, r.unit_id]))]);
  for (const line of rows) {
    const unit = units.get(line.unit_id)!;
    const stock = units.get(line.stock_unit_id)!;
    if (!conversionFactor(unit, stock))
      throw invalid([
        {
          field: `lines/${line.line_no - 1}/unit_id`,
          key: 'supplier-contract.unitNotConvertible',
          params: { line: line.line_no, item: line.item, unit: unit.code, stock: stock.code },
        },
      ]);
  }
}

async function noOverlap(c: HookContext, contractId: number) {
  const { rows } = await sql<{ item: string; number: string; valid_from: string; valid_to: string }>`
    SELECT i.code || ' - ' || i.name AS item, o.number, o.valid_from::text AS valid_from, o.valid_to::text AS valid_to
      FROM pur_contract k
      JOIN pur_contract_line kl ON kl.branch_id = k.branch_id AND kl.contract_id = k.id
      JOIN pur_contract o ON o.branch_id = k.branch_id AND o.supplier_id = k.supplier_id AND o.id <> k.id
                         AND o.valid_from <= k.valid_to AND k.valid_from <= o.valid_to
      JOIN pur_contract_line ol ON ol.branch_id = o.branch_id AND ol.contract_id = o.id AND ol.item_id = kl.item_id
      JOIN inv_item i ON i.branch_id = kl.branch_id AND i.id = kl.item_id
     WHERE k.branch_id = ${c.auth.branchId} AND k.id = ${contractId}
     ORDER BY o.valid_from, i.code
     LIMIT 1`.execute(c.trx);
  const clash = rows[0];
  if (clash)
    throw invalid([
      {
        field: 'valid_from',
        key: 'supplier-contract.overlap',
        params: { item: clash.item, number: clash.number, from: formatDate(clash.valid_from), to: formatDate(clash.valid_to) },
      },
    ]);
}
