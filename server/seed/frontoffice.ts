import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

type Row = Record<string, unknown>;

async function insert(db: Db, table: string, branchId: number, rows: Row[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const r of rows) {
    const cols = ['branch_id', ...Object.keys(r)];
    const values = [branchId, ...Object.values(r)];
    const { rows: out } = await sql<{ id: number; code: string }>`
      INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) VALUES (${sql.join(values)}) RETURNING id, code`.execute(
      db,
    );
    ids[out[0].code] = out[0].id;
  }
  return ids;
}

const codes = (list: [string, string][]) => list.map(([code, name]) => ({ code, name }));

/** The code lists every property shares in shape (its own rows, its own ids). */
async function seedCodeLists(db: Db, branchId: number) {
  await insert(db, 'segment', branchId, [
    { code: 'FIT', name: 'Individual (FIT)', kind: 'transient' },
    { code: 'COR', name: 'Corporate', kind: 'contract' },
    { code: 'GOV', name: 'Government', kind: 'contract' },
    { code: 'OTA', name: 'Online travel agent', kind: 'transient' },
    { code: 'GRP', name: 'Group & MICE', kind: 'group' },
    { code: 'COMP', name: 'Complimentary', kind: 'complimentary' },
    { code: 'HU', name: 'House use', kind: 'house_use' },
  ]);
  await insert(
    db,
    'reserve_source',
    branchId,
    codes([
      ['WALK', 'Walk-in'],
      ['PHONE', 'Telephone'],
      ['EMAIL', 'E-mail'],
      ['WEB', 'Hotel website'],
      ['BKG', 'Booking.com'],
      ['AGD', 'Agoda'],
      ['TVL', 'Traveloka'],
      ['TA', 'Travel agent'],
    ]),
  );
  await insert(db, 'reserve_type', branchId, [
    { code: '6PM', name: 'Non-guaranteed, held until 18:00', guaranteed: false },
    { code: 'GTD', name: 'Guaranteed by card or deposit', guaranteed: true },
    { code: 'CO', name: 'Company guarantee', guaranteed: true },
  ]);
  await insert(db, 'reserve_status', branchId, [
    { code: 'TEN', name: 'Tentative', color: '#e0a020' },
    { code: 'CONF', name: 'Confirmed', color: '#2f6fb2' },
    { code: 'WAIT', name: 'Waiting list', color: '#8a9199' },
  ]);
  await insert(
    db,
    'reserve_purpose',
    branchId,
    codes([
      ['BUS', 'Business'],
      ['LEI', 'Leisure'],
      ['MICE', 'Meeting & event'],
      ['TRN', 'Transit'],
      ['FAM', 'Family visit'],
    ]),
  );
  await insert(
    db,
    'reserve_voucher_type',
    branchId,
    codes([
      ['OTA', 'OTA voucher'],
      ['TA', 'Travel agent voucher'],
      ['GIFT', 'Gift voucher'],
    ]),
  );
  await insert(
    db,
    'rsv_reason_cancel',
    branchId,
    codes([
      ['PLAN', 'Change of plans'],
      ['PRICE', 'Found a better price'],
      ['DUP', 'Duplicate booking'],
      ['NOPAY', 'Guarantee not received'],
      ['FM', 'Force majeure'],
    ]),
  );
  await insert(db, 'type_vip', branchId, [
    { code: 'VIP1', name: 'VIP 1 — owner / board', amenity: 'Fruit basket, wine, GM welcome' },
    { code: 'VIP2', name: 'VIP 2 — corporate key account', amenity: 'Fruit basket, welcome card' },
    { code: 'VIP3', name: 'VIP 3 — repeat guest', amenity: 'Welcome card' },
  ]);
  await insert(db, 'guest_title', branchId, [
    { code: 'MR', name: 'Mr. / Bapak', gender: 'male' },
    { code: 'MRS', name: 'Mrs. / Ibu', gender: 'female' },
    { code: 'MS', name: 'Ms. / Nona', gender: 'female' },
    { code: 'DR', name: 'Dr.', gender: null },
  ]);
  await insert(db, 'guest_identity', branchId, [
    { code: 'KTP', name: 'KTP (Indonesian ID card)', foreign_only: false },
    { code: 'SIM', name: 'SIM (driving licence)', foreign_only: false },
    { code: 'PASSPORT', name: 'Passport', foreign_only: false },
    { code: 'KITAS', name: 'KITAS (limited stay permit)', foreign_only: true },
  ]);
  await insert(db, 'guest_card', branchId, [
    { code: 'SILVER', name: 'Silver member', discount_pct: '5' },
    { code: 'GOLD', name: 'Gold member', discount_pct: '10' },
  ]);
  await insert(db, 'loan_item', branchId, [
    { code: 'UMB', name: 'Umbrella', deposit: '50000', stock: 30 },
    { code: 'ADP', name: 'Universal power adaptor', deposit: '100000', stock: 20 },
    { code: 'IRON', name: 'Iron and board', deposit: '0', stock: 10 },
  ]);
  await insert(
    db,
    'other_loan_item',
    branchId,
    codes([
      ['BABY', 'Baby cot'],
      ['XBED', 'Extra bed'],
    ]).map((r) => ({ ...r, deposit: '0', stock: r.code === 'BABY' ? 6 : 10 })),
  );
}

