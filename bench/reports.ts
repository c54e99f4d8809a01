import ExcelJS from 'exceljs';
import { CompiledQuery } from 'kysely';
import { DEFAULT_ROW_CAP, runReport, reportStatement } from '../server/reports/runner.js';
import { BANKS, LEDGER } from './support/benchHotel.js';
import { ms } from './stats.js';
import { alternate, Findings, type SuiteContext } from './support/suite.js';

const IMPORT_ROWS = 10_000;

/**
 * A controller's ledger of 100,000 lines: the report runner (sandbox transaction, report role, bound
 * parameters, cap, exact totals) against its own statement sent directly; the same report over HTTP as
 * JSON and as an XLSX export (bytes as sent); an import of 10,000 rows through the job API.
 */
export async function benchReports(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, ledger of ${BANKS.toLocaleString('en')} lines`);
  const db = ctx.database.db;
  const c = ctx.admin;
  const cap = LEDGER.rowCap ?? DEFAULT_ROW_CAP;
  const statement = reportStatement(LEDGER, { branch_id: 1 }, cap);
  const [runner, raw] = await alternate(
    6,
    () => runReport(db, LEDGER, {}, 1),
    () => db.executeQuery(CompiledQuery.raw(statement.text, statement.values)),
  );
  f.compare('report runner', runner, raw, { p95Ms: 3000, ratio: 1.3 });

  const t0 = performance.now();
  const json = await c.ok(`/api/reports/${LEDGER.code}`);
  const jsonMs = performance.now() - t0;
  f.note(
    'the report over HTTP as JSON',
    f.goal(
      'report JSON',
      jsonMs <= 6000,
      `${ms(jsonMs)} (goal ≤ 6000 ms), ${(json.bytes / 1024 / 1024).toFixed(1)} MB as sent (${json.encoding})`,
    ),
  );
  const x0 = performance.now();
  const xlsx = await c.ok(`/api/reports/${LEDGER.code}?format=xlsx`);
  const xlsxMs = performance.now() - x0;
  f.note(
    'XLSX export over HTTP',
    f.goal(
      'XLSX export',
      xlsxMs <= 30_000,
      `${(xlsxMs / 1000).toFixed(2)} s (goal ≤ 30 s), ${(xlsx.bytes / 1024 / 1024).toFixed(1)} MB file as sent`,
    ),
  );

  // import of 10,000 banks from a workbook, all or nothing, through the job API
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Banks');
  ws.addRow(['Code', 'Name', 'Account number', 'Account holder', 'Bank office']);
  for (let i = 1; i <= IMPORT_ROWS; i++)
    ws.addRow([`IMP${i}`, `Imported bank ${i}`, String(1000000000 + i), 'PT Nusantara Hospitality', `KC Bandung ${i % 40}`]);
  const file = `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${Buffer.from(await wb.xlsx.writeBuffer()).toString('base64')}`;
  const mapping = {
    Code: 'code',
    Name: 'name',
    'Account number': 'account_no',
    'Account holder': 'account_name',
    'Bank office': 'bank_branch',
  };
  const i0 = performance.now();
  const start = await c.post('/api/flows/excel-import-run/runs', {
    key: `bench-${Date.now()}`,
    input: { entity: 'system/bank', name: 'banks.xlsx', file, sheet: 'Banks', mapping },
  });
  if (start.status !== 201) throw new Error(`import: ${start.status} ${JSON.stringify(start.body).slice(0, 200)}`);
  let run = start.body;
  while (run.status === 'running') {
    await new Promise((r) => setTimeout(r, 50));
    run = (await c.ok(`/api/flows/${run.id}`, true)).body;
  }
  const importMs = performance.now() - i0;
  if (run.output?.imported !== IMPORT_ROWS) throw new Error(`import: ${JSON.stringify(run.error ?? run.output?.problems?.slice(0, 3))}`);
  f.note(
    `import of ${IMPORT_ROWS.toLocaleString('en')} rows from XLSX`,
    f.goal(
      'import',
      importMs <= 30_000,
      `${(importMs / 1000).toFixed(2)} s, ${Math.round(IMPORT_ROWS / (importMs / 1000)).toLocaleString('en')} rows/s (goal ≤ 30 s)`,
    ),
  );
  return f;
}
