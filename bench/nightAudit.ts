import crypto from 'node:crypto';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../server/db/connect.js';
import { buildEntityModel } from '../server/data/entityModel.js';
import { getRow } from '../server/data/crud.js';
import { readLines } from '../server/data/lines.js';
import { FROM } from './support/benchHotel.js';
import { BenchClient } from './support/http.js';
import { ms } from './stats.js';
import { alternate, Findings, WARM_UP_MS, type SuiteContext } from './support/suite.js';

const SMALL = 300;
const LARGE = 3000;
const FOLIO_LINES = 1000;

/**
 * The night audit over HTTP, as the night auditor starts it and follows it, for 300 and then 3,000 in-house
 * rooms of the second property (so the other suites' hotel keeps its business date): each room on a rate with
 * breakfast for two, so every night posts a room and a package part. Then a folio of 1,000 lines opened
 * through the API against the same statements sent directly.
 */
export async function benchNightAudit(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, night audit and folios`);
  const db = ctx.database.db;
  const branch = await prepareProperty(db);
  const client = new BenchClient(BenchClient.pool(ctx.url, 2));
  await client.signIn('admin');
  const switched = await client.post('/api/auth/branch', { branchId: branch });
  if (switched.status !== 200) throw new Error(`switching to the second property: ${switched.status}`);

  const day = await openDay(db, branch);
  await addInHouseStays(db, branch, 0, SMALL, day);
  const small = await runAudit(client, day);
  const next = dayjs(day).add(1, 'day').format('YYYY-MM-DD');
  await addInHouseStays(db, branch, SMALL, LARGE, next);
  const large = await runAudit(client, next);
  const ratio = large.ms / small.ms;
  f.note(
    `night audit, ${SMALL} in-house rooms`,
    f.goal(
      'night audit 300 rooms',
      ctx.kind !== 'pglite' || small.ms <= 5000,
      `${ms(small.ms)} for ${small.charged} rooms charged (${small.total})${ctx.kind === 'pglite' ? ' (goal ≤ 5 s on PGlite)' : ''}`,
    ),
  );
  f.note(`night audit, ${LARGE} in-house rooms`, `${ms(large.ms)} for ${large.charged} rooms charged (${large.total})`);
  f.note(
    'night audit, 3,000 ÷ 300',
    f.goal('night audit ratio', ratio <= 12, `${ratio.toFixed(2)}× for 10× the rooms (goal ≤ 12×, linear)`),
  );

  const folio = await folioOfLines(db, branch, FOLIO_LINES);
  const models = new Map([...ctx.meta.entities].map(([id, e]) => [id, buildEntityModel(e)]));
  const m = models.get('frontoffice/folio')!;
  const [api, raw] = await alternate(
    12,
    () => client.ok(`/api/data/frontoffice/folio/${folio}`),
    // the statements the API sends: the header, then the lines with their lookups named
    async () => {
      await getRow(db, m, branch, folio);
      await readLines(db, m, m.lines[0], branch, [folio], models);
    },
    WARM_UP_MS,
  );
  f.compare(`folio of ${FOLIO_LINES.toLocaleString('en')} lines opened`, api, raw, { p95Ms: 500, ratio: 2 });
  return f;
}

/** The property's open business day: where its next night audit starts. */
async function openDay(db: Db, branch: number): Promise<string> {
  return (await sql<{ d: string }>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id = ${branch}`.execute(db)).rows[0].d;
}

