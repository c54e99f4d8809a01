import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The accountant's general ledger at the Grand Nusantara Bandung (business date 23/11/2026): journals and
 * adjustments entered as documents and posted through the one posting function, reversals, month and year
 * closing, and the statements — which tie to the rupiah after the demo data and the front office's postings.
 */
let t: TestApp;
let db: Db;
let budi: ApiClient;
let branch: number;
const account: Record<string, number> = {};

const ok = async (res: Awaited<ReturnType<ApiClient['post']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const report = async (code: string, params: Record<string, string | number>) =>
  ok(await budi.get(`/api/reports/${code}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`));

const entry = (over: Record<string, unknown> = {}) => ({
  date: '2026-11-20',
  description: 'Telkom IndiHome internet November',
  reference: 'INV/TLK/2026/11/0457',
  lines: [
    { account_id: account['6103.01'], description: 'Internet 300 Mbps', debit: '3885000', credit: null },
    { account_id: account['1102.01'], description: 'Transfer BCA', debit: null, credit: '3885000' },
  ],
  ...over,
});

async function createEntry(over: Record<string, unknown> = {}) {
  return ok(await budi.post('/api/data/gl/gl-entry', entry(over)), 201);
}
const action = async (id: number, name: string) => {
  const row = (await budi.get(`/api/data/gl/gl-entry/${id}`)).json();
  return budi.post(`/api/data/gl/gl-entry/${id}/${name}`, { version: row.version });
};

/** Σ debit and Σ credit of every posted line of the property, and the journals that do not balance. */
async function ledgerTotals() {
  const { rows } = await sql<{ debit: string; credit: string; unbalanced: number }>`
    SELECT coalesce(sum(debit), 0)::text AS debit, coalesce(sum(credit), 0)::text AS credit,
           (SELECT count(*)::int FROM (SELECT journal_id FROM gl_journal_line WHERE branch_id = ${branch}
              GROUP BY journal_id HAVING sum(debit) <> sum(credit)) x) AS unbalanced
      FROM gl_journal_line WHERE branch_id = ${branch}`.execute(db);
  return rows[0];
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  budi = await t.login('accountant');
  branch = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  budi.branchId = branch;
  const { rows } = await sql<{ id: number; code: string }>`SELECT id, code FROM gl_account WHERE branch_id = ${branch}`.execute(db);
  for (const r of rows) account[r.code] = Number(r.id);
});
afterAll(() => t.close());

describe('the chart of accounts', () => {
  it('ships a USALI-style Indonesian chart with header and posting accounts, schedules and cash-flow categories', async () => {
    const list = await ok(await budi.get('/api/data/gl/coa?limit=200'));
    const codes = list.rows.map((r: { code: string }) => r.code);
    expect(codes).toEqual(
      expect.arrayContaining(['1000', '1102.01', '1509.01', '2202.01', '3201.01', '4101.01', '5201.01', '6401.01', '7101.01']),
    );
    const electricity = list.rows.find((r: { code: string }) => r.code === '6401.01');
    expect(electricity).toMatchObject({ name: 'Electricity (PLN)', name_id: 'Listrik (PLN)', type: 'expense', normal_balance: 'debit' });
    expect(electricity).toMatchObject({ posting: true, usali_schedule: 'utilities' });
    expect(list.rows.find((r: { code: string }) => r.code === '6400')).toMatchObject({ posting: false });
    const categories = await ok(await budi.get('/api/data/gl/cashflow-category'));
    expect(categories.rows.map((r: { code: string }) => r.code)).toContain('OP-GUEST');
  });

  it('refuses to turn an account with postings into a header account', async () => {
    const row = (await budi.get(`/api/data/gl/coa/${account['1102.01']}`)).json();
    expectApiError(await budi.patch(`/api/data/gl/coa/${row.id}`, { version: row.version, posting: false }), 409, {
      message: 'Account 1102.01 already has postings: its type cannot change and it cannot become a header account',
    });
  });
});

