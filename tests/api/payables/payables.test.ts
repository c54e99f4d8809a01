import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import type { Db } from '../../../server/db/connect.js';
import { pdfPages } from '../../support/pdfText.js';

/**
 * Budi the accountant of the Grand Nusantara Bandung (business date 23/11/2026) books what suppliers invoice and
 * pays it: Sumber Segar Lembang's tomatoes matched to Agus's receipt three ways (price tolerance 2 %), a service
 * invoice of Amenity Jaya Abadi with PPN 11 % and PPh 23 2 % paid in two parts, an advance applied, journals to
 * the ledger, and the aging of Kopi Priangan Nusantara's invoices on the boundary days. After every operation the
 * supplier sub-ledger (less what still waits for the ledger) equals the accounts-payable control account.
 */
let t: TestApp;
let db: Db;
let budi: ApiClient;
let agus: ApiClient;
let clerk: ApiClient;
let gnb: number;
const id: Record<string, number> = {};

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const refused = async (res: Response, status: number, text: RegExp) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.stringify(res.json())).toMatch(text);
};
const INVOICE = '/api/data/payables/ap-invoice';
const PAYMENT = '/api/data/payables/ap-payment';
const action = async (who: ApiClient, base: string, docId: number, name: string) => {
  const row = (await who.get(`${base}/${docId}`)).json();
  return who.post(`${base}/${docId}/${name}`, { version: row.version });
};
const report = async (code: string, params: Record<string, string | number>) =>
  (await ok(await budi.get(`/api/reports/${code}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`)))
    .rows as Record<string, unknown>[];

async function ids(table: string, prefix: string) {
  const { rows } = await sql<{ id: number; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${gnb}`.execute(db);
  for (const r of rows) id[`${prefix}${r.code}`] = Number(r.id);
}

/** The proposed journal of a document, as account code and signed amount (debit positive). */
async function journal(kind: string, docId: number) {
  const { rows } = await sql<{ code: string; amount: string }>`
    SELECT a.code, (l.debit - l.credit)::text AS amount FROM ap_gl_transfer g
      JOIN ap_gl_transfer_line l ON l.branch_id = g.branch_id AND l.transfer_id = g.id
      JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
     WHERE g.branch_id = ${gnb} AND g.source_kind = ${kind} AND g.source_id = ${docId} ORDER BY a.code`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.code, r.amount]));
}

/** The property's invoice quantity tolerance, set on the hotel setup screen by the administrator. */
async function tolerance(percent: string) {
  const admin = await t.login('admin');
  admin.branchId = gnb;
  const [setup] = (await ok(await admin.get('/api/data/system/setup'))).rows;
  const saved = await ok(
    await admin.patch(`/api/data/system/setup/${setup.id}`, { version: setup.version, ap_quantity_tolerance: percent }),
  );
  expect(saved.ap_quantity_tolerance).toBe(`${percent}.00`);
}

/**
 * The sub-ledger equals the control account: what suppliers are owed (the sub-ledger) less what still waits for
 * the ledger equals the balance of accounts payable (2101.01) in the general ledger — in total and supplier by
 * supplier (the reconciliation report shows no difference on any row).
 */
async function reconciles(asOf = '2026-11-23') {
  const { rows } = await sql<{ sub: string; pending: string; control: string }>`
    SELECT (SELECT coalesce(sum(amount), 0) FROM ap_ledger WHERE branch_id = ${gnb} AND date <= ${asOf})::text AS sub,
           (SELECT coalesce(sum(l.amount), 0) FROM ap_ledger l JOIN ap_gl_transfer t ON t.branch_id = l.branch_id AND t.id = l.transfer_id
             WHERE l.branch_id = ${gnb} AND l.date <= ${asOf} AND t.status = 'pending')::text AS pending,
           (SELECT coalesce(sum(jl.credit - jl.debit), 0) FROM gl_journal j JOIN gl_journal_line jl ON jl.branch_id = j.branch_id AND jl.journal_id = j.id
              JOIN gl_account a ON a.branch_id = jl.branch_id AND a.id = jl.account_id
             WHERE j.branch_id = ${gnb} AND a.code = '2101.01' AND j.date <= ${asOf})::text AS control`.execute(db);
  const { sub, pending, control } = rows[0];
  expect(Number(sub) - Number(pending)).toBeCloseTo(Number(control), 2);
  expect((Number(sub) * 100 - Number(pending) * 100 - Number(control) * 100).toFixed(0)).toBe('0');
  const lines = await report('ap-reconciliation', { as_of: asOf });
  for (const l of lines) expect(Number(l.difference), JSON.stringify(l)).toBe(0);
  // advances paid out less applied, less what waits for the ledger, equal the supplier-advance account (1204.01)
  for (const l of lines) expect(Number(l.advances_difference), JSON.stringify(l)).toBe(0);
  return lines;
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  gnb = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  await ids('pur_supplier', 'supplier:');
  await ids('inv_item', 'item:');
  await ids('inv_unit', 'unit:');
  await ids('inv_store', 'store:');
  await ids('gl_account', 'account:');
  // a payables clerk: books and posts invoices, may not approve one that does not match
  const group = Number(
    (await sql<{ id: number }>`INSERT INTO user_group (code, name) VALUES ('APCLERK', 'Payables clerks') RETURNING id`.execute(db)).rows[0]
      .id,
  );
  await sql`INSERT INTO group_right (group_id, resource, action)
            SELECT ${group}, 'accountpayable.ap-voucher', a FROM unnest(ARRAY['view', 'create', 'edit', 'post']) a`.execute(db);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO app_user (username, full_name, group_id, password_hash, must_change_password, language)
    SELECT 'rina', 'Rina Marlina', ${group}, password_hash, false, 'id' FROM app_user WHERE username = 'accountant' RETURNING id`.execute(
    db,
  );
  await sql`INSERT INTO user_branch (user_id, branch_id) VALUES (${rows[0].id}, ${gnb})`.execute(db);
  budi = await t.login('accountant');
  budi.branchId = gnb;
  agus = await t.login('purchasing');
  clerk = await t.login('rina');
});
afterAll(() => t.close());

