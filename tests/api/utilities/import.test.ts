import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { countRows, expectApiError } from '../expectations.js';
import { runFlow, startFlow } from '../../support/flows.js';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = ['Code', 'Name', 'Group', 'Payment type', 'Card fee %', 'GL account'];

/** 1,000 payment articles as a cashier's spreadsheet would hold them: group by code, type by its label. */
function articles(count: number, prefix = 'IM'): unknown[][] {
  const types = ['Cash', 'Card', 'Transfer / QRIS', 'City ledger', 'Voucher'];
  return Array.from({ length: count }, (_, i) => [
    `${prefix}${String(i + 1).padStart(4, '0')}`,
    `Imported article ${i + 1}`,
    i % 2 ? 'CARD' : 'CASH',
    types[i % types.length],
    (i % 4) * 0.5,
    `110.${100 + (i % 50)}`,
  ]);
}

async function workbook(rows: unknown[][], sheet = 'Articles'): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(r);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return `data:${XLSX_TYPE};base64,${buf.toString('base64')}`;
}

/** Imports through the server flow excel-import-run, as the import screen does, and returns how the run ended. */
async function runImport(client: ApiClient, input: Record<string, unknown>) {
  const done = await runFlow(client, 'excel-import-run', input);
  expect(done.status, done.error ?? '').toBe('done');
  return done.output as { imported: number; problems: { sheet: string; row: number; column: string; message: string }[] };
}