interface FloorPlan {
  building: string;
  code: string;
  name: string;
  level: number;
  rooms: [string, number][];
}

/**
 * The demo rooms: Grand Nusantara Bandung has 120 rooms in a main tower and a garden wing; Nusantara
 * Beach Resort Bali 16 villas and rooms. One room is out of order around the business date.
 */
export async function seedFrontOffice(db: Db, branches: Record<string, number>, businessDate: string) {
  for (const branchId of Object.values(branches)) await seedCodeLists(db, branchId);

  const gnb = branches.GNB;
  const views = await insert(
    db,
    'room_view',
    gnb,
    codes([
      ['CITY', 'City view'],
      ['MTN', 'Mountain view'],
      ['GDN', 'Garden view'],
      ['POOL', 'Pool view'],
    ]),
  );
  const beds = await insert(
    db,
    'room_setup_bed',
    gnb,
    codes([
      ['KING', 'King bed'],
      ['TWIN', 'Twin beds'],
      ['DBL', 'Double bed'],
    ]),
  );
  const dirs = await insert(
    db,
    'room_direction',
    gnb,
    codes([
      ['N', 'North'],
      ['E', 'East'],
      ['S', 'South'],
      ['W', 'West'],
    ]),
  );
  const buildings = await insert(db, 'building', gnb, [
    { code: 'MAIN', name: 'Main tower', address: 'Jl. Asia Afrika No. 112' },
    { code: 'GDN', name: 'Garden wing', address: 'Jl. Asia Afrika No. 112 (rear)' },
  ]);
  const types = await insert(db, 'room_type', gnb, [
    { code: 'SUP', name: 'Superior', description: '24 m², city or mountain view', max_adults: 2, max_children: 1, sort_order: 1 },
    { code: 'DLX', name: 'Deluxe', description: '30 m², bathtub', max_adults: 2, max_children: 1, sort_order: 2 },
    { code: 'EXE', name: 'Executive', description: '36 m², lounge access', max_adults: 2, max_children: 2, sort_order: 3 },
    { code: 'JS', name: 'Junior Suite', description: '48 m², living corner', max_adults: 3, max_children: 2, sort_order: 4 },
    { code: 'STE', name: 'Suite', description: '72 m², separate living room', max_adults: 4, max_children: 2, sort_order: 5 },
  ]);
  const plan: FloorPlan[] = [
    { building: 'MAIN', code: 'M2', name: 'Main 2nd floor', level: 2, rooms: [['SUP', 24]] },
    { building: 'MAIN', code: 'M3', name: 'Main 3rd floor', level: 3, rooms: [['SUP', 24]] },
    { building: 'MAIN', code: 'M4', name: 'Main 4th floor', level: 4, rooms: [['DLX', 24]] },
    {
      building: 'MAIN',
      code: 'M5',
      name: 'Main 5th floor',
      level: 5,
      rooms: [
        ['DLX', 16],
        ['EXE', 8],
      ],
    },
    { building: 'GDN', code: 'G1', name: 'Garden ground floor', level: 1, rooms: [['EXE', 12]] },
    {
      building: 'GDN',
      code: 'G2',
      name: 'Garden upper floor',
      level: 2,
      rooms: [
        ['JS', 8],
        ['STE', 4],
      ],
    },
  ];
  const viewCodes = Object.keys(views);
  const dirCodes = Object.keys(dirs);
  for (const f of plan) {
    const floor = await insert(db, 'floor', gnb, [{ code: f.code, name: f.name, building_id: buildings[f.building], level: f.level }]);
    let n = 1;
    for (const [type, count] of f.rooms) {
      for (let i = 0; i < count; i++, n++) {
        const number = `${f.building === 'GDN' ? 'G' : ''}${f.level}${String(n).padStart(2, '0')}`;
        await insert(db, 'room', gnb, [
          {
            code: number,
            room_type_id: types[type],
            floor_id: floor[f.code],
            room_view_id: views[f.building === 'GDN' ? (n % 2 ? 'GDN' : 'POOL') : viewCodes[n % 2]],
            room_setup_bed_id: beds[type === 'SUP' && n % 3 === 0 ? 'TWIN' : 'KING'],
            room_direction_id: dirs[dirCodes[n % 4]],
            smoking: type === 'SUP' && n > 20,
            plan_x: ((n - 1) % 12) * 90,
            plan_y: Math.floor((n - 1) / 12) * 90,
          },
        ]);
      }
    }
  }
  // Room 512 has a leaking air conditioner: out of order for four nights around the business date.
  const b = dayjs(businessDate);
  await sql`UPDATE room SET hk_status = 'out_of_order', ooo_from = ${b.subtract(1, 'day').format('YYYY-MM-DD')}, ooo_to = ${b.add(3, 'day').format('YYYY-MM-DD')}, ooo_reason = 'Air conditioner leaking, technician booked'
            WHERE branch_id = ${gnb} AND code = '512'`.execute(db);

  const nbr = branches.NBR;
  const nbrBuilding = await insert(db, 'building', nbr, [{ code: 'RES', name: 'Resort' }]);
  const nbrTypes = await insert(db, 'room_type', nbr, [
    { code: 'DLX', name: 'Deluxe Garden', max_adults: 2, max_children: 1, sort_order: 1 },
    { code: 'OCN', name: 'Ocean Front', max_adults: 2, max_children: 2, sort_order: 2 },
    { code: 'VIL', name: 'Pool Villa', max_adults: 4, max_children: 2, sort_order: 3 },
  ]);
  for (const [level, list] of [
    [
      1,
      [
        ['DLX', 6],
        ['VIL', 2],
      ],
    ],
    [2, [['OCN', 8]]],
  ] as [number, [string, number][]][]) {
    const floor = await insert(db, 'floor', nbr, [{ code: `L${level}`, name: `Level ${level}`, building_id: nbrBuilding.RES, level }]);
    let n = 1;
    for (const [type, count] of list)
      for (let i = 0; i < count; i++, n++)
        await insert(db, 'room', nbr, [
          { code: `${level}${String(n).padStart(2, '0')}`, room_type_id: nbrTypes[type], floor_id: floor[`L${level}`] },
        ]);
  }
}

