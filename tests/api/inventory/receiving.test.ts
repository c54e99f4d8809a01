import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * Agus, the storekeeper of the Grand Nusantara Bandung (business date 23/11/2026), receives what suppliers
 * deliver. The main store opened November with 144 bottles of Bintang at Rp 28.000; PT Nusantara Minuman
 * Distribusi (SUP-003) has a contract at Rp 660.000 a case of 24 and delivers at 720.000, then at 648.000.
 * Sumber Segar Lembang (SUP-001) delivers the kitchen's vegetables against an order, in two parts.
 */
let t: TestApp;
let db: Db;
let agus: ApiClient;
let gnb: number;
let bali: number;
const id: Record<string, number> = {};

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const create = (who: ApiClient, body: unknown) => who.post('/api/data/inventory/receiving', body);
const read = async (docId: number) => ok(await agus.get(`/api/data/inventory/receiving/${docId}`));
const post = async (who: ApiClient, docId: number) => {
  const row = (await who.get(`/api/data/inventory/receiving/${docId}`)).json();
  return who.post(`/api/data/inventory/receiving/${docId}/post`, { version: row.version });
};
const cancel = (who: ApiClient, docId: number, reason: string) => who.post('/api/ops/inventory.cancelReceipt', { id: docId, reason });
const report = async (code: string, params: Record<string, string | number>) =>
  (await ok(await agus.get(`/api/reports/${code}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`)))
    .rows as Record<string, unknown>[];

