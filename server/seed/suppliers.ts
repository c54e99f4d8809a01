import { sql } from 'kysely';
import dayjs from 'dayjs';
import type { Db } from '../db/connect.js';

const SEGMENTS: [code: string, name: string, nameId: string][] = [
  ['FRESH', 'Fresh produce', 'Sayur dan buah segar'],
  ['MEAT', 'Meat, poultry and seafood', 'Daging, unggas dan hasil laut'],
  ['DRY', 'Dry goods and groceries', 'Bahan kering dan sembako'],
  ['BEV', 'Beverages', 'Minuman'],
  ['AMENITY', 'Guest amenities and chemicals', 'Amenitas tamu dan bahan kimia'],
];

const TERMS: [code: string, name: string, days: number][] = [
  ['COD', 'Cash on delivery', 0],
  ['N14', '14 days after invoice', 14],
  ['N30', '30 days after invoice', 30],
];

interface SupplierSeed {
  code: string;
  title: string;
  name: string;
  segment: string;
  term: string;
  npwp: string;
  telephone: string;
  email: string;
  address: string;
  province: string;
  city: string;
  subdistrict: string;
  postal_code: string;
  contacts: [name: string, position: string, telephone: string][];
  bank: [bank: string, branch: string, accountNo: string];
}

/** Each property buys from suppliers near it; NPWPs are made up but well-formed (one 16-digit NIK-based). */
const SUPPLIERS: Record<string, SupplierSeed[]> = {
  GNB: [
    {
      code: 'SUP-001',
      title: 'CV',
      name: 'Sumber Segar Lembang',
      segment: 'FRESH',
      term: 'N14',
      npwp: '02.415.873.6-421.000',
      telephone: '022 278 6412',
      email: 'order@sumbersegar.co.id',
      address: 'Jl. Raya Lembang No. 112',
      province: 'Jawa Barat',
      city: 'Kabupaten Bandung Barat',
      subdistrict: 'Lembang',
      postal_code: '40391',
      contacts: [
        ['Asep Saepudin', 'Sales', '0812 2045 7781'],
        ['Neng Yuliani', 'Finance', '0813 2177 9034'],
      ],
      bank: ['BCA', 'KCP Lembang', '7770 412 563'],
    },
    {
      code: 'SUP-002',
      title: 'PT',
      name: 'Priangan Prima Daging',
      segment: 'MEAT',
      term: 'N30',
      npwp: '01.872.305.4-428.000',
      telephone: '022 756 0381',
      email: 'sales@prianganprima.co.id',
      address: 'Jl. Soekarno-Hatta No. 520',
      province: 'Jawa Barat',
      city: 'Kota Bandung',
      subdistrict: 'Buahbatu',
      postal_code: '40286',
      contacts: [['Hendra Gunawan', 'Key account', '0811 220 5417']],
      bank: ['Bank Mandiri', 'KC Bandung Soekarno-Hatta', '130 00 1658742 9'],
    },
    {
      code: 'SUP-003',
      title: 'PT',
      name: 'Nusa Minuman Distribusi',
      segment: 'BEV',
      term: 'N30',
      npwp: '03.118.642.9-441.000',
      telephone: '022 603 1188',
      email: 'bandung@nusaminuman.co.id',
      address: 'Jl. Rumah Sakit No. 45, Kawasan Gudang Gedebage',
      province: 'Jawa Barat',
      city: 'Kota Bandung',
      subdistrict: 'Gedebage',
      postal_code: '40295',
      contacts: [['Yusuf Hidayat', 'Sales supervisor', '0815 6120 3390']],
      bank: ['BNI', 'KC Bandung', '0 4217 8853 1'],
    },
    {
      code: 'SUP-004',
      title: 'UD',
      name: 'Beras Cianjur Makmur',
      segment: 'DRY',
      term: 'COD',
      npwp: '3203 1407 6805 0003',
      telephone: '0263 261 447',
      email: 'berascianjurmakmur@gmail.com',
      address: 'Jl. Raya Cianjur-Bandung KM 4',
      province: 'Jawa Barat',
      city: 'Kabupaten Cianjur',
      subdistrict: 'Karangtengah',
      postal_code: '43281',
      contacts: [['Haji Dadang Suherman', 'Owner', '0812 8834 1020']],
      bank: ['BRI', 'Unit Karangtengah', '0412 01 002875 50 9'],
    },
    {
      code: 'SUP-005',
      title: 'PT',
      name: 'Kopi Priangan Nusantara',
      segment: 'BEV',
      term: 'N14',
      npwp: '02.907.114.3-423.000',
      telephone: '022 420 8857',
      email: 'hello@kopipriangan.id',
      address: 'Jl. Braga No. 81',
      province: 'Jawa Barat',
      city: 'Kota Bandung',
      subdistrict: 'Sumur Bandung',
      postal_code: '40111',
      contacts: [['Rizky Pratama', 'Roastery manager', '0817 2290 6615']],
      bank: ['BCA', 'KCU Asia Afrika', '2830 551 907'],
    },
    {
      code: 'SUP-006',
      title: 'CV',
      name: 'Amenity Jaya Abadi',
      segment: 'AMENITY',
      term: 'N30',
      npwp: '01.554.260.7-422.000',
      telephone: '022 540 9912',
      email: 'cs@amenityjaya.com',
      address: 'Jl. Kopo No. 318',
      province: 'Jawa Barat',
      city: 'Kota Bandung',
      subdistrict: 'Bojongloa Kaler',
      postal_code: '40233',
      contacts: [['Lina Marlina', 'Sales', '0822 1840 5573']],
      bank: ['Bank Mandiri', 'KCP Kopo', '131 00 0872 4410'],
    },
  ],
  NBR: [
    {
      code: 'SUP-101',
      title: 'CV',
      name: 'Bedugul Fresh Farm',
      segment: 'FRESH',
      term: 'N14',
      npwp: '02.640.318.5-908.000',
      telephone: '0368 21 473',
      email: 'order@bedugulfresh.com',
      address: 'Jl. Raya Bedugul No. 9, Candikuning',
      province: 'Bali',
      city: 'Kabupaten Tabanan',
      subdistrict: 'Baturiti',
      postal_code: '82191',
      contacts: [['I Wayan Sudiarta', 'Owner', '0813 3755 2108']],
      bank: ['BPD Bali', 'KCP Baturiti', '011 02 02 15487 4'],
    },
    {
      code: 'SUP-102',
      title: 'PT',
      name: 'Segara Seafood Bali',
      segment: 'MEAT',
      term: 'N14',
      npwp: '01.933.471.2-905.000',
      telephone: '0361 701 355',
      email: 'sales@segaraseafood.co.id',
      address: 'Jl. Pantai Kedonganan No. 3',
      province: 'Bali',
      city: 'Kabupaten Badung',
      subdistrict: 'Kuta',
      postal_code: '80361',
      contacts: [
        ['Ni Kadek Ayu Lestari', 'Sales', '0812 3960 4471'],
        ['Komang Arta', 'Delivery', '0819 3610 2284'],
      ],
      bank: ['BCA', 'KCP Jimbaran', '6110 382 740'],
    },
    {
      code: 'SUP-103',
      title: 'PT',
      name: 'Dewata Beverage Distribution',
      segment: 'BEV',
      term: 'N30',
      npwp: '03.275.806.1-901.000',
      telephone: '0361 484 220',
      email: 'denpasar@dewatabev.co.id',
      address: 'Jl. Gatot Subroto Barat No. 88',
      province: 'Bali',
      city: 'Kota Denpasar',
      subdistrict: 'Denpasar Barat',
      postal_code: '80119',
      contacts: [['Made Budiarsa', 'Key account', '0811 398 2250']],
      bank: ['Bank Mandiri', 'KC Denpasar Gatot Subroto', '145 00 2219 8836'],
    },
    {
      code: 'SUP-104',
      title: 'UD',
      name: 'Sembako Sanur',
      segment: 'DRY',
      term: 'COD',
      npwp: '5171 0512 7402 0001',
      telephone: '0361 288 104',
      email: 'sembakosanur@gmail.com',
      address: 'Jl. Danau Tamblingan No. 27',
      province: 'Bali',
      city: 'Kota Denpasar',
      subdistrict: 'Denpasar Selatan',
      postal_code: '80228',
      contacts: [['Ketut Suwena', 'Owner', '0812 4680 3371']],
      bank: ['BRI', 'KCP Sanur', '0531 01 000452 56 3'],
    },
    {
      code: 'SUP-105',
      title: 'CV',
      name: 'Bali Amenities Supply',
      segment: 'AMENITY',
      term: 'N30',
      npwp: '02.118.574.9-906.000',
      telephone: '0361 755 318',
      email: 'order@baliamenities.com',
      address: 'Jl. Sunset Road No. 120',
      province: 'Bali',
      city: 'Kabupaten Badung',
      subdistrict: 'Kuta',
      postal_code: '80361',
      contacts: [['Putu Eka Wirawan', 'Sales', '0878 6011 4952']],
      bank: ['BNI', 'KC Kuta', '0 6583 2107 4'],
    },
  ],
};

