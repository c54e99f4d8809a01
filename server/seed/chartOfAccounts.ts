import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { postJournals, type AccountRole, type Posting } from '../domain/gl/post.js';

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
  ['1101.03', 'Petty cash – general cashier', 'Kas kecil – kasir umum', 'asset', '1100', null],
  ['1102.01', 'Bank BCA', 'Bank BCA', 'asset', '1100', null],
  ['1102.02', 'Bank Mandiri', 'Bank Mandiri', 'asset', '1100', null],
  ['1102.04', 'Bank BRI – QRIS settlement', 'Bank BRI – penyelesaian QRIS', 'asset', '1100', null],
  ['1103.01', 'Card clearing – BCA', 'Kliring kartu – BCA', 'asset', '1100', null],
  ['1103.02', 'Card clearing – BNI', 'Kliring kartu – BNI', 'asset', '1100', null],
  ['1103.03', 'Card clearing – Mandiri', 'Kliring kartu – Mandiri', 'asset', '1100', null],
  ['1200', 'Receivables', 'Piutang', 'asset', '1000', null],
  ['1201.01', 'Accounts receivable – city ledger', 'Piutang usaha – city ledger', 'asset', '1200', null],
  ['1202.01', 'Guest ledger – in-house guests', 'Guest ledger – tamu menginap', 'asset', '1200', null],
  ['1203.01', 'Cash advances to staff', 'Uang muka karyawan', 'asset', '1200', null],
  ['1204.01', 'Advances to suppliers', 'Uang muka pembelian', 'asset', '1200', null],
  ['1300', 'Inventories', 'Persediaan', 'asset', '1000', null],
  ['1301.01', 'Food inventory', 'Persediaan makanan', 'asset', '1300', null],
  ['1302.01', 'Beverage inventory', 'Persediaan minuman', 'asset', '1300', null],
  ['1303.01', 'Guest supplies and general stores', 'Persediaan perlengkapan tamu dan umum', 'asset', '1300', null],
  ['1400', 'Prepaid expenses', 'Biaya dibayar di muka', 'asset', '1000', null],
  ['1401.01', 'Prepaid insurance', 'Asuransi dibayar di muka', 'asset', '1400', null],
  ['1404.01', 'VAT input (PPN masukan)', 'PPN masukan', 'asset', '1400', null],
  ['1402.01', 'Prepaid income tax (PPh 25)', 'Pajak dibayar di muka (PPh 25)', 'asset', '1400', null],
  ['1500', 'Property and equipment', 'Aset tetap', 'asset', '1000', null],
  ['1501.01', 'Land', 'Tanah', 'asset', '1500', null],
  ['1502.01', 'Building', 'Bangunan', 'asset', '1500', null],
  ['1503.01', 'Furniture, fixtures and equipment', 'Perabot dan peralatan', 'asset', '1500', null],
  ['1509.01', 'Accumulated depreciation', 'Akumulasi penyusutan', 'asset', '1500', null],
  ['2000', 'Liabilities', 'Liabilitas', 'liability', null, null],
  ['2100', 'Current liabilities', 'Liabilitas lancar', 'liability', '2000', null],
  ['2101.01', 'Accounts payable – trade', 'Utang usaha', 'liability', '2100', null],
  ['2105.01', 'Advance deposits', 'Uang muka tamu', 'liability', '2100', null],
  ['2105.02', 'Banquet deposits', 'Uang muka banquet', 'liability', '2100', null],
  ['2106.01', 'Vouchers outstanding', 'Voucher beredar', 'liability', '2100', null],
  ['2107.01', 'Outlet checks – payments received', 'Cek outlet – pembayaran diterima', 'liability', '2100', null],
  ['2108.01', 'Customer credits – unapplied receipts', 'Titipan pelanggan – penerimaan belum dialokasikan', 'liability', '2100', null],
  ['2201.01', 'Service charge payable', 'Utang service charge', 'liability', '2100', null],
  ['2202.01', 'PBJT payable (regional hotel tax)', 'Utang PBJT (pajak hotel)', 'liability', '2100', null],
  ['2203.01', 'Employee income tax payable (PPh 21)', 'Utang PPh 21', 'liability', '2100', null],
  ['2205.01', 'Withholding tax payable (PPh 23)', 'Utang PPh 23', 'liability', '2100', null],
  ['2204.01', 'BPJS contributions payable', 'Utang iuran BPJS', 'liability', '2100', null],
  ['2301.01', 'Accrued expenses', 'Biaya yang masih harus dibayar', 'liability', '2100', null],
  ['2400', 'Long-term liabilities', 'Liabilitas jangka panjang', 'liability', '2000', null],
  ['2401.01', 'Bank loan – BCA investment credit', 'Utang bank – kredit investasi BCA', 'liability', '2400', null],
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
  ['4203.01', 'Food revenue – outlets', 'Pendapatan makanan – outlet', 'revenue', '4200', 'FB'],
  ['4204.01', 'Beverage revenue – outlets', 'Pendapatan minuman – outlet', 'revenue', '4200', 'FB'],
  ['4205.01', 'Other F&B revenue', 'Pendapatan F&B lainnya', 'revenue', '4200', 'FB'],
  ['4206.01', 'Function room hire', 'Sewa ruang pertemuan', 'revenue', '4200', 'FB'],
  ['4400', 'Other operated departments', 'Departemen operasional lain', 'revenue', '4000', null],
  ['4401.01', 'Laundry revenue', 'Pendapatan laundry', 'revenue', '4400', 'LDR'],
  ['4402.01', 'Spa revenue', 'Pendapatan spa', 'revenue', '4400', 'SPA'],
  ['4501.01', 'Transport revenue', 'Pendapatan transportasi', 'revenue', '4400', 'MIS'],
  ['4502.01', 'Lost and damaged items recovered', 'Penggantian barang hilang/rusak', 'revenue', '4400', 'MIS'],
  ['5000', 'Departmental expenses', 'Beban departemen', 'expense', null, null],
  ['5100', 'Rooms expenses', 'Beban kamar', 'expense', '5000', 'RM'],
  ['5101.01', 'Rooms payroll and related', 'Gaji dan tunjangan – kamar', 'expense', '5100', 'RM'],
  ['5102.01', 'Guest supplies', 'Perlengkapan tamu', 'expense', '5100', 'RM'],
  ['5103.01', 'Travel agent and OTA commissions', 'Komisi agen perjalanan dan OTA', 'expense', '5100', 'RM'],
  ['5104.01', 'Laundry and linen', 'Binatu dan linen', 'expense', '5100', 'HK'],
  ['5200', 'Food and beverage expenses', 'Beban makanan dan minuman', 'expense', '5000', 'FB'],
  ['5201.01', 'Cost of food sold', 'Harga pokok makanan', 'expense', '5200', 'FB'],
  ['5202.01', 'Cost of beverage sold', 'Harga pokok minuman', 'expense', '5200', 'FB'],
  ['5203.01', 'Food and beverage payroll and related', 'Gaji dan tunjangan – makanan dan minuman', 'expense', '5200', 'FB'],
  ['5400', 'Other operated departments expenses', 'Beban departemen operasional lain', 'expense', '5000', null],
  ['5401.01', 'Laundry and spa expenses', 'Beban laundry dan spa', 'expense', '5400', 'LDR'],
  ['6000', 'Undistributed operating expenses', 'Beban operasional tidak didistribusikan', 'expense', null, null],
  ['6100', 'Administrative and general', 'Administrasi dan umum', 'expense', '6000', 'AG'],
  ['6101.01', 'A&G payroll and related', 'Gaji dan tunjangan – administrasi', 'expense', '6100', 'AG'],
  ['6102.01', 'Credit card commissions and bank charges', 'Komisi kartu kredit dan biaya bank', 'expense', '6100', 'AG'],
  ['6103.01', 'Office supplies and licences', 'Alat tulis kantor dan perizinan', 'expense', '6100', 'AG'],
  ['6104.01', 'Cash over and short', 'Selisih kas', 'expense', '6100', 'AG'],
  ['6105.01', 'Complimentary food and beverage', 'Makanan dan minuman komplimen', 'expense', '6100', 'AG'],
  ['6200', 'Sales and marketing', 'Penjualan dan pemasaran', 'expense', '6000', 'SM'],
  ['6201.01', 'Sales and marketing payroll and related', 'Gaji dan tunjangan – pemasaran', 'expense', '6200', 'SM'],
  ['6202.01', 'Advertising and online marketing', 'Iklan dan pemasaran daring', 'expense', '6200', 'SM'],
  ['6300', 'Property operation and maintenance', 'Operasional dan pemeliharaan properti', 'expense', '6000', 'ENG'],
  ['6301.01', 'Repairs and maintenance', 'Perbaikan dan pemeliharaan', 'expense', '6300', 'ENG'],
  ['6400', 'Utilities', 'Utilitas', 'expense', '6000', 'ENG'],
  ['6401.01', 'Electricity (PLN)', 'Listrik (PLN)', 'expense', '6400', 'ENG'],
  ['6402.01', 'Water (PDAM)', 'Air (PDAM)', 'expense', '6400', 'ENG'],
  ['7000', 'Non-operating income and expenses', 'Pendapatan dan beban non-operasional', 'expense', null, null],
  ['7101.01', 'Depreciation', 'Beban penyusutan', 'expense', '7000', null],
  ['7201.01', 'Interest expense', 'Beban bunga', 'expense', '7000', null],
  ['7301.01', 'Property tax (PBB) and insurance', 'PBB dan asuransi', 'expense', '7000', null],
];