async function balance(store: string, item: string) {
  const { rows } = await sql<{ quantity: string; value: string }>`
    SELECT b.quantity::text, b.value::text FROM inv_balance b
      JOIN inv_store s ON s.branch_id = b.branch_id AND s.id = b.store_id JOIN inv_item i ON i.branch_id = b.branch_id AND i.id = b.item_id
     WHERE b.branch_id = ${gnb} AND s.code = ${store} AND i.code = ${item}`.execute(db);
  return rows[0];
}
async function journal(kind: string, docId: number) {
  const { rows } = await sql<{ code: string; debit: string; credit: string }>`
    SELECT a.code, l.debit::text, l.credit::text FROM inv_gl_transfer g
      JOIN inv_gl_transfer_line l ON l.branch_id = g.branch_id AND l.transfer_id = g.id
      JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
     WHERE g.branch_id = ${gnb} AND g.source_kind = ${kind} AND g.source_id = ${docId} ORDER BY l.line_no`.execute(db);
  return rows;
}
const ids = async (branch: number, table: string, prefix: string) => {
  const { rows } = await sql<{ id: number; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${branch}`.execute(
    db,
  );
  for (const r of rows) id[`${prefix}${r.code}`] = Number(r.id);
};

/** The order's received quantity per line, in line order, and its status. */
async function orderState(order: number) {
  const { rows } = await sql<{ received: string; status: string }>`
    SELECT string_agg(l.received_quantity::text, ',' ORDER BY l.line_no) AS received, o.status FROM purchase_order o
      JOIN purchase_order_line l ON l.branch_id = o.branch_id AND l.purchase_order_id = o.id
     WHERE o.branch_id = ${gnb} AND o.id = ${order} GROUP BY o.status`.execute(db);
  return rows[0];
}

/** An order sent to the supplier: 20 kg of shallots at 40.000 and 15 kg of tomatoes at 13.500, for the kitchen. */
async function sentOrder(): Promise<{ order: number; shallots: number; tomatoes: number }> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO purchase_order (branch_id, number, date, supplier_id, delivery_date, store_id, tax_rate, status, subtotal, tax, total)
    VALUES (${gnb}, 'PO-202611-0901', '2026-11-20', ${id['supplier:SUP-001']}, '2026-11-23', ${id['store:KIT']}, 0, 'sent', 1002500, 0, 1002500)
    RETURNING id`.execute(db);
  const order = Number(rows[0].id);
  const { rows: lines } = await sql<{ id: number }>`
    INSERT INTO purchase_order_line (branch_id, purchase_order_id, line_no, item_id, unit_id, quantity, unit_price, amount, price_source)
    VALUES (${gnb}, ${order}, 1, ${id['item:F-008']}, ${id['unit:KG']}, 20, 40000, 800000, 'contract'),
           (${gnb}, ${order}, 2, ${id['item:F-012']}, ${id['unit:KG']}, 15, 13500, 202500, 'contract')
    RETURNING id`.execute(db);
  return { order, shallots: Number(lines[0].id), tomatoes: Number(lines[1].id) };
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  agus = await t.login('purchasing');
  gnb = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  bali = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'NBR'`.execute(db)).rows[0].id;
  await ids(gnb, 'inv_store', 'store:');
  await ids(gnb, 'inv_item', 'item:');
  await ids(gnb, 'inv_unit', 'unit:');
  await ids(gnb, 'pur_supplier', 'supplier:');
  await ids(bali, 'inv_store', 'bali-store:');
  await ids(bali, 'inv_item', 'bali-item:');
  await ids(bali, 'pur_supplier', 'bali-supplier:');
});
afterAll(() => t.close());

let first: number;
let second: number;

describe('a direct receipt of Bintang into the main store', () => {
  it('flags 720.000 a case against the contract price of 660.000: 120.000 over on two cases, 9,09 %', async () => {
    const doc = await ok(
      await create(agus, {
        supplier_id: id['supplier:SUP-003'],
        store_id: id['store:MAIN'],
        delivery_note: 'SJ-NMD-77120',
        invoice_number: 'INV/NMD/2611/0733',
        invoice_date: '2026-11-23',
        tax_percent: '11',
        lines: [{ item_id: id['item:B-001'], unit_id: id['unit:CS24'], quantity: '2', price: '720000' }],
      }),
      201,
    );
    first = doc.id;
    expect(doc.number).toMatch(/^RC-202611-\d{4}$/);
    expect(doc.lines[0]).toMatchObject({ reference_price: '660000.00', variance_amount: '120000.00', variance_percent: '9.09' });
    expect(doc).toMatchObject({ total: '1440000.00', tax_amount: '158400.00', total_after_tax: '1598400.00', variance_lines: 1 });
    // SUP-003 pays 30 days after the invoice
    expect(doc.due_date).toBe('2026-12-23');
    expect(doc.invoice_status).toBe('not_invoiced');
  });

  it('refuses Bintang counted in kilograms, naming the unit and the two it is kept and bought in', async () => {
    const res = await create(agus, {
      supplier_id: id['supplier:SUP-003'],
      store_id: id['store:MAIN'],
      delivery_note: 'SJ-NMD-77121',
      tax_percent: '11',
      lines: [
        { item_id: id['item:B-001'], unit_id: id['unit:CS24'], quantity: '1', price: '660000' },
        { item_id: id['item:B-001'], unit_id: id['unit:KG'], quantity: '3', price: '28000' },
      ],
    });
    expectApiError(res, 400, { message: /^Line 2: KG is neither the stock unit \(BTL\) nor the purchase unit \(CS24\) of B-001 / });
  });

  it('refuses to post a price 9,09 % off (tolerance 2 %) without a reason', async () => {
    expectApiError(await post(agus, first), 400, {
      fields: {
        'lines/0/variance_reason': 'Line 1: the price differs 9.09% from the order or contract price (more than 2%): give the reason',
      },
    });
    expect(await balance('MAIN', 'B-001')).toEqual({ quantity: '144.000', value: '4032000.00' });
  });

  it('posts with the reason: 2 cases are 48 bottles at 30.000, the main store averages 28.500', async () => {
    const doc = await read(first);
    await ok(
      await agus.patch(`/api/data/inventory/receiving/${first}`, {
        version: doc.version,
        lines: [{ ...doc.lines[0], variance_reason: 'Harga naik sejak 1 November, kontrak belum diperbarui' }].map(({ _refs, ...l }) => l),
      }),
    );
    await ok(await post(agus, first));
    const posted = await read(first);
    expect(posted.status).toBe('posted');
    expect(posted.lines[0]).toMatchObject({ stock_quantity: '48.000', unit_cost: '30000.0000', value: '1440000.00' });
    // (4.032.000 + 1.440.000) / 192 = 28.500
    expect(await balance('MAIN', 'B-001')).toEqual({ quantity: '192.000', value: '5472000.00' });
    const { rows } = await sql<{ quantity: string; value: string; on_hand_quantity: string }>`
      SELECT quantity::text, value::text, on_hand_quantity::text FROM inv_movement
       WHERE branch_id = ${gnb} AND kind = 'receipt' AND document_id = ${first}`.execute(db);
    expect(rows).toEqual([{ quantity: '48.000', value: '1440000.00', on_hand_quantity: '192.000' }]);
  });

  it('stamps the supplier last delivery and the item last and average price', async () => {
    const { rows: supplier } = await sql<{ d: string }>`
      SELECT last_delivery::text AS d FROM pur_supplier WHERE branch_id = ${gnb} AND id = ${id['supplier:SUP-003']}`.execute(db);
    expect(supplier[0].d).toBe('2026-11-23');
    const { rows: item } = await sql<{ last_price: string; average_price: string }>`
      SELECT last_price::text, average_price::text FROM inv_item WHERE branch_id = ${gnb} AND id = ${id['item:B-001']}`.execute(db);
    // over the main store (192 for 5.472.000) and the bar (24 for 672.000): 6.144.000 / 216
    expect(item[0]).toEqual({ last_price: '30000.00', average_price: '28444.4444' });
  });

  it('proposes a balanced journal: Dr beverage inventory / Cr goods received not invoiced', async () => {
    expect(await journal('receipt', first)).toEqual([
      { code: '1302.01', debit: '1440000.00', credit: '0.00' },
      { code: '2102.01', debit: '0.00', credit: '1440000.00' },
    ]);
  });

  it('posts that journal to the ledger named once by the receipt number when the receipt has no description', async () => {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM inv_gl_transfer WHERE branch_id = ${gnb} AND source_kind = 'receipt' AND source_id = ${first}`.execute(db);
    const posted = await ok(await agus.post('/api/ops/inventory.postJournal', { id: Number(rows[0].id) }));
    const { rows: journals } = await sql<{ description: string; debit: string; credit: string }>`
      SELECT j.description, sum(l.debit)::text AS debit, sum(l.credit)::text AS credit FROM gl_journal j
        JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
       WHERE j.branch_id = ${gnb} AND j.id = ${posted.journal} GROUP BY j.description`.execute(db);
    const number = (await read(first)).number;
    expect(journals).toEqual([{ description: number, debit: '1440000.00', credit: '1440000.00' }]);
  });

  it('averages a second receipt at 648.000 a case: 216 bottles for 6.120.000', async () => {
    const doc = await ok(
      await create(agus, {
        supplier_id: id['supplier:SUP-003'],
        store_id: id['store:MAIN'],
        invoice_number: 'INV/NMD/2611/0740',
        lines: [
          { item_id: id['item:B-001'], unit_id: id['unit:CS24'], quantity: '1', price: '648000', variance_reason: 'Promo akhir bulan' },
        ],
      }),
      201,
    );
    second = doc.id;
    expect(doc.lines[0]).toMatchObject({ variance_amount: '-12000.00', variance_percent: '-1.82' });
    await ok(await post(agus, second));
    expect(await balance('MAIN', 'B-001')).toEqual({ quantity: '216.000', value: '6120000.00' });
    const { rows } = await sql<{ last_price: string }>`
      SELECT last_price::text FROM inv_item WHERE branch_id = ${gnb} AND id = ${id['item:B-001']}`.execute(db);
    expect(rows[0].last_price).toBe('27000.00');
  });
});

