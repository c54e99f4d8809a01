import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';
import { ensureGuestFolios } from '../../../server/domain/frontoffice/folio/folios.js';

/**
 * The Grand Nusantara Bandung's receivables (business date 23/11/2026), kept by Budi the accountant: a company
 * stay paid "city ledger" at the desk becomes PT Astra's invoice; a manual invoice for a Telkom exhibition space;
 * Telkom's transfer pays two invoices and over-pays, the bank keeping its charge; Mandiri pays part of one. The
 * AR sub-ledger equals the city-ledger control account after every step. Every figure is exact.
 */
let t: TestApp;
let db: Db;
let budi: ApiClient;
let desk: ApiClient;
let gnb: number;
const id: Record<string, number> = {};

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const one = async <T>(q: { execute(db: Db): Promise<{ rows: unknown[] }> }) =>
  Object.values((await q.execute(db)).rows[0] as object)[0] as T;
const report = async (code: string, params: Record<string, string | number>) =>
  (await ok(await budi.get(`/api/reports/${code}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`)))
    .rows as Record<string, unknown>[];
const act = async (entity: string, docId: number, action: string) => {
  const row = (await budi.get(`/api/data/accountreceivable/${entity}/${docId}`)).json();
  return budi.post(`/api/data/accountreceivable/${entity}/${docId}/${action}`, { version: row.version });
};
const owed = (account: string) =>
  one<string>(sql`SELECT coalesce(sum(total - settled), 0)::text FROM ar_invoice WHERE branch_id = ${gnb} AND account_id = ${id[account]}
                   AND status = 'posted' AND kind <> 'credit_note'`);

/** The guest folio of an in-house stay of the demo (opened as the desk opens it). */
async function inHouseFolio() {
  const stay = await one<number>(sql`SELECT id FROM reservation WHERE branch_id = ${gnb} AND status = 'in_house' ORDER BY id LIMIT 1`);
  await db.transaction().execute((trx) => ensureGuestFolios(trx, gnb, null, [stay]));
  return one<number>(
    sql`SELECT id FROM folio WHERE branch_id = ${gnb} AND reservation_id = ${stay} AND status = 'open' ORDER BY id LIMIT 1`,
  );
}

/** The reconciliation report at the business date: sub-ledger − ledger − not yet transferred is nothing for every account. */
async function expectReconciled() {
  const rows = await report('ar-reconciliation', { as_of: '2026-11-23' });
  for (const r of rows) expect(r.difference, String(r.account)).toBe('0.00');
  return rows;
}
async function postPendingJournals() {
  const { rows } = await sql<{
    id: number;
  }>`SELECT id FROM ar_gl_transfer WHERE branch_id = ${gnb} AND status = 'pending' ORDER BY id`.execute(db);
  for (const r of rows) await ok(await budi.post('/api/ops/accountreceivable.postJournal', { id: Number(r.id) }));
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  budi = await t.login('accountant');
  desk = await t.login('frontdesk');
  gnb = await one<number>(sql`SELECT id FROM branch WHERE code = 'GNB'`);
  budi.branchId = gnb;
  desk.branchId = gnb;
  const { rows } = await sql<{ id: number; code: string }>`SELECT id, code FROM business_account WHERE branch_id = ${gnb}`.execute(db);
  for (const r of rows) id[r.code] = Number(r.id);
  id.bank = await one<number>(sql`SELECT id FROM gl_account WHERE branch_id = ${gnb} AND code = '1102.01'`);
  id.rental = await one<number>(sql`SELECT id FROM gl_account WHERE branch_id = ${gnb} AND code = '4205.01'`);
  await sql`UPDATE gl_account SET is_cash = true WHERE id = ${id.bank}`.execute(db);
});
afterAll(() => t.close());

describe('the demo receivables', () => {
  it('start reconciled: every account owes in the sub-ledger what the city ledger holds for it', async () => {
    const rows = await expectReconciled();
    const telkom = rows.find((r) => String(r.account).startsWith('TELKOM'))!;
    // 18.450.000 + 32.200.000 + 12.750.000 − 10.000.000 paid last week
    expect(telkom).toMatchObject({ subledger: '53400000.00', ledger: '53400000.00', pending: '0.00' });
  });
});

