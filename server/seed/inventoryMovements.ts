import dayjs from 'dayjs';
import minMax from 'dayjs/plugin/minMax.js';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { nextNumber } from '../data/numbering.js';
import { moveStock, type MovementKind } from '../domain/inventory/ledger.js';
import { proposeJournal } from '../domain/inventory/toLedger.js';

dayjs.extend(minMax);

interface Outgoing {
  /** days before the business day (never before the month's opening stock) */
  daysBack: number;
  store: string;
  to?: string;
  outlet?: string;
  department?: string;
  description: string;
  lines: [string, number][];
  validated?: true;
  cancelled?: { daysBack: number; reason: string };
}

/**
 * The Bali resort's month after the opening stock (its storekeeping is done by the administrator in the demo), posted through the stock ledger as the documents
 * would: amenities issued to housekeeping each week, a transfer of shampoo to the housekeeping store its
 * storekeeper confirmed, potatoes on their way to the kitchen not yet confirmed, and snapper issued to the
 * restaurant then cancelled when the banquet was postponed (its journal, never posted, withdrawn).
 */
export async function seedInventoryMovements(db: Db, branchId: number, businessDate: string) {
  const opened = dayjs(businessDate).startOf('month');
  const dated = (daysBack: number) => dayjs.max(opened, dayjs(businessDate).subtract(daysBack, 'day')).format('YYYY-MM-DD');
  const docs: Outgoing[] = [
    {
      daysBack: 18,
      store: 'HK',
      department: 'HK',
      description: 'Amenities for the week',
      lines: [
        ['G-001', 120],
        ['G-002', 120],
      ],
    },
    {
      daysBack: 11,
      store: 'HK',
      department: 'HK',
      description: 'Amenities for the week',
      lines: [
        ['G-001', 110],
        ['G-003', 90],
      ],
    },
    { daysBack: 8, store: 'MAIN', to: 'HK', description: 'Shampoo for the housekeeping store', lines: [['G-001', 300]], validated: true },
    {
      daysBack: 5,
      store: 'MAIN',
      outlet: 'RESTO',
      description: 'Snapper for the Saturday banquet',
      lines: [['F-016', 4]],
      cancelled: { daysBack: 3, reason: 'Banquet postponed: the fish went back to the store' },
    },
    {
      daysBack: 4,
      store: 'HK',
      department: 'HK',
      description: 'Amenities for the week',
      lines: [
        ['G-001', 130],
        ['G-002', 100],
      ],
    },
    { daysBack: 2, store: 'MAIN', to: 'KIT', description: 'Potatoes for the kitchen', lines: [['F-013', 20]] },
  ];
  const ids = async (table: string) =>
    new Map(
      (
        await sql<{ id: number; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${branchId}`.execute(db)
      ).rows.map((r) => [r.code, Number(r.id)]),
    );
  const store = await ids('inv_store');
  const item = await ids('inv_item');
  const outlet = await ids('outlet');
  const department = await ids('department');
  const { rows: admin } = await sql<{ id: number }>`SELECT id FROM app_user WHERE username = 'admin'`.execute(db);
  const by = admin[0] ? Number(admin[0].id) : null;
  for (const d of docs) {
    const kind = d.to ? 'transfer' : 'issue';
    const date = dated(d.daysBack);
    const number = await nextNumber(db, branchId, 'inv_outgoing', `${kind === 'transfer' ? 'TR' : 'IS'}-${dayjs(date).format('YYYYMM')}-`);
    const storeId = store.get(d.store)!;
    const toStoreId = d.to ? store.get(d.to)! : null;
    const outletId = d.outlet ? outlet.get(d.outlet)! : null;
    // an issue's cost goes to its department, the outlet's when only an outlet is named
    const departmentId = d.department
      ? department.get(d.department)!
      : outletId
        ? Number(
            (await sql<{ d: number }>`SELECT department_id AS d FROM outlet WHERE branch_id = ${branchId} AND id = ${outletId}`.execute(db))
              .rows[0].d,
          )
        : null;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO inv_outgoing (branch_id, number, kind, date, store_id, to_store_id, outlet_id, department_id, description, status, created_by, updated_by)
      VALUES (${branchId}, ${number}, ${kind}, ${date}, ${storeId}, ${toStoreId}, ${outletId}, ${kind === 'issue' ? departmentId : null}, ${d.description}, 'posted', ${by}, ${by})
      RETURNING id`.execute(db);
    const id = Number(rows[0].id);
    const doc = { kind: kind as MovementKind, id, number, date };
    const moved = await moveStock(
      db,
      branchId,
      by,
      doc,
      d.lines.map(([code, q]) =>
        toStoreId
          ? { storeId, itemId: item.get(code)!, transfer: new Decimal(q), toStoreId }
          : { storeId, itemId: item.get(code)!, issue: new Decimal(q), departmentId, outletId },
      ),
    );
    for (const [n, [code, q]] of d.lines.entries())
      await sql`
        INSERT INTO inv_outgoing_line (branch_id, outgoing_id, line_no, item_id, quantity, stock_quantity, unit_cost, value)
        VALUES (${branchId}, ${id}, ${n + 1}, ${item.get(code)!}, ${q}, ${q}, ${moved[n].unitCost.toFixed(4)}, ${moved[n].value.toFixed(2)})`.execute(
        db,
      );
    const total = moved.reduce((s, m) => s.plus(m.value), new Decimal(0));
    await sql`UPDATE inv_outgoing SET total = ${total.toFixed(2)} WHERE branch_id = ${branchId} AND id = ${id}`.execute(db);
    if (!d.cancelled)
      await proposeJournal(
        db,
        branchId,
        by,
        { ...doc, description: d.description },
        d.lines.map(([code], n) => ({
          itemId: item.get(code)!,
          storeId,
          toStoreId: toStoreId ?? undefined,
          value: moved[n].value,
          departmentId,
        })),
      );
    if (d.validated)
      await sql`UPDATE inv_outgoing SET status = 'validated', validated_at = ${`${date} 16:30:00+07`}, validated_by = ${by}
                 WHERE branch_id = ${branchId} AND id = ${id}`.execute(db);
    if (d.cancelled) {
      const cancelled = dated(d.cancelled.daysBack);
      await moveStock(
        db,
        branchId,
        by,
        { kind: 'issue_cancel', id, number, date: cancelled },
        d.lines.map(([code, q], n) => ({
          storeId,
          itemId: item.get(code)!,
          receive: new Decimal(q),
          value: moved[n].value,
          departmentId,
          outletId,
        })),
      );
      await sql`UPDATE inv_outgoing SET status = 'cancelled', cancelled_date = ${cancelled}, cancelled_at = ${`${cancelled} 09:15:00+07`},
                       cancelled_by = ${by}, cancel_reason = ${d.cancelled.reason}
                 WHERE branch_id = ${branchId} AND id = ${id}`.execute(db);
    }
  }
}