async function runAudit(client: BenchClient, day: string) {
  const t0 = performance.now();
  const start = await client.post('/api/flows/night-audit-run/runs', {
    key: `bench-${day}-${crypto.randomUUID()}`,
    input: { business_date: day },
  });
  if (start.status !== 201) throw new Error(`night audit of ${day}: ${start.status} ${JSON.stringify(start.body)}`);
  for (;;) {
    const run = (await client.get(`/api/flows/${start.body.id}`)).body;
    if (run.status === 'done')
      return { ms: performance.now() - t0, charged: run.output.charged as number, total: run.output.charged_total as string };
    if (run.status !== 'running') throw new Error(`night audit of ${day} ${run.status}: ${JSON.stringify(run.error)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The second property grown to 3,000 rooms with a rate that includes breakfast for two, and no stays in house
 * but the suite's: the income audit suite, which runs first, leaves it auditing its income, a day further on,
 * with 300 stays of its own in house. They leave, and the property's journals post at once again.
 */
async function prepareProperty(db: Db): Promise<number> {
  const branch = Number((await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'NBR'`.execute(db)).rows[0].id);
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    await sql`UPDATE reservation SET status = 'checked_out', checked_out_at = now() WHERE branch_id = ${branch} AND status = 'in_house'`.execute(
      trx,
    );
    await sql`UPDATE hotel_setup SET income_audit_days = 0 WHERE branch_id = ${branch}`.execute(trx);
    await sql`INSERT INTO room (branch_id, code, room_type_id, floor_id)
              SELECT ${branch}, 'N' || g, (SELECT id FROM room_type WHERE branch_id = ${branch} AND code = 'DLX'), (SELECT min(id) FROM floor WHERE branch_id = ${branch})
                FROM generate_series(1, ${LARGE}::int) g`.execute(trx);
    await sql`INSERT INTO rate_code (branch_id, code, name, room_type_id, tax_service_id, arrangement_id, valid_from, valid_to, weekday_price, weekend_price)
              SELECT ${branch}, 'BENCH', 'Bench rate with breakfast', t.id, ts.id, a.id, '2026-01-01', '2027-12-31', 1500000, 1650000
                FROM room_type t, tax_service ts, arrangement a
               WHERE t.branch_id = ${branch} AND t.code = 'DLX' AND ts.branch_id = ${branch} AND ts.code = 'TS21' AND a.branch_id = ${branch} AND a.code = 'RB'`.execute(
      trx,
    );
  });
  return branch;
}

/** Stays checked in on `arrival` in the property's bench rooms [from, to), staying long enough for both audits. */
async function addInHouseStays(db: Db, branch: number, from: number, to: number, arrival: string) {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    await sql`INSERT INTO guest (branch_id, name, nationality) SELECT ${branch}, 'Tamu ' || g, 'ID' FROM generate_series(${from + 1}::int, ${to}::int) g`.execute(
      trx,
    );
    await sql`
      INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, rate_code_id, adults, status, checked_in_at)
      SELECT ${branch}, 'NA' || r.n, g.id, ${arrival}::date, ${arrival}::date + 5, r.room_type_id, r.id, (SELECT id FROM rate_code WHERE branch_id = ${branch} AND code = 'BENCH'),
             2, 'in_house', now()
        FROM (SELECT id, room_type_id, row_number() OVER (ORDER BY id) AS n FROM room WHERE branch_id = ${branch} AND code LIKE 'N%') r
        JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM guest WHERE branch_id = ${branch} AND name LIKE 'Tamu %') g ON g.n = r.n
       WHERE r.n > ${from}::int AND r.n <= ${to}::int`.execute(trx);
  });
}

/** A stay's folio with many lines written directly (a long stay's minibar and laundry): only its reading is measured. */
async function folioOfLines(db: Db, branch: number, count: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stay = Number(
      (
        await sql<{
          id: number;
        }>`SELECT id FROM reservation WHERE branch_id = ${branch} AND status = 'in_house' ORDER BY id LIMIT 1`.execute(trx)
      ).rows[0].id,
    );
    const folio = Number(
      (
        await sql<{ id: number }>`SELECT id FROM folio WHERE branch_id = ${branch} AND reservation_id = ${stay} AND window_no = 1`.execute(
          trx,
        )
      ).rows[0].id,
    );
    await sql`
      INSERT INTO folio_line (branch_id, folio_id, reservation_id, business_date, kind, fo_article_id, description, quantity, unit_price, base, service, tax, amount, posting_key)
      SELECT ${branch}, ${folio}, ${stay}, ${FROM}::date, 'charge', a.id, 'Minibar ' || g, 1, 121000, 100000, 10000, 11000, 121000, 'bench:' || g
        FROM generate_series(1, ${count}::int) g, fo_article a WHERE a.branch_id = ${branch} AND a.code = 'MINI'`.execute(trx);
    return folio;
  });
}
