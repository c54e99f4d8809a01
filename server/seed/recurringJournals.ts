import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/** What the books take every month: a twelfth of the year's insurance, and the month's depreciation. */
const TEMPLATES: [code: string, description: string, day: number, amount: number, debit: string, credit: string][] = [
  ['ASURANSI', 'Property insurance, a twelfth of the prepaid year', 1, 10_000_000, '7301.01', '1401.01'],
  ['PENYUSUTAN', 'Depreciation of building and FF&E', 31, 85_000_000, '7101.01', '1509.01'],
];

/** Each property's recurring journals, from the month after the demo's business date (halved at the resort). */
export async function seedRecurringJournals(db: Db, branchIds: number[], businessDate: string) {
  const start = dayjs(businessDate).add(1, 'month').startOf('month').format('YYYY-MM-DD');
  for (const [n, branchId] of branchIds.entries())
    for (const [code, description, day, amount, debit, credit] of TEMPLATES) {
      const value = n === 0 ? amount : amount / 2;
      const { rows } = await sql<{ id: number }>`
        INSERT INTO gl_recurring_journal (branch_id, code, description, day_of_month, start_month, total)
        VALUES (${branchId}, ${code}, ${description}, ${day}, ${start}, ${value}) RETURNING id`.execute(db);
      await sql`
        INSERT INTO gl_recurring_journal_line (branch_id, recurring_id, line_no, account_id, debit, credit)
        SELECT ${branchId}, ${rows[0].id}, x.line_no, a.id, x.debit, x.credit
          FROM (VALUES (1, ${debit}, ${value}::numeric, 0::numeric), (2, ${credit}, 0::numeric, ${value}::numeric)) AS x(line_no, code, debit, credit)
          JOIN gl_account a ON a.branch_id = ${branchId} AND a.code = x.code`.execute(db);
    }
}
