import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';

export interface Unit {
  id: number;
  code: string;
  base_unit_id: number | null;
  factor: string;
}

/**
 * How many `to` make one `from` (a CS24 is 24 BTL, a G is 0.001 KG), exactly; null when the two units share no
 * base (a PACK of shampoo sachets and a PCS). Conversions go one level deep, so every unit is its base times
 * its factor and two units of the same base convert through it.
 */
export function conversionFactor(from: Unit, to: Unit): Decimal | null {
  if (baseOf(from) !== baseOf(to)) return null;
  return inBase(from).div(inBase(to));
}

const baseOf = (u: Unit) => Number(u.base_unit_id ?? u.id);
const inBase = (u: Unit) => (u.base_unit_id === null ? new Decimal(1) : new Decimal(u.factor));

export async function loadUnits(db: Db, branchId: number, ids: number[]): Promise<Map<number, Unit>> {
  const { rows } = await sql<Unit>`
    SELECT id::int AS id, code, base_unit_id::int AS base_unit_id, factor::text AS factor
      FROM inv_unit WHERE branch_id = ${branchId} AND id = ANY(${ids}::bigint[])`.execute(db);
  return new Map(rows.map((u) => [u.id, u]));
}

/**
 * A unit is a base (factor 1) or a multiple of a base unit, never of another multiple. Once items are stocked or
 * bought in it, its base and factor stay: every item's purchase factor and every quantity held were worked out
 * with them.
 */
export const unitHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    const branch = c.auth.branchId;
    const base = (values.base_unit_id !== undefined ? values.base_unit_id : (before?.base_unit_id ?? null)) as number | null;
    if (base === null) {
      if (values.factor !== undefined && !new Decimal(String(values.factor)).eq(1))
        throw invalid([{ field: 'factor', key: 'unit.factorWithoutBase', params: {} }]);
      values.factor = '1';
    } else {
      if (before && Number(base) === Number(before.id)) throw invalid([{ field: 'base_unit_id', key: 'unit.ownBase', params: {} }]);
      const baseUnit = (await loadUnits(c.trx, branch, [base])).get(Number(base));
      if (baseUnit && baseUnit.base_unit_id !== null)
        throw invalid([{ field: 'base_unit_id', key: 'unit.baseNotBase', params: { base: baseUnit.code } }]);
      const factor = new Decimal(String(values.factor ?? before?.factor ?? 1));
      if (factor.eq(1)) throw invalid([{ field: 'factor', key: 'unit.factorOfMultiple', params: {} }]);
      if (before) {
        const { rows } = await sql<{ code: string }>`
          SELECT code FROM inv_unit WHERE branch_id = ${branch} AND base_unit_id = ${before.id} ORDER BY code LIMIT 3`.execute(c.trx);
        if (rows.length)
          throw invalid([{ field: 'base_unit_id', key: 'unit.hasMultiples', params: { units: rows.map((r) => r.code).join(', ') } }]);
      }
    }
    if (mode === 'update' && before && conversionChanged(values, before)) {
      const { rows } = await sql<{ code: string }>`
        SELECT code FROM inv_item WHERE branch_id = ${branch} AND ${before.id} IN (stock_unit_id, purchase_unit_id) ORDER BY code LIMIT 3`.execute(
        c.trx,
      );
      if (rows.length) throw invalid([{ field: 'factor', key: 'unit.inUse', params: { items: rows.map((r) => r.code).join(', ') } }]);
    }
  },
};

function conversionChanged(values: Record<string, unknown>, before: Record<string, unknown>) {
  const baseChanged = values.base_unit_id !== undefined && Number(values.base_unit_id ?? 0) !== Number(before.base_unit_id ?? 0);
  const factorChanged = values.factor !== undefined && !new Decimal(String(values.factor)).eq(String(before.factor));
  return baseChanged || factorChanged;
}