describe('cancelling a posted receipt', () => {
  it('refuses an edit of a posted receipt', async () => {
    const doc = await read(second);
    expectApiError(await agus.patch(`/api/data/inventory/receiving/${second}`, { version: doc.version, delivery_note: 'X' }), 409);
  });

  it('takes the stock back out at the value it came in, and the journal back', async () => {
    await ok(await cancel(agus, second, 'Salah kirim: Bintang kaleng, bukan botol'));
    const doc = await read(second);
    expect(doc).toMatchObject({
      status: 'cancelled',
      cancelled_date: '2026-11-23',
      cancel_reason: 'Salah kirim: Bintang kaleng, bukan botol',
    });
    expect(await balance('MAIN', 'B-001')).toEqual({ quantity: '192.000', value: '5472000.00' });
    expect(await journal('receipt_cancel', second)).toEqual([
      { code: '2102.01', debit: '648000.00', credit: '0.00' },
      { code: '1302.01', debit: '0.00', credit: '648000.00' },
    ]);
    // the last price goes back to the receipt still standing
    const { rows } = await sql<{ last_price: string }>`
      SELECT last_price::text FROM inv_item WHERE branch_id = ${gnb} AND id = ${id['item:B-001']}`.execute(db);
    expect(rows[0].last_price).toBe('30000.00');
    expectApiError(await cancel(agus, second, 'Sekali lagi'), 409, { message: /is not posted/ });
  });

  it('refuses once the stock it brought has gone, saying how much is left', async () => {
    // Marjan syrup into the bar, where none was held: 1 case of 12, then 5 bottles go to the lounge
    const doc = await ok(
      await create(agus, {
        supplier_id: id['supplier:SUP-003'],
        store_id: id['store:BAR'],
        lines: [{ item_id: id['item:B-011'], unit_id: id['unit:CS12'], quantity: '1', price: '288000' }],
      }),
      201,
    );
    await ok(await post(agus, doc.id));
    const before = await balance('BAR', 'B-011');
    const issue = await ok(
      await agus.post('/api/data/inventory/outgoing', {
        kind: 'issue',
        store_id: id['store:BAR'],
        department_id: (await sql<{ id: number }>`SELECT id FROM department WHERE branch_id = ${gnb} AND code = 'FB'`.execute(db)).rows[0]
          .id,
        lines: [{ item_id: id['item:B-011'], quantity: before.quantity }],
      }),
      201,
    );
    await ok(await agus.post(`/api/data/inventory/outgoing/${issue.id}/post`, { version: issue.version }));
    const left = await balance('BAR', 'B-011');
    expectApiError(await cancel(agus, doc.id, 'Sirup kedaluwarsa'), 409, {
      message: `Receipt ${(await read(doc.id)).number} cannot be cancelled: of the 12 BTL of B-011 Marjan cocopandan syrup it brought into Lobby Lounge bar, only ${Number(left.quantity)} BTL are left`,
    });
    expect((await read(doc.id)).status).toBe('posted');
  });
});

