import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type TestApp } from '../../support/testApp.js';
import { postJournal, postJournals, reverseJournal, type Posting } from '../../../server/domain/gl/post.js';
import { HttpError } from '../../../server/http/errors.js';
import type { Db } from '../../../server/db/connect.js';

let t: TestApp;
let db: Db;
let branch: number;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  branch = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
});
afterAll(() => t.close());

/** A minibar charge of 250.000 ++ on a guest folio: base, 10 % service, 10 % PBJT on base + service. */
const minibar = (key: string, over: Partial<Posting> = {}): Posting => ({
  date: BUSINESS_DATE,
  source: 'frontoffice',
  sourceType: 'test',
  key,
  description: 'Minibar room 305',
  lines: [
    { role: 'guest_ledger', amount: '302500', subledger: { type: 'folio', id: 1 } },
    { account: '4202.01', amount: '-250000' },
    { role: 'service_payable', amount: '-25000' },
    { role: 'tax_payable', amount: '-27500' },
  ],
  ...over,
});

const inTrx = <T>(fn: (trx: Db) => Promise<T>) => db.transaction().execute(fn);

async function refused(fn: (trx: Db) => Promise<unknown>): Promise<HttpError> {
  try {
    await inTrx(fn);
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('expected the posting to be refused');
}

const journalCount = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM gl_journal`.execute(db)).rows[0].n;

describe('the one posting function', () => {
  it('posts a balanced journal as debit and credit lines on the accounts the roles name', async () => {
    const posted = await inTrx((trx) => postJournal(trx, branch, null, minibar('test:minibar:1')));
    expect(posted.replayed).toBe(false);
    const { rows } = await sql<{ code: string; debit: string; credit: string; subledger: string | null }>`
      SELECT a.code, l.debit, l.credit, l.subledger FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.journal_id = ${posted.id} ORDER BY l.line_no`.execute(db);
    expect(rows).toEqual([
      { code: '1202.01', debit: '302500.00', credit: '0.00', subledger: 'folio' },
      { code: '4202.01', debit: '0.00', credit: '250000.00', subledger: null },
      { code: '2201.01', debit: '0.00', credit: '25000.00', subledger: null },
      { code: '2202.01', debit: '0.00', credit: '27500.00', subledger: null },
    ]);
    const header = (
      await sql<{ total: string; date: string }>`SELECT total, date::text AS date FROM gl_journal WHERE id = ${posted.id}`.execute(db)
    ).rows[0];
    expect(header).toEqual({ total: '302500.00', date: BUSINESS_DATE });
  });

  it('posts nothing new when the same key is posted again, and refuses the key for a different posting', async () => {
    const first = await inTrx((trx) => postJournal(trx, branch, null, minibar('test:minibar:2')));
    const before = await journalCount();
    const again = await inTrx((trx) => postJournal(trx, branch, null, minibar('test:minibar:2')));
    expect(again).toEqual({ id: first.id, key: 'test:minibar:2', replayed: true });
    expect(await journalCount()).toBe(before);
    const other = minibar('test:minibar:2');
    other.lines = [
      { role: 'guest_ledger', amount: '121000' },
      { account: '4202.01', amount: '-100000' },
      { role: 'service_payable', amount: '-10000' },
      { role: 'tax_payable', amount: '-11000' },
    ];
    const e = await refused((trx) => postJournal(trx, branch, null, other));
    expect([e.status, e.key]).toEqual([409, 'gl.keyReused']);
  });

  it('refuses a journal whose debits and credits differ, and writes nothing of the batch it came in', async () => {
    const before = await journalCount();
    const bad = minibar('test:bad:1');
    bad.lines[0].amount = '302499';
    const e = await refused((trx) => postJournals(trx, branch, null, [minibar('test:batch:ok'), bad]));
    expect([e.status, e.key, e.params.difference]).toEqual([400, 'gl.unbalanced', '-1']);
    expect(await journalCount()).toBe(before);
  });

  it('refuses postings dated a closed business day, a day not yet open, and a closed month', async () => {
    let e = await refused((trx) => postJournal(trx, branch, null, minibar('test:closed:1', { date: '2026-11-22' })));
    expect([e.status, e.key, e.params]).toEqual([409, 'gl.dayClosed', { date: '22/11/2026', open: '23/11/2026' }]);
    e = await refused((trx) => postJournal(trx, branch, null, minibar('test:closed:2', { date: '2026-11-24' })));
    expect(e.key).toBe('gl.dayNotOpen');
    // an accountant's adjustment may be dated any day of an open month …
    const adj = await inTrx((trx) => postJournal(trx, branch, null, minibar('test:adj:1', { date: '2026-11-02', dating: 'open-period' })));
    expect(adj.replayed).toBe(false);
    // … but not in a closed one
    await sql`INSERT INTO gl_period_close (branch_id, period) VALUES (${branch}, '2026-10-01')`.execute(db);
    e = await refused((trx) => postJournal(trx, branch, null, minibar('test:adj:2', { date: '2026-10-31', dating: 'open-period' })));
    expect([e.status, e.key, e.params]).toEqual([409, 'gl.periodClosed', { period: '10/2026' }]);
  });

  it('refuses a header account, an unknown account and an inactive one, naming it', async () => {
    const header = minibar('test:acct:1');
    header.lines[1] = { account: '4200', amount: '-250000' };
    expect((await refused((trx) => postJournal(trx, branch, null, header))).params).toEqual({ account: '4200' });
    const unknown = minibar('test:acct:2');
    unknown.lines[1] = { account: '4999.99', amount: '-250000' };
    const e = await refused((trx) => postJournal(trx, branch, null, unknown));
    expect([e.key, e.params]).toEqual(['gl.accountMissing', { account: '4999.99' }]);
  });

  it('reverses a journal with the sides swapped, once only, so the two net to zero', async () => {
    const j = await inTrx((trx) => postJournal(trx, branch, null, minibar('test:rev:1')));
    const rev = await inTrx((trx) =>
      reverseJournal(trx, branch, null, j.id, {
        date: BUSINESS_DATE,
        key: 'test:rev:1:reversal',
        description: 'Posted to the wrong room',
        sourceType: 'test',
      }),
    );
    const { rows } = await sql<{ code: string; net: string }>`
      SELECT a.code, sum(l.debit - l.credit)::text AS net FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.journal_id IN (${j.id}, ${rev.id}) GROUP BY a.code ORDER BY a.code`.execute(db);
    expect(rows.every((r) => Number(r.net) === 0)).toBe(true);
    await expect(
      inTrx((trx) =>
        reverseJournal(trx, branch, null, j.id, { date: BUSINESS_DATE, key: 'test:rev:1:again', description: 'again', sourceType: 'test' }),
      ),
    ).rejects.toThrow(/gl_journal_reverses_key/);
  });

  it('posts a thousand journals in one call with a fixed number of statements', async () => {
    const batch = Array.from({ length: 1000 }, (_, i) => minibar(`test:bulk:${i}`));
    const before = await journalCount();
    const out = await inTrx((trx) => postJournals(trx, branch, null, batch));
    expect(out.filter((j) => !j.replayed)).toHaveLength(1000);
    expect(await journalCount()).toBe(before + 1000);
    const again = await inTrx((trx) => postJournals(trx, branch, null, batch));
    expect(again.every((j) => j.replayed)).toBe(true);
  });
});

describe('the database keeps the ledger honest by itself', () => {
  it('refuses at commit an unbalanced journal written straight in SQL', async () => {
    const account = (await sql<{ id: number }>`SELECT id FROM gl_account WHERE branch_id = ${branch} AND code = '1202.01'`.execute(db))
      .rows[0].id;
    await expect(
      inTrx(async (trx) => {
        const { rows } = await sql<{ id: number }>`
          INSERT INTO gl_journal (branch_id, date, source, source_type, key, content_hash, description, total)
          VALUES (${branch}, ${BUSINESS_DATE}, 'sql', 'test', 'sql:1', 'x', 'by hand', 100) RETURNING id`.execute(trx);
        await sql`INSERT INTO gl_journal_line (branch_id, journal_id, line_no, account_id, debit) VALUES (${branch}, ${rows[0].id}, 1, ${account}, 100)`.execute(
          trx,
        );
        await sql`INSERT INTO gl_journal_line (branch_id, journal_id, line_no, account_id, credit) VALUES (${branch}, ${rows[0].id}, 2, ${account}, 99)`.execute(
          trx,
        );
      }),
    ).rejects.toThrow(/does not balance/);
  });

  it('checks a journal at commit whatever the order its header and lines were written in, and inside a savepoint', async () => {
    const account = (await sql<{ id: number }>`SELECT id FROM gl_account WHERE branch_id = ${branch} AND code = '1202.01'`.execute(db))
      .rows[0].id;
    const journal = (trx: Db, key: string, total: number) =>
      sql<{ id: number }>`
        INSERT INTO gl_journal (branch_id, date, source, source_type, key, content_hash, description, total)
        VALUES (${branch}, ${BUSINESS_DATE}, 'sql', 'test', ${key}, 'x', 'by hand', ${total}) RETURNING id`.execute(trx);
    const line = (trx: Db, id: number, no: number, side: 'debit' | 'credit', amount: number) =>
      sql`INSERT INTO gl_journal_line (branch_id, journal_id, line_no, account_id, ${sql.ref(side)}) VALUES (${branch}, ${id}, ${no}, ${account}, ${amount})`.execute(
        trx,
      );
    // the lines first, then their header: 150.000 against 149.000 is refused when the transaction commits
    const next = async (trx: Db) =>
      Number((await sql<{ n: string }>`SELECT coalesce(max(id), 0) + 1000 AS n FROM gl_journal`.execute(trx)).rows[0].n);
    await expect(
      inTrx(async (trx) => {
        const id = await next(trx);
        await line(trx, id, 1, 'debit', 150000);
        await line(trx, id, 2, 'credit', 149000);
        await sql`INSERT INTO gl_journal (branch_id, id, date, source, source_type, key, content_hash, description, total)
                  VALUES (${branch}, ${id}, ${BUSINESS_DATE}, 'sql', 'test', 'sql:lines-first', 'x', 'by hand', 150000)`.execute(trx);
      }),
    ).rejects.toThrow(/does not balance/);
    // written inside a savepoint, the same check
    await expect(
      inTrx(async (trx) => {
        await sql`SAVEPOINT by_hand`.execute(trx);
        const { rows } = await journal(trx, 'sql:savepoint', 200000);
        await line(trx, rows[0].id, 1, 'debit', 200000);
        await line(trx, rows[0].id, 2, 'credit', 100000);
        await sql`RELEASE SAVEPOINT by_hand`.execute(trx);
      }),
    ).rejects.toThrow(/does not balance/);
    // a balanced journal of three lines passes
    await inTrx(async (trx) => {
      const { rows } = await journal(trx, 'sql:three-lines', 121000);
      await line(trx, rows[0].id, 1, 'debit', 121000);
      await line(trx, rows[0].id, 2, 'credit', 100000);
      await line(trx, rows[0].id, 3, 'credit', 21000);
    });
  });

  it('refuses a line added later to a posted journal, and any change or deletion of posted rows', async () => {
    const j = await inTrx((trx) => postJournal(trx, branch, null, minibar('test:immutable:1')));
    const account = (await sql<{ id: number }>`SELECT id FROM gl_account WHERE branch_id = ${branch} AND code = '1202.01'`.execute(db))
      .rows[0].id;
    await expect(
      sql`INSERT INTO gl_journal_line (branch_id, journal_id, line_no, account_id, debit) VALUES (${branch}, ${j.id}, 9, ${account}, 1)`.execute(
        db,
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      sql`INSERT INTO gl_journal_line (branch_id, journal_id, line_no, account_id, debit) VALUES (${branch}, 99999999, 1, ${account}, 1)`.execute(
        db,
      ),
    ).rejects.toThrow(/journal 99999999 does not exist/);
    await expect(sql`UPDATE gl_journal_line SET credit = 1 WHERE journal_id = ${j.id} AND line_no = 2`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM gl_journal_line WHERE journal_id = ${j.id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE gl_journal SET total = 1 WHERE id = ${j.id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE gl_journal_line`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('keeps every journal balanced: the ledger as a whole sums to zero', async () => {
    const { rows } = await sql<{ unbalanced: number; net: string }>`
      SELECT count(*) FILTER (WHERE d <> c)::int AS unbalanced, coalesce(sum(d - c), 0)::text AS net
        FROM (SELECT journal_id, sum(debit) AS d, sum(credit) AS c FROM gl_journal_line GROUP BY journal_id) s`.execute(db);
    expect(rows[0].unbalanced).toBe(0);
    expect(Number(rows[0].net)).toBe(0);
  });
});
