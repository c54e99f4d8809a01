import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { postJournals, type Posting } from '../domain/gl/post.js';
import { cityLedgerLine } from '../domain/receivables/raise.js';

/** [account code, days before the business date the stay checked out, amount, folio reference] */
type Open = [string, number, number, string];

/**
 * The city hotel's receivables brought forward at go-live: company stays checked out on the city ledger over the
 * last four months, so that the aging has a figure in every bucket and the reminder letters have all three
 * levels, each invoice's journal posted to the city ledger on the account's sub-ledger (the reconciliation
 * agrees), and one receipt from Telkom that paid its oldest invoice in part.
 */
const OPEN: Open[] = [
  ['TELKOM', 3, 18_450_000, 'F-GNB-1187'],
  ['TELKOM', 26, 32_200_000, 'F-GNB-1102'],
  ['TELKOM', 64, 12_750_000, 'F-GNB-0988'],
  ['MANDIRI', 12, 9_800_000, 'F-GNB-1141'],
  ['MANDIRI', 52, 21_300_000, 'F-GNB-1019'],
  ['ASTRA', 40, 27_500_000, 'F-GNB-1056'],
  ['PERTAMINA', 8, 44_600_000, 'F-GNB-1163'],
  ['PERTAMINA', 95, 16_900_000, 'F-GNB-0871'],
  ['KEMENKEU', 125, 8_250_000, 'F-GNB-0702'],
  ['JABAR', 33, 11_400_000, 'F-GNB-1077'],
];

export async function seedReceivables(db: Db, branchId: number, businessDate: string) {
  const { rows } = await sql<{ id: number; code: string; days: number }>`
    SELECT id, code, payment_term_days AS days FROM business_account WHERE branch_id = ${branchId}`.execute(db);
  const account = new Map(rows.map((r) => [r.code, { id: Number(r.id), days: r.days }]));
  const seeded = OPEN.filter(([code]) => account.has(code)).map(([code, ago, amount, reference], i) => ({
    account: account.get(code)!,
    date: dayjs(businessDate).subtract(ago, 'day').format('YYYY-MM-DD'),
    amount: new Decimal(amount),
    reference,
    number: `CL-OPEN-${String(i + 1).padStart(4, '0')}`,
  }));
  const postings: Posting[] = seeded.map((s) => ({
    date: s.date,
    source: 'receivables',
    sourceType: 'opening',
    key: `demo:ar-opening:${s.number}`,
    description: `${s.number} ${s.reference} brought forward`,
    dating: 'open-period',
    lines: [cityLedgerLine(s.account.id, s.amount, s.reference), { account: '3201.01', amount: s.amount.neg() }],
  }));
  const journals = await postJournals(db, branchId, null, postings);
  for (const [i, s] of seeded.entries())
    await sql`
      INSERT INTO ar_invoice (branch_id, number, kind, account_id, date, due_date, source, reference, description, status, total, key, journal_id, posted_at)
      VALUES (${branchId}, ${s.number}, 'city_ledger', ${s.account.id}, ${s.date}, ${dayjs(s.date).add(s.account.days, 'day').format('YYYY-MM-DD')},
              'opening', ${s.reference}, ${`Stay ${s.reference} on the city ledger`}, 'posted', ${s.amount.toFixed(2)}, ${postings[i].key}, ${journals[i].id}, now())`.execute(
      db,
    );
  await seedTelkomReceipt(db, branchId, businessDate);
}

/** Telkom paid Rp 10.000.000 against its oldest stay last week, the bank keeping Rp 6.500. */
async function seedTelkomReceipt(db: Db, branchId: number, businessDate: string) {
  const { rows } = await sql<{ account: number; invoice: number; bank: number }>`
    SELECT a.id AS account, (SELECT id FROM ar_invoice i WHERE i.branch_id = a.branch_id AND i.account_id = a.id ORDER BY due_date LIMIT 1) AS invoice,
           (SELECT id FROM gl_account WHERE branch_id = a.branch_id AND code = '1102.01') AS bank
      FROM business_account a WHERE a.branch_id = ${branchId} AND a.code = 'TELKOM'`.execute(db);
  const r = rows[0];
  if (!r?.invoice) return;
  const date = dayjs(businessDate).subtract(6, 'day').format('YYYY-MM-DD');
  const [journal] = await postJournals(db, branchId, null, [
    {
      date,
      source: 'receivables',
      sourceType: 'receipt',
      key: 'demo:ar-receipt:RC-OPEN-0001',
      description: 'RC-OPEN-0001 Telkom transfer',
      dating: 'open-period',
      lines: [
        { account: '1102.01', amount: '9993500' },
        { role: 'bank_charges', amount: '6500' },
        { role: 'city_ledger', amount: '-10000000', subledger: { type: 'account', id: Number(r.account) } },
      ],
    },
  ]);
  const { rows: made } = await sql<{ id: number }>`
    INSERT INTO ar_receipt (branch_id, number, account_id, date, bank_account_id, amount, bank_charges, allocation, reference, status, applied, credit, posted_at)
    VALUES (${branchId}, 'RC-OPEN-0001', ${r.account}, ${date}, ${r.bank}, 9993500, 6500, 'oldest', 'TRF 2611 TELKOM', 'posted', 10000000, 0, now())
    RETURNING id`.execute(db);
  const receipt = Number(made[0].id);
  await sql`INSERT INTO ar_receipt_line (branch_id, receipt_id, line_no, invoice_id, amount) VALUES (${branchId}, ${receipt}, 1, ${r.invoice}, 10000000)`.execute(
    db,
  );
  await sql`INSERT INTO ar_allocation (branch_id, invoice_id, receipt_id, date, amount) VALUES (${branchId}, ${r.invoice}, ${receipt}, ${date}, 10000000)`.execute(
    db,
  );
  await sql`UPDATE ar_invoice SET settled = 10000000 WHERE branch_id = ${branchId} AND id = ${r.invoice}`.execute(db);
  await sql`
    INSERT INTO ar_gl_transfer (branch_id, source_kind, source_id, number, date, description, status, total, journal_id)
    VALUES (${branchId}, 'receipt', ${receipt}, 'RC-OPEN-0001', ${date}, 'Telkom transfer', 'posted', 10000000, ${journal.id})`.execute(db);
}
