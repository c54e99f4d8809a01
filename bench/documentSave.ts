import { sql } from 'kysely';
import { loadConfig } from '../server/config.js';
import { loadMeta } from '../server/meta/load.js';
import { buildApp } from '../server/app.js';
import { copyOfRepository } from '../tests/meta/fixtureProject.js';
import { addJournalVoucher } from '../tests/support/journalVoucher.js';
import { BenchClient, type Answer } from './support/http.js';
import { statementsOfSave } from './support/statements.js';
import { alternate, Findings, WARM_UP_MS, type SuiteContext } from './support/suite.js';

const LINES = 500;
const RUNS = 16;

/**
 * A journal voucher of 500 lines saved through the generic document API over HTTP (session, CSRF, JSON
 * Schema of every line, the lines' accounts checked against their dependent lookup, the checks, one
 * transaction, the audit row with every line, the saved document sent back) against the statements that
 * save sent, sent again directly with the same bound parameters: the price of the document layer over its
 * SQL. Beside it, without a goal, the header and lines inserted by hand (no lookup check, no audit row). The
 * voucher is declared in JSON only (tests/support/journalVoucher.ts), so this suite serves it from a second
 * app on the bench hotel's database, with the project's definitions plus the voucher's.
 */
export async function benchDocumentSave(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, journal voucher`);
  const project = copyOfRepository();
  addJournalVoucher(project, { maxLines: LINES });
  const meta = loadMeta(project.root);
  const app = await buildApp({
    config: { ...loadConfig({}), root: project.root, dataDir: project.root },
    database: ctx.database,
    meta,
    mailer: { send: async () => undefined },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const pool = BenchClient.pool(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`, 2);
  try {
    // the administrator: the demo groups' rights were granted from the shipped routes, which do not have the voucher
    const accountant = new BenchClient(pool);
    const session = await accountant.signIn('admin');
    const created = async (path: string, body: unknown) => {
      const res = await accountant.post(path, body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      return res as Omit<Answer, 'body'> & { body: { id: number; version: number; lines: { id: number }[] } };
    };
    const create = async (path: string, body: unknown) => (await created(path, body)).body;
    const run = Date.now().toString(36);
    const cash = (await create('/api/data/fixture/sample-account', { code: `K${run}`, name: 'Kas besar' })).id;
    const food = (await create('/api/data/fixture/sample-account', { code: `P${run}`, name: 'Pendapatan makanan' })).id;
    const lines = Array.from({ length: LINES }, (_, i) => ({
      account_id: i % 2 ? food : cash,
      description: `Outlet Kopi Nusantara, bon ${String(i + 1).padStart(3, '0')}`,
      ...(i % 2 ? { credit: '18500' } : { debit: '18500' }),
    }));

    let n = 0;
    const nextNumber = () => `JV-${run}-${++n}`;
    const voucher = (number: string) =>
      created('/api/data/fixture/sample-journal', { number, voucher_date: '2026-11-23', memo: 'Penjualan kopi', lines });
    const save = async (number: string) => (await voucher(number)).body.id;
    const viaApi = () => voucher(nextNumber());
    // the voucher table is new: its first row's id would be 1, like the user's and the property's
    await viaApi();
    const { count, again: viaStatements } = await statementsOfSave(ctx.database.db, 'sample_journal', nextNumber, save);
    const branch = session.branchId as number;
    const byHand = () =>
      ctx.database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: number }>`
          INSERT INTO sample_journal (branch_id, number, voucher_date, memo, currency, status, total, created_by, updated_by)
          VALUES (${branch}, ${nextNumber()}, ${'2026-11-23'}, ${'Penjualan kopi'}, 'IDR', 'draft', ${'4625000'}, 1, 1) RETURNING id`.execute(
          trx,
        );
        const values = lines.map(
          (l, i) =>
            sql`(${branch}, ${rows[0].id}, ${i + 1}, ${l.account_id}, ${l.description}, ${'debit' in l ? l.debit : null}, ${'credit' in l ? l.credit : null})`,
        );
        await sql`INSERT INTO sample_journal_line (branch_id, journal_id, line_no, account_id, description, debit, credit)
                  VALUES ${sql.join(values)}`.execute(trx);
      });
    await byHand();
    const name = `save a voucher of ${LINES} lines`;
    const [api, raw] = await alternate(RUNS, viaApi, viaStatements, WARM_UP_MS);
    f.compare(`${name} (its ${count} statements sent again)`, api, raw, { p95Ms: 1000, ratio: 1.5 });
    const [api2, hand] = await alternate(RUNS, viaApi, byHand);
    f.compare(`${name} (header and lines inserted by hand, no audit row)`, api2, hand, { p95Ms: 1000 });

    // one line changed in a saved 500-line voucher: all lines are sent back, that one alone is written
    const saved = (await viaApi()).body;
    let version = saved.version;
    const again = saved.lines.map((l, i) => ({ id: l.id, ...lines[i] }));
    const [patch] = await alternate(
      8,
      async () => {
        again[7] = { ...again[7], description: `Koreksi ${version}` };
        const res = await accountant.request('PATCH', `/api/data/fixture/sample-journal/${saved.id}`, { version, lines: again });
        if (res.status !== 200) throw new Error(`PATCH ${res.status}`);
        version = res.body.version;
        return res;
      },
      async () => undefined,
    );
    f.note(`change one line of ${LINES} and save`, `API p50 ${patch.p50.toFixed(2)} ms / p95 ${patch.p95.toFixed(2)} ms`);
  } finally {
    await pool.close();
    await app.close();
    project.dispose();
  }
  return f;
}
