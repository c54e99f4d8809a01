import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

type Row = Record<string, unknown>;
/** [item code, quantity, price per purchase unit] */
type Line = [string, string, string];

/**
 * The buying chain of the demo hotel this month: the kitchen's wedding request (approved, partly ordered), the
 * housekeeping request awaiting approval, a draft, an approved one nothing is ordered of yet, the vendor selection behind the wedding's orders, purchase
 * orders in each status (one overdue) and tomorrow's market list. Rows are written as the screens would leave
 * them: lines in the items' purchase units, totals and PPN (11 %, whole rupiah) worked out the same way.
 */
export async function seedBuyingChain(db: Db, branchId: number, businessDate: string) {
  const day = (n: number) => dayjs(businessDate).add(n, 'day').format('YYYY-MM-DD');
  const ids = await lookups(db, branchId);
  const ym = dayjs(businessDate).format('YYYYMM');

  const wedding = await insert(db, 'purchase_request', {
    branch_id: branchId,
    number: `PR-${ym}-0001`,
    date: day(-3),
    department_id: ids.dept.FB,
    needed_by: day(2),
    requested_by: 'Chef Bambang',
    description: 'Pernikahan Pratama–Sari, 300 pax',
    status: 'partially_ordered',
    total: '5620000',
    approved_at: day(-2),
  });
  const weddingLines = await lines(
    db,
    branchId,
    ids,
    'purchase_request_line',
    'request_id',
    wedding,
    [
      ['F-002', '30', '165000'],
      ['F-012', '20', '13500'],
      ['F-008', '10', '40000'],
    ],
    (l) => ({ price: l[2], price_source: l[0] === 'F-002' ? 'last' : 'contract', ordered_quantity: l[0] === 'F-008' ? '0' : l[1] }),
  );
  const amenities = await insert(db, 'purchase_request', {
    branch_id: branchId,
    number: `PR-${ym}-0002`,
    date: day(-1),
    department_id: ids.dept.HK,
    needed_by: day(5),
    requested_by: 'Made Sudarsana',
    description: 'Amenities for the long weekend',
    status: 'submitted',
    total: '1875000',
  });
  await lines(db, branchId, ids, 'purchase_request_line', 'request_id', amenities, [['G-001', '30', '62500']], (l) => ({
    price: l[2],
    price_source: 'last',
  }));
  const bar = await insert(db, 'purchase_request', {
    branch_id: branchId,
    number: `PR-${ym}-0003`,
    date: businessDate,
    department_id: ids.dept.FB,
    needed_by: day(4),
    requested_by: 'Rudi (bar)',
    description: 'Coffee beans for December',
    status: 'draft',
    total: '2800000',
  });
  await lines(db, branchId, ids, 'purchase_request_line', 'request_id', bar, [['B-006', '10', '280000']], (l) => ({
    price: l[2],
    price_source: 'last',
  }));

  const lunch = await insert(db, 'purchase_request', {
    branch_id: branchId,
    number: `PR-${ym}-0004`,
    date: day(-1),
    department_id: ids.dept.FB,
    needed_by: day(3),
    requested_by: 'Chef Bambang',
    description: 'Ayam dan cabai untuk makan siang MICE',
    status: 'approved',
    total: '1380000',
    approved_at: day(-1),
  });
  await lines(
    db,
    branchId,
    ids,
    'purchase_request_line',
    'request_id',
    lunch,
    [
      ['F-005', '20', '58000'],
      ['F-010', '5', '44000'],
    ],
    (l) => ({ price: l[2], price_source: l[0] === 'F-010' ? 'contract' : 'last' }),
  );

  const pvs = await insert(db, 'purchase_selection', {
    branch_id: branchId,
    number: `PVS-${ym}-0001`,
    date: day(-2),
    request_id: wedding,
    description: 'Pernikahan Pratama–Sari',
    status: 'ordered',
  });
  await lines(
    db,
    branchId,
    ids,
    'purchase_selection_line',
    'selection_id',
    pvs,
    weddingLines.map((l) => [l.code, l.quantity, '0']),
    (l, i) => ({
      request_line_id: weddingLines[i].id,
      supplier_id: ids.supplier[l[0] === 'F-002' ? 'SUP-002' : 'SUP-001'],
      justification: l[0] === 'F-002' ? 'Sapi bersertifikat halal, rantai dingin sampai dapur' : null,
    }),
  );
  const quotes: [string, string, string][] = [
    ['F-002', 'SUP-002', '162000'],
    ['F-002', 'SUP-001', '160000'],
    ['F-002', 'SUP-004', '168000'],
    ['F-012', 'SUP-001', '14000'],
    ['F-012', 'SUP-002', '14500'],
    ['F-012', 'SUP-004', '15000'],
    ['F-008', 'SUP-001', '41000'],
    ['F-008', 'SUP-002', '43000'],
    ['F-008', 'SUP-004', '42500'],
  ];
  for (const [n, [item, supplier, price]] of quotes.entries())
    await insert(db, 'purchase_selection_quote', {
      branch_id: branchId,
      selection_id: pvs,
      line_no: n + 1,
      item_id: ids.item[item].id,
      supplier_id: ids.supplier[supplier],
      unit_id: ids.item[item].unit,
      price,
      delivery_days: 1,
    });

  const order = async (n: number, o: Row, ls: Line[], extra: (l: Line, i: number) => Row = () => ({})) => {
    const subtotal = ls.reduce((s, [, q, p]) => s + Math.round(Number(q) * Number(p) * 100), 0) / 100;
    const tax = Math.round(subtotal * 0.11);
    const id = await insert(db, 'purchase_order', {
      branch_id: branchId,
      number: `PO-${ym}-${String(n).padStart(4, '0')}`,
      tax_rate: 11,
      subtotal,
      tax,
      total: subtotal + tax,
      language: 'id',
      ...o,
    });
    await lines(db, branchId, ids, 'purchase_order_line', 'purchase_order_id', id, ls, (l, i) => ({
      unit_price: l[2],
      price_source: 'contract',
      ...extra(l, i),
    }));
    return id;
  };
  await order(
    1,
    {
      date: day(-20),
      supplier_id: ids.supplier['SUP-003'],
      delivery_date: day(-18),
      status: 'closed',
      approved_at: day(-20),
      sent_at: day(-20),
    },
    [
      ['B-004', '6', '129600'],
      ['B-002', '5', '74400'],
    ],
    (l) => ({ received_quantity: l[1] }),
  );
  await order(
    2,
    {
      date: day(-2),
      supplier_id: ids.supplier['SUP-002'],
      delivery_date: day(1),
      status: 'sent',
      request_id: wedding,
      selection_id: pvs,
      approved_at: day(-2),
      sent_at: day(-2),
    },
    [['F-002', '30', '162000']],
    (_l, i) => ({ price_source: 'quote', request_line_id: weddingLines[i].id }),
  );
  await order(
    3,
    {
      date: day(-2),
      supplier_id: ids.supplier['SUP-001'],
      delivery_date: day(-1),
      status: 'partially_received',
      request_id: wedding,
      selection_id: pvs,
      approved_at: day(-2),
      sent_at: day(-2),
    },
    [['F-012', '20', '13500']],
    () => ({ received_quantity: '12', request_line_id: weddingLines[1].id }),
  );
  await order(4, { date: day(-1), supplier_id: ids.supplier['SUP-003'], delivery_date: day(2), status: 'approved', approved_at: day(-1) }, [
    ['B-001', '10', '660000'],
    ['B-004', '4', '129600'],
  ]);
  await order(
    5,
    { date: businessDate, supplier_id: ids.supplier['SUP-005'], delivery_date: day(3), status: 'draft' },
    [['B-006', '5', '275000']],
    () => ({ price_source: 'typed' }),
  );
  await order(
    6,
    { date: day(-6), supplier_id: ids.supplier['SUP-006'], delivery_date: day(-3), status: 'sent', approved_at: day(-6), sent_at: day(-6) },
    [['G-001', '20', '62500']],
    () => ({ price_source: 'last' }),
  );

  const dml = await insert(db, 'purchase_market_list', {
    branch_id: branchId,
    number: `DML-${ym}-0001`,
    date: businessDate,
    market_date: day(1),
    store_id: ids.store.KIT,
    prepared_by: 'Chef Bambang',
    description: 'Sayur dan ayam untuk besok',
    status: 'submitted',
    total: '1190000',
  });
  await lines(
    db,
    branchId,
    ids,
    'purchase_market_list_line',
    'market_list_id',
    dml,
    [
      ['F-012', '8', '13500'],
      ['F-010', '3', '44000'],
      ['F-004', '25', '38000'],
    ],
    (l) => ({
      supplier_id: ids.supplier[l[0] === 'F-004' ? 'SUP-002' : 'SUP-001'],
      price: l[2],
    }),
  );
  await sql`UPDATE purchase_order_line SET amount = round(quantity * unit_price, 2) WHERE branch_id = ${branchId}`.execute(db);
  await sql`UPDATE pur_supplier SET last_order = ${day(-1)} WHERE branch_id = ${branchId} AND code IN ('SUP-001', 'SUP-002', 'SUP-003')`.execute(
    db,
  );
}