describe('receiving against a purchase order', () => {
  let order: Awaited<ReturnType<typeof sentOrder>>;
  let part: number;

  it('brings in the outstanding lines of the order when none are given, at the ordered price', async () => {
    order = await sentOrder();
    const doc = await ok(
      await create(agus, {
        supplier_id: id['supplier:SUP-001'],
        store_id: id['store:KIT'],
        po_id: order.order,
        delivery_note: 'SSL-SJ-3301',
        lines: [],
      }),
      201,
    );
    part = doc.id;
    expect(
      doc.lines.map((l: Record<string, unknown>) => [l.po_line_id, l.outstanding_quantity, l.quantity, l.price, l.variance_amount]),
    ).toEqual([
      [order.shallots, '20.000', '20.000', '40000.00', '0.00'],
      [order.tomatoes, '15.000', '15.000', '13500.00', '0.00'],
    ]);
  });

  it('posts a partial receipt: 12 of 20 kg of shallots and all the tomatoes', async () => {
    const doc = await read(part);
    await ok(
      await agus.patch(`/api/data/inventory/receiving/${part}`, {
        version: doc.version,
        lines: [
          { ...doc.lines[0], quantity: '12' },
          { ...doc.lines[1], price: '14000', variance_reason: 'Tomat sedang langka' },
        ].map(({ _refs, ...l }) => l),
      }),
    );
    const saved = await read(part);
    expect(saved.lines[1]).toMatchObject({ reference_price: '13500.00', variance_amount: '7500.00', variance_percent: '3.70' });
    await ok(await post(agus, part));
    expect(await orderState(order.order)).toEqual({ received: '12.000,15.000', status: 'partially_received' });
  });

  it('refuses more than is still to come', async () => {
    const doc = await ok(
      await create(agus, { supplier_id: id['supplier:SUP-001'], store_id: id['store:KIT'], po_id: order.order, lines: [] }),
      201,
    );
    expect(doc.lines.map((l: Record<string, unknown>) => l.outstanding_quantity)).toEqual(['8.000']);
    await ok(
      await agus.patch(`/api/data/inventory/receiving/${doc.id}`, {
        version: doc.version,
        lines: [{ ...doc.lines[0], quantity: '9' }].map(({ _refs, ...l }) => l),
      }),
    );
    expectApiError(await post(agus, doc.id), 400, { message: /PO-202611-0901.*F-008 Shallots/ });
    const again = await read(doc.id);
    expect(again.status).toBe('draft');
    await ok(
      await agus.patch(`/api/data/inventory/receiving/${doc.id}`, {
        version: again.version,
        lines: [{ ...again.lines[0], quantity: '8' }].map(({ _refs, ...l }) => l),
      }),
    );
    await ok(await post(agus, doc.id));
    const { rows } = await sql<{
      status: string;
    }>`SELECT status FROM purchase_order WHERE branch_id = ${gnb} AND id = ${order.order}`.execute(db);
    expect(rows[0].status).toBe('received');
  });

  it('gives the order its quantities back when a receipt against it is cancelled', async () => {
    await ok(await cancel(agus, part, 'Bawang merah busuk, dikembalikan'));
    expect(await orderState(order.order)).toEqual({ received: '8.000,0.000', status: 'partially_received' });
  });

  it('refuses an order of another supplier', async () => {
    expectApiError(
      await create(agus, { supplier_id: id['supplier:SUP-003'], store_id: id['store:KIT'], po_id: order.order, lines: [] }),
      400,
      { fields: { po_id: "Purchase order PO-202611-0901 is another supplier's" } },
    );
  });
});

