import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyReceipt, reverseReceipt } from '../../../server/domain/purchasing/orders/receipts.js';
import { HttpError } from '../../../server/http/errors.js';
import { pdfPages } from '../../support/pdfText.js';
import { BUSINESS_DATE, startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';

/**
 * The buying chain of the Grand Nusantara Bandung. The Food & Beverage department asks for beef, tomatoes and
 * shallots for a wedding; Yuni, its head, may approve up to Rp 5.000.000 and this request comes to 5.620.000, so
 * Hendra, the financial controller, approves it. Agus compares three quotations per item, chooses Priangan Prima's
 * beef though it is not the cheapest (justified), and orders: the vegetables go to Sumber Segar at their contract
 * prices. The orders are approved, sent with their PDF, received in two parts and closed.
 */
let t: TestApp;
let agus: ApiClient;
let yuni: ApiClient;
let hendra: ApiClient;
let rina: ApiClient;
let gnb: number;

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const idOf = async (table: string, code: string, branch = gnb) =>
  Number(
    (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${branch} AND code = ${code}`.execute(t.database.db))
      .rows[0].id,
  );
const act = async (who: ApiClient, entity: string, id: number, action: string) => {
  const row = await ok(await who.get(`/api/data/purchasing/${entity}/${id}`));
  return who.post(`/api/data/purchasing/${entity}/${id}/${action}`, { version: row.version });
};

async function userOf(admin: ApiClient, code: string, rights: string[], username: string, fullName: string) {
  const group = await ok(await admin.post('/api/data/system/group', { code, name: fullName }), 201);
  await ok(await admin.post('/api/ops/system.saveGroupRights', { id: group.id, rights }));
  const user = await ok(
    await admin.post('/api/data/system/user', {
      username,
      full_name: fullName,
      group_id: group.id,
      password: 'Belanja-Pasar-2026',
      branch_ids: [gnb],
      default_branch_id: gnb,
    }),
    201,
  );
  await sql`UPDATE app_user SET must_change_password = false WHERE id = ${user.id}`.execute(t.database.db);
  return t.login(username, 'Belanja-Pasar-2026');
}

beforeAll(async () => {
  t = await startTestApp();
  gnb = Number((await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(t.database.db)).rows[0].id);
  const admin = await t.login('admin');
  agus = await t.login('purchasing');
  rina = await t.login('sales');
  const request = 'purchasing.purchase-request';
  yuni = await userOf(
    admin,
    'FB-HEAD',
    ['view', 'create', 'edit', 'submit', 'approve', 'reject'].map((a) => `${request}:${a}`),
    'yuni.fb',
    'Yuni Hartati',
  );
  hendra = await userOf(
    admin,
    'FIN-CTRL',
    ['view', 'approve', 'approve-large', 'reject'].map((a) => `${request}:${a}`),
    'hendra.fc',
    'Hendra Gunawan',
  );
});
afterAll(() => t?.close());

const chain: { request?: any; selection?: any; orders?: any[] } = {};

describe('a purchase request approved by amount', () => {
  it('estimates each line from the contract price or the last price, in the purchase unit', async () => {
    chain.request = await ok(
      await yuni.post('/api/data/purchasing/purchase-request', {
        department_id: await idOf('department', 'FB'),
        needed_by: '2026-11-26',
        requested_by: 'Chef Bambang',
        description: 'Wedding Pratama–Sari, 300 pax',
        lines: [
          { item_id: await idOf('inv_item', 'F-002'), quantity: '30' },
          { item_id: await idOf('inv_item', 'F-012'), quantity: '20' },
          { item_id: await idOf('inv_item', 'F-008'), quantity: '10' },
        ],
      }),
      201,
    );
    expect(chain.request.number).toMatch(/^PR-202611-\d{4}$/);
    expect(chain.request.date).toBe(BUSINESS_DATE);
    expect(chain.request.lines.map((l: any) => [l._refs.unit_id.split(' ')[0], l.price, l.price_source])).toEqual([
      ['KG', '165000.00', 'last'],
      ['KG', '13500.00', 'contract'],
      ['KG', '40000.00', 'contract'],
    ]);
    // 30 × 165.000 + 20 × 13.500 + 10 × 40.000
    expect(chain.request.total).toBe('5620000.00');
  });

  it('refuses the head of department above Rp 5.000.000 and lets the financial controller approve it', async () => {
    await ok(await act(yuni, 'purchase-request', chain.request.id, 'submit'));
    expectApiError(await act(yuni, 'purchase-request', chain.request.id, 'approve'), 403, {
      message: `${chain.request.number} comes to 5.620.000, above the approval limit of 5.000.000: only the financial controller or the GM may approve it`,
    });
    const approved = await ok(await act(hendra, 'purchase-request', chain.request.id, 'approve'));
    expect(approved.status).toBe('approved');
    const { rows } = await sql<{ username: string }>`
      SELECT u.username FROM purchase_request r JOIN app_user u ON u.id = r.approved_by WHERE r.id = ${chain.request.id}`.execute(
      t.database.db,
    );
    expect(rows[0].username).toBe('hendra.fc');
  });

  it('lets the head approve a request within the limit', async () => {
    const small = await ok(
      await yuni.post('/api/data/purchasing/purchase-request', {
        department_id: await idOf('department', 'FB'),
        needed_by: '2026-11-25',
        lines: [{ item_id: await idOf('inv_item', 'F-014'), quantity: '15' }],
      }),
      201,
    );
    expect(small.total).toBe('187500.00');
    await ok(await act(yuni, 'purchase-request', small.id, 'submit'));
    expect((await ok(await act(yuni, 'purchase-request', small.id, 'approve'))).status).toBe('approved');
  });

  it('follows the limit the administrator sets on the hotel setup', async () => {
    const admin = await t.login('admin');
    const setup = async (limit: string) => {
      const row = (await ok(await admin.get('/api/data/system/setup?limit=1'))).rows[0];
      expect(row.purchase_approval_limit).toBe(limit === '6000000' ? '5000000.00' : '6000000.00');
      await ok(await admin.patch(`/api/data/system/setup/${row.id}`, { version: row.version, purchase_approval_limit: limit }));
    };
    await setup('6000000');
    const beef = await ok(
      await yuni.post('/api/data/purchasing/purchase-request', {
        department_id: await idOf('department', 'FB'),
        needed_by: '2026-11-27',
        lines: [{ item_id: await idOf('inv_item', 'F-002'), quantity: '34' }],
      }),
      201,
    );
    expect(beef.total).toBe('5610000.00');
    await ok(await act(yuni, 'purchase-request', beef.id, 'submit'));
    expect((await ok(await act(yuni, 'purchase-request', beef.id, 'approve'))).status).toBe('approved');
    await setup('5000000');
  });
});

describe('the vendor selection', () => {
  const quote = async (item: string, supplier: string, price: string) => ({
    item_id: await idOf('inv_item', item),
    supplier_id: await idOf('pur_supplier', supplier),
    price,
  });
  const choose = async (lines: Record<string, unknown>[], suppliers: string[]) =>
    Promise.all(lines.map(async (l, i) => ({ ...strip(l), supplier_id: await idOf('pur_supplier', suppliers[i]) })));

  it("takes the request's open lines and refuses an item with two quotations, naming every problem at once", async () => {
    const made = await ok(
      await agus.post('/api/data/purchasing/purchase-selection', { request_id: chain.request.id, description: 'Wedding 300 pax' }),
      201,
    );
    chain.selection = await ok(await agus.get(`/api/data/purchasing/purchase-selection/${made.id}`));
    expect(chain.selection.lines.map((l: any) => [l._refs.item_id, l.quantity])).toEqual([
      ['F-002 - Beef tenderloin', '30.000'],
      ['F-012 - Tomatoes', '20.000'],
      ['F-008 - Shallots', '10.000'],
    ]);
    const quotes = [
      await quote('F-002', 'SUP-002', '162000'),
      await quote('F-002', 'SUP-001', '160000'),
      await quote('F-012', 'SUP-001', '14000'),
      await quote('F-012', 'SUP-002', '14500'),
      await quote('F-012', 'SUP-004', '15000'),
      await quote('F-008', 'SUP-001', '41000'),
      await quote('F-008', 'SUP-002', '43000'),
      await quote('F-008', 'SUP-004', '42500'),
    ];
    const lines = await choose(chain.selection.lines, ['SUP-002', 'SUP-001', 'SUP-001']);
    chain.selection = await ok(
      await agus.patch(`/api/data/purchasing/purchase-selection/${chain.selection.id}`, {
        version: chain.selection.version,
        lines,
        quotes,
      }),
    );
    const refused = expectApiError(await act(agus, 'purchase-selection', chain.selection.id, 'approve'), 400);
    expect(refused.fields).toEqual({
      'lines/0/item_id': 'Line 1 (F-002 - Beef tenderloin): 2 quotation(s), at least 3 are needed unless a single-source reason is given',
      'lines/0/justification':
        'Line 1 (F-002 - Beef tenderloin): the chosen quote is not the cheapest (SUP-001 - Sumber Segar Lembang at 160.000): give a justification',
    });
  });

  it('needs a justification when the chosen quote is not the cheapest, then approves', async () => {
    const quotes = [...chain.selection.quotes.map(strip), await quote('F-002', 'SUP-004', '168000')];
    chain.selection = await ok(
      await agus.patch(`/api/data/purchasing/purchase-selection/${chain.selection.id}`, { version: chain.selection.version, quotes }),
    );
    const refused = expectApiError(await act(agus, 'purchase-selection', chain.selection.id, 'approve'), 400);
    expect(refused.fields).toEqual({
      'lines/0/justification':
        'Line 1 (F-002 - Beef tenderloin): the chosen quote is not the cheapest (SUP-001 - Sumber Segar Lembang at 160.000): give a justification',
    });
    const lines = chain.selection.lines.map((l: any, i: number) =>
      i === 0
        ? { ...l, _refs: undefined, justification: 'Halal-certified slaughter and cold chain to the kitchen door' }
        : { ...l, _refs: undefined },
    );
    chain.selection = await ok(
      await agus.patch(`/api/data/purchasing/purchase-selection/${chain.selection.id}`, {
        version: chain.selection.version,
        lines: lines.map(strip),
      }),
    );
    expect((await ok(await act(agus, 'purchase-selection', chain.selection.id, 'approve'))).status).toBe('approved');
  });

  it('allows fewer quotes only with a single-source reason', async () => {
    const beer = await idOf('inv_item', 'B-001');
    const one = await ok(
      await agus.post('/api/data/purchasing/purchase-selection', {
        description: 'Bintang for the bar',
        lines: [{ item_id: beer, quantity: '10', supplier_id: await idOf('pur_supplier', 'SUP-003') }],
        quotes: [{ item_id: beer, supplier_id: await idOf('pur_supplier', 'SUP-003'), price: '660000' }],
      }),
      201,
    );
    expectApiError(await act(agus, 'purchase-selection', one.id, 'approve'), 400);
    const reasoned = await ok(
      await agus.patch(`/api/data/purchasing/purchase-selection/${one.id}`, {
        version: one.version,
        single_source_reason: 'Nusa Minuman is the only licensed Bintang distributor for Bandung',
      }),
    );
    expect((await ok(await act(agus, 'purchase-selection', reasoned.id, 'approve'))).status).toBe('approved');
  });
});

const strip = ({ _refs, ...l }: Record<string, unknown>) => l;

describe('purchase orders from the selection', () => {
  it('makes one order per chosen supplier; the contract price replaces the quoted tomatoes; PPN 11 % exact', async () => {
    expect((await ok(await act(agus, 'purchase-selection', chain.selection.id, 'order'))).status).toBe('ordered');
    const list = await ok(
      await agus.get(
        `/api/data/purchasing/purchase-order?filter=${encodeURIComponent(JSON.stringify({ selection_id: { op: 'eq', value: chain.selection.id } }))}`,
      ),
    );
    chain.orders = await Promise.all(list.rows.map(async (r: any) => ok(await agus.get(`/api/data/purchasing/purchase-order/${r.id}`))));
    const bySupplier = Object.fromEntries(chain.orders!.map((o) => [o._refs.supplier_id.split(' ')[0], o]));
    expect(bySupplier['SUP-002'].lines.map((l: any) => [l._refs.item_id, l.quantity, l.unit_price, l.price_source])).toEqual([
      ['F-002 - Beef tenderloin', '30.000', '162000.00', 'quote'],
    ]);
    expect(bySupplier['SUP-002']).toMatchObject({
      tax_rate: 11,
      subtotal: '4860000.00',
      tax: '534600.00',
      total: '5394600.00',
      status: 'draft',
    });
    expect(bySupplier['SUP-001'].lines.map((l: any) => [l._refs.item_id, l.quantity, l.unit_price, l.price_source])).toEqual([
      ['F-012 - Tomatoes', '20.000', '13500.00', 'contract'],
      ['F-008 - Shallots', '10.000', '40000.00', 'contract'],
    ]);
    expect(bySupplier['SUP-001']).toMatchObject({ subtotal: '670000.00', tax: '73700.00', total: '743700.00' });
    const request = await ok(await agus.get(`/api/data/purchasing/purchase-request/${chain.request.id}`));
    expect(request.status).toBe('ordered');
    expect(request.lines.map((l: any) => l.ordered_quantity)).toEqual(['30.000', '20.000', '10.000']);
  });

  it('rounds PPN to whole rupiah, half up, at 11 % and 12 %', async () => {
    const prawns = { item_id: await idOf('inv_item', 'F-015'), quantity: '3.5', unit_price: '123450' };
    const supplier = await idOf('pur_supplier', 'SUP-002');
    const po = await ok(await agus.post('/api/data/purchasing/purchase-order', { supplier_id: supplier, lines: [prawns] }), 201);
    // 3,5 × 123.450 = 432.075; 11 % = 47.528,25
    expect(po).toMatchObject({ subtotal: '432075.00', tax: '47528.00', total: '479603.00', delivery_date: '2026-11-24' });
    const luxury = await ok(await agus.patch(`/api/data/purchasing/purchase-order/${po.id}`, { version: po.version, tax_rate: 12 }));
    // 12 % = 51.849
    expect(luxury).toMatchObject({ tax: '51849.00', total: '483924.00' });
    expectApiError(await agus.patch(`/api/data/purchasing/purchase-order/${po.id}`, { version: luxury.version, tax_rate: 10 }), 400);
  });

  it('approves and sends the beef order: PDF in Indonesian to the supplier through the outbox, last order stamped', async () => {
    const beef = chain.orders!.find((o) => o._refs.supplier_id.startsWith('SUP-002'));
    await ok(await act(agus, 'purchase-order', beef.id, 'approve'));
    const before = t.mails.length;
    const sent = await ok(await act(agus, 'purchase-order', beef.id, 'send'));
    expect(sent.status).toBe('sent');
    const mail = t.mails[before];
    expect(mail.to).toBe('sales@prianganprima.co.id');
    expect(mail.subject).toBe(`Pesanan pembelian ${beef.number} dari Grand Nusantara Bandung`);
    expect(mail.text).toContain('1. F-002 Daging sapi has dalam: 30 KG × 162.000 = 4.860.000');
    expect(mail.text).toContain('Subtotal 4.860.000, PPN 11 % 534.600, total IDR 5.394.600.');
    const attached = (await pdfPages(mail.attachments![0].content)).join(' ');
    expect(attached).toContain(`Pesanan Pembelian ${beef.number}`);
    expect(attached).toMatch(/Daging sapi has dalam 30 KG 162\.000 4\.860\.000/);
    expect(attached).toMatch(/PPN 11 % 534\.600 Total IDR 5\.394\.600/);
    const { rows } = await sql<{ last_order: string }>`SELECT last_order::text FROM pur_supplier WHERE id = ${beef.supplier_id}`.execute(
      t.database.db,
    );
    expect(rows[0].last_order).toBe(BUSINESS_DATE);
  });

  it('prints the order in English on request', async () => {
    const beef = chain.orders!.find((o) => o._refs.supplier_id.startsWith('SUP-002'));
    const res = await agus.get(`/api/purchasing/purchase-order/${beef.id}/pdf?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain(`Purchase order ${beef.number}`);
    expect(text).toMatch(/Beef tenderloin 30 KG 162\.000 4\.860\.000/);
    expect(text).toContain('Delivery date 24/11/2026');
  });
});

