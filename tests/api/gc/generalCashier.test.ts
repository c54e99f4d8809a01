import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The general cashier of the Grand Nusantara Bandung (business date 23/11/2026). Budi (accounting) keeps the
 * petty-cash box: he opens his shift with a Rp 5.000.000 float, pays out Agus Santoso's cash advance for a
 * water-pump part, settles it with receipts and takes the change back, pays a market reimbursement, writes
 * a payment and a receipt voucher and reverses one, and closes his shift Rp 10.000 short. The approvals are
 * the general manager's (admin). Every rupiah goes through the posting function and ties to the box.
 */
let t: TestApp;
let db: Db;
let budi: ApiClient;
let gm: ApiClient;
let branch: number;
const account: Record<string, number> = {};
const purpose: Record<string, number> = {};
const setup: Record<string, number> = {};

const ok = async (res: Awaited<ReturnType<ApiClient['post']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const op = (who: ApiClient, name: string, body: unknown) =>
  who.post(`/api/ops/gc.${name}`, body, { 'idempotency-key': crypto.randomUUID() });
const act = async (who: ApiClient, entity: string, id: number, action: string) => {
  const row = (await who.get(`/api/data/gc/${entity}/${id}`)).json();
  return who.post(`/api/data/gc/${entity}/${id}/${action}`, { version: row.version });
};
/** The posted lines of a journal as account → debit − credit. */
async function journal(id: number) {
  const { rows } = await sql<{ code: string; amount: string }>`
    SELECT a.code, (sum(l.debit) - sum(l.credit))::text AS amount FROM gl_journal_line l
      JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
     WHERE l.branch_id = ${branch} AND l.journal_id = ${id} GROUP BY a.code ORDER BY a.code`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.code, r.amount]));
}
const count = (twice: string) => {
  const n = Object.fromEntries(
    twice
      .split(' ')
      .map((p) => p.split('x').map(Number))
      .map(([q, d]) => [d, q]),
  );
  return [100000, 50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100].map((d) => ({ denomination: d, quantity: n[d] ?? 0 }));
};

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  budi = await t.login('accountant');
  gm = await t.login('admin');
  branch = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  budi.branchId = branch;
  gm.branchId = branch;
  for (const r of (await sql<{ id: number; code: string }>`SELECT id, code FROM gl_account WHERE branch_id = ${branch}`.execute(db)).rows)
    account[r.code] = Number(r.id);
  for (const r of (await ok(await budi.get('/api/data/gc/purpose'))).rows) purpose[r.code] = r.id;
  for (const r of (await ok(await budi.get('/api/data/gc/advance-setup'))).rows) setup[r.code] = r.id;
});
afterAll(() => t.close());

describe("the general cashier's masters", () => {
  it('ship spending purposes booked to their accounts and cash-advance types with their limits', async () => {
    expect(Object.keys(purpose)).toEqual(expect.arrayContaining(['ATK', 'PERBAIKAN', 'PASAR']));
    const ops = (await ok(await budi.get(`/api/data/gc/advance-setup/${setup.OPS}`))) as Record<string, unknown>;
    expect(ops).toMatchObject({ max_amount: '5000000.00', settle_days: 3, advance_account_id: account['1203.01'] });
  });

  it('refuse a cash-advance type whose limit is nothing', async () => {
    const res = await budi.post('/api/data/gc/advance-setup', {
      code: 'NOL',
      name: 'Nothing',
      advance_account_id: account['1203.01'],
      max_amount: '0',
    });
    expectApiError(res, 400, { fields: { max_amount: expect.stringMatching(/more than zero/) } });
  });
});

