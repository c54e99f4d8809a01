import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../server/db/connect.js';
import { postFolioEvents, type FolioEvent } from '../server/domain/frontoffice/folio/postings.js';
import { ensureGuestFolios } from '../server/domain/frontoffice/folio/folios.js';
import { FROM } from './support/benchHotel.js';
import { BenchClient } from './support/http.js';
import { ms } from './stats.js';
import { Findings, type SuiteContext } from './support/suite.js';

const ROOMS = 300;
const POSTINGS = 10_000;

/**
 * Closing an audit day of a 300-room hotel with 10,000 postings (issue 20), over HTTP as the income auditor does
 * it: the second property audits its income, 300 stays in house are charged 10,000 folio lines through the
 * posting function (each its journal, held for the day), the day is night-audited; then the auditor reads the
 * day's journal by account and the reconciliations, marks the day reviewed and closes it.
 */
export async function benchIncomeAudit(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, income audit`);
  const db = ctx.database.db;
  const branch = await prepareDay(db);
  const client = new BenchClient(BenchClient.pool(ctx.url, 2));
  await client.signIn('admin');
  const switched = await client.post('/api/auth/branch', { branchId: branch });
  if (switched.status !== 200) throw new Error(`switching to the second property: ${switched.status}`);
  await nightAudit(client);

  const timed = async (what: () => Promise<{ status: number; body: unknown }>) => {
    const t0 = performance.now();
    const res = await what();
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return performance.now() - t0;
  };
  const op = (name: string) => () => client.post(`/api/ops/${name}`, { date: FROM });
  const journal = await timed(() => client.get(`/api/incomeaudit/journal?date=${FROM}`));
  const ties = await timed(() => client.get(`/api/incomeaudit/reconciliations?date=${FROM}`));
  const review = await timed(op('incomeaudit.review'));
  const close = await timed(op('incomeaudit.close'));
  const held = Number(
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM gl_journal WHERE branch_id = ${branch} AND audit_date = ${FROM}::date`.execute(db)
    ).rows[0].n,
  );
  f.note('day journal by account', `${ms(journal)} over ${held.toLocaleString('en')} journals`);
  f.note('reconciliations of the day', ms(ties));
  f.note(
    `review and close of a day of ${POSTINGS.toLocaleString('en')} postings, ${ROOMS} rooms`,
    f.goal('income audit close', review + close <= 5000, `review ${ms(review)}, close ${ms(close)} (goal together ≤ 5 s)`),
  );
  return f;
}

/** The second property audits its income and has 300 stays in house with 10,000 folio lines posted on the day. */
async function prepareDay(db: Db): Promise<number> {
  const branch = Number((await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'NBR'`.execute(db)).rows[0].id);
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    await sql`UPDATE hotel_setup SET income_audit_days = 3 WHERE branch_id = ${branch}`.execute(trx);
    await sql`INSERT INTO room (branch_id, code, room_type_id, floor_id)
              SELECT ${branch}, 'IA' || g, (SELECT id FROM room_type WHERE branch_id = ${branch} AND code = 'DLX'), (SELECT min(id) FROM floor WHERE branch_id = ${branch})
                FROM generate_series(1, ${ROOMS}::int) g`.execute(trx);
    await sql`INSERT INTO rate_code (branch_id, code, name, room_type_id, tax_service_id, valid_from, valid_to, weekday_price, weekend_price)
              SELECT ${branch}, 'IABENCH', 'Income audit bench rate', t.id, ts.id, '2026-01-01', '2027-12-31', 1500000, 1500000
                FROM room_type t, tax_service ts WHERE t.branch_id = ${branch} AND t.code = 'DLX' AND ts.branch_id = ${branch} AND ts.code = 'TS21'`.execute(
      trx,
    );
    await sql`INSERT INTO guest (branch_id, name, nationality) SELECT ${branch}, 'Tamu audit ' || g, 'ID' FROM generate_series(1, ${ROOMS}::int) g`.execute(
      trx,
    );
    await sql`
      INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, rate_code_id, adults, status, checked_in_at)
      SELECT ${branch}, 'IA' || r.n, g.id, ${FROM}::date - 1, ${FROM}::date + 3, r.room_type_id, r.id, (SELECT id FROM rate_code WHERE branch_id = ${branch} AND code = 'IABENCH'),
             2, 'in_house', now()
        FROM (SELECT id, room_type_id, row_number() OVER (ORDER BY id) AS n FROM room WHERE branch_id = ${branch} AND code LIKE 'IA%') r
        JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM guest WHERE branch_id = ${branch} AND name LIKE 'Tamu audit %') g ON g.n = r.n`.execute(
      trx,
    );
    const stays = (
      await sql<{ id: number }>`SELECT id FROM reservation WHERE branch_id = ${branch} AND code LIKE 'IA%' ORDER BY id`.execute(trx)
    ).rows.map((r) => Number(r.id));
    const folios = await ensureGuestFolios(trx, branch, null, stays);
    const mini = Number(
      (await sql<{ id: number }>`SELECT id FROM fo_article WHERE branch_id = ${branch} AND code = 'MINI'`.execute(trx)).rows[0].id,
    );
    // the posting function, in batches of 1,000 events: each a folio line with its own journal
    for (let start = 0; start < POSTINGS; start += 1000) {
      const events: FolioEvent[] = [];
      for (let i = start; i < Math.min(POSTINGS, start + 1000); i++) {
        const stay = stays[i % ROOMS];
        events.push([
          {
            folioId: folios.get(stay)!,
            reservationId: stay,
            kind: 'charge',
            foArticleId: mini,
            description: 'Minibar',
            base: '100000',
            service: '10000',
            tax: '11000',
            amount: '121000',
            postingKey: `bench:ia:${i}`,
          },
        ]);
      }
      await postFolioEvents(trx, branch, null, FROM, events);
    }
  });
  return branch;
}

async function nightAudit(client: BenchClient) {
  const start = await client.post('/api/flows/night-audit-run/runs', {
    key: `bench-ia-${FROM}-${crypto.randomUUID()}`,
    input: { business_date: FROM, override_reason: 'Bench: due-outs settled' },
  });
  if (start.status !== 201) throw new Error(`night audit of ${FROM}: ${start.status} ${JSON.stringify(start.body)}`);
  for (;;) {
    const run = (await client.get(`/api/flows/${start.body.id}`)).body;
    if (run.status === 'done') return;
    if (run.status !== 'running') throw new Error(`night audit of ${FROM} ${run.status}: ${JSON.stringify(run.error)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