/** The USALI schedule each group of the chart reports under (statements group by it). */
const SCHEDULES: Record<string, string> = {
  '1100': 'current_assets',
  '1200': 'current_assets',
  '1300': 'current_assets',
  '1400': 'current_assets',
  '1500': 'fixed_assets',
  '2100': 'current_liabilities',
  '2400': 'long_term_liabilities',
  '3000': 'equity',
  '4100': 'rooms',
  '5100': 'rooms',
  '4200': 'food_beverage',
  '5200': 'food_beverage',
  '4400': 'other_operated',
  '5400': 'other_operated',
  '6100': 'administrative_general',
  '6200': 'sales_marketing',
  '6300': 'maintenance',
  '6400': 'utilities',
  '7000': 'non_operating',
};

/** [code, English, Indonesian, activity] — the cash-flow statement's lines (direct method). */
const CASHFLOW: [string, string, string, 'operating' | 'investing' | 'financing'][] = [
  ['OP-GUEST', 'Receipts from guests and customers', 'Penerimaan dari tamu dan pelanggan', 'operating'],
  ['OP-SUPPLY', 'Payments to suppliers and for expenses', 'Pembayaran kepada pemasok dan beban', 'operating'],
  ['OP-STAFF', 'Payments to and for employees', 'Pembayaran kepada dan untuk karyawan', 'operating'],
  ['OP-TAX', 'Taxes and service charge paid', 'Pembayaran pajak dan service charge', 'operating'],
  ['INV-FA', 'Purchase of property and equipment', 'Pembelian aset tetap', 'investing'],
  ['FIN-LOAN', 'Bank loans received and repaid', 'Penerimaan dan pembayaran utang bank', 'financing'],
  ['FIN-EQUITY', 'Capital paid in and dividends', 'Setoran modal dan dividen', 'financing'],
];