describe('FIFO at the resort', () => {
  it('creates a cost layer for each receipt', async () => {
    const admin = await t.login('admin');
    admin.branchId = bali;
    await sql`UPDATE hotel_setup SET inventory_costing = 'fifo' WHERE branch_id = ${bali}`.execute(db);
    const doc = await ok(
      await admin.post('/api/data/inventory/receiving', {
        supplier_id: id['bali-supplier:SUP-103'],
        store_id: id['bali-store:BAR'],
        lines: [
          {
            item_id: id['bali-item:B-010'],
            unit_id: (await sql<{ id: number }>`SELECT id FROM inv_unit WHERE branch_id = ${bali} AND code = 'CS12'`.execute(db)).rows[0]
              .id,
            quantity: '2',
            price: '2160000',
          },
        ],
      }),
      201,
    );
    await ok(await admin.post(`/api/data/inventory/receiving/${doc.id}/post`, { version: doc.version }));
    const { rows } = await sql<{ quantity: string; unit_cost: string; value_left: string }>`
      SELECT l.quantity::text, l.unit_cost::text, l.value_left::text FROM inv_layer l
        JOIN inv_movement m ON m.branch_id = l.branch_id AND m.id = l.movement_id
       WHERE l.branch_id = ${bali} AND m.kind = 'receipt' AND m.document_id = ${doc.id}`.execute(db);
    expect(rows).toEqual([{ quantity: '24.000', unit_cost: '180000.0000', value_left: '4320000.00' }]);
  });
});