describe('the demo hotel starts reconciled', () => {
  it('brings the trade payables forward supplier by supplier: Rp 312.000.000 at 01/11 on the sub-ledger and the control account', async () => {
    const { rows } = await sql<{ total: string }>`
      SELECT sum(amount)::text AS total FROM ap_ledger WHERE branch_id = ${gnb} AND source_kind = 'opening'`.execute(db);
    expect(rows[0].total).toBe('312000000.00');
    await reconciles('2026-11-01');
    await reconciles();
  });
});

let tomatoes: number;
let receipt: number;

describe('pre-AP: an invoice matched three ways to the receipt and the order price', () => {
  it('takes the receipt lines at what was received (10 kg of tomatoes at 13.500) and matches at 0 %', async () => {
    const r = await ok(
      await agus.post('/api/data/inventory/receiving', {
        supplier_id: id['supplier:SUP-001'],
        store_id: id['store:KIT'],
        delivery_note: 'SJ-SSL-2311',
        invoice_number: 'SSL-1126-131',
        invoice_date: '2026-11-23',
        lines: [{ item_id: id['item:F-012'], unit_id: id['unit:KG'], quantity: '10', price: '13500' }],
      }),
      201,
    );
    receipt = r.id;
    await ok(await action(agus, '/api/data/inventory/receiving', receipt, 'post'));
    await reconciles();
    const inv = await ok(
      await budi.post(INVOICE, {
        supplier_id: id['supplier:SUP-001'],
        receipt_id: receipt,
        invoice_number: 'SSL-1126-131',
        invoice_date: '2026-11-23',
      }),
      201,
    );
    tomatoes = inv.id;
    expect(inv).toMatchObject({ kind: 'receipt', match_status: 'matched', mismatch_lines: 0, total: '135000.00', due_date: '2026-12-07' });
    expect(inv.lines[0]).toMatchObject({
      received_quantity: '10.0000',
      received_price: '13500.00',
      price_variance_percent: '0.00',
      match: 'matched',
    });
  });

  it('matches an invoiced price exactly 2,00 % over the received one (13.770) and flags 13.771 (2,01 %)', async () => {
    const { _refs, ...line } = (await ok(await budi.get(`${INVOICE}/${tomatoes}`))).lines[0];
    expect(_refs.item_id).toBe('F-012 - Tomatoes');
    const at = async (price: string, quantity = '10') => {
      const row = (await budi.get(`${INVOICE}/${tomatoes}`)).json();
      return ok(await budi.patch(`${INVOICE}/${tomatoes}`, { version: row.version, lines: [{ ...line, quantity, price }] }));
    };
    const edge = await at('13770');
    expect(edge.lines[0]).toMatchObject({ price_variance_percent: '2.00', match: 'matched' });
    expect(edge.match_status).toBe('matched');
    const over = await at('13771');
    expect(over.lines[0]).toMatchObject({ price_variance_percent: '2.01', match: 'mismatch' });
    expect(over).toMatchObject({ match_status: 'mismatch', mismatch_lines: 1, total: '137710.00' });
    // the quantity tolerance is 0 % unless the property sets one: 10,1 kg invoiced of 10 is off
    const more = await at('13500', '10.1');
    expect(more.lines[0]).toMatchObject({ quantity_variance_percent: '1.00', match: 'mismatch' });
    // the controller allows 1 % on the hotel setup
    await tolerance('1');
    expect((await at('13500', '10.1')).lines[0].match).toBe('matched');
    expect((await at('13500', '10.11')).lines[0].match).toBe('mismatch');
    await tolerance('0');
    await at('13771');
  });

  it('refuses a second invoice of the same receipt, and a receipt line left out', async () => {
    await refused(
      await budi.post(INVOICE, {
        supplier_id: id['supplier:SUP-001'],
        receipt_id: receipt,
        invoice_number: 'SSL-X',
        invoice_date: '2026-11-23',
      }),
      400,
      /already on invoice/,
    );
    const row = (await budi.get(`${INVOICE}/${tomatoes}`)).json();
    await refused(await budi.patch(`${INVOICE}/${tomatoes}`, { version: row.version, lines: [] }), 400, /Receipt line 1 is missing/);
  });

  it('posts a mismatch only once approved, and only by someone with the right', async () => {
    await refused(await action(budi, INVOICE, tomatoes, 'post'), 409, /need approval|needs approval/);
    await refused(await action(clerk, INVOICE, tomatoes, 'approve'), 403, /.+/);
    const approved = await ok(await action(budi, INVOICE, tomatoes, 'approve'));
    expect(approved.status).toBe('approved');
    const posted = await ok(await action(clerk, INVOICE, tomatoes, 'post'));
    expect(posted).toMatchObject({ status: 'posted', balance: '137710.00' });
    // GRNI cleared at the value received, the 2.710 over it to the vegetables' cost, owed to the supplier
    expect(await journal('invoice', tomatoes)).toEqual({ '2101.01': '-137710.00', '2102.01': '135000.00', '5201.01': '2710.00' });
    const { rows } = await sql<{
      invoice_status: string;
    }>`SELECT invoice_status FROM inv_receipt WHERE branch_id = ${gnb} AND id = ${receipt}`.execute(db);
    expect(rows[0].invoice_status).toBe('invoiced');
    await reconciles();
  });
});