/** Contracts of the season: [number, supplier, [item, unit, price]]; valid from the month four months back for a year. */
const CONTRACTS: Record<string, [string, string, [string, string, number][]][]> = {
  GNB: [
    [
      'KTR/SSL/001',
      'SUP-001',
      [
        ['F-008', 'KG', 40000],
        ['F-009', 'KG', 36000],
        ['F-010', 'KG', 44000],
        ['F-012', 'KG', 13500],
        ['F-013', 'KG', 16500],
        ['F-014', 'KG', 12500],
      ],
    ],
    [
      'KTR/NMD/001',
      'SUP-003',
      [
        ['B-001', 'CS24', 660000],
        ['B-002', 'CS24', 74400],
        ['B-004', 'CS24', 129600],
      ],
    ],
  ],
  NBR: [
    [
      'KTR/DBD/001',
      'SUP-103',
      [
        ['B-001', 'CS24', 672000],
        ['B-002', 'CS24', 76800],
        ['B-010', 'BTL', 180000],
      ],
    ],
  ],
};

/** Supplier segments, terms of payment, suppliers with their contacts and bank accounts, and their contracts. */
export async function seedSuppliers(db: Db, branches: Record<string, number>, businessDate: string) {
  const from = dayjs(businessDate).subtract(4, 'month').startOf('month');
  for (const [property, branchId] of Object.entries(branches)) {
    for (const [code, name, nameId] of SEGMENTS)
      await sql`INSERT INTO pur_supplier_segment (branch_id, code, name, name_id) VALUES (${branchId}, ${code}, ${name}, ${nameId})`.execute(
        db,
      );
    for (const [code, name, days] of TERMS)
      await sql`INSERT INTO pur_payment_term (branch_id, code, name, days) VALUES (${branchId}, ${code}, ${name}, ${days})`.execute(db);
    for (const s of SUPPLIERS[property] ?? [])
      await insertSupplier(db, branchId, s, dayjs(businessDate).subtract(2, 'month').format('YYYY-MM-DD'));
    for (const [number, supplier, lines] of CONTRACTS[property] ?? [])
      await insertContract(
        db,
        branchId,
        number,
        supplier,
        lines,
        from.format('YYYY-MM-DD'),
        from.add(1, 'year').subtract(1, 'day').format('YYYY-MM-DD'),
      );
  }
}