describe('a company stay paid on the city ledger at the desk', () => {
  it('raises PT Astra’s invoice, due after its terms, posted with the folio’s journal on the account’s sub-ledger', async () => {
    const folio = await inHouseFolio();
    const cl = await one<number>(sql`SELECT id FROM pay_article WHERE branch_id = ${gnb} AND payment_type = 'city_ledger' LIMIT 1`);
    await ok(
      await desk.post('/api/ops/frontoffice.folioPay', { id: folio, pay_article_id: cl, amount: '4.675.000', account_id: id.ASTRA }),
    );
    const { rows } = await sql<{ number: string; total: string; due_date: string; journal_id: number | null; source: string }>`
      SELECT number, total::text, due_date::text, journal_id, source FROM ar_invoice WHERE branch_id = ${gnb} AND source = 'folio'`.execute(
      db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ number: 'CL-202611-0001', total: '4675000.00', due_date: '2026-12-23', source: 'folio' });
    expect(rows[0].journal_id).not.toBeNull();
    expect(
      await one<string>(sql`SELECT subledger || ':' || subledger_id || ':' || debit::text FROM gl_journal_line
                             WHERE journal_id = ${rows[0].journal_id} AND subledger = 'account'`),
    ).toBe(`account:${id.ASTRA}:4675000.00`);
    await expectReconciled();
  });

  it('refuses a company that is no business account, and one beyond its credit limit, in words, posting nothing', async () => {
    const folio = await inHouseFolio();
    const cl = await one<number>(sql`SELECT id FROM pay_article WHERE branch_id = ${gnb} AND payment_type = 'city_ledger' LIMIT 1`);
    const before = await one<number>(sql`SELECT count(*)::int FROM gl_journal WHERE branch_id = ${gnb}`);
    const unknown = expectApiError(
      await desk.post('/api/ops/frontoffice.folioPay', { id: folio, pay_article_id: cl, amount: '100000', company: 'PT Fiktif' }),
      400,
    );
    expect(unknown.fields!.company).toMatch(/PT Fiktif/);
    // Pemprov Jawa Barat: limit 50.000.000, owes 11.400.000
    const refused = expectApiError(
      await desk.post('/api/ops/frontoffice.folioPay', { id: folio, pay_article_id: cl, amount: '38.600.001', account_id: id.JABAR }),
      409,
    );
    expect(refused.message).toBe(
      'Pemprov Jawa Barat would owe more than its credit limit of 50.000.000: it owes 11.400.000 and this charge is 38.600.001',
    );
    desk.lang = 'id';
    const ditolak = expectApiError(
      await desk.post('/api/ops/frontoffice.folioPay', { id: folio, pay_article_id: cl, amount: '38.600.001', account_id: id.JABAR }),
      409,
    );
    expect(ditolak.message).toMatch(/^Utang Pemprov Jawa Barat akan melebihi batas kredit 50\.000\.000/);
    desk.lang = 'en';
    expect(await one<number>(sql`SELECT count(*)::int FROM gl_journal WHERE branch_id = ${gnb}`)).toBe(before);
    await expectReconciled();
  });
});

describe('a manual invoice, a credit note and the transfer to the ledger', () => {
  it('bills Telkom Rp 7.500.000 for an exhibition space, credits Rp 500.000 of it, and the ledger gets both after review', async () => {
    const doc = await ok(
      await budi.post('/api/data/accountreceivable/ar-invoice', {
        account_id: id.TELKOM,
        date: '2026-11-23',
        reference: 'EXPO-11',
        description: 'Lobby exhibition space, 20–22 November',
        lines: [{ revenue_account_id: id.rental, description: 'Exhibition space 3 days', amount: '7500000' }],
      }),
      201,
    );
    expect(doc).toMatchObject({ number: 'AR-202611-0001', due_date: '2026-12-23', total: '7500000.00', status: 'draft' });
    await ok(await act('ar-invoice', doc.id, 'post'));
    // posted in receivables, not yet in the ledger: the reconciliation shows it as not yet transferred
    const rows = await expectReconciled();
    expect(rows.find((r) => String(r.account).startsWith('TELKOM'))).toMatchObject({ pending: '7500000.00', subledger: '60900000.00' });
    const credit = await ok(
      await budi.post('/api/ops/accountreceivable.creditNote', {
        id: doc.id,
        amount: '500000',
        revenue_account_id: id.rental,
        reason: 'One day the hall was closed',
      }),
    );
    expect(credit).toMatchObject({ number: 'CN-202611-0001', amount: '500000.00' });
    expectApiError(
      await budi.post('/api/ops/accountreceivable.creditNote', {
        id: doc.id,
        amount: '7000000.01',
        revenue_account_id: id.rental,
        reason: 'Too much',
      }),
      400,
    );
    await expectReconciled();
    await postPendingJournals();
    const after = await expectReconciled();
    expect(after.find((r) => String(r.account).startsWith('TELKOM'))).toMatchObject({
      pending: '0.00',
      subledger: '60400000.00',
      ledger: '60400000.00',
    });
    expectApiError(
      await budi.post('/api/ops/accountreceivable.postJournal', { id: await one<number>(sql`SELECT max(id) FROM ar_gl_transfer`) }),
      409,
    );
  });
});