let service: number;

describe('an AP voucher of expenses: PPN input and PPh 23 withheld, paid in two parts', () => {
  it('owes 4.905.000 on 4.500.000 of service: PPN 495.000 in, PPh 23 90.000 withheld, due 30 days after the invoice', async () => {
    const inv = await ok(
      await budi.post(INVOICE, {
        supplier_id: id['supplier:SUP-006'],
        invoice_number: 'AJA/SRV/1125/044',
        invoice_date: '2026-11-02',
        tax_percent: '11',
        withholding_percent: '2',
        lines: [
          { account_id: id['account:5401.01'], quantity: '1', price: '3000000', description: 'Servis mesin cuci' },
          { account_id: id['account:6301.01'], quantity: '1', price: '1500000', description: 'Servis pompa air panas' },
        ],
      }),
      201,
    );
    service = inv.id;
    expect(inv).toMatchObject({
      kind: 'expense',
      subtotal: '4500000.00',
      tax_amount: '495000.00',
      withholding_amount: '90000.00',
      total: '4905000.00',
    });
    expect(inv.due_date).toBe('2026-12-02');
    await ok(await action(budi, INVOICE, service, 'post'));
    expect(await journal('invoice', service)).toEqual({
      '1404.01': '495000.00',
      '2101.01': '-4905000.00',
      '2205.01': '-90000.00',
      '5401.01': '3000000.00',
      '6301.01': '1500000.00',
    });
    await reconciles();
  });

  it("refuses the supplier's invoice number booked twice, and any change once posted", async () => {
    await refused(
      await budi.post(INVOICE, {
        supplier_id: id['supplier:SUP-006'],
        invoice_number: 'aja/srv/1125/044',
        invoice_date: '2026-11-02',
        lines: [{ account_id: id['account:5401.01'], quantity: '1', price: '1' }],
      }),
      400,
      /already booked/,
    );
    const row = (await budi.get(`${INVOICE}/${service}`)).json();
    expect((await budi.patch(`${INVOICE}/${service}`, { version: row.version, description: 'changed' })).statusCode).toBe(409);
  });

  let first: number;
  it('pays 2.000.000 first (approved, then paid): 2.905.000 still owed', async () => {
    const pv = await ok(
      await budi.post(PAYMENT, {
        supplier_id: id['supplier:SUP-006'],
        bank_account_id: id['account:1102.01'],
        reference: 'TRF-BCA-231126-01',
        lines: [{ invoice_id: service, amount: '2000000' }],
      }),
      201,
    );
    first = pv.id;
    await refused(await action(budi, PAYMENT, first, 'post'), 409, /.+/);
    await ok(await action(budi, PAYMENT, first, 'approve'));
    await ok(await action(budi, PAYMENT, first, 'post'));
    expect((await ok(await budi.get(`${INVOICE}/${service}`))).balance).toBe('2905000.00');
    expect(await journal('payment', first)).toEqual({ '1102.01': '-2000000.00', '2101.01': '2000000.00' });
    await reconciles();
  });

  it('refuses paying more than is owed, then pays the 2.905.000 left with Rp 6.500 bank charges: settled that day', async () => {
    const body = {
      supplier_id: id['supplier:SUP-006'],
      bank_account_id: id['account:1102.01'],
      lines: [{ invoice_id: service, amount: '3000000' }],
    };
    await refused(await budi.post(PAYMENT, body), 400, /still owes only 2\.905\.000/);
    const pv = await ok(
      await budi.post(PAYMENT, { ...body, bank_charges: '6500', lines: [{ invoice_id: service, amount: '2905000' }] }),
      201,
    );
    await ok(await action(budi, PAYMENT, pv.id, 'approve'));
    await ok(await action(budi, PAYMENT, pv.id, 'post'));
    expect(await journal('payment', pv.id)).toEqual({ '1102.01': '-2911500.00', '2101.01': '2905000.00', '6102.01': '6500.00' });
    const inv = await ok(await budi.get(`${INVOICE}/${service}`));
    expect(inv).toMatchObject({ balance: '0.00', paid_amount: '4905000.00', closed_date: '2026-11-23' });
    const closed = await report('ap-closed-aplist', { date_from: '2026-11-01', date_to: '2026-11-23' });
    expect(closed.find((r) => r.number === inv.number)).toMatchObject({ total: '4905000.00' });
    await reconciles();
  });

  it('prints the payment voucher as a PDF in English and Indonesian', async () => {
    for (const lang of ['en', 'id']) {
      const res = await budi.get(`/api/payables/ap-payment/${first}/pdf?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});

describe('the invoice scan (ap-preview): served within the property to those with the right', () => {
  const scan = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  it("keeps Amenity Jaya Abadi's scanned invoice with the voucher and serves it to Budi; Agus (no payables right) and a Bali accountant are refused", async () => {
    const added = await ok(
      await budi.post(`${INVOICE}/${service}/attachments`, {
        name: 'AJA-SRV-1125-044.pdf',
        file: `data:application/pdf;base64,${scan.toString('base64')}`,
      }),
      201,
    );
    expect(added).toMatchObject({ file_name: 'AJA-SRV-1125-044.pdf', content_type: 'application/pdf', size: scan.length });
    // what the preview screen reads: the invoice's files, then the file itself
    const files = await ok(await budi.get(`${INVOICE}/${service}/attachments`));
    expect(files.rows.map((f: { file_name: string }) => f.file_name)).toEqual(['AJA-SRV-1125-044.pdf']);
    const file = await budi.get(`${INVOICE}/${service}/attachments/${added.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, scan)).toBe(0);
    // the purchaser holds no payables right
    await refused(await agus.get(`${INVOICE}/${service}/attachments/${added.id}`), 403, /.+/);
    await refused(await agus.get(`${INVOICE}/${service}/attachments`), 403, /.+/);
    // Nusantara Beach Resort Bali's accountant, with the voucher right there: Bandung's invoice is not hers to see
    const nbr = Number((await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'NBR'`.execute(db)).rows[0].id);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO app_user (username, full_name, group_id, password_hash, must_change_password, language)
      SELECT 'ketut', 'Ketut Ayu Lestari', group_id, password_hash, false, 'id' FROM app_user WHERE username = 'rina' RETURNING id`.execute(
      db,
    );
    await sql`INSERT INTO user_branch (user_id, branch_id) VALUES (${rows[0].id}, ${nbr})`.execute(db);
    const ketut = await t.login('ketut');
    ketut.branchId = nbr;
    await refused(await ketut.get(`${INVOICE}/${service}/attachments/${added.id}`), 404, /.+/);
    await refused(await ketut.get(`${INVOICE}/${service}/attachments`), 404, /.+/);
    ketut.branchId = gnb;
    await refused(await ketut.get(`${INVOICE}/${service}/attachments/${added.id}`), 403, /.+/);
  });
});

describe('an advance paid before the invoice and applied to it', () => {
  let advance: number;
  it('pays 5.000.000 out of Mandiri to Sumber Segar Lembang (Dr advances to suppliers)', async () => {
    const a = await ok(
      await budi.post('/api/data/payables/ap-advance', {
        supplier_id: id['supplier:SUP-001'],
        bank_account_id: id['account:1102.02'],
        amount: '5000000',
        description: 'Uang muka sayur Natal',
      }),
      201,
    );
    advance = a.id;
    await ok(await budi.post('/api/ops/payables.postAdvance', { id: advance }));
    expect(await journal('advance', advance)).toEqual({ '1102.02': '-5000000.00', '1204.01': '5000000.00' });
    await reconciles();
  });

  it('applies what the tomato invoice owes (137.710): the invoice is settled, 4.862.290 of the advance is left', async () => {
    await refused(await budi.post('/api/ops/payables.applyAdvance', { id: advance, invoice_id: service }), 400, /another supplier/);
    const done = await ok(await budi.post('/api/ops/payables.applyAdvance', { id: advance, invoice_id: tomatoes }));
    expect(done.applied).toBe('137710.00');
    expect((await ok(await budi.get(`${INVOICE}/${tomatoes}`))).balance).toBe('0.00');
    const a = await ok(await budi.get(`/api/data/payables/ap-advance/${advance}`));
    expect(a.applied_amount).toBe('137710.00');
    await refused(await budi.post('/api/ops/payables.applyAdvance', { id: advance, invoice_id: tomatoes }), 409, /Nothing to apply/);
    await reconciles();
  });
});

describe('corrections are reversals; closed months refuse', () => {
  it('cancels a posted, unsettled invoice by the reverse of its journal; refuses one settled', async () => {
    const inv = await ok(
      await budi.post(INVOICE, {
        supplier_id: id['supplier:SUP-005'],
        invoice_number: 'KPN-2611-009',
        invoice_date: '2026-11-20',
        lines: [{ account_id: id['account:5201.01'], quantity: '12', price: '95000' }],
      }),
      201,
    );
    await ok(await action(budi, INVOICE, inv.id, 'post'));
    await reconciles();
    const done = await ok(await budi.post('/api/ops/payables.cancelInvoice', { id: inv.id, reason: 'Faktur ganda dari pemasok' }));
    expect(done.cancelled).toBe('2026-11-23');
    expect(await journal('invoice_cancel', inv.id)).toEqual({ '2101.01': '1140000.00', '5201.01': '-1140000.00' });
    expect((await ok(await budi.get(`${INVOICE}/${inv.id}`))).status).toBe('cancelled');
    await refused(await budi.post('/api/ops/payables.cancelInvoice', { id: service, reason: 'salah' }), 409, /paid or settled/);
    await reconciles();
  });

  it('refuses to post an invoice dated in a closed month', async () => {
    await sql`INSERT INTO gl_period_close (branch_id, period, closed) VALUES (${gnb}, '2026-10-01', true)`.execute(db);
    const inv = await ok(
      await budi.post(INVOICE, {
        supplier_id: id['supplier:SUP-005'],
        date: '2026-10-31',
        invoice_number: 'KPN-2610-077',
        invoice_date: '2026-10-30',
        lines: [{ account_id: id['account:5201.01'], quantity: '1', price: '250000' }],
      }),
      201,
    );
    await refused(await action(budi, INVOICE, inv.id, 'post'), 409, /10\/2026 is closed/);
    await sql`DELETE FROM gl_period_close WHERE branch_id = ${gnb} AND period = '2026-10-01'`.execute(db);
    await sql`DELETE FROM ap_invoice WHERE branch_id = ${gnb} AND id = ${inv.id}`.execute(db);
    await reconciles();
  });
});

const CREDIT = '/api/data/payables/ap-credit-note';

describe("supplier credit notes: nothing posted is edited, what is owed falls, a paid invoice leaves the supplier's credit", () => {
  let shallots: number;
  let shallotLine: number;
  it('Sumber Segar Lembang credits 2 kg of spoiled shallots on an invoice paid in part: 800.000 − 500.000 paid − 80.000 = 220.000 owed', async () => {
    const r = await ok(
      await agus.post('/api/data/inventory/receiving', {
        supplier_id: id['supplier:SUP-001'],
        store_id: id['store:KIT'],
        delivery_note: 'SJ-SSL-2311-B',
        invoice_number: 'SSL-1126-140',
        invoice_date: '2026-11-23',
        lines: [{ item_id: id['item:F-008'], unit_id: id['unit:KG'], quantity: '20', price: '40000' }],
      }),
      201,
    );
    await ok(await action(agus, '/api/data/inventory/receiving', r.id, 'post'));
    const inv = await ok(
      await budi.post(INVOICE, {
        supplier_id: id['supplier:SUP-001'],
        receipt_id: r.id,
        invoice_number: 'SSL-1126-140',
        invoice_date: '2026-11-23',
      }),
      201,
    );
    shallots = inv.id;
    shallotLine = inv.lines[0].id;
    await ok(await action(budi, INVOICE, shallots, 'post'));
    const pv = await ok(
      await budi.post(PAYMENT, {
        supplier_id: id['supplier:SUP-001'],
        bank_account_id: id['account:1102.01'],
        lines: [{ invoice_id: shallots, amount: '500000' }],
      }),
      201,
    );
    await ok(await action(budi, PAYMENT, pv.id, 'approve'));
    await ok(await action(budi, PAYMENT, pv.id, 'post'));
    await reconciles();

    // chosen the invoice, its lines come in at what was invoiced, to be cut down to what is credited
    const note = await ok(
      await budi.post(CREDIT, {
        supplier_id: id['supplier:SUP-001'],
        invoice_id: shallots,
        credit_number: 'SSL-NK-0031',
        credit_date: '2026-11-23',
        reason: 'Bawang merah busuk 2 kg dikembalikan',
      }),
      201,
    );
    expect(note.number).toMatch(/^NK-202611-\d{4}$/);
    expect(note.lines).toHaveLength(1);
    expect(note.lines[0]).toMatchObject({
      invoice_line_id: shallotLine,
      item_id: id['item:F-008'],
      quantity: '20.0000',
      price: '40000.00',
    });
    expect(note.total).toBe('800000.00');
    // more than the line is worth is refused; 2 kg is what was spoiled
    await refused(
      await budi.patch(`${CREDIT}/${note.id}`, { version: note.version, lines: [{ ...note.lines[0], _refs: undefined, quantity: '21' }] }),
      400,
      /at most 800\.000 of this invoice line/,
    );
    const cut = await ok(
      await budi.patch(`${CREDIT}/${note.id}`, { version: note.version, lines: [{ id: note.lines[0].id, quantity: '2', price: '40000' }] }),
    );
    expect(cut).toMatchObject({ subtotal: '80000.00', tax_amount: '0.00', total: '80000.00' });
    await ok(await action(budi, CREDIT, note.id, 'post'));
    // the credit comes off the vegetables' cost account (the spoiled kilos leave the stock as waste), owed 80.000 less
    expect(await journal('credit_note', note.id)).toEqual({ '2101.01': '80000.00', '5201.01': '-80000.00' });
    expect(await ok(await budi.get(`${INVOICE}/${shallots}`))).toMatchObject({
      total: '800000.00',
      paid_amount: '500000.00',
      credited_amount: '80000.00',
      balance: '220000.00',
      closed_date: null,
    });
    // posted, it is never changed
    const posted = await ok(await budi.get(`${CREDIT}/${note.id}`));
    expect((await budi.patch(`${CREDIT}/${note.id}`, { version: posted.version, reason: 'changed' })).statusCode).toBe(409);
    await reconciles();
  });

  it('refuses a credit note number booked twice, an invoice of another supplier, and a user without the credit-note right', async () => {
    const body = {
      supplier_id: id['supplier:SUP-001'],
      invoice_id: shallots,
      credit_number: 'ssl-nk-0031',
      credit_date: '2026-11-23',
      reason: 'Salah hitung',
    };
    await refused(await budi.post(CREDIT, body), 400, /already booked on NK-/);
    await refused(
      await budi.post(CREDIT, { ...body, credit_number: 'SSL-NK-0032', invoice_id: service }),
      400,
      /posted invoice of this supplier/,
    );
    await refused(await clerk.post(CREDIT, { ...body, credit_number: 'SSL-NK-0032' }), 403, /.+/);
    await refused(await clerk.get(CREDIT), 403, /.+/);
  });

  let credit: number;
  it('Amenity Jaya Abadi credits a 500.000 overcharge on the paid service invoice: PPN 55.000 and PPh 23 10.000 back in proportion, a credit of 545.000', async () => {
    const inv = await ok(await budi.get(`${INVOICE}/${service}`));
    const washer = inv.lines.find((l: { description: string }) => l.description === 'Servis mesin cuci');
    const note = await ok(
      await budi.post(CREDIT, {
        supplier_id: id['supplier:SUP-006'],
        invoice_id: service,
        credit_number: 'AJA/NK/1125/007',
        credit_date: '2026-11-20',
        reason: 'Kelebihan tagih servis mesin cuci',
        lines: [{ invoice_line_id: washer.id, quantity: '1', price: '500000' }],
      }),
      201,
    );
    credit = note.id;
    expect(note).toMatchObject({
      tax_percent: '11.00',
      withholding_percent: '2.00',
      subtotal: '500000.00',
      tax_amount: '55000.00',
      withholding_amount: '10000.00',
      total: '545000.00',
    });
    expect(note.lines[0]).toMatchObject({ account_id: id['account:5401.01'] });
    // a second draft taking back the whole invoice (4.905.000) is saved, but once the 545.000 is posted only 4.360.000 is left
    const whole = await ok(
      await budi.post(CREDIT, {
        supplier_id: id['supplier:SUP-006'],
        invoice_id: service,
        credit_number: 'AJA/NK/1125/008',
        credit_date: '2026-11-21',
        reason: 'Seluruh faktur dibatalkan pemasok',
      }),
      201,
    );
    expect(whole.total).toBe('4905000.00');
    await ok(await action(budi, CREDIT, credit, 'post'));
    expect(await journal('credit_note', credit)).toEqual({
      '1404.01': '-55000.00',
      '2101.01': '545000.00',
      '2205.01': '10000.00',
      '5401.01': '-500000.00',
    });
    expect(await ok(await budi.get(`${INVOICE}/${service}`))).toMatchObject({
      paid_amount: '4905000.00',
      credited_amount: '545000.00',
      balance: '-545000.00',
      closed_date: null,
    });
    await refused(await action(budi, CREDIT, whole.id, 'post'), 409, /has only 4\.360\.000 left to credit/);
    await ok(await budi.delete(`${CREDIT}/${whole.id}?version=${whole.version}`));
    // the supplier's credit shows on the reconciliation as a debit on its row, still agreeing
    await reconciles();
  });

  it('nets the 545.000 credit on the next payment voucher: 1.200.000 of amenities − 545.000 = 655.000 out of BCA', async () => {
    const amenities = await ok(
      await budi.post(INVOICE, {
        supplier_id: id['supplier:SUP-006'],
        invoice_number: 'AJA/AMN/1126/051',
        invoice_date: '2026-11-23',
        lines: [{ account_id: id['account:5401.01'], quantity: '400', price: '3000', description: 'Sabun dan sampo spa' }],
      }),
      201,
    );
    await ok(await action(budi, INVOICE, amenities.id, 'post'));
    const body = { supplier_id: id['supplier:SUP-006'], bank_account_id: id['account:1102.01'], reference: 'TRF-BCA-231126-22' };
    await refused(
      await budi.post(PAYMENT, {
        ...body,
        lines: [
          { invoice_id: amenities.id, amount: '1200000' },
          { invoice_id: service, amount: '-600000' },
        ],
      }),
      400,
      /holds a supplier credit of only 545\.000/,
    );
    await refused(
      await budi.post(PAYMENT, { ...body, lines: [{ invoice_id: amenities.id, amount: '-100000' }] }),
      400,
      /holds a supplier credit of only 0/,
    );
    const onlyCredit = await ok(await budi.post(PAYMENT, { ...body, lines: [{ invoice_id: service, amount: '-545000' }] }), 201);
    await refused(await action(budi, PAYMENT, onlyCredit.id, 'approve'), 400, /pays nothing/);
    const pv = await ok(
      await budi.patch(`${PAYMENT}/${onlyCredit.id}`, {
        version: onlyCredit.version,
        lines: [
          { invoice_id: amenities.id, amount: '1200000' },
          { invoice_id: service, amount: '-545000' },
        ],
      }),
    );
    expect(pv.total).toBe('655000.00');
    // with the 220.000 still owed on the shallots, gathered on the day's recap voucher for the controller's one signature
    const rest = await ok(
      await budi.post(PAYMENT, {
        supplier_id: id['supplier:SUP-001'],
        bank_account_id: id['account:1102.01'],
        reference: 'TRF-BCA-231126-23',
        lines: [{ invoice_id: shallots, amount: '220000' }],
      }),
      201,
    );
    const recap = await ok(
      await budi.post('/api/data/payables/ap-recap', {
        description: 'Pembayaran pemasok 23/11',
        lines: [{ payment_id: pv.id }, { payment_id: rest.id }],
      }),
      201,
    );
    expect(recap.total).toBe('875000.00');
    await ok(await action(budi, '/api/data/payables/ap-recap', recap.id, 'approve'));
    for (const [lang, text] of [
      [
        'id',
        /Voucher rekap RV-202611-\d{4}.*PV-202611-\d{4} Amenity Jaya Abadi 1102\.01 TRF-BCA-231126-22 655\.000 2 PV-202611-\d{4} Sumber Segar Lembang 1102\.01 TRF-BCA-231126-23 220\.000 Dibayar ke pemasok 875\.000 .*Keluar dari bank IDR 875\.000.*Disetujui oleh Budi Santoso/,
      ],
      ['en', /Recap voucher RV-202611-\d{4}.*Status Approved.*Out of the bank IDR 875\.000/],
    ] as const) {
      const res = await budi.get(`/api/payables/ap-recap/${recap.id}/pdf?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect((await pdfPages(res.rawPayload)).join(' ')).toMatch(text);
    }
    await refused(await clerk.get(`/api/payables/ap-recap/${recap.id}/pdf`), 403, /.+/);
    for (const paid of [pv.id, rest.id]) await ok(await action(budi, PAYMENT, paid, 'post'));
    expect(await journal('payment', pv.id)).toEqual({ '1102.01': '-655000.00', '2101.01': '655000.00' });
    expect(await ok(await budi.get(`${INVOICE}/${service}`))).toMatchObject({ balance: '0.00', closed_date: '2026-11-23' });
    expect(await ok(await budi.get(`${INVOICE}/${amenities.id}`))).toMatchObject({ balance: '0.00', paid_amount: '1200000.00' });
    expect(await ok(await budi.get(`${INVOICE}/${shallots}`))).toMatchObject({
      balance: '0.00',
      paid_amount: '720000.00',
      credited_amount: '80000.00',
    });
    await reconciles();
  });
});

describe('aging on the boundary days', () => {
  it('puts 0, 30, 31, 60, 61, 90 and 91 days past due in current, 1–30, 31–60, 31–60, 61–90, 61–90 and over 90, in the report and the API alike', async () => {
    // Kopi Priangan Nusantara pays 14 days after the invoice: due = invoice date + 14
    const due = ['2026-11-23', '2026-10-24', '2026-10-23', '2026-09-24', '2026-09-23', '2026-08-25', '2026-08-24'];
    const days = [0, 30, 31, 60, 61, 90, 91];
    for (const [i, d] of due.entries()) {
      const invoiceDate = new Date(Date.parse(`${d}T00:00:00Z`) - 14 * 86_400_000).toISOString().slice(0, 10);
      const inv = await ok(
        await budi.post(INVOICE, {
          supplier_id: id['supplier:SUP-005'],
          invoice_number: `KPN-AGE-${days[i]}`,
          invoice_date: invoiceDate,
          lines: [{ account_id: id['account:5201.01'], quantity: '1', price: String((i + 1) * 100000) }],
        }),
        201,
      );
      expect(inv.due_date).toBe(d);
      await ok(await action(budi, INVOICE, inv.id, 'post'));
    }
    const rows = await report('ap-aging', { as_of: '2026-11-23', supplier_id: id['supplier:SUP-005'] });
    const bucketOf = (r: Record<string, unknown>) =>
      ['current_amount', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'].find((b) => Number(r[b]) !== 0);
    const byDays = Object.fromEntries(rows.map((r) => [String(r.days_past_due), bucketOf(r)]));
    expect(byDays).toEqual({
      '0': 'current_amount',
      '30': 'days_1_30',
      '31': 'days_31_60',
      '60': 'days_31_60',
      '61': 'days_61_90',
      '90': 'days_61_90',
      '91': 'over_90',
    });
    const api = await ok(await budi.get(`/api/payables/aging?as_of=2026-11-23&supplier_id=${id['supplier:SUP-005']}`));
    expect(api.buckets.map((b: { code: string; amount: string }) => [b.code, b.amount])).toEqual([
      ['current', '100000.00'],
      ['1-30', '200000.00'],
      ['31-60', '700000.00'],
      ['61-90', '1100000.00'],
      ['over-90', '700000.00'],
    ]);
    const sum = (f: string) => rows.reduce((s, r) => s + Number(r[f]), 0);
    expect([sum('current_amount'), sum('days_1_30'), sum('days_31_60'), sum('days_61_90'), sum('over_90')]).toEqual([
      100000, 200000, 700000, 1100000, 700000,
    ]);
    await reconciles();
  });
});

describe('to the ledger', () => {
  it('posts every pending journal once through the posting function (key payables:<kind>:<id>); a second post is refused', async () => {
    const { rows } = await sql<{
      id: number;
    }>`SELECT id::int AS id FROM ap_gl_transfer WHERE branch_id = ${gnb} AND status = 'pending' ORDER BY id`.execute(db);
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      await ok(await budi.post('/api/ops/payables.postJournal', { id: r.id }));
      await reconciles();
    }
    await refused(await budi.post('/api/ops/payables.postJournal', { id: rows[0].id }), 409, /already posted/);
    const { rows: keys } = await sql<{ key: string }>`
      SELECT key FROM gl_journal WHERE branch_id = ${gnb} AND key = ${`payables:invoice:${tomatoes}`}`.execute(db);
    expect(keys).toHaveLength(1);
    // nothing waits any more: the sub-ledger is the control account itself
    const recon = await report('ap-reconciliation', { as_of: '2026-11-23' });
    const total = (f: string) => recon.reduce((s, r) => s + Number(r[f]), 0);
    expect(total('pending')).toBe(0);
    expect(total('subledger')).toBe(total('control'));
  });

  it('shows the payables dashboard: owed, due in 7 days, overdue, cash needed', async () => {
    const [d] = await report('ap-dashboard', { as_of: '2026-11-23' });
    expect(Number(d.owed)).toBeGreaterThan(0);
    expect(Number(d.cash_needed)).toBe(Number(d.due_this_week) + Number(d.overdue));
  });
});
