import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { AccountRole } from '../domain/gl/post.js';

type Kind = 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';

/** [number, English name, Indonesian name, type, header account it sits under, department code] */
type AccountSeed = [string, string, string, Kind, string | null, string | null];

/**
 * The accounts the front office posts to, in a USALI-style Indonesian hotel chart: the numbers the demo's
 * revenue and payment articles already name, with their header accounts. The general ledger builds the
 * rest of the chart on these.
 */
const ACCOUNTS: AccountSeed[] = [
  ['1000', 'Assets', 'Aset', 'asset', null, null],
  ['1100', 'Cash and banks', 'Kas dan bank', 'asset', '1000', null],
  ['1101.01', 'Cash on hand – rupiah', 'Kas – rupiah', 'asset', '1100', null],
  ['1101.02', 'Cash on hand – US dollar', 'Kas – dolar AS', 'asset', '1100', null],
  ['1102.01', 'Bank BCA', 'Bank BCA', 'asset', '1100', null],
  ['1102.02', 'Bank Mandiri', 'Bank Mandiri', 'asset', '1100', null],
  ['1102.04', 'Bank BRI – QRIS settlement', 'Bank BRI – penyelesaian QRIS', 'asset', '1100', null],
  ['1103.01', 'Card clearing – BCA', 'Kliring kartu – BCA', 'asset', '1100', null],
  ['1103.02', 'Card clearing – BNI', 'Kliring kartu – BNI', 'asset', '1100', null],
  ['1103.03', 'Card clearing – Mandiri', 'Kliring kartu – Mandiri', 'asset', '1100', null],
  ['1200', 'Receivables', 'Piutang', 'asset', '1000', null],
  ['1201.01', 'Accounts receivable – city ledger', 'Piutang usaha – city ledger', 'asset', '1200', null],
  ['1202.01', 'Guest ledger – in-house guests', 'Guest ledger – tamu menginap', 'asset', '1200', null],
  ['2000', 'Liabilities', 'Liabilitas', 'liability', null, null],
  ['2100', 'Current liabilities', 'Liabilitas lancar', 'liability', '2000', null],
  ['2105.01', 'Advance deposits', 'Uang muka tamu', 'liability', '2100', null],
  ['2106.01', 'Vouchers outstanding', 'Voucher beredar', 'liability', '2100', null],
  ['2201.01', 'Service charge payable', 'Utang service charge', 'liability', '2100', null],
  ['2202.01', 'PBJT payable (regional hotel tax)', 'Utang PBJT (pajak hotel)', 'liability', '2100', null],
  ['3000', 'Equity', 'Ekuitas', 'equity', null, null],
  ['3101.01', 'Share capital', 'Modal disetor', 'equity', '3000', null],
  ['3201.01', 'Retained earnings', 'Laba ditahan', 'equity', '3000', null],
  ['4000', 'Revenue', 'Pendapatan', 'revenue', null, null],
  ['4100', 'Rooms revenue', 'Pendapatan kamar', 'revenue', '4000', 'RM'],
  ['4101.01', 'Room revenue – transient', 'Pendapatan kamar', 'revenue', '4100', 'RM'],
  ['4101.02', 'Extra bed', 'Extra bed', 'revenue', '4100', 'RM'],
  ['4101.03', 'Late check-out and no-show fees', 'Biaya late check-out dan no-show', 'revenue', '4100', 'RM'],
  ['4200', 'Food and beverage revenue', 'Pendapatan makanan dan minuman', 'revenue', '4000', 'FB'],
  ['4201.01', 'Food revenue – breakfast', 'Pendapatan makanan – sarapan', 'revenue', '4200', 'FB'],
  ['4201.02', 'Food revenue – dinner', 'Pendapatan makanan – makan malam', 'revenue', '4200', 'FB'],
  ['4202.01', 'Beverage revenue – minibar', 'Pendapatan minuman – minibar', 'revenue', '4200', 'FB'],
  ['4400', 'Other operated departments', 'Departemen operasional lain', 'revenue', '4000', null],
  ['4401.01', 'Laundry revenue', 'Pendapatan laundry', 'revenue', '4400', 'LDR'],
  ['4501.01', 'Transport revenue', 'Pendapatan transportasi', 'revenue', '4400', 'MIS'],
  ['4502.01', 'Lost and damaged items recovered', 'Penggantian barang hilang/rusak', 'revenue', '4400', 'MIS'],
];

const ROLE_ACCOUNTS: Record<AccountRole, string> = {
  guest_ledger: '1202.01',
  city_ledger: '1201.01',
  deposit_ledger: '2105.01',
  service_payable: '2201.01',
  tax_payable: '2202.01',
};

const NORMAL: Record<Kind, 'debit' | 'credit'> = {
  asset: 'debit',
  expense: 'debit',
  liability: 'credit',
  equity: 'credit',
  revenue: 'credit',
};

/** The chart and the posting roles of every property. */
export async function seedChartOfAccounts(db: Db, branchIds: number[]) {
  for (const branchId of branchIds) {
    const { rows: dept } = await sql<{ id: number; code: string }>`SELECT id, code FROM department WHERE branch_id = ${branchId}`.execute(
      db,
    );
    const departments = new Map(dept.map((d) => [d.code, Number(d.id)]));
    const headers = new Set(ACCOUNTS.map((a) => a[4]).filter(Boolean));
    const ids = new Map<string, number>();
    for (const [code, name, nameId, type, parent, department] of ACCOUNTS) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO gl_account (branch_id, code, name, name_id, type, normal_balance, posting, parent_id, department_id)
        VALUES (${branchId}, ${code}, ${name}, ${nameId}, ${type}, ${NORMAL[type]}, ${!headers.has(code)}, ${parent ? ids.get(parent) : null},
                ${department ? (departments.get(department) ?? null) : null})
        RETURNING id`.execute(db);
      ids.set(code, Number(rows[0].id));
    }
    for (const [role, code] of Object.entries(ROLE_ACCOUNTS))
      await sql`INSERT INTO gl_account_role (branch_id, role, account_id) VALUES (${branchId}, ${role}, ${ids.get(code)})`.execute(db);
  }
}
