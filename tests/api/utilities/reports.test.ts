import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { startTestApp, BUSINESS_DATE, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError, countRows } from '../expectations.js';
import { runFlow, startFlow, waitForRun } from '../../support/flows.js';
import { pdfPages } from '../../support/pdfText.js';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('running a report by code', () => {
  it('fills parameter defaults from the business date and returns columns, rows and exact totals', async () => {
    const res = await admin.get('/api/reports/audit-activity');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.parameters.date_from).toBe('2026-11-01');
    expect(r.columns.map((c: { field: string }) => c.field)).toEqual(['day', 'entity', 'action', 'changes', 'users']);
    expect(r.rows.length).toBeGreaterThan(0);
    const sum = r.rows.reduce((n: number, row: { changes: number | string }) => n + Number(row.changes), 0);
    expect(r.grandTotals.changes).toBe(String(sum));
    expect(r.context).toMatchObject({ branch: 'Grand Nusantara Bandung', businessDate: BUSINESS_DATE });
  });

  it('prices ++ and nett tax-service codes to the rupiah, the parts summing to the price', async () => {
    const r = (await admin.get('/api/reports/tax-service-rates?amount=1000000')).json();
    const plus = r.rows.find((x: { code: string }) => x.code === 'TS21');
    expect(plus).toMatchObject({ base: '1000000', service: '100000', tax: '110000', total: '1210000' });
    const nett = r.rows.find((x: { code: string }) => x.code === 'TS21N');
    expect(nett).toMatchObject({ base: '826446', service: '82645', tax: '90909', total: '1000000' });
    expect(Number(nett.base) + Number(nett.service) + Number(nett.tax)).toBe(1000000);
  });

  it('groups users by group and filters by a lookup parameter', async () => {
    const groups = (await admin.get('/api/data/system/group?limit=50')).json().rows as { id: number; code: string }[];
    const fo = groups.find((g) => g.code === 'FO')!;
    const r = (await admin.get(`/api/reports/users-rights?group_id=${fo.id}`)).json();
    expect(r.rows.map((x: { username: string }) => x.username)).toEqual(['frontdesk']);
    expect(r.groupBy).toEqual(['group_name']);
  });

  it('refuses wrong parameters with a 400 naming each one, and unknown ones', async () => {
    expectApiError(await admin.get('/api/reports/audit-activity?date_from=31-31-2026'), 400, { code: 'VALIDATION' });
    expectApiError(await admin.get('/api/reports/tax-service-rates?amount=-5'), 400);
    expectApiError(await admin.get('/api/reports/audit-activity?limit=5'), 400);
    expectApiError(await admin.get('/api/reports/no-such-report'), 404);
  });

  it('treats SQL in a parameter as a plain value: nothing matches, nothing changes', async () => {
    const before = await countRows(t.database.db, 'app_user');
    for (const attack of ["x' OR '1'='1", "'; DROP TABLE app_user; --", "admin\\' UNION SELECT password_hash FROM app_user --"]) {
      const res = await admin.get(`/api/reports/audit-activity?username=${encodeURIComponent(attack)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rows).toEqual([]);
    }
    expect(await countRows(t.database.db, 'app_user')).toBe(before);
  });

  it('needs the right its definition names: the front desk may not read the audit activity', async () => {
    const fd = await t.login('frontdesk');
    expectApiError(await fd.get('/api/reports/audit-activity'), 403);
    const catalog = (await fd.get('/api/reports')).json();
    expect(catalog.designer).toBe(false);
    expect(catalog.rows.map((r: { code: string }) => r.code)).not.toContain('audit-activity');
  });
});

describe('exports', () => {
  it('XLSX holds real numbers with number formats, totals and the report heading', async () => {
    const res = await admin.get('/api/reports/tax-service-rates?format=xlsx&amount=2500000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getCell('A1').value).toBe('Tax and service rates');
    const texts: string[] = [];
    let totalCell: ExcelJS.Cell | undefined;
    ws.eachRow((row) => {
      texts.push(String(row.getCell(1).value));
      if (row.getCell(1).value === 'TS21') totalCell = row.getCell(10);
    });
    expect(texts.join('|')).toContain('Grand Nusantara Bandung');
    expect(totalCell?.value).toBe(3025000);
    expect(totalCell?.numFmt).toBe('#,##0');
  });

  it('PDF has the hotel, the report, its parameters, page numbers, Indonesian labels and Indonesian numbers', async () => {
    admin.lang = 'id';
    const res = await admin.get('/api/reports/tax-service-rates?format=pdf');
    admin.lang = 'en';
    expect(res.headers['content-type']).toBe('application/pdf');
    const [page] = await pdfPages(res.rawPayload);
    expect(page).toContain('Tarif pajak dan layanan');
    expect(page).toContain('Grand Nusantara Bandung');
    expect(page).toContain('Contoh harga: 1.000.000');
    expect(page).toContain('Halaman 1 dari 1');
    expect(page).toContain('1.210.000');
    // percentages in Indonesian separators, two decimals
    expect(page).toContain('10,00 %');
    expect(page).not.toContain('10.00 %');
  });

  it('a long PDF repeats its header on every page and numbers them', async () => {
    await sql`INSERT INTO audit_log (branch_id, entity, action, at) SELECT 1, 'load-test', 'probe', now() - (g || ' minutes')::interval FROM generate_series(1, 400) g`.execute(
      t.database.db,
    );
    const def = {
      code: 'audit-lines',
      name: { en: 'Audit lines', id: 'Baris audit' },
      sql: "SELECT id, entity, action FROM audit_log WHERE branch_id = :branch_id AND entity = 'load-test'",
      columns: [
        { field: 'id', title: { en: 'Entry', id: 'Entri' }, type: 'integer' },
        { field: 'entity', title: { en: 'Subject', id: 'Subjek' } },
        { field: 'action', title: { en: 'Action', id: 'Tindakan' } },
      ],
      sort: [{ field: 'id' }],
    };
    expect((await admin.request('PUT', '/api/reports/audit-lines/design', { definition: def })).statusCode).toBe(200);
    const pages = await pdfPages((await admin.get('/api/reports/audit-lines?format=pdf')).rawPayload);
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((p, i) => {
      expect(p).toContain('Entry Subject Action');
      expect(p).toContain(`Page ${i + 1} of ${pages.length}`);
    });
  });

  it('CSV is UTF-8 with a header in the reader language and values as stored', async () => {
    const res = await admin.get('/api/reports/tax-service-rates?format=csv');
    expect(res.body.startsWith('\ufeffCode,Name,')).toBe(true);
    expect(res.body).toContain('TS21N,Service 10% + PBJT 10% (nett),nett,10.00,10.00,1000000,826446,82645,90909,1000000');
  });

  it('an unknown format is a 400', async () => {
    expectApiError(await admin.get('/api/reports/tax-service-rates?format=docx'), 400);
  });
});

describe('property reports: saved, checked, versioned, reverted', () => {
  const mine = (sqlText: string, extra: Record<string, unknown> = {}) => ({
    code: 'night-check',
    name: { en: 'Night check', id: 'Cek malam' },
    sql: sqlText,
    columns: [{ field: 'n', title: { en: 'Count', id: 'Jumlah' }, type: 'integer' }],
    ...extra,
  });

  it("saves a new report after a dry run, runs it, lists it as the property's own", async () => {
    const res = await admin.request('PUT', '/api/reports/night-check/design', {
      definition: mine('SELECT count(*) AS n FROM pay_article WHERE branch_id = :branch_id'),
      note: 'first cut',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, source: 'property' });
    const run = (await admin.get('/api/reports/night-check')).json();
    expect(Number(run.rows[0].n)).toBeGreaterThan(0);
    const catalog = (await admin.get('/api/reports')).json();
    expect(catalog.rows.find((r: { code: string }) => r.code === 'night-check')).toMatchObject({ source: 'property', version: 1 });
  });

  it('overrides a shipped report, keeps every version with who and why, and reverts to the shipped one', async () => {
    const shipped = (await admin.get('/api/reports/pay-articles/design')).json().definition;
    const changed = { ...shipped, name: { en: 'Payment articles (FO)', id: 'Artikel pembayaran (FO)' } };
    expect((await admin.request('PUT', '/api/reports/pay-articles/design', { definition: changed, note: 'FO naming' })).statusCode).toBe(
      200,
    );
    expect((await admin.get('/api/reports/pay-articles/meta')).json()).toMatchObject({
      source: 'overridden',
      name: { en: 'Payment articles (FO)' },
    });
    const revert = await admin.post('/api/reports/pay-articles/revert', { note: 'back to standard' });
    expect(revert.json()).toMatchObject({ source: 'shipped' });
    expect((await admin.get('/api/reports/pay-articles/meta')).json()).toMatchObject({
      source: 'shipped',
      name: { en: 'Payment articles' },
    });
    const design = (await admin.get('/api/reports/pay-articles/design')).json();
    expect(
      design.versions.map((v: { version: number; action: string; note: string; created_by: string }) => [
        v.version,
        v.action,
        v.note,
        v.created_by,
      ]),
    ).toEqual([
      [2, 'revert', 'back to standard', 'Administrator'],
      [1, 'save', 'FO naming', 'Administrator'],
    ]);
    expectApiError(await admin.post('/api/reports/pay-articles/revert', {}), 400);
  });

  it('refuses a definition that breaks the meta-schema, naming the pointer', async () => {
    const bad = mine('SELECT 1 AS n', { columns: [{ field: 'n', widht: 3, title: { en: 'N', id: 'N' } }] });
    const err = expectApiError(await admin.request('PUT', '/api/reports/night-check/design', { definition: bad }), 400, {
      code: 'INVALID_REPORT',
    });
    expect(JSON.stringify(err.details)).toContain('/columns/0');
  });

  it('refuses SQL that writes or reaches outside the data, and nothing changes', async () => {
    const db = t.database.db;
    const before = {
      users: await countRows(db, 'app_user'),
      audit: await countRows(db, 'audit_log'),
      versions: await countRows(db, 'report_version'),
      articles: await countRows(db, 'pay_article'),
    };
    const attempts = [
      "INSERT INTO bank (branch_id, code, name) VALUES (1, 'X', 'X') RETURNING 1 AS n",
      'UPDATE pay_article SET active = false RETURNING 1 AS n',
      'DROP TABLE pay_article',
      "COPY app_user TO '/tmp/users.csv'",
      'WITH gone AS (DELETE FROM pay_article RETURNING 1) SELECT count(*) AS n FROM gone',
      'WITH moved AS (UPDATE app_user SET locked = true RETURNING 1) SELECT count(*) AS n FROM moved',
      "SELECT set_config('hotelier.branch_id', '2', false) AS n",
      'SELECT pg_sleep(30) AS n',
      "SELECT lo_import('/etc/passwd') AS n",
      "SELECT pg_read_file('/etc/passwd') AS n",
      "SELECT nextval('app_user_id_seq') AS n",
      'SELECT count(*) AS n INTO scratch FROM pay_article',
      'SELECT password_hash AS n FROM app_user',
      'SELECT token_hash AS n FROM user_session',
      'SELECT hotelier_report_grants() AS n',
      'SELECT 1 AS n; DELETE FROM pay_article',
    ];
    for (const text of attempts) {
      const res = await admin.request('PUT', '/api/reports/night-check/design', { definition: mine(text) });
      expect(res.statusCode, text).toBe(400);
      // the designer is told why, in words (the database's own for what only it can judge), never a stack
      expect(res.json().error.code).toBe('INVALID_REPORT');
      expect(res.json().error.details.problems.length).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/\bat \S+ \(|\.ts:\d+|node_modules/);
    }
    expect({
      users: await countRows(db, 'app_user'),
      audit: await countRows(db, 'audit_log'),
      versions: await countRows(db, 'report_version'),
      articles: await countRows(db, 'pay_article'),
    }).toEqual(before);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM app_user WHERE locked`.execute(db);
    expect(rows[0].n).toBe(0);
  });

  it("sees only the active property's rows even when its SQL forgets the branch", async () => {
    const def = mine('SELECT count(*) AS n FROM pay_article');
    expect((await admin.request('PUT', '/api/reports/night-check/design', { definition: def })).statusCode).toBe(200);
    const { rows } = await sql<{
      b1: number;
      b2: number;
    }>`SELECT count(*) FILTER (WHERE branch_id = 1)::int AS b1, count(*) FILTER (WHERE branch_id = 2)::int AS b2 FROM pay_article`.execute(
      t.database.db,
    );
    expect(rows[0].b1).toBeGreaterThan(0);
    const mineRun = await admin.get('/api/reports/night-check');
    expect(mineRun.statusCode, mineRun.body).toBe(200);
    expect(Number(mineRun.json().rows[0].n)).toBe(rows[0].b1);
    const other = await t.login('admin');
    other.branchId = 2;
    // a property's reports are its own: the second hotel saves the same definition for itself
    expect((await other.request('PUT', '/api/reports/night-check/design', { definition: def })).statusCode).toBe(200);
    const theirs = await other.get('/api/reports/night-check');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(Number(theirs.json().rows[0].n)).toBe(rows[0].b2);
  });

  /** A statement's plan as runSandboxed runs it: the property and the role set for the transaction. */
  const planUnderRole = (statement: string, settings = sql``) =>
    t.database.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('hotelier.branch_id', '1', true), set_config('role', 'hotelier_report', true) ${settings}`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`${sql.raw(`EXPLAIN (VERBOSE) ${statement}`)}`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it("reads the role's property filter once for a report that filters by its property, and keeps its plan parallel", async () => {
    const sales = `SELECT c.outlet_id, sum(i.amount) FROM pos_check_item i JOIN pos_check c ON c.branch_id = i.branch_id AND c.id = i.check_id
                    WHERE i.branch_id = 1 AND c.branch_id = 1 GROUP BY c.outlet_id`;
    const plan = await planUnderRole(sales);
    // the policy and the report's own filter meet in one check made before any row is read
    const lines = plan.split('\n');
    expect(lines.filter((line) => /current_setting/.test(line)).every((line) => /One-Time Filter/.test(line))).toBe(true);
    expect(plan).toMatch(/One-Time Filter: .*current_setting/);
    expect(plan).not.toMatch(/InitPlan/);
    if (t.database.kind === 'postgres') {
      // PostgreSQL gives a plan a Gather on top when nothing in it keeps it from parallel workers
      const { rows } = await sql<{ v: number }>`SELECT current_setting('server_version_num')::int AS v`.execute(t.database.db);
      const force = rows[0].v >= 160000 ? 'debug_parallel_query' : 'force_parallel_mode';
      expect(await planUnderRole(sales, sql`, set_config(${force}, 'on', true)`)).toMatch(/Gather/);
    }
    const { rows: policies } = await sql<{ tablename: string; qual: string }>`
      SELECT tablename, qual FROM pg_policies WHERE policyname = 'report_branch'`.execute(t.database.db);
    expect(policies.length).toBeGreaterThan(100);
    expect(policies.filter((p) => !/^\(?\(?(branch_)?id = \(?NULLIF\(current_setting/i.test(p.qual)).map((p) => p.tablename)).toEqual([]);
  });

  it('a report over its row cap is a 422 asking for a narrower filter', async () => {
    const def = mine('SELECT g AS n FROM generate_series(1, 50) g', { rowCap: 10 });
    expect((await admin.request('PUT', '/api/reports/night-check/design', { definition: def })).statusCode).toBe(200);
    const err = expectApiError(await admin.get('/api/reports/night-check'), 422, { code: 'TOO_MANY_ROWS' });
    expect(err.message).toMatch(/more than 10 rows/);
  });

  it('only report designers may save: a clerk with the reports screen gets 403', async () => {
    const acc = await t.login('accountant');
    expectApiError(await acc.request('PUT', '/api/reports/night-check/design', { definition: mine('SELECT 1 AS n') }), 403);
    expectApiError(await acc.post('/api/reports/dry-run', { definition: mine('SELECT 1 AS n') }), 403);
  });

  it('a definition whose code differs from the address is refused', async () => {
    expectApiError(await admin.request('PUT', '/api/reports/other-code/design', { definition: mine('SELECT 1 AS n') }), 400);
  });
});

describe('report groups, run as the server flow report-pack-run', () => {
  const morning = async () =>
    (await admin.get('/api/data/utilities/report-group?limit=10')).json().rows.find((g: { code: string }) => g.code === 'MORNING');

  it('runs the morning pack into one workbook with a sheet per report', async () => {
    const group = await morning();
    const start = await startFlow(admin, 'report-pack-run', { group: group.id, format: 'xlsx' });
    expect(start.statusCode, start.body).toBe(201);
    const done = await waitForRun(admin, start.json().id);
    expect(done).toMatchObject({ status: 'done', state: 'done', progress: { done: 4, total: 4 } });
    expect(done.files).toEqual([{ name: 'result', fileName: expect.stringMatching(/^morning-\d{4}-\d{2}-\d{2}\.xlsx$/) }]);
    expect(done.output).toEqual({ file: done.files[0].fileName });
    const file = await admin.get(`/api/flows/${done.id}/files/result`);
    expect(file.headers['content-disposition']).toContain(done.files[0].fileName);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Audit activity by day',
      'Users and rights',
      'Tax and service rates',
      'Payment articles',
    ]);
    // the pack's own parameter (a sample price of 1.500.000) reached its report
    const ws = wb.getWorksheet('Tax and service rates')!;
    const values: unknown[] = [];
    ws.eachRow((row) => values.push(row.getCell(6).value));
    expect(values).toContain(1500000);
  });

  it('runs the same pack into one PDF', async () => {
    const group = await morning();
    const done = await runFlow(admin, 'report-pack-run', { group: group.id, format: 'pdf' });
    const pages = await pdfPages((await admin.get(`/api/flows/${done.id}/files/result`)).rawPayload);
    const text = pages.join('\n');
    for (const title of ['Audit activity by day', 'Users and rights', 'Tax and service rates', 'Payment articles'])
      expect(text).toContain(title);
  });

  it('the same key again answers with the run it started and runs nothing more', async () => {
    const group = await morning();
    const first = await runFlow(admin, 'report-pack-run', { group: group.id, format: 'xlsx' }, 'morning-2026-11-23');
    const again = await startFlow(admin, 'report-pack-run', { group: group.id, format: 'xlsx' }, 'morning-2026-11-23');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, status: 'done', finishedAt: first.finishedAt });
  });

  it("a user without the right is refused; one with it still cannot follow, fetch or cancel someone else's run", async () => {
    const group = await morning();
    const run = (await startFlow(admin, 'report-pack-run', { group: group.id, format: 'xlsx' })).json();
    const fd = await t.login('frontdesk');
    expectApiError(await fd.get(`/api/flows/${run.id}`), 403);
    // the accountants are given the report groups: the run is still the administrator's own (its file holds what they may read)
    await sql`INSERT INTO group_right (group_id, resource, action)
              SELECT id, 'utilities.group-report', 'view' FROM user_group WHERE code = 'ACC'`.execute(t.database.db);
    const acc = await t.login('accountant');
    expectApiError(await acc.get(`/api/flows/${run.id}`), 404);
    expectApiError(await acc.get(`/api/flows/${run.id}/files/result`), 404);
    expectApiError(await acc.post(`/api/flows/${run.id}/events`, { type: 'CANCEL' }), 404);
    await waitForRun(admin, run.id);
  });

  it('a group naming a report that no longer exists is a clear 400 before anything runs', async () => {
    const created = await admin.post('/api/data/utilities/report-group', {
      code: 'BROKEN',
      name: 'Broken pack',
      items: [{ code: 'gone-report' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expectApiError(await startFlow(admin, 'report-pack-run', { group: created.json().id, format: 'xlsx' }), 400, {
      message: /gone-report/,
    });
  });
});

describe('the statement timeout', () => {
  // PGlite runs in WASM without timer signals and cannot cancel a statement; the row cap bounds it there.
  it.runIf(process.env.TEST_DB === 'postgres')('stops a report that runs too long with a 422, on PostgreSQL', async () => {
    const def = {
      code: 'slow',
      name: { en: 'Slow', id: 'Lambat' },
      sql: 'SELECT count(*) AS n FROM generate_series(1, 200000000) g',
      columns: [{ field: 'n', title: { en: 'N', id: 'N' } }],
    };
    const { runReport } = await import('../../../server/reports/runner.js');
    const err = await runReport(t.database.db, def, {}, 1, { timeoutMs: 300 }).then(
      () => undefined,
      (e) => e,
    );
    expect(err).toMatchObject({ status: 422, code: 'REPORT_TIMEOUT' });
  });
});