/** A tiny deterministic random source, so the demo hotel is the same on every machine. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const FIRST = [
  'Budi',
  'Siti',
  'Agus',
  'Dewi',
  'Rizky',
  'Putri',
  'Andi',
  'Ratna',
  'Hendra',
  'Maya',
  'Joko',
  'Intan',
  'Fajar',
  'Lestari',
  'Yusuf',
  'Wulan',
  'Arif',
  'Nur',
  'Teguh',
  'Ayu',
];
const LAST = [
  'Santoso',
  'Wijaya',
  'Kusuma',
  'Pratama',
  'Hidayat',
  'Saputra',
  'Lestari',
  'Nugroho',
  'Siregar',
  'Harahap',
  'Gunawan',
  'Sitompul',
  'Tanjung',
  'Halim',
  'Setiawan',
];
const FOREIGN: [string, string][] = [
  ['Emma Wilson', 'AU'],
  ['Liam Tan', 'SG'],
  ['Hiroshi Sato', 'JP'],
  ['Sophie Martin', 'FR'],
  ['Daniel Kim', 'KR'],
  ['Olivia Brown', 'GB'],
  ['Ahmad Rahman', 'MY'],
  ['Lucas Müller', 'DE'],
];
const COMPANIES = [
  'PT Telkom Indonesia',
  'PT Bank Mandiri',
  'Kementerian Keuangan',
  'PT Astra International',
  'PT Pertamina',
  'Pemprov Jawa Barat',
  null,
  null,
  null,
  null,
];

/**
 * Rate codes for every room type, 400 guest profiles, and reservations from 90 days before to 60 days
 * after the business date, room by room so no two stays of a room overlap (the database would refuse it):
 * past stays checked out, today's in house, future ones confirmed or tentative, a few cancelled.
 */