describe('journals entered by the accountant', () => {
  it('saves a draft, numbers it JV-202611-…, posts it through the posting function and keeps the journal id', async () => {
    const draft = await createEntry();
    expect(draft).toMatchObject({ number: expect.stringMatching(/^JV-202611-\d{4}$/), status: 'draft', total: '3885000.00' });
    const posted = await ok(await action(draft.id, 'post'));
    expect(posted.status).toBe('posted');
    const { rows } = await sql<{ code: string; debit: string; credit: string; date: string; source_type: string }>`
      SELECT a.code, l.debit, l.credit, j.date::text AS date, j.source_type FROM gl_entry e
        JOIN gl_journal j ON j.branch_id = e.branch_id AND j.id = e.journal_id
        JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
        JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE e.id = ${draft.id} ORDER BY l.line_no`.execute(db);
    expect(rows).toEqual([
      { code: '6103.01', debit: '3885000.00', credit: '0.00', date: '2026-11-20', source_type: 'journal' },
      { code: '1102.01', debit: '0.00', credit: '3885000.00', date: '2026-11-20', source_type: 'journal' },
    ]);
    expectApiError(await budi.patch(`/api/data/gl/gl-entry/${draft.id}`, { version: posted.version, description: 'changed' }), 409);
  });

  it('saves an unbalanced draft but refuses to post it, naming both totals', async () => {
    const draft = await createEntry({
      lines: [
        { account_id: account['6202.01'], debit: '12500000' },
        { account_id: account['1102.01'], credit: '12000000' },
      ],
    });
    const e = expectApiError(await action(draft.id, 'post'), 400);
    expect(JSON.stringify(e)).toContain('Debits 12.500.000 and credits 12.000.000 must be equal');
    expect((await budi.get(`/api/data/gl/gl-entry/${draft.id}`)).json().status).toBe('draft');
  });

  it('refuses a header account on a line, before anything is written', async () => {
    const before = await ledgerTotals();
    expectApiError(
      await budi.post(
        '/api/data/gl/gl-entry',
        entry({
          lines: [
            { account_id: account['6400'], debit: '1000000' },
            { account_id: account['1102.01'], credit: '1000000' },
          ],
        }),
      ),
      400,
    );
    expect(await ledgerTotals()).toEqual(before);
  });

  it('reverses a posted journal on the business date: both journals stay, referencing each other, and net to zero', async () => {
    const draft = await createEntry({ description: 'Accrued PLN electricity', kind: 'adjustment' });
    expect(draft.number).toMatch(/^ADJ-202611-/);
    await ok(await action(draft.id, 'post'));
    const reversed = await ok(await action(draft.id, 'reverse'));
    expect(reversed).toMatchObject({ status: 'reversed', reversal_journal_id: expect.any(Number) });
    const { rows } = await sql<{ reverses_id: number | null; date: string }>`
      SELECT j.reverses_id, j.date::text AS date FROM gl_journal j
       WHERE j.branch_id = ${branch} AND j.id IN (${reversed.journal_id}, ${reversed.reversal_journal_id}) ORDER BY j.id`.execute(db);
    expect(rows.map((r) => [r.reverses_id === null ? null : Number(r.reverses_id), r.date])).toEqual([
      [null, '2026-11-20'],
      [reversed.journal_id, BUSINESS_DATE],
    ]);
    const perAccount = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT l.account_id FROM gl_journal_line l
        WHERE l.journal_id IN (${reversed.journal_id}, ${reversed.reversal_journal_id}) GROUP BY l.account_id HAVING sum(l.debit - l.credit) <> 0) x`.execute(
      db,
    );
    expect(perAccount.rows[0].n).toBe(0);
    expectApiError(await action(draft.id, 'reverse'), 409);
  });

  it('keeps posted lines append-only in the database itself', async () => {
    await expect(sql`UPDATE gl_journal_line SET debit = debit + 1 WHERE branch_id = ${branch}`.execute(db)).rejects.toThrow();
    await expect(sql`DELETE FROM gl_journal WHERE branch_id = ${branch}`.execute(db)).rejects.toThrow();
  });
});

describe('month and year closing', () => {
  it('closes October 2026, refuses a journal dated in it with a 409, and reopens it only with a reason, audited', async () => {
    expectApiError(await budi.post('/api/ops/gl.closeMonth', { period: '2026-11' }), 409, {
      message: '11/2026 has not ended by the business date 23/11/2026: only ended months can be closed',
    });
    await ok(await budi.post('/api/ops/gl.closeMonth', { period: '2026-10' }));
    const late = await createEntry({ date: '2026-10-31', description: 'Late Telkom invoice October' });
    expectApiError(await action(late.id, 'post'), 409, { message: 'The accounting period 10/2026 is closed: nothing can be posted in it' });
    expectApiError(await budi.post('/api/ops/gl.reopenMonth', { period: '2026-10' }), 400);
    const desk = await t.login('frontdesk');
    desk.branchId = branch;
    expect((await desk.post('/api/ops/gl.reopenMonth', { period: '2026-10', reason: 'Telkom invoice arrived late' })).statusCode).toBe(403);
    await ok(await budi.post('/api/ops/gl.reopenMonth', { period: '2026-10', reason: 'Telkom invoice arrived late' }));
    await ok(await action(late.id, 'post'));
    const periods = await ok(await budi.get('/api/gl/periods?year=2026'));
    expect(periods.months[9]).toMatchObject({ period: '2026-10', closed: false, reopen_reason: 'Telkom invoice arrived late' });
    const { rows } = await sql<{ after: { reason: string } }>`
      SELECT after FROM audit_log WHERE action = 'gl.reopenMonth' ORDER BY id DESC LIMIT 1`.execute(db);
    expect(rows[0].after.reason).toBe('Telkom invoice arrived late');
  });

  it('closes a year: its profit moves to retained earnings, P&L accounts end at zero, and reopening reverses it', async () => {
    // a small year 2025 posted as the accountant's journals (December 2025 is an open month)
    const sale = await createEntry({
      date: '2025-12-15',
      description: 'Banquet PT Telkom year-end gala',
      lines: [
        { account_id: account['1201.01'], debit: '150000000' },
        { account_id: account['4201.02'], credit: '150000000' },
      ],
    });
    const cost = await createEntry({
      date: '2025-12-15',
      description: 'Food cost gala dinner',
      lines: [
        { account_id: account['5201.01'], debit: '46500000' },
        { account_id: account['1301.01'], credit: '46500000' },
      ],
    });
    await ok(await action(sale.id, 'post'));
    await ok(await action(cost.id, 'post'));
    const retained = () =>
      sql<{ v: string }>`SELECT coalesce(sum(l.credit - l.debit), 0)::text AS v FROM gl_journal_line l
        WHERE l.branch_id = ${branch} AND l.account_id = ${account['3201.01']}`
        .execute(db)
        .then((r) => r.rows[0].v);
    const before = new Decimal(await retained());
    const closed = await ok(await budi.post('/api/ops/gl.closeYear', { year: 2025 }));
    expect(closed.profit).toBe('103500000.00');
    expect(new Decimal(await retained()).minus(before).toFixed(2)).toBe('103500000.00');
    const pl = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT l.account_id FROM gl_journal j JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
        JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE j.branch_id = ${branch} AND a.type IN ('revenue', 'expense') AND j.date <= '2025-12-31'
       GROUP BY l.account_id HAVING sum(l.debit - l.credit) <> 0) x`.execute(db);
    expect(pl.rows[0].n).toBe(0);
    // the P&L of 2025 still shows the year's profit: the closing journal is left out of it
    const statement = await report('profit-loss', { date_from: '2025-12-01', date_to: '2025-12-31' });
    expect(statement.grandTotals.period).toBe('103500000');
    expectApiError(await budi.post('/api/ops/gl.reopenMonth', { period: '2025-12', reason: 'check' }), 409);
    expectApiError(await budi.post('/api/ops/gl.closeYear', { year: 2025 }), 409);
    await ok(await budi.post('/api/ops/gl.reopenYear', { year: 2025, reason: 'Audit adjustment from KAP' }));
    expect(new Decimal(await retained()).minus(before).toFixed(2)).toBe('0.00');
    const again = await ok(await budi.post('/api/ops/gl.closeYear', { year: 2025 }));
    expect(again.profit).toBe('103500000.00');
  });
});