async function lookups(db: Db, branchId: number) {
  const q = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;
  const dept = Object.fromEntries(
    (await q(sql<{ code: string; id: number }>`SELECT code, id::int AS id FROM department WHERE branch_id = ${branchId}`)).map((r) => [
      r.code,
      r.id,
    ]),
  );
  const supplier = Object.fromEntries(
    (await q(sql<{ code: string; id: number }>`SELECT code, id::int AS id FROM pur_supplier WHERE branch_id = ${branchId}`)).map((r) => [
      r.code,
      r.id,
    ]),
  );
  const store = Object.fromEntries(
    (await q(sql<{ code: string; id: number }>`SELECT code, id::int AS id FROM inv_store WHERE branch_id = ${branchId}`)).map((r) => [
      r.code,
      r.id,
    ]),
  );
  const item = Object.fromEntries(
    (
      await q(
        sql<{
          code: string;
          id: number;
          unit: number;
        }>`SELECT code, id::int AS id, purchase_unit_id::int AS unit FROM inv_item WHERE branch_id = ${branchId}`,
      )
    ).map((r) => [r.code, r]),
  );
  return { dept, supplier, store, item };
}

async function insert(db: Db, table: string, row: Row): Promise<number> {
  const cols = Object.keys(row).map((c) => sql.ref(c));
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ${sql.table(table)} (${sql.join(cols)})
    SELECT ${sql.join(Object.keys(row).map((c) => sql.ref(`x.${c}`)))} FROM jsonb_populate_record(NULL::${sql.table(table)}, ${JSON.stringify(row)}::jsonb) x
    RETURNING id`.execute(db);
  return Number(rows[0].id);
}

/** Inserts a document's lines in their purchase units, numbered 1, 2, 3 …; returns each line's id, item and quantity. */
async function lines(
  db: Db,
  branchId: number,
  ids: Awaited<ReturnType<typeof lookups>>,
  table: string,
  parent: string,
  parentId: number,
  ls: Line[],
  extra: (l: Line, i: number) => Row,
) {
  const made: { id: number; code: string; quantity: string }[] = [];
  for (const [i, l] of ls.entries()) {
    const item = ids.item[l[0]];
    const row = {
      branch_id: branchId,
      [parent]: parentId,
      line_no: i + 1,
      item_id: item.id,
      unit_id: item.unit,
      quantity: l[1],
      ...extra(l, i),
    };
    made.push({ id: await insert(db, table, row), code: l[0], quantity: l[1] });
  }
  return made;
}
