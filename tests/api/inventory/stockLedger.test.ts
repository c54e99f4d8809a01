import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The stores of the Grand Nusantara Bandung (business date 23/11/2026), kept by Agus, the storekeeper. The main
 * store opened November with 144 bottles of Bintang at Rp 28.000 (Rp 4.032.000); two more cases come in at
 * Rp 30.000 a bottle, the lounge takes ten bottles, the month-end count finds two short. The kitchen's chef asks
 * for beef and Agus issues it. Bali's resort values its stock first in, first out. Every figure is exact.
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
const save = (who: ApiClient, entity: string, body: unknown) => who.post(`/api/data/inventory/${entity}`, body);
const act = async (who: ApiClient, entity: string, docId: number, action: string) => {
  const row = (await who.get(`/api/data/inventory/${entity}/${docId}`)).json();
  return who.post(`/api/data/inventory/${entity}/${docId}/${action}`, { version: row.version });
};
const posted = async (entity: string, body: unknown, action = 'post') => {
  const doc = await ok(await save(agus, entity, body), 201);
  await ok(await act(agus, entity, doc.id, action));
  return ok(await agus.get(`/api/data/inventory/${entity}/${doc.id}`));
};
async function balance(branch: number, store: string, item: string) {
  const { rows } = await sql<{ quantity: string; value: string }>`
    SELECT b.quantity::text, b.value::text FROM inv_balance b
      JOIN inv_store s ON s.branch_id = b.branch_id AND s.id = b.store_id JOIN inv_item i ON i.branch_id = b.branch_id AND i.id = b.item_id
     WHERE b.branch_id = ${branch} AND s.code = ${store} AND i.code = ${item}`.execute(db);
  return rows[0];
}
const ids = async (branch: number, table: string, prefix: string) => {
  const { rows } = await sql<{ id: number; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${branch}`.execute(
    db,
  );
  for (const r of rows) id[`${prefix}${r.code}`] = Number(r.id);
};

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  agus = await t.login('purchasing');
  gnb = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  bali = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'NBR'`.execute(db)).rows[0].id;
  await ids(gnb, 'inv_store', 'store:');
  await ids(gnb, 'inv_item', 'item:');
  await ids(gnb, 'inv_unit', 'unit:');
  await ids(gnb, 'outlet', 'outlet:');
  await ids(gnb, 'gl_account', 'account:');
  await ids(bali, 'inv_store', 'bali-store:');
  await ids(bali, 'inv_item', 'bali-item:');
});
afterAll(() => t.close());