/** The category of the counter-account of a cash movement, by the account's group (or the account). */
const CASHFLOW_OF: Record<string, string> = {
  '1200': 'OP-GUEST',
  '1202.01': 'OP-GUEST',
  '1203.01': 'OP-STAFF',
  '2105.01': 'OP-GUEST',
  '2106.01': 'OP-GUEST',
  '2105.02': 'OP-GUEST',
  '2108.01': 'OP-GUEST',
  '1204.01': 'OP-SUPPLY',
  '2205.01': 'OP-TAX',
  '4000': 'OP-GUEST',
  '1300': 'OP-SUPPLY',
  '1400': 'OP-SUPPLY',
  '2101.01': 'OP-SUPPLY',
  '2301.01': 'OP-SUPPLY',
  '5000': 'OP-SUPPLY',
  '6000': 'OP-SUPPLY',
  '7000': 'OP-SUPPLY',
  '5101.01': 'OP-STAFF',
  '5203.01': 'OP-STAFF',
  '6101.01': 'OP-STAFF',
  '6201.01': 'OP-STAFF',
  '2203.01': 'OP-TAX',
  '2204.01': 'OP-STAFF',
  '2201.01': 'OP-TAX',
  '2202.01': 'OP-TAX',
  '1500': 'INV-FA',
  '2400': 'FIN-LOAN',
  '3000': 'FIN-EQUITY',
};

const ROLE_ACCOUNTS: Record<AccountRole, string> = {
  guest_ledger: '1202.01',
  city_ledger: '1201.01',
  deposit_ledger: '2105.01',
  service_payable: '2201.01',
  tax_payable: '2202.01',
  retained_earnings: '3201.01',
  cash_over_short: '6104.01',
  complimentary_expense: '6105.01',
  pos_clearing: '2107.01',
  accounts_payable: '2101.01',
  vat_input: '1404.01',
  withholding_payable: '2205.01',
  supplier_advance: '1204.01',
  customer_credit: '2108.01',
  bank_charges: '6102.01',
  banquet_deposit: '2105.02',
  function_room_revenue: '4206.01',
};

const NORMAL: Record<Kind, 'debit' | 'credit'> = {
  asset: 'debit',
  expense: 'debit',
  liability: 'credit',
  equity: 'credit',
  revenue: 'credit',
};