describe('the statements', () => {
  it('trial balance: debits equal credits and the total is every posted line, after the demo data and the front office', async () => {
    // the front office posts too: a minibar charge on an in-house guest's folio
    const desk = await t.login('frontdesk');
    desk.branchId = branch;
    const inHouse = (
      await sql<{ id: number }>`
      SELECT id FROM reservation WHERE branch_id = ${branch} AND status = 'in_house' ORDER BY id LIMIT 1`.execute(db)
    ).rows[0];
    const mini = (await sql<{ id: number }>`SELECT id FROM fo_article WHERE branch_id = ${branch} AND code = 'MINI'`.execute(db)).rows[0];
    if (inHouse && mini)
      await ok(
        await desk.post('/api/ops/frontoffice.folioCharge', { reservation_id: inHouse.id, fo_article_id: mini.id, unit_price: '85000' }),
      );
    const tb = await report('trial-balance', { date_from: '2026-01-01', date_to: BUSINESS_DATE });
    const totals = tb.grandTotals;
    expect(totals.closing_debit).toBe(totals.closing_credit);
    const ledger = await ledgerTotals();
    expect(ledger.unbalanced).toBe(0);
    // opening (before 2026) + movements of 2026 = every posted line up to the business date
    const { rows } = await sql<{ debit: string }>`
      SELECT coalesce(sum(l.debit), 0)::text AS debit FROM gl_journal j JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
       WHERE j.branch_id = ${branch} AND j.date BETWEEN '2026-01-01' AND ${BUSINESS_DATE}`.execute(db);
    expect(new Decimal(totals.debit).toFixed(2)).toBe(new Decimal(rows[0].debit).toFixed(2));
    expect(new Decimal(totals.debit).minus(totals.credit).plus(totals.opening).toFixed(2)).toBe('0.00');
  });

  it('balance sheet: assets equal liabilities plus equity to the rupiah', async () => {
    const bs = await report('balance-sheet', { date: BUSINESS_DATE });
    const side = (prefix: string) =>
      bs.rows
        .filter((r: { side: string }) => r.side.startsWith(prefix))
        .reduce((s: Decimal, r: { amount: string }) => s.plus(r.amount), new Decimal(0));
    expect(side('1').gt(0)).toBe(true);
    expect(side('1').toFixed(2)).toBe(side('2').toFixed(2));
  });

  it('profit and loss: net income equals revenue less expenses, and the cash flow equals the change in cash', async () => {
    const pl = await report('profit-loss', { date_from: '2026-11-01', date_to: BUSINESS_DATE });
    const { rows } = await sql<{ v: string }>`
      SELECT coalesce(sum(l.credit - l.debit), 0)::text AS v FROM gl_journal j JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
        JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE j.branch_id = ${branch} AND a.type IN ('revenue', 'expense') AND j.date BETWEEN '2026-11-01' AND ${BUSINESS_DATE}`.execute(db);
    expect(new Decimal(pl.grandTotals.period).toFixed(2)).toBe(new Decimal(rows[0].v).toFixed(2));
    expect(pl.rows.some((r: { department: string }) => r.department.startsWith('1 Rooms'))).toBe(true);
    const cf = await report('cashflow', { date_from: '2026-11-01', date_to: BUSINESS_DATE });
    const cash = await sql<{ v: string }>`
      SELECT coalesce(sum(l.debit - l.credit), 0)::text AS v FROM gl_journal j JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id
        JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE j.branch_id = ${branch} AND a.is_cash AND j.date BETWEEN '2026-11-01' AND ${BUSINESS_DATE}`.execute(db);
    expect(new Decimal(cf.grandTotals.amount ?? 0).toFixed(2)).toBe(new Decimal(cash.rows[0].v).toFixed(2));
    // the detail behind it, line by line, adds up to the same change in cash
    const detail = await report('glcashflow', { date_from: '2026-11-01', date_to: BUSINESS_DATE });
    expect(new Decimal(detail.grandTotals.amount ?? 0).toFixed(2)).toBe(new Decimal(cash.rows[0].v).toFixed(2));
  });

  it('general ledger by account: opening, movements with a running balance, and the closing balance', async () => {
    const gl = await report('jurnal-by-account', { account_id: account['1102.01'], date_from: '2026-11-02', date_to: BUSINESS_DATE });
    const rows = gl.rows as { description: string; debit: string | null; credit: string | null; balance: string }[];
    expect(rows[0].description).toMatch(/^Opening balance/);
    expect(rows.at(-1)!.description).toMatch(/^Closing balance/);
    let running = new Decimal(rows[0].balance);
    for (const r of rows.slice(1, -1)) {
      running = running.plus(r.debit ?? 0).minus(r.credit ?? 0);
      expect(new Decimal(r.balance).toFixed(2)).toBe(running.toFixed(2));
    }
    expect(new Decimal(rows.at(-1)!.balance).toFixed(2)).toBe(running.toFixed(2));
  });

  it('exports the trial balance, the general ledger and the P&L to XLSX and PDF, in Indonesian too', async () => {
    budi.lang = 'id';
    for (const code of ['trial-balance', 'jurnal-by-account', 'profit-loss'])
      for (const format of ['xlsx', 'pdf']) {
        const res = await budi.get(`/api/reports/${code}?date_from=2026-11-01&date_to=${BUSINESS_DATE}&format=${format}`);
        expect(res.statusCode, `${code} ${format}`).toBe(200);
        expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe(format === 'pdf' ? '%PDF' : 'PK\u0003\u0004');
      }
    budi.lang = 'en';
  });
});