describe("the cashier's shift and cash advances", () => {
  let advance: number;

  it('refuses to pay anything out before a shift is open, and opens one on a cash account with its float', async () => {
    const created = await ok(
      await budi.post('/api/data/gc/cash-advance', {
        kind: 'advance',
        setup_id: setup.OPS,
        date: '2026-11-23',
        employee: 'Agus Santoso',
        department_id: null,
        description: 'Spare part for the water pump, Jl. Cihampelas',
        amount: '3000000',
      }),
      201,
    );
    advance = created.id;
    expect(created.number).toBe('CA-202611-0001');
    await ok(await act(budi, 'cash-advance', advance, 'request'));
    expectApiError(await act(budi, 'cash-advance', advance, 'approve'), 409, { message: /other than the requester/ });
    await ok(await act(gm, 'cash-advance', advance, 'approve'));
    expectApiError(await act(budi, 'cash-advance', advance, 'disburse'), 409, { message: /no open cashier shift/ });

    expectApiError(await op(budi, 'openShift', { cash_account_id: account['6103.01'], opening_float: '5.000.000' }), 400, {
      fields: { cash_account_id: expect.any(String) },
    });
    const opened = await ok(await op(budi, 'openShift', { cash_account_id: account['1101.03'], opening_float: '5.000.000' }));
    expect(opened.shift).toMatchObject({
      cash_account: '1101.03',
      opening_float: '5000000.00',
      expected: '5000000.00',
      business_date: '2026-11-23',
    });
    expectApiError(await op(budi, 'openShift', { cash_account_id: account['1101.03'], opening_float: '0' }), 409, {
      message: /already have an open shift/,
    });
  });

  it('keeps what was requested as requested, and pays the advance out of the box onto the staff-advance account', async () => {
    const row = await ok(await budi.get(`/api/data/gc/cash-advance/${advance}`));
    expectApiError(await budi.patch(`/api/data/gc/cash-advance/${advance}`, { version: row.version, amount: '3500000' }), 409);
    const paid = await ok(await act(budi, 'cash-advance', advance, 'disburse'));
    expect(paid).toMatchObject({ status: 'disbursed', settle_by: '2026-11-26' });
    const { disburse_journal_id } = (
      await sql<{ disburse_journal_id: number }>`
      SELECT disburse_journal_id FROM gc_cash_advance WHERE branch_id = ${branch} AND id = ${advance}`.execute(db)
    ).rows[0];
    expect(await journal(disburse_journal_id)).toEqual({ '1101.03': '-3000000.00', '1203.01': '3000000.00' });
  });

  it('settles the advance with its receipts, each to its purpose, the unspent change back into the box', async () => {
    expectApiError(await act(budi, 'cash-advance', advance, 'settle'), 400, { message: /receipts/ });
    const row = await ok(await budi.get(`/api/data/gc/cash-advance/${advance}`));
    await ok(
      await budi.patch(`/api/data/gc/cash-advance/${advance}`, {
        version: row.version,
        lines: [
          {
            purpose_id: purpose.PERBAIKAN,
            receipt_date: '2026-11-23',
            receipt_no: 'TB-SINAR-0912',
            description: 'Impeller Grundfos',
            amount: '1250000',
          },
          {
            purpose_id: purpose.ATK,
            receipt_date: '2026-11-23',
            receipt_no: 'GRAMEDIA-4471',
            description: 'Meterai and folders',
            amount: '1175000',
          },
        ],
      }),
    );
    const settled = await ok(await act(budi, 'cash-advance', advance, 'settle'));
    expect(settled).toMatchObject({ status: 'settled', receipts_total: '2425000.00', difference: '575000.00' });
    const { settle_journal_id } = (
      await sql<{ settle_journal_id: number }>`
      SELECT settle_journal_id FROM gc_cash_advance WHERE branch_id = ${branch} AND id = ${advance}`.execute(db)
    ).rows[0];
    expect(await journal(settle_journal_id)).toEqual({
      '1101.03': '575000.00',
      '1203.01': '-3000000.00',
      '6103.01': '1175000.00',
      '6301.01': '1250000.00',
    });
    // the repair goes to engineering, as its purpose says
    const { rows } = await sql<{ code: string }>`
      SELECT d.code FROM gl_journal_line l JOIN department d ON d.branch_id = l.branch_id AND d.id = l.department_id
       WHERE l.branch_id = ${branch} AND l.journal_id = ${settle_journal_id} AND l.account_id = ${account['6301.01']}`.execute(db);
    expect(rows[0].code).toBe('ENG');
  });

  it('refuses a request over the type’s limit, and a reimbursement is never paid out before its receipts', async () => {
    const big = await ok(
      await budi.post('/api/data/gc/cash-advance', {
        kind: 'advance',
        setup_id: setup.OPS,
        date: '2026-11-23',
        employee: 'Rina Wulandari',
        description: 'New vacuum cleaner',
        amount: '6000000',
      }),
      201,
    );
    expectApiError(await act(budi, 'cash-advance', big.id, 'request'), 400, {
      fields: { amount: expect.stringMatching(/OPS \(5\.000\.000\)/) },
    });

    const claim = await ok(
      await budi.post('/api/data/gc/cash-advance', {
        kind: 'reimbursement',
        setup_id: setup.OPS,
        date: '2026-11-23',
        employee: 'Chef Made Wirawan',
        description: 'Pasar Kosambi: chillies and shallots',
        amount: '450000',
        lines: [{ purpose_id: purpose.PASAR, receipt_no: 'NOTA-KOSAMBI-17', amount: '450000' }],
      }),
      201,
    );
    expect(claim.number).toBe('RB-202611-0001');
    await ok(await act(budi, 'cash-advance', claim.id, 'request'));
    await ok(await act(gm, 'cash-advance', claim.id, 'approve'));
    expectApiError(await act(budi, 'cash-advance', claim.id, 'disburse'), 409, { message: /does not apply/ });
    expect(await ok(await act(budi, 'cash-advance', claim.id, 'settle'))).toMatchObject({ status: 'settled' });
    const { settle_journal_id } = (
      await sql<{ settle_journal_id: number }>`
      SELECT settle_journal_id FROM gc_cash_advance WHERE branch_id = ${branch} AND id = ${claim.id}`.execute(db)
    ).rows[0];
    expect(await journal(settle_journal_id)).toEqual({ '1101.03': '-450000.00', '5201.01': '450000.00' });
  });
});

