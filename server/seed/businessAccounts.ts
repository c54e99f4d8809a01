import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

type Contact = [name: string, position: string, phone: string, email: string, billing: boolean];
interface AccountSeed {
  code: string;
  kind: 'company' | 'travel_agent' | 'government' | 'other';
  name: string;
  legalName: string;
  npwp: string | null;
  city: string;
  address: string;
  phone: string;
  email: string;
  language: 'en' | 'id';
  /** null: not billed on the city ledger */
  creditLimit: number | null;
  days: number;
  contacts: Contact[];
}

/** The city hotel's accounts: the companies the demo's reservations name, a government office and two agents. */
const GNB: AccountSeed[] = [
  {
    code: 'TELKOM',
    kind: 'company',
    name: 'PT Telkom Indonesia',
    legalName: 'PT Telkom Indonesia (Persero) Tbk',
    npwp: '010000131093000',
    city: 'Bandung',
    address: 'Jl. Japati No. 1',
    phone: '022 4521108',
    email: 'travel.desk@telkom.co.id',
    language: 'id',
    creditLimit: 150_000_000,
    days: 30,
    contacts: [
      ['Wulan Sari', 'Travel coordinator', '0812 2201 4432', 'wulan.sari@telkom.co.id', false],
      ['Hendra Gunawan', 'Accounts payable', '022 4521190', 'ap.bandung@telkom.co.id', true],
    ],
  },
  {
    code: 'MANDIRI',
    kind: 'company',
    name: 'PT Bank Mandiri',
    legalName: 'PT Bank Mandiri (Persero) Tbk',
    npwp: '010000913093000',
    city: 'Bandung',
    address: 'Jl. Asia Afrika No. 107',
    phone: '022 4230100',
    email: 'corporate.travel@bankmandiri.co.id',
    language: 'id',
    creditLimit: 100_000_000,
    days: 30,
    contacts: [['Rudi Hartono', 'General affairs', '0813 2100 7781', 'rudi.hartono@bankmandiri.co.id', true]],
  },
  {
    code: 'KEMENKEU',
    kind: 'government',
    name: 'Kementerian Keuangan',
    legalName: 'Kementerian Keuangan Republik Indonesia',
    npwp: null,
    city: 'Jakarta',
    address: 'Jl. Dr. Wahidin Raya No. 1',
    phone: '021 3449230',
    email: 'perjalanan.dinas@kemenkeu.go.id',
    language: 'id',
    creditLimit: 75_000_000,
    days: 45,
    contacts: [['Sri Wahyuni', 'Bendahara', '0811 9087 2231', 'sri.wahyuni@kemenkeu.go.id', true]],
  },
  {
    code: 'ASTRA',
    kind: 'company',
    name: 'PT Astra International',
    legalName: 'PT Astra International Tbk',
    npwp: '013017479092000',
    city: 'Jakarta',
    address: 'Jl. Gaya Motor Raya No. 8',
    phone: '021 6522555',
    email: 'travel@astra.co.id',
    language: 'en',
    creditLimit: 120_000_000,
    days: 30,
    contacts: [['Kevin Wijaya', 'Travel manager', '0816 1180 2219', 'kevin.wijaya@astra.co.id', true]],
  },
  {
    code: 'PERTAMINA',
    kind: 'company',
    name: 'PT Pertamina',
    legalName: 'PT Pertamina (Persero)',
    npwp: '010000578051000',
    city: 'Jakarta',
    address: 'Jl. Medan Merdeka Timur No. 1A',
    phone: '021 3815111',
    email: 'hotel.booking@pertamina.com',
    language: 'id',
    creditLimit: 200_000_000,
    days: 30,
    contacts: [['Dian Permata', 'Corporate travel', '0812 8890 1123', 'dian.permata@pertamina.com', true]],
  },
  {
    code: 'JABAR',
    kind: 'government',
    name: 'Pemprov Jawa Barat',
    legalName: 'Pemerintah Provinsi Jawa Barat',
    npwp: null,
    city: 'Bandung',
    address: 'Jl. Diponegoro No. 22',
    phone: '022 4232448',
    email: 'biro.umum@jabarprov.go.id',
    language: 'id',
    creditLimit: 50_000_000,
    days: 60,
    contacts: [['Asep Saepudin', 'Biro umum', '0812 2345 8890', 'asep.saepudin@jabarprov.go.id', true]],
  },
  {
    code: 'PANORAMA',
    kind: 'travel_agent',
    name: 'Panorama Tours',
    legalName: 'PT Panorama Tours Indonesia',
    npwp: '016732850054000',
    city: 'Jakarta',
    address: 'Jl. Tomang Raya No. 63',
    phone: '021 25565000',
    email: 'hotel.contracting@panorama-tours.com',
    language: 'en',
    creditLimit: 80_000_000,
    days: 30,
    contacts: [['Maria Lim', 'Contracting', '0815 1002 7731', 'maria.lim@panorama-tours.com', true]],
  },
  {
    code: 'BANDUNGWISATA',
    kind: 'travel_agent',
    name: 'Bandung Wisata Travel',
    legalName: 'CV Bandung Wisata',
    npwp: null,
    city: 'Bandung',
    address: 'Jl. Braga No. 45',
    phone: '022 4206611',
    email: 'booking@bandungwisata.co.id',
    language: 'id',
    creditLimit: null,
    days: 0,
    contacts: [['Yudi Pratama', 'Owner', '0817 2211 0098', 'yudi@bandungwisata.co.id', false]],
  },
];