describe('import from Excel', () => {
  let mapping: Record<string, string | null>;

  it('lists the entities the user may fill, with their fields', async () => {
    const r = (await admin.get('/api/import/entities')).json();
    const art = r.rows.find((x: { id: string }) => x.id === 'system/pay-article');
    expect(art.fields.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['code', 'name', 'group_id', 'payment_type', 'card_fee_pct']),
    );
    expect(art.fields.find((f: { name: string }) => f.name === 'code').required).toBe(true);
  });

  it('offers a template per entity: the columns in the reader language and a guide sheet', async () => {
    admin.lang = 'id';
    const res = await admin.get('/api/import/template/system/pay-article');
    admin.lang = 'en';
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    // required columns carry a star; a filled-in template maps itself back (the star is ignored)
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      'Kode *',
      'Nama *',
      'Grup *',
      'Jenis pembayaran *',
      'Bank',
      'Biaya kartu %',
      'Akun GL',
      'Aktif',
    ]);
    expect(wb.worksheets.map((w) => w.name)).toContain('Panduan');
  });

  it('previews the sheets and matches the columns to fields by their label', async () => {
    const file = await workbook(articles(5));
    const r = (await admin.post('/api/import/preview', { entity: 'system/pay-article', name: 'articles.xlsx', file })).json();
    expect(r.sheets[0]).toMatchObject({ name: 'Articles', rowCount: 5, headers: HEADERS });
    mapping = r.sheets[0].mapping;
    expect(mapping).toEqual({
      Code: 'code',
      Name: 'name',
      Group: 'group_id',
      'Payment type': 'payment_type',
      'Card fee %': 'card_fee_pct',
      'GL account': 'gl_account',
    });
  });

  it('3 bad cells among 1,000 rows: nothing is imported and each is named by sheet, row and column', async () => {
    const rows = articles(1000);
    rows[41][2] = 'NOPE';
    rows[500][3] = 'Bitcoin';
    rows[998][4] = 'ten';
    const before = await countRows(t.database.db, 'pay_article');
    const done = await runImport(admin, {
      entity: 'system/pay-article',
      name: 'articles.xlsx',
      file: await workbook(rows),
      sheet: 'Articles',
      mapping,
    });
    expect(done.imported).toBe(0);
    expect(done.problems.map((p: { sheet: string; row: number; column: string }) => [p.sheet, p.row, p.column])).toEqual([
      ['Articles', 43, 'C (Group)'],
      ['Articles', 502, 'D (Payment type)'],
      ['Articles', 1000, 'E (Card fee %)'],
    ]);
    expect(done.problems[0].message).toBe('"NOPE" is not a known Group.');
    expect(done.problems[2].message).toBe('"ten" is not a number.');
    expect(await countRows(t.database.db, 'pay_article')).toBe(before);
  });

  it('the same file fixed imports all 1,000 rows, audited, with labels turned into values', async () => {
    const before = await countRows(t.database.db, 'pay_article');
    const auditBefore = await countRows(t.database.db, 'audit_log');
    const done = await runImport(admin, {
      entity: 'system/pay-article',
      name: 'articles.xlsx',
      file: await workbook(articles(1000)),
      sheet: 'Articles',
      mapping,
    });
    expect(done).toEqual({ imported: 1000, problems: [] });
    expect(await countRows(t.database.db, 'pay_article')).toBe(before + 1000);
    expect(await countRows(t.database.db, 'audit_log')).toBeGreaterThan(auditBefore);
    const row = (await admin.get('/api/data/system/pay-article?q=IM0003&limit=1')).json().rows[0];
    expect(row).toMatchObject({ code: 'IM0003', payment_type: 'transfer', card_fee_pct: '1.00', gl_account: '110.102' });
  });

  it('re-importing existing codes is reported row by row and applies nothing', async () => {
    const rows = [...articles(3, 'NEW'), ...articles(2)];
    const before = await countRows(t.database.db, 'pay_article');
    const done = await runImport(admin, {
      entity: 'system/pay-article',
      name: 'articles.xlsx',
      file: await workbook(rows),
      sheet: 'Articles',
      mapping,
    });
    expect(done.imported).toBe(0);
    expect(done.problems.map((p: { row: number; message: string }) => [p.row, p.message])).toEqual([
      [5, 'IM0001 already exists.'],
      [6, 'IM0002 already exists.'],
    ]);
    expect(await countRows(t.database.db, 'pay_article')).toBe(before);
  });

  it('the same key twice in one file is named with the row it repeats', async () => {
    const rows = articles(2, 'DUP');
    rows[1][0] = 'DUP0001';
    const done = await runImport(admin, {
      entity: 'system/pay-article',
      name: 'articles.xlsx',
      file: await workbook(rows),
      sheet: 'Articles',
      mapping,
    });
    expect(done.problems).toEqual([
      { sheet: 'Articles', row: 3, column: 'A (Code)', message: 'The same key is already on row 2 of the file.' },
    ]);
  });

  it('reads CSV with semicolons as Indonesian Excel writes it', async () => {
    const csv = 'Kode;Nama;Grup;Jenis pembayaran\nCSV01;Dompet digital;CASH;Transfer / QRIS\nCSV02;"Voucher; hadiah";CASH;Voucher\n';
    const file = `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`;
    const preview = (await admin.post('/api/import/preview', { entity: 'system/pay-article', name: 'artikel.csv', file })).json();
    expect(preview.sheets[0].mapping).toEqual({ Kode: 'code', Nama: 'name', Grup: 'group_id', 'Jenis pembayaran': 'payment_type' });
    const done = await runImport(admin, {
      entity: 'system/pay-article',
      name: 'artikel.csv',
      file,
      sheet: preview.sheets[0].name,
      mapping: preview.sheets[0].mapping,
    });
    expect(done).toEqual({ imported: 2, problems: [] });
    expect((await admin.get('/api/data/system/pay-article?q=CSV02&limit=1')).json().rows[0].name).toBe('Voucher; hadiah');
  });

  it('refuses what it cannot read with a clear 400', async () => {
    expectApiError(
      await admin.post('/api/import/preview', {
        entity: 'system/pay-article',
        name: 'articles.xlsx',
        file: 'data:text/plain;base64,aGVsbG8=',
      }),
      400,
      { message: /not a readable Excel workbook/ },
    );
    expectApiError(await admin.post('/api/import/preview', { entity: 'system/pay-article', name: 'articles.xlsx', file: 'hello' }), 400);
    expectApiError(
      await admin.post('/api/import/preview', { entity: 'system/pay-article', name: 'articles.pdf', file: 'data:x;base64,aGVsbG8=' }),
      400,
    );
    expectApiError(
      await startFlow(admin, 'excel-import-run', {
        entity: 'system/pay-article',
        name: 'a.xlsx',
        file: await workbook(articles(1)),
        sheet: 'Articles',
        mapping: { Code: 'password_hash' },
      }),
      400,
    );
    expectApiError(
      await startFlow(admin, 'excel-import-run', {
        entity: 'system/pay-article',
        name: 'a.xlsx',
        file: await workbook(articles(1)),
        sheet: 'Articles',
        mapping: { Code: 'code', Name: 'code' },
      }),
      400,
    );
    expectApiError(
      await startFlow(admin, 'excel-import-run', {
        entity: 'system/pay-article',
        name: 'a.xlsx',
        file: await workbook(articles(1)),
        sheet: 'Nope',
        mapping,
      }),
      400,
    );
  });

  it('imports only where the user may create: the front desk cannot fill payment articles', async () => {
    const fd = await t.login('frontdesk');
    expectApiError(
      await fd.post('/api/import/preview', { entity: 'system/pay-article', name: 'articles.xlsx', file: await workbook(articles(1)) }),
      403,
    );
  });
});