describe('budgets', () => {
  it('keeps a year of monthly budgets per account and per statistic, and the P&L sets actual against them', async () => {
    const months = (nov: string) =>
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${String(i + 1).padStart(2, '0')}`, i === 10 ? nov : '0']));
    await ok(await budi.post('/api/data/gl/budget', { year: 2026, account_id: account['4101.01'], ...months('2450000000') }), 201);
    await ok(await budi.post('/api/data/gl/budget', { year: 2026, account_id: account['6401.01'], ...months('135000000') }), 201);
    expectApiError(await budi.post('/api/data/gl/budget', { year: 2026, account_id: account['6401.01'], ...months('1') }), 409);
    await ok(await budi.post('/api/data/gl/statistic-budget', { year: 2026, statistic: 'occupancy', ...months('78.50') }), 201);
    const pl = await report('profit-loss', { date_from: '2026-11-01', date_to: BUSINESS_DATE });
    expect(pl.grandTotals.budget).toBe('2315000000');
    expect(pl.grandTotals.budget_ytd).toBe('2315000000');
    const electricity = pl.rows.find((r: { account: string }) => r.account.startsWith('6401.01'));
    expect(electricity).toMatchObject({ period: '-128500000.00', budget: '-135000000.00' });
    const plan = await report('pnl-budget', { date_to: BUSINESS_DATE });
    expect([plan.grandTotals.m11, plan.grandTotals.total]).toEqual(['2315000000', '2315000000']);
  });

  it('keeps a daily revenue budget for a month, day by day, and refuses a day outside it', async () => {
    const day = (date: string, rooms: string, room: string, fb: string) => ({
      date,
      rooms_sold: rooms,
      room_revenue: room,
      fb_revenue: fb,
      other_revenue: '0',
    });
    const drr = await ok(
      await budi.post('/api/data/gl/drr-budget', {
        code: 'DRR-2026-12',
        date_from: '2026-12-01',
        date_to: '2026-12-31',
        description: 'December 2026, Christmas and New Year',
        lines: [day('2026-12-24', '112', '201600000', '96000000'), day('2026-12-31', '118', '259600000', '185000000')],
      }),
      201,
    );
    expect(drr.total).toBe('742200000.00');
    const outside = await budi.post('/api/data/gl/drr-budget', {
      code: 'DRR-2026-12B',
      date_from: '2026-12-01',
      date_to: '2026-12-31',
      lines: [day('2027-01-01', '90', '120000000', '40000000')],
    });
    expect(expectApiError(outside, 400).fields).toEqual({ 'lines/0/date': "Line 1: the date is outside the budget's dates" });
  });
});

describe('files kept with a journal', () => {
  const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
  const invoice = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('Telkom IndiHome invoice INV/TLK/2026/11/0457\n%%EOF\n')]);

  it('keeps the scanned invoice with a draft journal, lists and returns it byte for byte, and audits it', async () => {
    const draft = await createEntry({ description: 'PLN electricity November', reference: 'PLN/2026/11/8812' });
    const added = await ok(
      await budi.post(`/api/data/gl/gl-entry/${draft.id}/attachments`, {
        name: 'C:\\scans\\pln-nov.pdf',
        file: dataUrl('application/pdf', invoice),
      }),
      201,
    );
    expect(added).toMatchObject({ file_name: 'pln-nov.pdf', content_type: 'application/pdf', size: invoice.length });
    const list = await ok(await budi.get(`/api/data/gl/gl-entry/${draft.id}/attachments`));
    expect(list.rows).toEqual([expect.objectContaining({ id: added.id, file_name: 'pln-nov.pdf', created_by: 'Budi Santoso' })]);
    const file = await budi.get(`/api/data/gl/gl-entry/${draft.id}/attachments/${added.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="pln-nov.pdf"/);
    expect(Buffer.compare(file.rawPayload, invoice)).toBe(0);
    const { rows } = await sql<{ action: string }>`
      SELECT action FROM audit_log WHERE entity = 'gl/gl-entry' AND entity_id = ${String(draft.id)} AND action = 'attach'`.execute(db);
    expect(rows).toHaveLength(1);
    // removed while the journal is a draft: gone, and audited
    expect((await ok(await budi.delete(`/api/data/gl/gl-entry/${draft.id}/attachments/${added.id}`))).deleted).toBe(true);
    expect((await ok(await budi.get(`/api/data/gl/gl-entry/${draft.id}/attachments`))).rows).toEqual([]);
  });

  it('takes only the kinds it declares, told by the bytes, and nothing larger than 5 MB', async () => {
    const draft = await createEntry({ description: 'Water PDAM November' });
    const program = Buffer.from('MZ\x90\x00 this is not an invoice');
    expectApiError(
      await budi.post(`/api/data/gl/gl-entry/${draft.id}/attachments`, { name: 'invoice.pdf', file: dataUrl('application/pdf', program) }),
      400,
      {
        message: 'Only PDF, PNG, JPEG files can be attached',
      },
    );
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(huge);
    expectApiError(
      await budi.post(`/api/data/gl/gl-entry/${draft.id}/attachments`, { name: 'scan.png', file: dataUrl('image/png', huge) }),
      400,
      {
        message: 'The file is larger than 5 MB',
      },
    );
    expectApiError(await budi.post(`/api/data/gl/gl-entry/${draft.id}/attachments`, { name: 'x.pdf', file: 'JVBERi0=' }), 400);
  });

  it('keeps the evidence of a posted journal: files can be added to it, never removed from it', async () => {
    const draft = await createEntry({ description: 'Telkom internet December prepaid' });
    const first = await ok(
      await budi.post(`/api/data/gl/gl-entry/${draft.id}/attachments`, { name: 'telkom.pdf', file: dataUrl('application/pdf', invoice) }),
      201,
    );
    await ok(await action(draft.id, 'post'));
    expectApiError(await budi.delete(`/api/data/gl/gl-entry/${draft.id}/attachments/${first.id}`), 409);
    await ok(
      await budi.post(`/api/data/gl/gl-entry/${draft.id}/attachments`, {
        name: 'transfer-receipt.pdf',
        file: dataUrl('application/pdf', invoice),
      }),
      201,
    );
    expect((await ok(await budi.get(`/api/data/gl/gl-entry/${draft.id}/attachments`))).rows).toHaveLength(2);
  });
});