/** The resort's: a wedding organiser and an incentive agent. */
const NBR: AccountSeed[] = [
  {
    code: 'BALIWED',
    kind: 'company',
    name: 'Bali Dream Weddings',
    legalName: 'PT Bali Dream Weddings',
    npwp: '024561238901000',
    city: 'Denpasar',
    address: 'Jl. Bypass Ngurah Rai No. 88',
    phone: '0361 287700',
    email: 'events@balidreamweddings.com',
    language: 'en',
    creditLimit: 250_000_000,
    days: 14,
    contacts: [['Ni Luh Ayu', 'Wedding planner', '0812 3890 4412', 'ayu@balidreamweddings.com', true]],
  },
  {
    code: 'PACTO',
    kind: 'travel_agent',
    name: 'Pacto Bali',
    legalName: 'PT Pacto Ltd',
    npwp: '010018829051000',
    city: 'Denpasar',
    address: 'Jl. Raya Kuta No. 2',
    phone: '0361 751745',
    email: 'mice.bali@pacto.co.id',
    language: 'en',
    creditLimit: 150_000_000,
    days: 30,
    contacts: [['Gede Wirawan', 'MICE sales', '0811 3990 2208', 'gede.wirawan@pacto.co.id', true]],
  },
];

/** The business accounts of both demo properties, with their contacts (companies the reservations name). */
export async function seedBusinessAccounts(db: Db, branches: Record<string, number>) {
  for (const [code, accounts] of [
    ['GNB', GNB],
    ['NBR', NBR],
  ] as const) {
    const branchId = branches[code];
    for (const a of accounts) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO business_account (branch_id, code, kind, name, legal_name, npwp, address, city, phone, email, language,
                                      city_ledger, credit_limit, payment_term_days)
        VALUES (${branchId}, ${a.code}, ${a.kind}, ${a.name}, ${a.legalName}, ${a.npwp}, ${a.address}, ${a.city}, ${a.phone},
                ${a.email}, ${a.language}, ${a.creditLimit !== null}, ${a.creditLimit}, ${a.days})
        RETURNING id`.execute(db);
      for (const [i, [name, position, phone, email, billing]] of a.contacts.entries())
        await sql`INSERT INTO business_account_contact (branch_id, account_id, line_no, name, position, phone, email, billing)
                  VALUES (${branchId}, ${rows[0].id}, ${i + 1}, ${name}, ${position}, ${phone}, ${email}, ${billing})`.execute(db);
    }
  }
}