/** The chart, the cash-flow categories and the posting roles of every property, then its opening balances. */
export async function seedChartOfAccounts(db: Db, branchIds: number[], businessDate: string) {
  for (const [n, branchId] of branchIds.entries()) {
    const { rows: dept } = await sql<{ id: number; code: string }>`SELECT id, code FROM department WHERE branch_id = ${branchId}`.execute(
      db,
    );
    const departments = new Map(dept.map((d) => [d.code, Number(d.id)]));
    const categories = new Map<string, number>();
    for (const [i, [code, name, nameId, activity]] of CASHFLOW.entries()) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO gl_cashflow_category (branch_id, code, name, name_id, activity, sort_no)
        VALUES (${branchId}, ${code}, ${name}, ${nameId}, ${activity}, ${(i + 1) * 10}) RETURNING id`.execute(db);
      categories.set(code, Number(rows[0].id));
    }
    const headers = new Set(ACCOUNTS.map((a) => a[4]).filter(Boolean));
    const parents = new Map(ACCOUNTS.map((a) => [a[0], a[4]]));
    // an account takes what is declared for it, else for the nearest group above it
    const inherited = (map: Record<string, string>, code: string): string | null => {
      for (let c: string | null | undefined = code; c; c = parents.get(c)) if (map[c]) return map[c];
      return null;
    };
    const ids = new Map<string, number>();
    for (const [code, name, nameId, type, parent, department] of ACCOUNTS) {
      const category = inherited(CASHFLOW_OF, code);
      // accumulated depreciation is an asset account that grows on the credit side
      const normal = code === '1509.01' ? 'credit' : NORMAL[type];
      const { rows } = await sql<{ id: number }>`
        INSERT INTO gl_account (branch_id, code, name, name_id, type, normal_balance, posting, parent_id, department_id, usali_schedule,
                                cashflow_category_id, is_cash)
        VALUES (${branchId}, ${code}, ${name}, ${nameId}, ${type}, ${normal}, ${!headers.has(code)}, ${parent ? ids.get(parent) : null},
                ${department ? (departments.get(department) ?? null) : null}, ${inherited(SCHEDULES, code)},
                ${category ? categories.get(category) : null}, ${parent === '1100'})
        RETURNING id`.execute(db);
      ids.set(code, Number(rows[0].id));
    }
    for (const [role, code] of Object.entries(ROLE_ACCOUNTS))
      await sql`INSERT INTO gl_account_role (branch_id, role, account_id) VALUES (${branchId}, ${role}, ${ids.get(code)})`.execute(db);
    // the resort is about half the city hotel
    await postJournals(db, branchId, null, openingJournals(businessDate, n === 0 ? 1 : 0.5));
  }
}

type Amounts = [string, number][];

/** Balances brought forward and the month's first fixed costs, so the statements read like a hotel's. */
function openingJournals(businessDate: string, scale: number): Posting[] {
  const month = dayjs(businessDate).format('MMMM YYYY');
  const first = dayjs(businessDate).startOf('month').format('YYYY-MM-DD');
  const journal = (key: string, description: string, debits: Amounts, credits: Amounts, balancing: string): Posting => {
    const lines = [
      ...debits.map(([account, amount]) => ({ account, amount: new Decimal(amount).times(scale) })),
      ...credits.map(([account, amount]) => ({ account, amount: new Decimal(amount).times(scale).neg() })),
    ];
    const rest = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0)).neg();
    return {
      date: first,
      source: 'gl',
      sourceType: 'opening',
      key: `demo:${key}:${first}`,
      description,
      dating: 'open-period',
      lines: [...lines, { account: balancing, amount: rest }],
    };
  };
  return [
    journal(
      'opening',
      'Balances brought forward',
      [
        ['1101.01', 25_000_000],
        ['1102.01', 1_850_000_000],
        ['1102.02', 640_000_000],
        ['1301.01', 85_000_000],
        ['1302.01', 62_000_000],
        ['1303.01', 48_000_000],
        ['1401.01', 120_000_000],
        ['1501.01', 12_000_000_000],
        ['1502.01', 38_500_000_000],
        ['1503.01', 9_750_000_000],
      ],
      [
        ['1509.01', 7_420_000_000],
        ['2101.01', 312_000_000],
        ['2301.01', 96_000_000],
        ['2401.01', 15_000_000_000],
        ['3101.01', 30_000_000_000],
      ],
      '3201.01',
    ),
    journal(
      'payroll',
      `Payroll ${month}`,
      [
        ['5101.01', 185_000_000],
        ['5203.01', 142_000_000],
        ['6101.01', 96_000_000],
        ['6201.01', 48_000_000],
      ],
      [
        ['2203.01', 23_550_000],
        ['2204.01', 18_840_000],
      ],
      '1102.01',
    ),
    journal(
      'utilities',
      `PLN and PDAM ${month}`,
      [
        ['6401.01', 128_500_000],
        ['6402.01', 14_200_000],
      ],
      [],
      '1102.02',
    ),
    journal('depreciation', `Depreciation ${month}`, [['7101.01', 165_000_000]], [], '1509.01'),
  ];
}
