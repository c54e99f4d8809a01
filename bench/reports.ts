import path from 'node:path';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { loadConfig, projectRoot } from '../server/config.js';
import { connect, type Database } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { loadMeta } from '../server/meta/load.js';
import { buildApp } from '../server/app.js';
import { seedDemo } from '../server/seed/demo.js';
import { runReport } from '../server/reports/runner.js';
import { layoutReport } from '../src/core/reports/layout.js';
import type { ReportDefinition } from '../src/core/meta/types.js';
import { findPostgresBin, startThrowawayPostgres } from '../tests/support/throwawayPostgres.js';
import { ms, timeAlternating, timeRuns } from './stats.js';

const ROWS = 100_000;
const IMPORT_ROWS = 10_000;

/** A controller's ledger-style report: 100,000 lines in 97 groups with subtotals and a grand total. */
const LEDGER: ReportDefinition = {
  code: 'bench-ledger',
  name: { en: 'Bank ledger (bench)', id: 'Buku bank (bench)' },
  sql: 'SELECT bank_branch, code, name, account_no, (id % 1000) * 1250.50 AS balance FROM bank WHERE branch_id = :branch_id',
  columns: [
    { field: 'bank_branch', title: { en: 'Office', id: 'Kantor' } },
    { field: 'code', title: { en: 'Code', id: 'Kode' } },
    { field: 'name', title: { en: 'Name', id: 'Nama' } },
    { field: 'account_no', title: { en: 'Account', id: 'Rekening' } },
    { field: 'balance', title: { en: 'Balance', id: 'Saldo' }, type: 'money' },
  ],
  groupBy: ['bank_branch'],
  sort: [{ field: 'code' }],
  totals: ['balance'],
  rowCap: 200_000,
};

async function measure(database: Database, label: string): Promise<Record<string, string>> {
  const meta = loadMeta(projectRoot);
  await migrate(database.db, path.join(projectRoot, 'server', 'migrations'));
  await seedDemo(database.db, meta);
  await sql`INSERT INTO bank (branch_id, code, name, account_no, account_name, bank_branch)
            SELECT 1, 'B' || g, 'Bank ' || md5(g::text), lpad((g * 7919 % 1000000000)::text, 10, '0'), 'PT Nusantara Hospitality Indonesia', 'KC ' || (g % 97)
              FROM generate_series(1, ${ROWS}) g`.execute(database.db);
  await sql`ANALYZE bank`.execute(database.db);
  const db = database.db;

  // The runner (sandbox transaction, role, parameters, cap, exact totals) against the same query sent raw.
  const [runner, raw] = await timeAlternating(
    10,
    () => runReport(db, LEDGER, {}, 1),
    () =>
      sql
        .raw(
          `SELECT * FROM (${LEDGER.sql.replace(':branch_id', '1')}) r ORDER BY bank_branch ASC NULLS LAST, code ASC NULLS LAST LIMIT ${ROWS + 1}`,
        )
        .execute(db),
  );
  const result = await runReport(db, LEDGER, {}, 1);
  const layout = await timeRuns(8, async () => layoutReport(result));
  const groups = layoutReport(result).filter((i) => i.kind === 'subtotal').length;

  // The same through HTTP, with an export: the XLSX streams row by row, so memory stays flat.
  await sql`INSERT INTO report_version (branch_id, code, version, action, definition, created_by) VALUES (1, ${LEDGER.code}, 1, 'save', ${JSON.stringify(LEDGER)}::jsonb, 1)`.execute(
    db,
  );
  const app = await buildApp({
    config: { ...loadConfig({}), root: projectRoot, dataDir: '/tmp' },
    database,
    meta,
    mailer: { send: async () => undefined },
  });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'hotelier' } });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const csrf = login.json().csrfToken as string;
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const xlsx = await app.inject({ method: 'GET', url: `/api/reports/${LEDGER.code}?format=xlsx`, headers: { cookie } });
  const xlsxMs = performance.now() - t0;
  clearInterval(sampler);
  if (xlsx.statusCode !== 200) throw new Error(`xlsx export: ${xlsx.statusCode} ${xlsx.body.slice(0, 200)}`);

  // Import of 10,000 banks from a workbook, all or nothing, through the job API.
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
  const start = await app.inject({
    method: 'POST',
    url: '/api/import/run',
    headers: { cookie, 'x-csrf-token': csrf },
    payload: { entity: 'system/bank', name: 'banks.xlsx', file, sheet: 'Banks', mapping },
  });
  if (start.statusCode !== 202) throw new Error(`import: ${start.statusCode} ${start.body.slice(0, 200)}`);
  let job = start.json();
  while (job.state === 'running') {
    await new Promise((r) => setTimeout(r, 25));
    job = (await app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: { cookie } })).json();
  }
  const importMs = performance.now() - i0;
  if (job.result?.imported !== IMPORT_ROWS) throw new Error(`import: ${JSON.stringify(job.error ?? job.result?.problems?.slice(0, 3))}`);
  await app.close();

  return {
    [`${label}: report runner, ${ROWS.toLocaleString('en')} rows in ${groups} groups`]: `p50 ${ms(runner.p50)}; raw SQL p50 ${ms(raw.p50)} → ${(runner.p50 / raw.p50).toFixed(2)}× (goal ≤ 1.3×)`,
    [`${label}: groups, subtotals and grand total laid out`]: `p50 ${ms(layout.p50)}`,
    [`${label}: XLSX export of ${ROWS.toLocaleString('en')} rows`]: `${(xlsxMs / 1000).toFixed(2)} s, ${(xlsx.rawPayload.length / 1024 / 1024).toFixed(1)} MB file, peak RSS +${((peak - base) / 1024 / 1024).toFixed(0)} MB`,
    [`${label}: import of ${IMPORT_ROWS.toLocaleString('en')} rows from XLSX`]: `${(importMs / 1000).toFixed(2)} s (${Math.round(IMPORT_ROWS / (importMs / 1000)).toLocaleString('en')} rows/s)`,
  };
}

export async function benchReports(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const lite = await connect({ dataDir: 'memory://' });
  try {
    Object.assign(out, await measure(lite, 'PGlite'));
  } finally {
    await lite.close();
  }
  if (!findPostgresBin()) return { ...out, PostgreSQL: 'skipped (no server binaries on this machine)' };
  const server = await startThrowawayPostgres();
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_reports');
    await admin.end();
    const db = await connect({ databaseUrl: server.url.replace(/\/postgres$/, '/bench_reports'), dataDir: '' });
    try {
      Object.assign(out, await measure(db, 'PostgreSQL'));
    } finally {
      await db.close();
    }
  } finally {
    server.stop();
  }
  return out;
}