describe('receiving against the orders (the interface receiving calls)', () => {
  const receive = (id: number, lines: { purchaseOrderLineId: number; quantity: string }[], on = BUSINESS_DATE, reverse = false) =>
    t.database.db.transaction().execute((trx) => (reverse ? reverseReceipt : applyReceipt)(trx, gnb, id, lines, on));
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(HttpError);
    return e as HttpError;
  };
  const state = async (id: number) => {
    const o = await ok(await agus.get(`/api/data/purchasing/purchase-order/${id}`));
    return [o.status, ...o.lines.map((l: any) => l.received_quantity)];
  };

  it('takes two partial receipts of the beef, refuses one kilo too many, and the order is received then closed', async () => {
    const beef = chain.orders!.find((o) => o._refs.supplier_id.startsWith('SUP-002'));
    const line = beef.lines[0].id;
    await receive(beef.id, [{ purchaseOrderLineId: line, quantity: '12' }], '2026-11-24');
    expect(await state(beef.id)).toEqual(['partially_received', '12.000']);
    const over = await refusal(receive(beef.id, [{ purchaseOrderLineId: line, quantity: '19' }]));
    expect([over.key, over.params.over, over.params.unit]).toEqual(['purchase-order.overReceived', '1', 'KG']);
    await receive(beef.id, [{ purchaseOrderLineId: line, quantity: '18' }], '2026-11-25');
    expect(await state(beef.id)).toEqual(['received', '30.000']);
    const { rows } = await sql<{
      last_delivery: string;
    }>`SELECT last_delivery::text FROM pur_supplier WHERE id = ${beef.supplier_id}`.execute(t.database.db);
    expect(rows[0].last_delivery).toBe('2026-11-25');
    expect((await ok(await act(agus, 'purchase-order', beef.id, 'close'))).status).toBe('closed');
    const request = await ok(await agus.get(`/api/data/purchasing/purchase-request/${chain.request.id}`));
    expect(request.lines[0]).toMatchObject({ quantity: '30.000', ordered_quantity: '30.000' });
  });

  it('refuses a draft order and reverses a cancelled receipt back to sent', async () => {
    const veg = chain.orders!.find((o) => o._refs.supplier_id.startsWith('SUP-001'));
    const [tomatoes, shallots] = veg.lines.map((l: any) => l.id);
    const draft = await refusal(receive(veg.id, [{ purchaseOrderLineId: tomatoes, quantity: '1' }]));
    expect([draft.status, draft.key]).toEqual([409, 'purchase-order.notReceivable']);
    await ok(await act(agus, 'purchase-order', veg.id, 'approve'));
    await ok(await act(agus, 'purchase-order', veg.id, 'send'));
    await receive(veg.id, [{ purchaseOrderLineId: shallots, quantity: '6' }]);
    expect(await state(veg.id)).toEqual(['partially_received', '0.000', '6.000']);
    expectApiError(await act(agus, 'purchase-order', veg.id, 'cancel'), 409, {
      message: 'This document is Partly received: “Cancel” is not possible now',
    });
    const tooMuch = await refusal(receive(veg.id, [{ purchaseOrderLineId: shallots, quantity: '7' }], BUSINESS_DATE, true));
    expect(tooMuch.key).toBe('purchase-order.reversedTooMuch');
    await receive(veg.id, [{ purchaseOrderLineId: shallots, quantity: '6' }], BUSINESS_DATE, true);
    expect(await state(veg.id)).toEqual(['sent', '0.000', '0.000']);
  });

  it('gives the request its lines back when an order is cancelled', async () => {
    const veg = chain.orders!.find((o) => o._refs.supplier_id.startsWith('SUP-001'));
    await ok(await act(agus, 'purchase-order', veg.id, 'cancel'));
    const request = await ok(await agus.get(`/api/data/purchasing/purchase-request/${chain.request.id}`));
    expect(request.status).toBe('partially_ordered');
    expect(request.lines.map((l: any) => l.ordered_quantity)).toEqual(['30.000', '0.000', '0.000']);
  });
});