describe('moving average in the main store', () => {
  it('starts from the demo opening stock: 144 bottles of Bintang at Rp 28.000', async () => {
    expect(await balance(gnb, 'MAIN', 'B-001')).toEqual({ quantity: '144.000', value: '4032000.00' });
  });

  it('converts two cases of 24 entered in the purchase unit into 48 bottles, and averages the two prices', async () => {
    const doc = await posted('opening-stock', {
      store_id: id['store:MAIN'],
      description: 'Bintang delivered before go-live',
      lines: [{ item_id: id['item:B-001'], unit_id: id['unit:CS24'], quantity: '2', value: '1440000' }],
    });
    expect(doc.status).toBe('posted');
    expect(doc.number).toMatch(/^OS-202611-\d{4}$/);
    expect(doc.lines[0]).toMatchObject({ stock_quantity: '48.000', unit_cost: '30000.0000', value: '1440000.00' });
    // (4.032.000 + 1.440.000) / (144 + 48) = 28.500
    expect(await balance(gnb, 'MAIN', 'B-001')).toEqual({ quantity: '192.000', value: '5472000.00' });
  });

  it('refuses a unit that is neither the stock nor the purchase unit of the item', async () => {
    const doc = await ok(
      await save(agus, 'opening-stock', {
        store_id: id['store:MAIN'],
        lines: [{ item_id: id['item:B-001'], unit_id: id['unit:KG'], quantity: '1', value: '1000' }],
      }),
      201,
    );
    expectApiError(await act(agus, 'opening-stock', doc.id, 'post'), 400, {
      message: 'Line 1: KG is neither the stock unit (BTL) nor the purchase unit (CS24) of B-001 Bintang Pilsener 330 ml',
    });
  });

  it('issues ten bottles to the Lobby Lounge at the average cost, the lounge department bearing it', async () => {
    const doc = await posted('outgoing', {
      kind: 'issue',
      store_id: id['store:MAIN'],
      outlet_id: id['outlet:LOUNGE'],
      lines: [{ item_id: id['item:B-001'], quantity: '10' }],
    });
    expect(doc.number).toMatch(/^IS-202611-/);
    expect(doc.department_id).not.toBeNull();
    expect(doc.lines[0]).toMatchObject({ stock_quantity: '10.000', unit_cost: '28500.0000', value: '285000.00' });
    expect(doc.total).toBe('285000.00');
    expect(await balance(gnb, 'MAIN', 'B-001')).toEqual({ quantity: '182.000', value: '5187000.00' });
    const { rows } = await sql<{ quantity: string; value: string; on_hand_quantity: string; on_hand_value: string }>`
      SELECT quantity::text, value::text, on_hand_quantity::text, on_hand_value::text FROM inv_movement
       WHERE branch_id = ${gnb} AND kind = 'issue' AND document_id = ${doc.id}`.execute(db);
    expect(rows).toEqual([{ quantity: '-10.000', value: '-285000.00', on_hand_quantity: '182.000', on_hand_value: '5187000.00' }]);
  });

  it('values a count two bottles short at the current cost: 2 × 28.500 = 57.000', async () => {
    const doc = await posted('stock-count', {
      store_id: id['store:MAIN'],
      description: 'Month-end count, beverages',
      lines: [{ item_id: id['item:B-001'], counted_quantity: '180' }],
    });
    expect(doc.lines[0]).toMatchObject({ book_quantity: '182.000', difference: '-2.000', unit_cost: '28500.0000', value: '-57000.00' });
    expect(doc.total).toBe('-57000.00');
    expect(await balance(gnb, 'MAIN', 'B-001')).toEqual({ quantity: '180.000', value: '5130000.00' });
    const sheet = await agus.get(`/api/inventory/stock-count/${doc.id}/sheet?lang=en`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
  });

  it('refuses to issue more than the store holds, naming the item, the store and what is on hand', async () => {
    const doc = await ok(
      await save(agus, 'outgoing', {
        kind: 'issue',
        store_id: id['store:MAIN'],
        outlet_id: id['outlet:LOUNGE'],
        lines: [{ item_id: id['item:B-001'], quantity: '181' }],
      }),
      201,
    );
    expectApiError(await act(agus, 'outgoing', doc.id, 'post'), 409, {
      message: `Not enough B-001 Bintang Pilsener 330 ml in Main store: 180 BTL on hand, 181 BTL needed (${doc.number})`,
    });
    expect(await balance(gnb, 'MAIN', 'B-001')).toEqual({ quantity: '180.000', value: '5130000.00' });

    // a property that allows negative stock takes it: the missing bottle at the last cost, 28.500
    await sql`UPDATE hotel_setup SET inventory_allow_negative = true WHERE branch_id = ${gnb}`.execute(db);
    try {
      await ok(await act(agus, 'outgoing', doc.id, 'post'));
      expect(await balance(gnb, 'MAIN', 'B-001')).toEqual({ quantity: '-1.000', value: '-28500.00' });
      expect((await ok(await agus.get(`/api/data/inventory/outgoing/${doc.id}`))).total).toBe('5158500.00');
    } finally {
      await sql`UPDATE hotel_setup SET inventory_allow_negative = false WHERE branch_id = ${gnb}`.execute(db);
    }
  });

  it('lets one of two issues of the last bottles at once through, and refuses the other', async () => {
    // the bar opened with 48 bottles of Aqua; two waiters take 30 each at the same moment
    expect(await balance(gnb, 'BAR', 'B-002')).toEqual({ quantity: '48.000', value: '153600.00' });
    const drafts = await Promise.all(
      [1, 2].map(async () =>
        ok(
          await save(agus, 'outgoing', {
            kind: 'issue',
            store_id: id['store:BAR'],
            outlet_id: id['outlet:LOUNGE'],
            lines: [{ item_id: id['item:B-002'], quantity: '30' }],
          }),
          201,
        ),
      ),
    );
    const results = await Promise.all(drafts.map((d) => agus.post(`/api/data/inventory/outgoing/${d.id}/post`, { version: d.version })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toMatch(
      /^Not enough B-002 .* in Lobby Lounge bar: 18 BTL on hand, 30 BTL needed/,
    );
    expect(await balance(gnb, 'BAR', 'B-002')).toEqual({ quantity: '18.000', value: '57600.00' });
  });
});

describe("the chef's requisition", () => {
  it('is requested, approved and issued from the main store into the kitchen at the main store cost', async () => {
    expect(await balance(gnb, 'MAIN', 'F-002')).toEqual({ quantity: '25.000', value: '4125000.00' });
    expect(await balance(gnb, 'KIT', 'F-002')).toEqual({ quantity: '5.000', value: '825000.00' });
    const req = await ok(
      await save(agus, 'requisition', {
        to_store_id: id['store:KIT'],
        from_store_id: id['store:MAIN'],
        requested_by: 'Chef Wayan',
        lines: [{ item_id: id['item:F-002'], quantity: '4' }],
      }),
      201,
    );
    expect(req.number).toMatch(/^SR-202611-/);
    await ok(await act(agus, 'requisition', req.id, 'request'));
    await ok(await act(agus, 'requisition', req.id, 'approve'));
    // the storekeeper gives 3.5 kg of the 4 asked
    const approved = await ok(await agus.get(`/api/data/inventory/requisition/${req.id}`));
    await ok(
      await agus.patch(`/api/data/inventory/requisition/${req.id}`, {
        version: approved.version,
        lines: [{ ...approved.lines[0], issued_quantity: '3.5' }].map(({ _refs, ...l }) => l),
      }),
    );
    await ok(await act(agus, 'requisition', req.id, 'issue'));
    const issued = await ok(await agus.get(`/api/data/inventory/requisition/${req.id}`));
    expect(issued).toMatchObject({ status: 'issued', issued_date: '2026-11-23', total: '577500.00' });
    expect(await balance(gnb, 'MAIN', 'F-002')).toEqual({ quantity: '21.500', value: '3547500.00' });
    expect(await balance(gnb, 'KIT', 'F-002')).toEqual({ quantity: '8.500', value: '1402500.00' });
  });
});

describe('to the general ledger', () => {
  it('proposes balanced journals from the item groups’ accounts and posts them once', async () => {
    const { rows } = await sql<{ id: number; source_kind: string; number: string }>`
      SELECT id, source_kind, number FROM inv_gl_transfer WHERE branch_id = ${gnb} AND status = 'pending' AND source_kind NOT LIKE 'receipt%' ORDER BY id`.execute(
      db,
    );
    // opening stock brought forward makes none (the property names no opening account), a transfer between two
    // stores on the same inventory account none either (the demo's receipts have theirs, left aside here)
    expect(rows.map((r) => r.source_kind)).toEqual(['issue', 'adjustment', 'issue', 'issue']);
    const issue = rows[0];
    const journal = await ok(await agus.post('/api/ops/inventory.postJournal', { id: issue.id }));
    const lines = await sql<{ code: string; debit: string; credit: string }>`
      SELECT a.code, l.debit::text, l.credit::text FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.branch_id = ${gnb} AND l.journal_id = ${journal.journal} ORDER BY l.line_no`.execute(db);
    expect(lines.rows).toEqual([
      { code: '5202.01', debit: '285000.00', credit: '0.00' },
      { code: '1302.01', debit: '0.00', credit: '285000.00' },
    ]);
    expectApiError(await agus.post('/api/ops/inventory.postJournal', { id: issue.id }), 409, { message: 'This journal is already posted' });

    // the count's shortage: cost of beverage sold against the beverage inventory
    const count = await ok(await agus.get(`/api/data/inventory/gl-transfer/${rows[1].id}`));
    await ok(await agus.post(`/api/data/inventory/gl-transfer/${count.id}/post`, { version: count.version }));
    const { rows: all } = await sql<{ debit: string; credit: string }>`
      SELECT sum(l.debit)::text AS debit, sum(l.credit)::text AS credit FROM gl_journal j JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
       WHERE j.branch_id = ${gnb} AND j.source = 'inventory' AND j.source_type NOT LIKE 'receipt%'`.execute(db);
    expect(all[0]).toEqual({ debit: '342000.00', credit: '342000.00' });
  });

  it('journals an opening stock against the account the property names for it', async () => {
    await sql`UPDATE hotel_setup SET inventory_opening_account_id = ${id['account:3201.01']} WHERE branch_id = ${gnb}`.execute(db);
    try {
      const doc = await posted('opening-stock', {
        store_id: id['store:HK'],
        lines: [{ item_id: id['item:G-006'], quantity: '100', value: '750000' }],
      });
      const { rows } = await sql<{ debit: string; credit: string; account: number }>`
        SELECT l.debit::text, l.credit::text, l.account_id AS account FROM inv_gl_transfer g JOIN inv_gl_transfer_line l ON l.branch_id = g.branch_id AND l.transfer_id = g.id
         WHERE g.branch_id = ${gnb} AND g.source_kind = 'opening' AND g.source_id = ${doc.id} ORDER BY l.line_no`.execute(db);
      expect(rows.map((r) => [Number(r.account), r.debit, r.credit])).toEqual([
        [id['account:1303.01'], '750000.00', '0.00'],
        [id['account:3201.01'], '0.00', '750000.00'],
      ]);
    } finally {
      await sql`UPDATE hotel_setup SET inventory_opening_account_id = NULL WHERE branch_id = ${gnb}`.execute(db);
    }
  });
});

describe('month-end close', () => {
  it('freezes October and refuses any movement dated in it afterwards', async () => {
    const october = await posted('opening-stock', {
      store_id: id['store:HK'],
      date: '2026-10-31',
      lines: [{ item_id: id['item:G-005'], quantity: '48', value: '168000' }],
    });
    expect(october.status).toBe('posted');
    const close = await ok(await agus.post('/api/data/inventory/period-close', { period: '2026-10-15' }), 201);
    expect(close).toMatchObject({ period: '2026-10-01', store_count: 1, item_count: 1, total_value: '168000.00' });
    const { rows } = await sql<{ quantity: string; value: string }>`
      SELECT quantity::text, value::text FROM inv_period_snapshot WHERE branch_id = ${gnb} AND period = '2026-10-01'`.execute(db);
    expect(rows).toEqual([{ quantity: '48.000', value: '168000.00' }]);

    const late = await ok(
      await save(agus, 'opening-stock', {
        store_id: id['store:HK'],
        date: '2026-10-30',
        lines: [{ item_id: id['item:G-005'], quantity: '1', value: '3500' }],
      }),
      201,
    );
    expectApiError(await act(agus, 'opening-stock', late.id, 'post'), 409, {
      message: 'The inventory month 10/2026 is closed: nothing can move on 30/10/2026 (closed up to 31/10/2026)',
    });
    expectApiError(await agus.post('/api/data/inventory/period-close', { period: '2026-11-01' }), 409, {
      message: 'The month 11/2026 has not ended before the business date 23/11/2026',
    });
    expectApiError(await agus.post('/api/data/inventory/period-close', { period: '2026-10-01' }), 409, {
      message: 'The inventory month 10/2026 is already closed',
    });
  });

  it('reports the stock on hand at a day from the stored valuations', async () => {
    const res = await ok(await agus.get(`/api/reports/report-soh?as_of=2026-10-31&store_id=${id['store:HK']}`));
    expect(res.rows).toEqual([
      expect.objectContaining({ item_code: 'G-005', unit: 'PCS', quantity: '48.000', average_cost: '3500.00', value: '168000.00' }),
    ]);
    const now = await ok(await agus.get(`/api/reports/item-stok?item_id=${id['item:F-002']}`));
    expect(now.rows.map((r: { store: string; quantity: string; value: string }) => [r.store, r.quantity, r.value])).toEqual([
      ['KIT Main kitchen', '8.500', '1402500.00'],
      ['MAIN Main store', '21.500', '3547500.00'],
    ]);
  });
});

describe('FIFO at the resort', () => {
  it('consumes the layers oldest first: the stock held at the switch, then the newer receipt', async () => {
    // the resort's storekeeping is done by the administrator in this demo
    const baliAgus = await t.login('admin');
    baliAgus.branchId = bali;
    await sql`UPDATE hotel_setup SET inventory_costing = 'fifo' WHERE branch_id = ${bali}`.execute(db);
    expect(await balance(bali, 'MAIN', 'F-002')).toEqual({ quantity: '25.000', value: '4125000.00' });
    const receipt = await ok(
      await baliAgus.post('/api/data/inventory/opening-stock', {
        store_id: id['bali-store:MAIN'],
        lines: [{ item_id: id['bali-item:F-002'], quantity: '10', value: '1700000' }],
      }),
      201,
    );
    await ok(await baliAgus.post(`/api/data/inventory/opening-stock/${receipt.id}/post`, { version: receipt.version }));
    const issue = await ok(
      await baliAgus.post('/api/data/inventory/outgoing', {
        kind: 'transfer',
        store_id: id['bali-store:MAIN'],
        to_store_id: id['bali-store:KIT'],
        lines: [{ item_id: id['bali-item:F-002'], quantity: '30' }],
      }),
      201,
    );
    await ok(await baliAgus.post(`/api/data/inventory/outgoing/${issue.id}/post`, { version: issue.version }));
    // 25 kg at 165.000 (4.125.000) then 5 of the 10 kg at 170.000 (850.000)
    const doc = await ok(await baliAgus.get(`/api/data/inventory/outgoing/${issue.id}`));
    expect(doc.lines[0]).toMatchObject({ stock_quantity: '30.000', value: '4975000.00', unit_cost: '165833.3333' });
    const { rows } = await sql<{ quantity: string; value: string; unit_cost: string }>`
      SELECT u.quantity::text, u.value::text, l.unit_cost::text FROM inv_layer_use u JOIN inv_layer l ON l.branch_id = u.branch_id AND l.id = u.layer_id
        JOIN inv_movement m ON m.branch_id = u.branch_id AND m.id = u.movement_id
       WHERE u.branch_id = ${bali} AND m.kind = 'transfer' AND m.document_id = ${issue.id} ORDER BY l.movement_id IS NOT NULL, l.id`.execute(
      db,
    );
    expect(rows).toEqual([
      { quantity: '25.000', value: '4125000.00', unit_cost: '165000.0000' },
      { quantity: '5.000', value: '850000.00', unit_cost: '170000.0000' },
    ]);
    expect(await balance(bali, 'MAIN', 'F-002')).toEqual({ quantity: '5.000', value: '850000.00' });
    // the kitchen, holding 5 kg at 165.000, received the 30 kg at what they cost
    expect(await balance(bali, 'KIT', 'F-002')).toEqual({ quantity: '35.000', value: '5800000.00' });
  });

  it('never lets a FIFO property run below zero', async () => {
    await expect(sql`UPDATE hotel_setup SET inventory_allow_negative = true WHERE branch_id = ${bali}`.execute(db)).rejects.toThrow(
      /fifo_not_negative/,
    );
  });
});

describe('sums', () => {
  it('keeps every balance equal to the sum of its movements, to the cent', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM inv_balance b
        LEFT JOIN LATERAL (SELECT coalesce(sum(m.quantity), 0) AS q, coalesce(sum(m.value), 0) AS v FROM inv_movement m
                            WHERE m.branch_id = b.branch_id AND m.store_id = b.store_id AND m.item_id = b.item_id) s ON true
       WHERE b.quantity <> s.q OR b.value <> s.v`.execute(db);
    expect(rows[0].n).toBe(0);
    expect(new Decimal('5130000').div(180).toFixed(2)).toBe('28500.00');
  });
});