describe("the cashier's vouchers and the close of the shift", () => {
  it('posts a payment and a receipt voucher through the box, and a reversal moves the cash back', async () => {
    const payment = await ok(
      await budi.post('/api/data/gc/cashier-journal', {
        direction: 'payment',
        description: 'Drinking water gallons for the back office',
        counterparty: 'Depot Air Aqua Lestari',
        lines: [{ account_id: account['6103.01'], description: '12 gallons', amount: '180000' }],
      }),
      201,
    );
    expect(payment).toMatchObject({ number: 'PV-202611-0001', date: '2026-11-23', total: '180000.00' });
    const posted = await ok(await act(budi, 'cashier-journal', payment.id, 'post'));
    expect(posted.status).toBe('posted');
    const receipt = await ok(
      await budi.post('/api/data/gc/cashier-journal', {
        direction: 'receipt',
        description: 'Used cardboard sold',
        counterparty: 'Pengepul Pak Ujang',
        lines: [{ account_id: account['4502.01'], amount: '75000' }],
      }),
      201,
    );
    await ok(await act(budi, 'cashier-journal', receipt.id, 'post'));
    const ids = (
      await sql<{ id: number; journal_id: number }>`
      SELECT id, journal_id FROM gc_cashier_journal WHERE branch_id = ${branch} ORDER BY id`.execute(db)
    ).rows;
    expect(await journal(ids[0].journal_id)).toEqual({ '1101.03': '-180000.00', '6103.01': '180000.00' });
    expect(await journal(ids[1].journal_id)).toEqual({ '1101.03': '75000.00', '4502.01': '-75000.00' });
    expect((await ok(await act(budi, 'cashier-journal', payment.id, 'reverse'))).status).toBe('reversed');
  });

  it('knows what the box should hold, and closes Rp 10.000 short only with a reason, posting it to cash over and short', async () => {
    const { shift } = await ok(await budi.get('/api/gc/shift'));
    // 5.000.000 − 3.000.000 + 575.000 − 450.000 − 180.000 + 75.000 + 180.000
    expect(shift.expected).toBe('2200000.00');
    expect(shift.movements.map((m: { kind: string; amount: string }) => [m.kind, m.amount])).toEqual([
      ['advance_disbursed', '-3000000.00'],
      ['advance_returned', '575000.00'],
      ['advance_paid', '-450000.00'],
      ['journal_payment', '-180000.00'],
      ['journal_receipt', '75000.00'],
      ['journal_reversal', '180000.00'],
    ]);
    const short = count('21x100000 1x50000 2x20000');
    expectApiError(await op(budi, 'closeShift', { count: short }), 400, { fields: { reason: 'The box is 10.000 short: give the reason' } });
    const closed = await ok(await op(budi, 'closeShift', { count: short, reason: 'Change given twice to the laundry driver' }));
    expect(closed).toEqual({ id: shift.id, expected: '2200000.00', counted: '2190000.00', difference: '-10000.00' });
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM gl_journal WHERE branch_id = ${branch} AND source = 'gc' AND source_type = 'shift_difference'`.execute(db);
    expect(await journal(rows[0].id)).toEqual({ '1101.03': '-10000.00', '6104.01': '10000.00' });
    // what the ledger says left the box is exactly what was counted out of the float
    const box = await sql<{ net: string }>`
      SELECT (sum(l.debit) - sum(l.credit))::text AS net FROM gl_journal_line l JOIN gl_journal j ON j.branch_id = l.branch_id AND j.id = l.journal_id
       WHERE l.branch_id = ${branch} AND l.account_id = ${account['1101.03']} AND j.source = 'gc'`.execute(db);
    expect(box.rows[0].net).toBe('-2810000.00');
  });

  it('refuses cash into or out of a closed shift, and opens one shift per cashier even when asked twice at once', async () => {
    const voucher = await ok(
      await budi.post('/api/data/gc/cashier-journal', {
        direction: 'payment',
        description: 'Parking fees',
        lines: [{ account_id: account['6103.01'], amount: '20000' }],
      }),
      201,
    );
    expectApiError(await act(budi, 'cashier-journal', voucher.id, 'post'), 409, { message: /no open cashier shift/ });
    const both = await Promise.all([
      op(gm, 'openShift', { cash_account_id: account['1101.03'], opening_float: '1000000' }),
      op(gm, 'openShift', { cash_account_id: account['1101.03'], opening_float: '1000000' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await ok(await gm.get('/api/gc/shift'))).shift.opening_float).toBe('1000000.00');
  });

  it("reports every shift's float, movements and difference, and the dashboard counts the cash still in open boxes", async () => {
    const report = await ok(await budi.get('/api/reports/gc-cashier?date_from=2026-11-01&date_to=2026-11-23'));
    const movements = report.rows.map((r: { movement: string }) => r.movement);
    expect(movements).toContain('Float / Modal awal');
    expect(movements.some((m: string) => m.startsWith('Counted 2,190,000'))).toBe(true);
    expect(new Decimal(report.grandTotals.cash_in).toFixed(2)).toBe('6830000.00');
    expect(new Decimal(report.grandTotals.cash_out).toFixed(2)).toBe('3640000.00');
    const dashboard = await ok(await budi.get('/api/reports/gc-dashboard?date=2026-11-23'));
    expect(dashboard.rows[0]).toMatchObject({ cash_in_boxes: '1000000.00', awaiting_approval: 0 });
    expectApiError(await budi.get('/api/reports/gc-cashier?date_from=2026-01-01&date_to=2026-11-23'), 400);
  });
});
