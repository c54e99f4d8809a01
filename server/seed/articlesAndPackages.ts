import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

async function ids(db: Db, table: string, branchId: number): Promise<Record<string, number>> {
  const { rows } = await sql<{ id: number; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${branchId}`.execute(
    db,
  );
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.id)]));
}

async function insertOne(db: Db, table: string, values: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(values);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) VALUES (${sql.join(Object.values(values))}) RETURNING id`.execute(
    db,
  );
  return Number(rows[0].id);
}

const TERMS_ID = `1. Waktu check-in pukul 14.00 dan check-out pukul 12.00 WIB. Keterlambatan check-out dikenakan biaya.
2. Tamu bertanggung jawab atas kerusakan atau kehilangan barang milik hotel selama menginap.
3. Hotel tidak bertanggung jawab atas barang berharga yang tidak disimpan di safe deposit box.
4. Dilarang merokok di kamar bebas asap rokok; pelanggaran dikenakan biaya pembersihan Rp 1.500.000.`;
const CONSENT_ID = `Saya menyetujui hotel memproses data pribadi saya (nama, identitas, kontak, riwayat menginap) untuk registrasi, penagihan dan kewajiban hukum, sesuai UU No. 27 Tahun 2022 tentang Pelindungan Data Pribadi. Data disimpan selama 5 tahun. Saya berhak mengakses, memperbaiki, menghapus data dan menarik persetujuan ini melalui privacy@grandnusantara.co.id.`;
const TERMS_EN = `1. Check-in is from 14:00 and check-out until 12:00 (WIB). A late check-out is charged.
2. Guests are liable for damage to or loss of hotel property during their stay.
3. The hotel is not liable for valuables not kept in the safe deposit box.
4. Smoking in non-smoking rooms is charged a cleaning fee of IDR 1,500,000.`;
const CONSENT_EN = `I agree that the hotel processes my personal data (name, identity document, contact details, stay history) for registration, billing and legal obligations under Indonesia's Personal Data Protection Law (UU No. 27/2022). The data is kept for 5 years. I may access, correct or erase it and withdraw this consent at privacy@grandnusantara.co.id.`;
/** The optional purposes a guest answers one by one when signing (UU PDP: each its own choice, none agreed by default). */
const CONSENT_PURPOSES: [string, 'en' | 'id', string, string][] = [
  [
    'MARKETING',
    'en',
    'Offers by e-mail',
    'The hotel may send me its offers and news by e-mail, at most twice a month, until I withdraw this consent.',
  ],
  [
    'MARKETING',
    'id',
    'Penawaran melalui email',
    'Hotel boleh mengirimkan penawaran dan berita melalui email, paling banyak dua kali sebulan, sampai saya menarik persetujuan ini.',
  ],
  [
    'PREFERENCES',
    'en',
    'Remember my preferences',
    'The hotel may keep my room and service preferences (pillow, floor, allergies I mention) for my next stays, for 3 years.',
  ],
  [
    'PREFERENCES',
    'id',
    'Ingat preferensi saya',
    'Hotel boleh menyimpan preferensi kamar dan layanan saya (bantal, lantai, alergi yang saya sebutkan) untuk masa inap berikutnya, selama 3 tahun.',
  ],
];

/**
 * Revenue articles, registration-card texts, arrangements (room only, with breakfast, half board) and
 * their sets for every property; in Bandung the rate codes get their arrangement, BAR and OTA follow the
 * dynamic-rate rules, and three such rules move prices with the house occupancy.
 */
export async function seedArticlesAndPackages(db: Db, branches: Record<string, number>, businessDate: string) {
  for (const branchId of Object.values(branches)) {
    const dept = await ids(db, 'department', branchId);
    const tax = await ids(db, 'tax_service', branchId);
    const main: Record<string, number> = {};
    for (const [code, name, d] of [
      ['ROOM', 'Room revenue', 'RM'],
      ['FB', 'Food & beverage', 'FB'],
      ['LDR', 'Laundry', 'LDR'],
      ['MISC', 'Other revenue', 'MIS'],
    ]) {
      main[code] = await insertOne(db, 'main_article', { branch_id: branchId, code, name, department_id: dept[d] });
    }
    const articles: [string, string, string, string, string, string | null, string, boolean][] = [
      ['RM', 'Room charge', 'ROOM', 'RM', 'room', null, '4101.01', false],
      ['XBED', 'Extra bed', 'ROOM', 'RM', 'extra_bed', '350000', '4101.02', true],
      ['BF', 'Breakfast', 'FB', 'FB', 'food', '125000', '4201.01', true],
      ['DIN', 'Dinner', 'FB', 'FB', 'food', '250000', '4201.02', true],
      ['MINI', 'Minibar', 'FB', 'FB', 'minibar', null, '4202.01', true],
      ['LDRY', 'Laundry', 'LDR', 'LDR', 'laundry', null, '4401.01', true],
      ['TRF', 'Airport transfer', 'MISC', 'MIS', 'transport', '275000', '4501.01', true],
      ['LATE', 'Late check-out fee', 'ROOM', 'RM', 'fee', '250000', '4101.03', true],
    ];
    const article: Record<string, number> = {};
    for (const [code, name, m, d, kind, price, gl, manual] of articles) {
      article[code] = await insertOne(db, 'fo_article', {
        branch_id: branchId,
        code,
        name,
        main_article_id: main[m],
        department_id: dept[d],
        tax_service_id: tax.TS21,
        kind,
        default_price: price,
        gl_account: gl,
        manual_post: manual,
      });
    }
    const arrangement: Record<string, number> = {};
    const packages: [string, string, string, [string, string, 'per_person' | 'per_room'][]][] = [
      ['RO', 'Room only', 'The whole rate is room revenue', []],
      ['RB', 'Room & breakfast', 'Buffet breakfast at Kembang Restaurant for every adult', [['BF', '125000', 'per_person']]],
      [
        'HB',
        'Half board',
        'Breakfast and a set dinner for every adult',
        [
          ['BF', '125000', 'per_person'],
          ['DIN', '250000', 'per_person'],
        ],
      ],
    ];
    for (const [code, name, description, lines] of packages) {
      arrangement[code] = await insertOne(db, 'arrangement', { branch_id: branchId, code, name, description });
      for (const [i, [a, amount, basis]] of lines.entries()) {
        await insertOne(db, 'arrangement_line', {
          branch_id: branchId,
          arrangement_id: arrangement[code],
          line_no: i + 1,
          fo_article_id: article[a],
          amount,
          basis,
        });
      }
    }
    for (const [code, name, description, members] of [
      ['STAY', 'Staycation', 'Weekend packages sold to the local market', ['RB', 'HB']],
      ['BIZ', 'Business traveller', 'What corporate and government contracts include', ['RO', 'RB']],
    ] as [string, string, string, string[]][]) {
      const setId = await insertOne(db, 'arrangement_set', { branch_id: branchId, code, name, description });
      for (const m of members)
        await sql`INSERT INTO arrangement_set_member (branch_id, set_id, arrangement_id) VALUES (${branchId}, ${setId}, ${arrangement[m]})`.execute(
          db,
        );
    }
    const since = dayjs(businessDate).startOf('year').format('YYYY-MM-DD');
    await insertOne(db, 'registration_text', {
      branch_id: branchId,
      code: 'REG',
      name: 'Kartu registrasi tamu',
      language: 'id',
      text_version: 1,
      effective_from: since,
      terms: TERMS_ID,
      consent: CONSENT_ID,
    });
    await insertOne(db, 'registration_text', {
      branch_id: branchId,
      code: 'REG',
      name: 'Guest registration card',
      language: 'en',
      text_version: 1,
      effective_from: since,
      terms: TERMS_EN,
      consent: CONSENT_EN,
    });
    // a purpose's two languages share its place in the order the guest is asked
    const order = [...new Set(CONSENT_PURPOSES.map(([code]) => code))];
    for (const [code, language, heading, text] of CONSENT_PURPOSES) {
      await insertOne(db, 'consent_purpose', {
        branch_id: branchId,
        code,
        language,
        text_version: 1,
        effective_from: since,
        heading,
        text,
        sort_order: order.indexOf(code),
      });
    }
    await insertOne(db, 'signing_device', { branch_id: branchId, name: 'Front desk tablet 1' });

    await sql`UPDATE rate_code SET arrangement_id = ${arrangement.RO} WHERE branch_id = ${branchId} AND breakfast_pax = 0`.execute(db);
    await sql`UPDATE rate_code SET arrangement_id = ${arrangement.RB} WHERE branch_id = ${branchId} AND breakfast_pax > 0`.execute(db);
    await sql`UPDATE rate_code SET dynamic = true WHERE branch_id = ${branchId} AND code IN ('BAR', 'OTA')`.execute(db);
  }

  const gnb = branches.GNB;
  const from = dayjs(businessDate).startOf('year').format('YYYY-MM-DD');
  const to = dayjs(businessDate).add(1, 'year').endOf('year').format('YYYY-MM-DD');
  const suite = (await ids(db, 'room_type', gnb)).STE;
  const rules: [string, string, number | null, string, string, 'percent' | 'amount', string][] = [
    ['LOW40', 'Low demand: below 40 % occupancy', null, '0', '40', 'percent', '-10'],
    ['HIGH85', 'High demand: 85 % occupancy and more', null, '85', '100', 'percent', '15'],
    ['STE90', 'Suites when the house is 90 % full', suite, '90', '100', 'amount', '500000'],
  ];
  for (const [code, name, roomType, occFrom, occTo, type, adjustment] of rules) {
    await insertOne(db, 'dynamic_rate', {
      branch_id: gnb,
      code,
      name,
      room_type_id: roomType,
      date_from: from,
      date_to: to,
      occupancy_from: occFrom,
      occupancy_to: occTo,
      adjustment_type: type,
      adjustment,
    });
  }
}