describe('receipts', () => {
  it('applies Telkom’s transfer to its two oldest invoices, the bank keeping Rp 6.500, and keeps the over-payment as credit', async () => {
    // Telkom owes 2.750.000 on its oldest (12.750.000 − 10.000.000) and 32.200.000 on the next: 34.950.000
    const doc = await ok(
      await budi.post('/api/data/accountreceivable/ar-receipt', {
        account_id: id.TELKOM,
        date: '2026-11-23',
        bank_account_id: id.bank,
        amount: '35043500',
        bank_charges: '6500',
        allocation: 'chosen',
        reference: 'TRF 2311 TELKOM',
        lines: [
          { invoice_id: await one<number>(sql`SELECT id FROM ar_invoice WHERE number = 'CL-OPEN-0003'`), amount: '2750000' },
          { invoice_id: await one<number>(sql`SELECT id FROM ar_invoice WHERE number = 'CL-OPEN-0002'`), amount: '32200000' },
        ],
      }),
      201,
    );
    await ok(await act('ar-receipt', doc.id, 'post'));
    const posted = await ok(await budi.get(`/api/data/accountreceivable/ar-receipt/${doc.id}`));
    // 35.043.500 + 6.500 = 35.050.000 received; 34.950.000 applied; 100.000 kept
    expect(posted).toMatchObject({ status: 'posted', applied: '34950000.00', credit: '100000.00' });
    expect(await owed('TELKOM')).toBe('25450000.00');
    await postPendingJournals();
    const { rows } = await sql<{ code: string; debit: string; credit: string }>`
      SELECT a.code, l.debit::text, l.credit::text FROM gl_journal_line l JOIN gl_account a ON a.id = l.account_id
       WHERE l.journal_id = (SELECT journal_id FROM ar_gl_transfer WHERE source_kind = 'receipt' AND source_id = ${doc.id}) ORDER BY l.line_no`.execute(
      db,
    );
    expect(rows).toEqual([
      { code: '1102.01', debit: '35043500.00', credit: '0.00' },
      { code: '6102.01', debit: '6500.00', credit: '0.00' },
      { code: '1201.01', debit: '0.00', credit: '34950000.00' },
      { code: '2108.01', debit: '0.00', credit: '100000.00' },
    ]);
    await expectReconciled();
    const pdf = await budi.get(`/api/accountreceivable/ar-receipt/${doc.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('applies Mandiri’s partial payment to its oldest invoice first and leaves the rest owed', async () => {
    const doc = await ok(
      await budi.post('/api/data/accountreceivable/ar-receipt', {
        account_id: id.MANDIRI,
        date: '2026-11-23',
        bank_account_id: id.bank,
        amount: '15000000',
      }),
      201,
    );
    await ok(await act('ar-receipt', doc.id, 'post'));
    const { rows } = await sql<{ number: string; total: string; settled: string }>`
      SELECT number, total::text, settled::text FROM ar_invoice WHERE account_id = ${id.MANDIRI} ORDER BY due_date`.execute(db);
    expect(rows).toEqual([
      { number: 'CL-OPEN-0005', total: '21300000.00', settled: '15000000.00' },
      { number: 'CL-OPEN-0004', total: '9800000.00', settled: '0.00' },
    ]);
    expect(await owed('MANDIRI')).toBe('16100000.00');
    await expectReconciled();
    await postPendingJournals();
    await expectReconciled();
  });

  it('refuses a chosen amount above what the invoice still owes, naming it', async () => {
    const inv = await one<number>(sql`SELECT id FROM ar_invoice WHERE number = 'CL-OPEN-0004'`);
    const doc = await ok(
      await budi.post('/api/data/accountreceivable/ar-receipt', {
        account_id: id.MANDIRI,
        date: '2026-11-23',
        bank_account_id: id.bank,
        amount: '10000000',
        allocation: 'chosen',
        lines: [{ invoice_id: inv, amount: '9800000.01' }],
      }),
      201,
    );
    const err = expectApiError(await act('ar-receipt', doc.id, 'post'), 400);
    expect(Object.values(err.fields!).join()).toMatch(/CL-OPEN-0004 owes only 9\.800\.000/);
  });
});

describe('aging and reminders', () => {
  it('puts the boundary days in the lower bucket: 30 and 31, 60 and 61, 90 and 91 days past due', async () => {
    // Panorama Tours pays in 30 days: an invoice dated N + 30 days before the as-of date is N days past due
    const make = async (daysPastDue: number, amount: string) => {
      const date = await one<string>(sql`SELECT (date '2026-11-23' - ${daysPastDue + 30}::int)::text`);
      const doc = await ok(
        await budi.post('/api/data/accountreceivable/ar-invoice', {
          account_id: id.PANORAMA,
          date,
          lines: [{ revenue_account_id: id.rental, amount }],
        }),
        201,
      );
      await ok(await act('ar-invoice', doc.id, 'post'));
    };
    for (const [d, a] of [
      [0, '1000'],
      [30, '30000'],
      [31, '31000'],
      [60, '60000'],
      [61, '61000'],
      [90, '90000'],
      [91, '91000'],
    ] as [number, string][])
      await make(d, a);
    const [row] = await report('customer-ar-aging-list', { as_of: '2026-11-23', account_id: id.PANORAMA });
    expect(row).toMatchObject({
      current: '1000.00',
      d1_30: '30000.00',
      d31_60: '91000.00',
      d61_90: '151000.00',
      over_90: '91000.00',
      total: '364000.00',
    });
    const list = await report('debit-list', { as_of: '2026-11-23', account_id: id.PANORAMA });
    expect(list.map((r) => `${r.days_past_due}:${r.bucket}`)).toEqual([
      '91:over-90',
      '90:61-90',
      '61:61-90',
      '60:31-60',
      '31:31-60',
      '30:1-30',
      '0:current',
    ]);
    await expectReconciled();
  });

  it('sends letter 1 up to 30 days overdue, letter 2 from 31 to 60, letter 3 after 60', async () => {
    const rows = await report('print-reminder-letter', { as_of: '2026-11-23' });
    const level = (code: string) => rows.find((r) => r.code === code)?.level;
    // oldest overdue: Astra 10 days (due 30 days after 14/10), Mandiri 22, Pertamina 65, Kemenkeu 95, Panorama 91
    expect([level('ASTRA'), level('MANDIRI'), level('PERTAMINA'), level('KEMENKEU'), level('PANORAMA')]).toEqual([1, 1, 3, 3, 3]);
    expect(
      await one<string>(sql`SELECT string_agg(ar_reminder_level(d)::text, ',' ORDER BY d) FROM unnest(ARRAY[0, 1, 30, 31, 60, 61]) AS d`),
    ).toBe('0,1,1,2,2,3');
    const pdf = await budi.get(`/api/accountreceivable/reminder/${id.PERTAMINA}/pdf?as_of=2026-11-23&lang=id`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('statements of account', () => {
  it('produces Telkom’s November statement with fixed figures and sends its PDF to the billing contact', async () => {
    const soa = await ok(
      await budi.post('/api/data/accountreceivable/ar-statement', {
        account_id: id.TELKOM,
        date_from: '2026-11-01',
        date_to: '2026-11-23',
      }),
      201,
    );
    // brought forward: 12.750.000 (24/09) + 32.200.000 (28/10); November: 18.450.000 + 7.500.000 invoiced,
    // 500.000 credited, 10.000.000 + 35.050.000 received
    expect(soa).toMatchObject({
      number: 'SOA-202611-0001',
      language: 'id',
      opening: '44950000.00',
      invoiced: '25950000.00',
      received: '45550000.00',
      closing: '25350000.00',
    });
    const sent = await ok(await budi.post('/api/ops/accountreceivable.sendStatement', { id: soa.id }));
    expect(sent.sent_to).toBe('ap.bandung@telkom.co.id');
    // a statement is produced, never edited: no group is offered the right
    expectApiError(await budi.patch(`/api/data/accountreceivable/ar-statement/${soa.id}`, { version: 2, date_to: '2026-11-20' }), 403);
    const statement = await report('ar-get-soa-report', { account_id: id.TELKOM, date_from: '2026-11-01', date_to: '2026-11-23' });
    expect(statement.at(-1)!.balance).toBe('25350000.00');
  });
});

describe('corrections: a credit applied, a bounced transfer reversed', () => {
  const receipt = (number: string) => one<number>(sql`SELECT id FROM ar_receipt WHERE branch_id = ${gnb} AND number = ${number}`);
  const invoiceId = (number: string) => one<number>(sql`SELECT id FROM ar_invoice WHERE branch_id = ${gnb} AND number = ${number}`);
  /** What an account's customer-credit (2108.01) lines in the ledger hold for it: credit positive. */
  const creditInLedger = (account: string) =>
    one<string>(sql`SELECT coalesce(sum(l.credit - l.debit), 0)::text FROM gl_journal_line l JOIN gl_account a ON a.id = l.account_id
                     WHERE l.branch_id = ${gnb} AND a.code = '2108.01' AND l.subledger = 'account' AND l.subledger_id = ${id[account]}`);
  const journalLines = async (journal: number) =>
    (
      await sql<{ code: string; debit: string; credit: string; sub: number | null }>`
        SELECT a.code, l.debit::text, l.credit::text, l.subledger_id AS sub FROM gl_journal_line l JOIN gl_account a ON a.id = l.account_id
         WHERE l.journal_id = ${journal} ORDER BY l.line_no`.execute(db)
    ).rows.map((r) => ({ ...r, sub: r.sub === null ? null : Number(r.sub) }));
  const manualInvoice = async (description: string, amount: string) => {
    const doc = await ok(
      await budi.post('/api/data/accountreceivable/ar-invoice', {
        account_id: id.TELKOM,
        reference: 'RAKOR-11',
        description,
        lines: [{ revenue_account_id: id.rental, description, amount }],
      }),
      201,
    );
    await ok(await act('ar-invoice', doc.id, 'post'));
    return doc as { id: number; number: string };
  };

  it('applies Telkom’s Rp 100.000 credit to its next invoices, never more than is left or than an invoice owes', async () => {
    const rc = await receipt('RC-202611-0001');
    // Telkom's regional meeting on the 24th: the Cendana room, and the parking of its cars
    const room = await manualInvoice('Meeting room Cendana, 24 November', '3250000');
    const parking = await manualInvoice('Parking, regional meeting', '35000');
    await postPendingJournals();
    expect(await owed('TELKOM')).toBe('28735000.00');

    const over = expectApiError(
      await budi.post('/api/ops/accountreceivable.applyCredit', { id: rc, invoice_id: room.id, amount: '100.000,01' }),
      400,
    );
    expect(over.fields!.amount).toBe('RC-202611-0001 has only 100.000 of credit left');
    budi.lang = 'id';
    const lebih = expectApiError(
      await budi.post('/api/ops/accountreceivable.applyCredit', { id: rc, invoice_id: parking.id, amount: '40.000' }),
      400,
    );
    expect(lebih.fields!.amount).toBe(`${parking.number} hanya terutang 35.000`);
    budi.lang = 'en';
    const mandiri = expectApiError(
      await budi.post('/api/ops/accountreceivable.applyCredit', { id: rc, invoice_id: await invoiceId('CL-OPEN-0004') }),
      400,
    );
    expect(mandiri.fields!.invoice_id).toBe("CL-OPEN-0004 is not a posted invoice of this receipt's account");

    // without an amount, as much as both allow: the parking's 35.000; then 65.000 of what is left to the room
    const key = 'apply-credit-telkom-parking';
    const first = await ok(
      await budi.post('/api/ops/accountreceivable.applyCredit', { id: rc, invoice_id: parking.id }, { 'idempotency-key': key }),
    );
    expect(first).toMatchObject({ invoice: parking.number, applied: '35000.00', credit_left: '65000.00' });
    const replay = await budi.post(
      '/api/ops/accountreceivable.applyCredit',
      { id: rc, invoice_id: parking.id },
      { 'idempotency-key': key },
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first);
    await ok(await budi.post('/api/ops/accountreceivable.applyCredit', { id: rc, invoice_id: room.id, amount: '65.000' }));
    expectApiError(await budi.post('/api/ops/accountreceivable.applyCredit', { id: rc, invoice_id: room.id, amount: '1' }), 409);

    expect(await ok(await budi.get(`/api/data/accountreceivable/ar-receipt/${rc}`))).toMatchObject({
      credit: '100000.00',
      credit_used: '100000.00',
    });
    const settled = async (invoice: number) => one<string>(sql`SELECT settled::text FROM ar_invoice WHERE id = ${invoice}`);
    expect([await settled(parking.id), await settled(room.id)]).toEqual(['35000.00', '65000.00']);
    expect(await owed('TELKOM')).toBe('28635000.00');
    // each application posted at once, Dr customer credit / Cr city ledger on Telkom's sub-ledger
    const { rows: uses } = await sql<{ journal_id: number; amount: string }>`
      SELECT journal_id, amount::text FROM ar_credit_use WHERE receipt_id = ${rc} ORDER BY id`.execute(db);
    expect(uses.map((u) => u.amount)).toEqual(['35000.00', '65000.00']);
    expect(await journalLines(uses[1].journal_id)).toEqual([
      { code: '2108.01', debit: '65000.00', credit: '0.00', sub: id.TELKOM },
      { code: '1201.01', debit: '0.00', credit: '65000.00', sub: id.TELKOM },
    ]);
    // the credit the receipt kept is used up in the ledger too
    expect(await creditInLedger('TELKOM')).toBe('0.00');
    expect(
      await one<number>(
        sql`SELECT count(*)::int FROM audit_log WHERE action = 'accountreceivable.applyCredit' AND entity_id = ${String(rc)}`,
      ),
    ).toBe(2);
    const rows = await expectReconciled();
    expect(rows.find((r) => String(r.account).startsWith('TELKOM'))).toMatchObject({ subledger: '28635000.00', pending: '0.00' });
  });

  it('refuses to reverse Telkom’s transfer once its credit paid other invoices, naming them', async () => {
    const err = expectApiError(
      await budi.post('/api/ops/accountreceivable.reverseReceipt', { id: await receipt('RC-202611-0001'), reason: 'Transfer returned' }),
      409,
    );
    const numbers = await one<string>(sql`SELECT string_agg(number, ', ' ORDER BY number) FROM ar_invoice WHERE reference = 'RAKOR-11'`);
    expect(err.message).toBe(`RC-202611-0001 cannot be reversed: 100.000 of its credit has been applied to ${numbers}`);
    expect(await one<string>(sql`SELECT status FROM ar_receipt WHERE number = 'RC-202611-0001'`)).toBe('posted');
  });

  it('reverses Astra’s bounced transfer of Rp 35.043.500 before its journal was reviewed: both posted, the invoices owed again, its credit gone', async () => {
    // Astra owes 27.500.000 brought forward and 4.675.000 for the stay: 32.175.000 of the 35.050.000 settled, 2.875.000 kept
    const doc = await ok(
      await budi.post('/api/data/accountreceivable/ar-receipt', {
        account_id: id.ASTRA,
        bank_account_id: id.bank,
        amount: '35043500',
        bank_charges: '6500',
        reference: 'TRF 2311 ASTRA',
      }),
      201,
    );
    await ok(await act('ar-receipt', doc.id, 'post'));
    expect(await ok(await budi.get(`/api/data/accountreceivable/ar-receipt/${doc.id}`))).toMatchObject({
      applied: '32175000.00',
      credit: '2875000.00',
    });
    expect(await owed('ASTRA')).toBe('0.00');
    await expectReconciled();

    expectApiError(await desk.post('/api/ops/accountreceivable.reverseReceipt', { id: doc.id, reason: 'Bounced' }), 403);
    expectApiError(await budi.post('/api/ops/accountreceivable.reverseReceipt', { id: doc.id }), 400);
    const done = await ok(
      await budi.post('/api/ops/accountreceivable.reverseReceipt', { id: doc.id, reason: 'BCA: transfer returned, account closed' }),
    );
    expect(done).toMatchObject({ number: doc.number, reopened: '32175000.00' });
    const back = await ok(await budi.get(`/api/data/accountreceivable/ar-receipt/${doc.id}`));
    expect(back).toMatchObject({
      status: 'reversed',
      reversal_date: '2026-11-23',
      reversal_reason: 'BCA: transfer returned, account closed',
      amount: '35043500.00',
      applied: '32175000.00',
    });
    // the journal waiting for review was posted with its reversal: the exact counter-posting, on the business day
    const transfer = (
      await sql<{ status: string; journal_id: number }>`
        SELECT status, journal_id FROM ar_gl_transfer WHERE source_kind = 'receipt' AND source_id = ${doc.id}`.execute(db)
    ).rows[0];
    expect(transfer.status).toBe('posted');
    const reversal = (
      await sql<{ id: number; date: string; reverses_id: number }>`
        SELECT id, date::text, reverses_id FROM gl_journal WHERE key = ${`receivables:receipt_reversal:${doc.id}`}`.execute(db)
    ).rows[0];
    expect(reversal).toMatchObject({ date: '2026-11-23', reverses_id: transfer.journal_id });
    expect(await journalLines(transfer.journal_id)).toEqual([
      { code: '1102.01', debit: '35043500.00', credit: '0.00', sub: null },
      { code: '6102.01', debit: '6500.00', credit: '0.00', sub: null },
      { code: '1201.01', debit: '0.00', credit: '32175000.00', sub: id.ASTRA },
      { code: '2108.01', debit: '0.00', credit: '2875000.00', sub: id.ASTRA },
    ]);
    expect(await journalLines(reversal.id)).toEqual([
      { code: '1102.01', debit: '0.00', credit: '35043500.00', sub: null },
      { code: '6102.01', debit: '0.00', credit: '6500.00', sub: null },
      { code: '1201.01', debit: '32175000.00', credit: '0.00', sub: id.ASTRA },
      { code: '2108.01', debit: '2875000.00', credit: '0.00', sub: id.ASTRA },
    ]);
    const { rows: invoices } = await sql<{ number: string; settled: string }>`
      SELECT number, settled::text FROM ar_invoice WHERE account_id = ${id.ASTRA} ORDER BY due_date`.execute(db);
    expect(invoices).toEqual([
      { number: 'CL-OPEN-0006', settled: '0.00' },
      { number: 'CL-202611-0001', settled: '0.00' },
    ]);
    expect(await owed('ASTRA')).toBe('32175000.00');
    expect(await creditInLedger('ASTRA')).toBe('0.00');
    // the allocations stay, each taken back by one of the opposite sign
    expect(await one<string>(sql`SELECT string_agg(amount::text, ' ' ORDER BY id) FROM ar_allocation WHERE receipt_id = ${doc.id}`)).toBe(
      '27500000.00 4675000.00 -27500000.00 -4675000.00',
    );
    const rows = await expectReconciled();
    expect(rows.find((r) => String(r.account).startsWith('ASTRA'))).toMatchObject({
      subledger: '32175000.00',
      ledger: '32175000.00',
      pending: '0.00',
    });
    // Astra's statement shows the transfer and its reversal on the 23rd, and closes at what it owes again
    const statement = await report('ar-get-soa-report', { account_id: id.ASTRA, date_from: '2026-11-01', date_to: '2026-11-23' });
    expect(statement.filter((r) => r.number === doc.number).map((r) => `${r.kind}:${r.debit}:${r.credit}`)).toEqual([
      'receipt:0:35050000.00',
      'reversal:35050000.00:0',
    ]);
    expect(statement.at(-1)!.balance).toBe('32175000.00');

    const again = expectApiError(await budi.post('/api/ops/accountreceivable.reverseReceipt', { id: doc.id, reason: 'Twice' }), 409);
    expect(again.message).toBe(`${doc.number} has already been reversed`);
    expectApiError(
      await budi.post('/api/ops/accountreceivable.applyCredit', { id: doc.id, invoice_id: await invoiceId('CL-OPEN-0006') }),
      409,
    );
    expectApiError(await budi.patch(`/api/data/accountreceivable/ar-receipt/${doc.id}`, { version: back.version, reference: 'X' }), 409);
  });

  it('reverses Mandiri’s posted Rp 15.000.000 in an open month only, and the ledger still agrees', async () => {
    const rc = await receipt('RC-202611-0002');
    await sql`INSERT INTO gl_period_close (branch_id, period, closed) VALUES (${gnb}, '2026-11-01', true)`.execute(db);
    const closed = expectApiError(await budi.post('/api/ops/accountreceivable.reverseReceipt', { id: rc, reason: 'Cheque refused' }), 409);
    expect(closed.message).toBe('The accounting period 11/2026 is closed: nothing can be posted in it');
    await sql`DELETE FROM gl_period_close WHERE branch_id = ${gnb} AND period = '2026-11-01'`.execute(db);
    expect(await one<string>(sql`SELECT status FROM ar_receipt WHERE id = ${rc}`)).toBe('posted');
    expect(await owed('MANDIRI')).toBe('16100000.00');

    await ok(await budi.post('/api/ops/accountreceivable.reverseReceipt', { id: rc, reason: 'Cheque refused' }));
    const original = await one<number>(sql`SELECT journal_id FROM ar_gl_transfer WHERE source_kind = 'receipt' AND source_id = ${rc}`);
    const reversal = await one<number>(sql`SELECT reversal_journal_id FROM ar_receipt WHERE id = ${rc}`);
    expect(await journalLines(reversal)).toEqual([
      { code: '1102.01', debit: '0.00', credit: '15000000.00', sub: null },
      { code: '1201.01', debit: '15000000.00', credit: '0.00', sub: id.MANDIRI },
    ]);
    expect(await one<number>(sql`SELECT reverses_id FROM gl_journal WHERE id = ${reversal}`)).toBe(original);
    expect(await owed('MANDIRI')).toBe('31100000.00');
    await expectReconciled();
    await postPendingJournals();
    await expectReconciled();
  });
});

describe('a city-ledger payment corrected on the folio', () => {
  it('takes back the company’s receivable with the correction’s journal: Pemprov Jawa Barat owes what it did before', async () => {
    const folio = await inHouseFolio();
    const cl = await one<number>(sql`SELECT id FROM pay_article WHERE branch_id = ${gnb} AND payment_type = 'city_ledger' LIMIT 1`);
    const before = await owed('JABAR');
    const paid = await ok(
      await desk.post('/api/ops/frontoffice.folioPay', { id: folio, pay_article_id: cl, amount: '1.250.000', account_id: id.JABAR }),
    );
    expect(await owed('JABAR')).toBe('12650000.00');
    await ok(await desk.post('/api/ops/frontoffice.folioCorrect', { id: paid.id, reason: 'Guest pays this himself, not the province' }));
    const { rows } = await sql<{ number: string; kind: string; total: string; settled: string }>`
      SELECT number, kind, total::text, settled::text FROM ar_invoice WHERE branch_id = ${gnb} AND (key = ${`folio:${paid.id}`} OR credit_of IN
             (SELECT id FROM ar_invoice WHERE key = ${`folio:${paid.id}`})) ORDER BY id`.execute(db);
    expect(rows.map((r) => `${r.kind}:${r.total}:${r.settled}`)).toEqual([
      'city_ledger:1250000.00:1250000.00',
      'credit_note:1250000.00:1250000.00',
    ]);
    expect(await owed('JABAR')).toBe(before);
    // the correction's journal credits the city ledger on the province's sub-ledger, so nothing is left unexplained
    const recon = await expectReconciled();
    expect(recon.find((r) => r.account === '–')).toBeUndefined();
  });
});