describe('the daily market list', () => {
  it("orders the chef's list from two suppliers at their contract and last prices", async () => {
    const kitchen = await idOf('inv_store', 'KIT');
    const dml = await ok(
      await agus.post('/api/data/purchasing/market-list', {
        prepared_by: 'Chef Bambang',
        store_id: kitchen,
        lines: [
          { item_id: await idOf('inv_item', 'F-012'), quantity: '8', supplier_id: await idOf('pur_supplier', 'SUP-001') },
          { item_id: await idOf('inv_item', 'F-010'), quantity: '3', supplier_id: await idOf('pur_supplier', 'SUP-001') },
          { item_id: await idOf('inv_item', 'F-004'), quantity: '25', supplier_id: await idOf('pur_supplier', 'SUP-002') },
        ],
      }),
      201,
    );
    expect(dml).toMatchObject({ market_date: '2026-11-24', total: String(8 * 13500 + 3 * 44000 + 25 * 38000) + '.00' });
    await ok(await act(agus, 'market-list', dml.id, 'submit'));
    await ok(await act(agus, 'market-list', dml.id, 'order'));
    const after = await ok(await agus.get(`/api/data/purchasing/market-list/${dml.id}`));
    expect(after.status).toBe('ordered');
    const orders = new Set(after.lines.map((l: any) => l.purchase_order_id));
    expect(orders.size).toBe(2);
    const totals = await Promise.all(
      [...orders].map(async (id) => {
        const o = await ok(await agus.get(`/api/data/purchasing/purchase-order/${id}`));
        return [o._refs.supplier_id.split(' ')[0], o.delivery_date, o.subtotal, o.total];
      }),
    );
    expect(totals.sort()).toEqual([
      ['SUP-001', '2026-11-24', '240000.00', '266400.00'],
      ['SUP-002', '2026-11-24', '950000.00', '1054500.00'],
    ]);
  });
});