describe('who may receive', () => {
  it("shows another property's receipt to no one here", async () => {
    const admin = await t.login('admin');
    admin.branchId = bali;
    const doc = await ok(
      await admin.post('/api/data/inventory/receiving', {
        supplier_id: id['bali-supplier:SUP-103'],
        store_id: id['bali-store:MAIN'],
        lines: [],
      }),
      201,
    );
    expectApiError(await agus.get(`/api/data/inventory/receiving/${doc.id}`), 404);
    expectApiError(await cancel(agus, doc.id, 'Bukan milik kami'), 404);
  });

  it('refuses a user without the receiving right, and a receipt without an order to one without the right to', async () => {
    const frontdesk = await t.login('frontdesk');
    expectApiError(await frontdesk.get('/api/data/inventory/receiving'), 403);
    expectApiError(await create(frontdesk, { supplier_id: id['supplier:SUP-003'], store_id: id['store:MAIN'] }), 403);
    // a storekeeper whose group may receive against orders only
    const group = (await sql<{ id: number }>`SELECT id FROM user_group WHERE code = 'PURCH'`.execute(db)).rows[0].id;
    await sql`DELETE FROM group_right WHERE group_id = ${group} AND resource = 'inventory.receiving' AND action = 'direct'`.execute(db);
    try {
      const storekeeper = await t.login('purchasing');
      expectApiError(
        await create(storekeeper, {
          supplier_id: id['supplier:SUP-003'],
          store_id: id['store:MAIN'],
          lines: [{ item_id: id['item:B-004'], quantity: '24', price: '5400' }],
        }),
        403,
        { message: 'Receiving without a purchase order needs the right to: choose the order' },
      );
    } finally {
      await sql`INSERT INTO group_right (group_id, resource, action) VALUES (${group}, 'inventory.receiving', 'direct')`.execute(db);
    }
  });
});

/**
 * The reports over the month as it now stands: the demo's receipts (SUP-003's beverages of the 5th, SUP-001's
 * vegetables of the 12th, SUP-003's Sprite of the 19th cancelled on the 23rd) and the ones above.
 */