async function insertSupplier(db: Db, branchId: number, s: SupplierSeed, validatedOn: string) {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO pur_supplier (branch_id, code, title, name, telephone, email, address, country, province, city, subdistrict, postal_code,
                              segment_id, payment_term_id, npwp, validated_on)
    SELECT ${branchId}, ${s.code}, ${s.title}, ${s.name}, ${s.telephone}, ${s.email}, ${s.address}, 'Indonesia', ${s.province}, ${s.city},
           ${s.subdistrict}, ${s.postal_code}, g.id, t.id, ${s.npwp.replace(/[\s.-]/g, '')}, ${validatedOn}
      FROM pur_supplier_segment g, pur_payment_term t
     WHERE g.branch_id = ${branchId} AND g.code = ${s.segment} AND t.branch_id = ${branchId} AND t.code = ${s.term}
    RETURNING id`.execute(db);
  const id = rows[0].id;
  for (const [i, [name, position, telephone]] of s.contacts.entries())
    await sql`INSERT INTO pur_supplier_contact (branch_id, supplier_id, line_no, name, position, telephone)
              VALUES (${branchId}, ${id}, ${i + 1}, ${name}, ${position}, ${telephone})`.execute(db);
  const [bank, bankBranch, accountNo] = s.bank;
  await sql`INSERT INTO pur_supplier_bank (branch_id, supplier_id, line_no, bank, bank_branch, account_no, account_name)
            VALUES (${branchId}, ${id}, 1, ${bank}, ${bankBranch}, ${accountNo}, ${`${s.title} ${s.name}`})`.execute(db);
}

async function insertContract(
  db: Db,
  branchId: number,
  number: string,
  supplier: string,
  lines: [string, string, number][],
  from: string,
  to: string,
) {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO pur_contract (branch_id, number, supplier_id, valid_from, valid_to, note)
    SELECT ${branchId}, ${number}, id, ${from}, ${to}, 'Prices agreed for the year' FROM pur_supplier WHERE branch_id = ${branchId} AND code = ${supplier}
    RETURNING id`.execute(db);
  for (const [i, [item, unit, price]] of lines.entries())
    await sql`
      INSERT INTO pur_contract_line (branch_id, contract_id, line_no, item_id, unit_id, price)
      SELECT ${branchId}, ${rows[0].id}, ${i + 1}, i.id, u.id, ${price}
        FROM inv_item i, inv_unit u WHERE i.branch_id = ${branchId} AND i.code = ${item} AND u.branch_id = ${branchId} AND u.code = ${unit}`.execute(
      db,
    );
}