describe('who may see and change orders', () => {
  it('refuses the sales team any purchasing document', async () => {
    expectApiError(await rina.get('/api/data/purchasing/purchase-order'), 403);
    expectApiError(await rina.post('/api/data/purchasing/purchase-request', { department_id: 1, needed_by: '2026-11-30' }), 403);
    expectApiError(await rina.get(`/api/purchasing/purchase-order/${chain.orders![0].id}/pdf`), 403);
  });

  it("answers 404 for another property's purchase order", async () => {
    const nbr = Number((await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'NBR'`.execute(t.database.db)).rows[0].id);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO purchase_order (branch_id, number, date, supplier_id, delivery_date)
      SELECT ${nbr}, 'PO-NBR-0001', ${BUSINESS_DATE}, id, ${BUSINESS_DATE} FROM pur_supplier WHERE branch_id = ${nbr} AND code = 'SUP-101'
      RETURNING id`.execute(t.database.db);
    expectApiError(await agus.get(`/api/data/purchasing/purchase-order/${rows[0].id}`), 404);
    expectApiError(await agus.get(`/api/purchasing/purchase-order/${rows[0].id}/pdf`), 404);
    expect(
      await refusalOf(() => t.database.db.transaction().execute((trx) => applyReceipt(trx, gnb, Number(rows[0].id), [], BUSINESS_DATE))),
    ).toBe(404);
  });
});

async function refusalOf(f: () => Promise<unknown>) {
  try {
    await f();
    return 0;
  } catch (e) {
    return (e as HttpError).status;
  }
}