describe('receiving reports', () => {
  const month = { date_from: '2026-11-01', date_to: '2026-11-23' };

  it('lists the posted lines of one supplier with their price differences', async () => {
    const rows = await report('report-receivingreport', { ...month, supplier_id: id['supplier:SUP-001'] });
    expect(rows.map((r) => [r.date, r.item_code, r.quantity, r.price, r.amount, r.variance_percent])).toEqual([
      ['2026-11-12', 'F-008', '20.000', '42000.00', '840000.00', '5.00'],
      ['2026-11-12', 'F-012', '15.000', '13500.00', '202500.00', '0.00'],
      ['2026-11-23', 'F-008', '8.000', '40000.00', '320000.00', '0.00'],
    ]);
  });

  it('sums each supplier: receipts, before and after VAT, not yet invoiced', async () => {
    const rows = await report('report-receivingsummary-report', { ...month, supplier_id: id['supplier:SUP-003'] });
    // 1.149.600 (5th, VAT 126.456) + 1.440.000 (VAT 158.400) + 288.000 (no VAT); the cancelled ones left out; the 5th's
    // delivery is invoiced in the demo's payables, so 1.598.400 + 288.000 are not yet
    expect(rows).toEqual([
      expect.objectContaining({ receipts: 3, before_tax: '2877600.00', tax: '284856.00', total: '3162456.00', not_invoiced: '1886400.00' }),
    ]);
  });

  it('spreads the year by month, a cancellation taken off in its month', async () => {
    const rows = await report('report-annualreceiving', { year_of: '2026-11-23', supplier_id: id['supplier:SUP-003'] });
    expect(rows).toEqual([expect.objectContaining({ item_group: 'BEV Beverage', m10: null, m11: '2877600.00', total: '2877600.00' })]);
  });

  it('lists the receipts by supplier with due dates, the not yet invoiced ones for the payables', async () => {
    const rows = await report('receiving-report-by-supplier', {
      ...month,
      supplier_id: id['supplier:SUP-003'],
      invoice_status: 'not_invoiced',
    });
    const line = (r: Record<string, unknown>) => [r.date, r.invoice_number, r.due_date, r.before_tax, r.tax, r.total];
    expect(rows.map(line)).toEqual([
      ['2026-11-23', 'INV/NMD/2611/0733', '2026-12-23', '1440000.00', '158400.00', '1598400.00'],
      ['2026-11-23', null, '2026-12-23', '288000.00', '0.00', '288000.00'],
    ]);
    // the demo's payables booked the supplier's invoice of the 5th's delivery
    const invoiced = await report('receiving-report-by-supplier', {
      ...month,
      supplier_id: id['supplier:SUP-003'],
      invoice_status: 'invoiced',
    });
    expect(invoiced.map(line)).toEqual([['2026-11-05', 'INV/NMD/2611/0412', '2026-12-05', '1149600.00', '126456.00', '1276056.00']]);
  });

  it('totals each item received in its stock unit, cancellations taken off', async () => {
    const rows = await report('report-stockarticle-incominglist', { ...month, supplier_id: id['supplier:SUP-003'] });
    expect(rows.map((r) => [r.item_code, r.unit, r.quantity, r.value, r.average_price, r.receipts])).toEqual([
      ['B-001', 'BTL', '48.000', '1440000.00', '30000.00', 1],
      ['B-002', 'BTL', '120.000', '372000.00', '3100.00', 1],
      ['B-004', 'BTL', '144.000', '777600.00', '5400.00', 1],
      ['B-011', 'BTL', '12.000', '288000.00', '24000.00', 1],
    ]);
  });

  it('lists the cancelled receipts with who cancelled them and why', async () => {
    const rows = await report('cancel-receiving', { ...month, supplier_id: id['supplier:SUP-003'] });
    expect(rows.map((r) => [r.cancelled_date, r.date, r.total, r.cancel_reason])).toEqual([
      ['2026-11-23', '2026-11-19', '586080.00', 'Merek yang dikirim salah, barang dikembalikan ke pemasok'],
      ['2026-11-23', '2026-11-23', '648000.00', 'Salah kirim: Bintang kaleng, bukan botol'],
    ]);
    expect(rows[1].cancelled_by).toBe('Agus Wijaya');
  });

  it('refuses a range longer than a year', async () => {
    expectApiError(await agus.get('/api/reports/report-receivingreport?date_from=2025-01-01&date_to=2026-11-23'), 400);
    expectApiError(await agus.get('/api/reports/cancel-receiving?date_from=2025-01-01&date_to=2026-11-23'), 400);
  });
});

// last: the receipt it adds would change the reports' figures above
describe('cancelling a receipt the payables have invoiced', () => {
  it('refuses once the supplier’s invoice is booked on it, which has already cleared its goods received not invoiced', async () => {
    const doc = await ok(
      await create(agus, {
        supplier_id: id['supplier:SUP-003'],
        store_id: id['store:MAIN'],
        lines: [{ item_id: id['item:B-011'], unit_id: id['unit:CS12'], quantity: '2', price: '288000' }],
      }),
      201,
    );
    await ok(await post(agus, doc.id));
    // what posting the supplier's invoice in payables stamps on the receipts it matches
    await sql`UPDATE inv_receipt SET invoice_status = 'invoiced' WHERE branch_id = ${gnb} AND id = ${doc.id}`.execute(db);
    const number = (await read(doc.id)).number;
    expectApiError(await cancel(agus, doc.id, 'Salah kirim'), 409, {
      message: `Receipt ${number} cannot be cancelled: the supplier's invoice is booked on it. Correct the invoice in payables first`,
    });
    expect((await read(doc.id)).status).toBe('posted');
  });
});
