import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/** What the back office spends petty cash on, each booked to its account (and department). */
const PURPOSES: [code: string, name: string, nameId: string, account: string, department: string | null][] = [
  ['ATK', 'Office supplies and stamps', 'Alat tulis dan meterai', '6103.01', 'AG'],
  ['PERBAIKAN', 'Small repairs and spare parts', 'Perbaikan kecil dan suku cadang', '6301.01', 'ENG'],
  ['TAMU', 'Guest amenities bought in town', 'Perlengkapan tamu dibeli di luar', '5102.01', 'RM'],
  ['PASAR', 'Market purchases for the kitchen', 'Belanja pasar untuk dapur', '5201.01', 'FB'],
  ['IKLAN', 'Printing and local advertising', 'Cetak dan iklan lokal', '6202.01', 'SM'],
  ['LAUNDRY', 'Outside laundry and dry cleaning', 'Laundry dan dry cleaning luar', '5104.01', 'HK'],
];

/** The kinds of cash advance the hotel gives: the most per advance and the days to bring the receipts. */
const SETUPS: [code: string, name: string, nameId: string, max: number, days: number][] = [
  ['OPS', 'Operational purchases', 'Pembelian operasional', 5_000_000, 3],
  ['DINAS', 'Business travel', 'Perjalanan dinas', 15_000_000, 7],
  ['ACARA', 'Events and guest relations', 'Acara dan hubungan tamu', 10_000_000, 5],
];

/** The general cashier's masters of every property: spending purposes and cash-advance types. */
export async function seedGeneralCashier(db: Db, branchIds: number[]) {
  for (const branchId of branchIds) {
    for (const [code, name, nameId, account, department] of PURPOSES)
      await sql`
        INSERT INTO gc_purpose (branch_id, code, name, name_id, account_id, department_id)
        SELECT ${branchId}, ${code}, ${name}, ${nameId}, a.id, d.id
          FROM gl_account a LEFT JOIN department d ON d.branch_id = a.branch_id AND d.code = ${department}
         WHERE a.branch_id = ${branchId} AND a.code = ${account}`.execute(db);
    for (const [code, name, nameId, max, days] of SETUPS)
      await sql`
        INSERT INTO gc_advance_setup (branch_id, code, name, name_id, advance_account_id, max_amount, settle_days)
        SELECT ${branchId}, ${code}, ${name}, ${nameId}, id, ${max}, ${days} FROM gl_account WHERE branch_id = ${branchId} AND code = '1203.01'`.execute(
        db,
      );
  }
}