export async function seedReservations(db: Db, branchId: number, businessDate: string) {
  const id = async (table: string, code: string) =>
    (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${branchId} AND code = ${code}`.execute(db)).rows[0].id;
  const ts = { plus: await id('tax_service', 'TS21'), nett: await id('tax_service', 'TS21N') };
  const seg = {
    FIT: await id('segment', 'FIT'),
    COR: await id('segment', 'COR'),
    GOV: await id('segment', 'GOV'),
    OTA: await id('segment', 'OTA'),
  };
  const prices: Record<string, [number, number]> = {
    SUP: [850000, 950000],
    DLX: [1100000, 1250000],
    EXE: [1500000, 1700000],
    JS: [2200000, 2500000],
    STE: [3500000, 4000000],
  };
  const from = dayjs(businessDate).startOf('year').format('YYYY-MM-DD');
  const to = dayjs(businessDate).add(1, 'year').endOf('year').format('YYYY-MM-DD');
  const rates: { code: string; type: string; id: number }[] = [];
  for (const [type, [weekday, weekend]] of Object.entries(prices)) {
    const typeId = await id('room_type', type);
    const plans: [string, string, 'plus' | 'nett', number, number | null][] = [
      ['RACK', 'Rack rate', 'plus', 1, null],
      ['BAR', 'Best available rate (nett)', 'nett', 1.1, seg.FIT],
      ['CORP', 'Corporate contract', 'plus', 0.8, seg.COR],
      ['GOV', 'Government rate', 'plus', 0.75, seg.GOV],
      ['OTA', 'Online travel agents (nett)', 'nett', 1.05, seg.OTA],
    ];
    for (const [code, name, mode, factor, segment] of plans) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO rate_code (branch_id, code, name, room_type_id, tax_service_id, segment_id, valid_from, valid_to, weekday_price, weekend_price, breakfast_pax)
        VALUES (${branchId}, ${code}, ${`${name}`}, ${typeId}, ${ts[mode]}, ${segment}, ${from}, ${to}, ${Math.round((weekday * factor) / 1000) * 1000}, ${Math.round((weekend * factor) / 1000) * 1000}, ${code === 'RACK' ? 0 : 2})
        RETURNING id`.execute(db);
      rates.push({ code, type, id: rows[0].id });
    }
  }
  await sql`INSERT INTO currency (branch_id, code, name, symbol, rate, rate_date) VALUES
    (${branchId}, 'IDR', 'Indonesian rupiah', 'Rp', 1, ${businessDate}),
    (${branchId}, 'USD', 'US dollar', '$', 15850, ${businessDate}),
    (${branchId}, 'SGD', 'Singapore dollar', 'S$', 11780, ${businessDate}),
    (${branchId}, 'AUD', 'Australian dollar', 'A$', 10320, ${businessDate})`.execute(db);

  const rnd = lcg(20261123);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const ktp = await id('guest_identity', 'KTP');
  const passport = await id('guest_identity', 'PASSPORT');
  const guests = Array.from({ length: 400 }, (_, i) => {
    const foreign = i % 10 === 0;
    const [name, nat] = foreign ? FOREIGN[(i / 10) % FOREIGN.length] : [`${pick(FIRST)} ${pick(LAST)}`, 'ID'];
    const birth = dayjs('1960-01-01')
      .add(Math.floor(rnd() * 15000), 'day')
      .format('YYYY-MM-DD');
    return {
      name,
      nationality: nat,
      birth_date: birth,
      id_type_id: foreign ? passport : ktp,
      id_number: foreign ? `P${String(1000000 + i * 7919).slice(0, 8)}` : `3273${String(100000000000 + i * 7919331).slice(0, 12)}`,
      phone: `+62 8${String(1100000000 + i * 104729).slice(0, 10)}`,
      company: pick(COMPANIES),
      city: foreign ? null : pick(['Bandung', 'Jakarta', 'Surabaya', 'Bogor', 'Cirebon']),
    };
  });
  const { rows: guestRows } = await sql<{ id: number }>`
    INSERT INTO guest (branch_id, name, nationality, birth_date, id_type_id, id_number, phone, company, city)
    SELECT ${branchId}, g.name, g.nationality, g.birth_date, g.id_type_id, g.id_number, g.phone, g.company, g.city
      FROM jsonb_to_recordset(${JSON.stringify(guests)}::jsonb) AS g(name text, nationality text, birth_date date, id_type_id bigint, id_number text, phone text, company text, city text)
    RETURNING id`.execute(db);
  const guestIds = guestRows.map((g) => g.id);

  const rooms = (
    await sql<{ id: number; code: string; room_type_id: number; type: string; ooo_from: string | null; ooo_to: string | null }>`
    SELECT r.id, r.code, r.room_type_id, t.code AS type, r.ooo_from::text AS ooo_from, r.ooo_to::text AS ooo_to FROM room r JOIN room_type t ON t.branch_id = r.branch_id AND t.id = r.room_type_id
     WHERE r.branch_id = ${branchId} ORDER BY r.code`.execute(db)
  ).rows;
  const sources = (await sql<{ id: number; code: string }>`SELECT id, code FROM reserve_source WHERE branch_id = ${branchId}`.execute(db))
    .rows;
  const cancelReason = await id('rsv_reason_cancel', 'PLAN');
  const b = dayjs(businessDate);
  const stays: Record<string, unknown>[] = [];
  let n = 0;
  for (const room of rooms) {
    let d = b.subtract(90, 'day').add(Math.floor(rnd() * 3), 'day');
    while (d.isBefore(b.add(60, 'day'))) {
      const nights = 1 + Math.floor(rnd() * 4);
      const arrival = d.format('YYYY-MM-DD');
      const departure = d.add(nights, 'day').format('YYYY-MM-DD');
      if (room.ooo_from && room.ooo_to && arrival < room.ooo_to && room.ooo_from < departure) {
        d = dayjs(room.ooo_to);
        continue;
      }
      const rate = pick(rates.filter((r) => r.type === room.type));
      const future = !d.isBefore(b);
      const inHouse = !future && !d.add(nights, 'day').isBefore(b.add(1, 'day'));
      const cancelled = future && rnd() < 0.06;
      const status = cancelled ? 'cancelled' : inHouse ? 'in_house' : future ? (rnd() < 0.15 ? 'tentative' : 'confirmed') : 'checked_out';
      n++;
      stays.push({
        code: `R${100000 + n}`,
        guest_id: pick(guestIds),
        arrival,
        departure,
        room_type_id: room.room_type_id,
        // a future booking is often still without a room number; the room plan assigns it
        room_id: future && rnd() < 0.3 ? null : room.id,
        rate_code_id: rate.id,
        adults: 1 + Math.floor(rnd() * 2),
        status,
        segment_id: rate.code === 'CORP' ? seg.COR : rate.code === 'GOV' ? seg.GOV : rate.code === 'OTA' ? seg.OTA : seg.FIT,
        reserve_source_id:
          rate.code === 'OTA'
            ? pick(sources.filter((s) => ['BKG', 'AGD', 'TVL'].includes(s.code))).id
            : pick(sources.filter((s) => !['BKG', 'AGD', 'TVL'].includes(s.code))).id,
        cancel_reason_id: cancelled ? cancelReason : null,
      });
      // occupancy around 70 %: a gap of 0 to 2 nights between stays
      d = d.add(nights + Math.floor(rnd() * 2.4), 'day');
    }
  }
  await sql`
    INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, rate_code_id, adults, status, segment_id, reserve_source_id, cancel_reason_id, cancelled_at)
    SELECT ${branchId}, s.code, s.guest_id, s.arrival, s.departure, s.room_type_id, s.room_id, s.rate_code_id, s.adults, s.status, s.segment_id, s.reserve_source_id, s.cancel_reason_id,
           CASE WHEN s.status = 'cancelled' THEN now() END
      FROM jsonb_to_recordset(${JSON.stringify(stays)}::jsonb) AS s(code text, guest_id bigint, arrival date, departure date, room_type_id bigint, room_id bigint, rate_code_id bigint, adults int, status text, segment_id bigint, reserve_source_id bigint, cancel_reason_id bigint)`.execute(
    db,
  );
  await sql`SELECT setval('reservation_number_seq', ${100001 + n})`.execute(db);
  // an extra bed in three of the rooms in house, a cot for two families arriving: one of each a stay, well in stock
  await sql`
    INSERT INTO reservation_extra_bed (branch_id, reservation_id, other_loan_item_id, quantity, first_night, last_night)
    SELECT v.branch_id, v.id, i.id, 1, v.arrival, v.departure - 1
      FROM (SELECT *, row_number() OVER (PARTITION BY status ORDER BY id) AS n FROM reservation
             WHERE branch_id = ${branchId} AND (status = 'in_house' OR (status = 'confirmed' AND arrival > ${businessDate}::date))) v
      JOIN other_loan_item i ON i.branch_id = v.branch_id AND i.code = CASE v.status WHEN 'in_house' THEN 'XBED' ELSE 'BABY' END
     WHERE v.n <= CASE v.status WHEN 'in_house' THEN 3 ELSE 2 END`.execute(db);
}
