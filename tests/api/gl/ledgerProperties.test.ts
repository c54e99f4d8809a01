import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type TestApp } from '../../support/testApp.js';
import { postJournals, reverseJournal, type Posting } from '../../../server/domain/gl/post.js';
import { HttpError } from '../../../server/http/errors.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * Thousands of random journals, balanced and not, posted through the one posting function in random batches
 * and reversed at random. After every batch the ledger's invariants hold: each journal balances and matches
 * its stated total, the ledger's debits equal its credits, a refused batch left nothing behind, and a
 * reversed journal nets to zero with its reversal.
 */
let t: TestApp;
let db: Db;
let branch: number;
let accounts: string[];
let run = 0;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  branch = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  accounts = (
    await sql<{ code: string }>`SELECT code FROM gl_account WHERE branch_id = ${branch} AND posting AND active ORDER BY code`.execute(db)
  ).rows.map((r) => r.code);
});
afterAll(() => t.close());

/** Amounts in rupiah with cents sometimes, as a hotel posts them: 1 to 250.000.000,99. */
const amount = fc.integer({ min: 1, max: 25_000_000_099 }).map((cents) => new Decimal(cents).div(100));

/** A balanced journal of 2–8 lines (debits, and credits sharing their total by weight), reversed or not. */
const journal = fc.record({
  debits: fc.array(fc.tuple(fc.nat(), amount), { minLength: 1, maxLength: 4 }),
  credits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 1000 })), { minLength: 1, maxLength: 4 }),
  reverse: fc.boolean(),
});

/** A batch of journals; one in four batches has one journal put out of balance by `skew` cents on its first line. */
const batchOf = fc
  .record({
    journals: fc.array(journal, { minLength: 1, maxLength: 12 }),
    skew: fc.oneof(
      { weight: 3, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0) },
    ),
    which: fc.nat(),
  })
  .map(({ journals, skew, which }) => journals.map((j, i) => ({ ...j, skew: i === which % journals.length ? skew : 0 })));

function toPosting(j: { debits: [number, Decimal][]; credits: [number, number][]; skew: number }, n: number): Posting {
  const total = j.debits.reduce((s, [, a]) => s.plus(a), new Decimal(0));
  // split the debits' total over the credit lines by their weights, to the cent, the rest on the last one
  const weight = j.credits.reduce((s, [, w]) => s + w, 0);
  let left = total;
  const credits = j.credits.map(([acc, w], i) => {
    const part = i === j.credits.length - 1 ? left : total.times(w).div(weight).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    left = left.minus(part);
    return { account: accounts[acc % accounts.length], amount: part.neg() };
  });
  const lines = [...j.debits.map(([acc, a]) => ({ account: accounts[acc % accounts.length], amount: a })), ...credits];
  lines[0] = { ...lines[0], amount: new Decimal(lines[0].amount).plus(new Decimal(j.skew).div(100)) };
  return {
    date: BUSINESS_DATE,
    source: 'gl',
    sourceType: 'property_test',
    key: `prop:${run}:${n}`,
    description: `Random journal ${run}.${n}`,
    dating: 'open-period',
    lines,
  };
}

/**
 * The ledger's invariants over the journals after `after` (a batch's, checked after each batch; the whole ledger
 * when 0, checked at the end: each check over the whole of a growing ledger made the test quadratic), and the
 * whole ledger's debits and credits.
 */
async function invariants(after = 0) {
  const { rows } = await sql<{ unbalanced: number; mismatched: number; debit: string; credit: string; unreversed: number }>`
    SELECT
      (SELECT count(*)::int FROM (SELECT journal_id FROM gl_journal_line WHERE branch_id = ${branch} AND journal_id > ${after} GROUP BY journal_id
         HAVING sum(debit) <> sum(credit) OR count(*) < 2) x) AS unbalanced,
      (SELECT count(*)::int FROM gl_journal j WHERE j.branch_id = ${branch} AND j.id > ${after}
         AND j.total <> (SELECT sum(debit) FROM gl_journal_line l WHERE l.branch_id = j.branch_id AND l.journal_id = j.id)) AS mismatched,
      (SELECT coalesce(sum(debit), 0)::text FROM gl_journal_line WHERE branch_id = ${branch}) AS debit,
      (SELECT coalesce(sum(credit), 0)::text FROM gl_journal_line WHERE branch_id = ${branch}) AS credit,
      (SELECT count(*)::int FROM (SELECT r.id FROM gl_journal r
          JOIN gl_journal_line l ON l.branch_id = r.branch_id AND l.journal_id IN (r.id, r.reverses_id)
         WHERE r.branch_id = ${branch} AND r.id > ${after} AND r.reverses_id IS NOT NULL
         GROUP BY r.id, l.account_id HAVING sum(l.debit - l.credit) <> 0) y) AS unreversed`.execute(db);
  return rows[0];
}

describe('the ledger under random journals', () => {
  it('keeps every invariant after each batch of balanced and unbalanced journals and reversals', async () => {
    let posted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(batchOf, async (batch) => {
        run += 1;
        const postings = batch.map((j, n) => toPosting(j, n));
        const before = (
          await sql<{ id: number }>`SELECT coalesce(max(id), 0)::int AS id FROM gl_journal WHERE branch_id = ${branch}`.execute(db)
        ).rows[0].id;
        const balanced = batch.every((j) => j.skew === 0);
        try {
          await db.transaction().execute(async (trx) => {
            const result = await postJournals(trx, branch, null, postings);
            for (const [i, r] of result.entries())
              if (batch[i].reverse)
                await reverseJournal(trx, branch, null, r.id, {
                  date: BUSINESS_DATE,
                  key: `prop:${run}:${i}:rev`,
                  description: 'Reversal',
                  sourceType: 'property_test_reversal',
                });
          });
          expect(balanced).toBe(true);
          posted += batch.length;
        } catch (e) {
          // an unbalanced journal anywhere refuses the whole batch with a 400 naming the difference
          if (!(e instanceof HttpError)) throw e;
          expect(balanced).toBe(false);
          expect([e.status, e.key]).toEqual([400, 'gl.unbalanced']);
          refused += 1;
          const left = (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM gl_journal WHERE branch_id = ${branch} AND id > ${before}`.execute(db)
          ).rows[0].n;
          expect(left).toBe(0);
        }
        const inv = await invariants(before);
        expect(inv).toMatchObject({ unbalanced: 0, mismatched: 0, unreversed: 0 });
        expect(inv.debit).toBe(inv.credit);
      }),
      { numRuns: 400, seed: 20261123 },
    );
    expect(await invariants()).toMatchObject({ unbalanced: 0, mismatched: 0, unreversed: 0 });
    // thousands of journals went through, and the unbalanced ones were met
    expect(posted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(20);
  }, 600_000);
});