describe('recurring journals', () => {
  const lease = (over: Record<string, unknown> = {}) => ({
    code: 'SEWA-LAUNDRY',
    description: 'Electrolux laundry machine lease',
    day_of_month: 5,
    start_month: '2026-11-20',
    lines: [
      { account_id: account['5104.01'], description: 'Lease November', debit: '7500000', credit: null },
      { account_id: account['2301.01'], description: 'Accrued lease', debit: null, credit: '7500000' },
    ],
    ...over,
  });

  it('keeps a balanced template from the first of its month, and refuses one that does not balance', async () => {
    expectApiError(
      await budi.post(
        '/api/data/gl/recurring-journal',
        lease({
          code: 'MIRING',
          lines: [
            { account_id: account['5104.01'], debit: '100', credit: null },
            { account_id: account['2301.01'], debit: null, credit: '90' },
          ],
        }),
      ),
      400,
    );
    const saved = await ok(await budi.post('/api/data/gl/recurring-journal', lease()), 201);
    expect(saved).toMatchObject({ start_month: '2026-11-01', total: '7500000.00', active: true });
  });

  it('makes the month’s draft when it falls due, once, dated its day, and the night audit’s run makes the rest', async () => {
    const template = (await ok(await budi.get('/api/data/gl/recurring-journal?q=SEWA-LAUNDRY'))).rows[0];
    const first = await ok(await budi.post('/api/ops/gl.generateRecurring', { id: template.id }));
    expect(first.count).toBe(1);
    const again = await ok(await budi.post('/api/ops/gl.generateRecurring', { id: template.id }));
    expect(again).toEqual({ count: 0, numbers: '–' });
    const { rows } = await sql<{ number: string; date: string; status: string; total: string; lines: number }>`
      SELECT e.number, e.date::text AS date, e.status, e.total::text AS total,
             (SELECT count(*)::int FROM gl_entry_line l WHERE l.branch_id = e.branch_id AND l.entry_id = e.id) AS lines
        FROM gl_entry e WHERE e.branch_id = ${branch} AND e.recurring_id = ${template.id}`.execute(db);
    expect(rows).toEqual([{ number: first.numbers, date: '2026-11-05', status: 'draft', total: '7500000.00', lines: 2 }]);

    // a template due on the 31st falls on the 30th in November; the roll into 30/11 makes it, and only it
    const monthEnd = await ok(await budi.post('/api/data/gl/recurring-journal', lease({ code: 'SEWA-AKHIR', day_of_month: 31 })), 201);
    const { generateDueJournals } = await import('../../../server/domain/gl/recurring.js');
    const made = await db.transaction().execute((trx) => generateDueJournals(trx, branch, null, '2026-11-30'));
    expect(made.map((m) => [m.template, m.date])).toEqual([['SEWA-AKHIR', '2026-11-30']]);
    expect(monthEnd.code).toBe('SEWA-AKHIR');
    // the database itself keeps one draft per template and month
    await expect(
      sql`INSERT INTO gl_entry (branch_id, number, kind, date, description, recurring_id, recurring_period)
          VALUES (${branch}, 'JV-DUP', 'journal', '2026-11-05', 'twice', ${template.id}, '2026-11-01')`.execute(db),
    ).rejects.toThrow(/gl_entry_recurring_once/);
  });
});
