import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

const OUTLETS: Record<string, [kind: string, covers: number | null]> = {
  RESTO: ['restaurant', 80],
  LOUNGE: ['bar', 40],
  RSVC: ['room_service', null],
  POOL: ['bar', 24],
  SPA: ['spa', null],
};

const MAIN_GROUPS: [code: string, name: string, nameId: string, revenue: string, cost: string | null][] = [
  ['FOOD', 'Food', 'Makanan', '4203.01', '5201.01'],
  ['BEV', 'Beverage', 'Minuman', '4204.01', '5202.01'],
  ['OTH', 'Other', 'Lainnya', '4205.01', null],
];

const GROUPS: [code: string, name: string, nameId: string, main: string][] = [
  ['APP', 'Appetisers', 'Makanan pembuka', 'FOOD'],
  ['SOUP', 'Soups', 'Sup', 'FOOD'],
  ['MAIN', 'Main courses', 'Hidangan utama', 'FOOD'],
  ['RICE', 'Rice and noodles', 'Nasi dan mi', 'FOOD'],
  ['DESS', 'Desserts', 'Hidangan penutup', 'FOOD'],
  ['COFFEE', 'Coffee and tea', 'Kopi dan teh', 'BEV'],
  ['JUICE', 'Juices and mocktails', 'Jus dan mocktail', 'BEV'],
  ['SOFT', 'Soft drinks and water', 'Minuman ringan dan air', 'BEV'],
  ['BEER', 'Beer', 'Bir', 'BEV'],
  ['MISC', 'Cakes to take away', 'Kue bawa pulang', 'OTH'],
  ['AMEN', 'Amenities to the room', 'Amenitas ke kamar', 'OTH'],
];

/** The Kembang Restaurant's menu: [code, name, Indonesian name, group, price, cost, station, modifiers]. */
const MENU: [string, string, string, string, number, number, string, [string, number][]][] = [
  [
    'A01',
    'Chicken satay (10 skewers)',
    'Sate ayam (10 tusuk)',
    'APP',
    65000,
    21000,
    'kitchen',
    [
      ['Extra peanut sauce', 5000],
      ['No chilli', 0],
    ],
  ],
  ['A02', 'Gado-gado', 'Gado-gado', 'APP', 55000, 15000, 'kitchen', [['No peanut sauce', 0]]],
  ['A03', 'Lumpia Semarang', 'Lumpia Semarang', 'APP', 48000, 14000, 'kitchen', []],
  ['A04', 'Tahu telur', 'Tahu telur', 'APP', 45000, 12000, 'kitchen', []],
  ['A05', 'Prawn crackers', 'Kerupuk udang', 'APP', 18000, 4000, 'none', []],
  [
    'S01',
    'Soto ayam Lamongan',
    'Soto ayam Lamongan',
    'SOUP',
    58000,
    16000,
    'kitchen',
    [
      ['Extra rice', 10000],
      ['No egg', 0],
    ],
  ],
  ['S02', 'Sop buntut', 'Sop buntut', 'SOUP', 125000, 48000, 'kitchen', [['Fried instead of soup', 0]]],
  ['S03', 'Rawon', 'Rawon', 'SOUP', 85000, 30000, 'kitchen', []],
  ['S04', 'Sayur asem', 'Sayur asem', 'SOUP', 38000, 9000, 'kitchen', []],
  ['M01', 'Beef rendang', 'Rendang sapi', 'MAIN', 115000, 42000, 'kitchen', [['Extra rice', 10000]]],
  [
    'M02',
    'Ayam bakar Taliwang',
    'Ayam bakar Taliwang',
    'MAIN',
    95000,
    32000,
    'kitchen',
    [
      ['Less spicy', 0],
      ['Extra sambal', 5000],
    ],
  ],
  ['M03', 'Grilled snapper Jimbaran', 'Kakap bakar Jimbaran', 'MAIN', 145000, 58000, 'kitchen', []],
  ['M04', 'Iga bakar', 'Iga bakar', 'MAIN', 165000, 66000, 'kitchen', []],
  ['M05', 'Ayam goreng kremes', 'Ayam goreng kremes', 'MAIN', 78000, 24000, 'kitchen', []],
  ['M06', 'Bebek goreng', 'Bebek goreng', 'MAIN', 98000, 36000, 'kitchen', [['Extra sambal korek', 5000]]],
  ['M07', 'Udang balado', 'Udang balado', 'MAIN', 135000, 52000, 'kitchen', []],
  ['M08', 'Tempe mendoan and sambal', 'Tempe mendoan dan sambal', 'MAIN', 42000, 9000, 'kitchen', []],
  [
    'R01',
    'Nasi goreng kampung',
    'Nasi goreng kampung',
    'RICE',
    75000,
    20000,
    'kitchen',
    [
      ['Extra egg', 8000],
      ['No chilli', 0],
      ['Add chicken satay', 25000],
    ],
  ],
  ['R02', 'Mie goreng Jawa', 'Mie goreng Jawa', 'RICE', 72000, 19000, 'kitchen', [['Extra egg', 8000]]],
  ['R03', 'Nasi campur Bali', 'Nasi campur Bali', 'RICE', 98000, 33000, 'kitchen', []],
  ['R04', 'Kwetiau siram seafood', 'Kwetiau siram seafood', 'RICE', 85000, 28000, 'kitchen', []],
  ['R05', 'Nasi uduk komplit', 'Nasi uduk komplit', 'RICE', 68000, 19000, 'kitchen', []],
  ['R06', 'Steamed rice', 'Nasi putih', 'RICE', 15000, 3000, 'kitchen', []],
  ['D01', 'Es campur', 'Es campur', 'DESS', 42000, 10000, 'kitchen', []],
  ['D02', 'Klepon', 'Klepon', 'DESS', 35000, 8000, 'kitchen', []],
  ['D03', 'Pisang goreng with ice cream', 'Pisang goreng dengan es krim', 'DESS', 45000, 11000, 'kitchen', []],
  ['D04', 'Dadar gulung', 'Dadar gulung', 'DESS', 32000, 7000, 'kitchen', []],
  ['C01', 'Kopi tubruk Toraja', 'Kopi tubruk Toraja', 'COFFEE', 35000, 7000, 'bar', [['Less sugar', 0]]],
  [
    'C02',
    'Cappuccino',
    'Cappuccino',
    'COFFEE',
    42000,
    9000,
    'bar',
    [
      ['Oat milk', 8000],
      ['Extra shot', 10000],
    ],
  ],
  ['C03', 'Es kopi susu gula aren', 'Es kopi susu gula aren', 'COFFEE', 45000, 10000, 'bar', [['Less sweet', 0]]],
  ['C04', 'Teh tarik', 'Teh tarik', 'COFFEE', 32000, 6000, 'bar', []],
  ['C05', 'Wedang jahe', 'Wedang jahe', 'COFFEE', 30000, 5000, 'bar', []],
  ['J01', 'Alpukat juice', 'Jus alpukat', 'JUICE', 42000, 12000, 'bar', [['No chocolate', 0]]],
  ['J02', 'Es jeruk', 'Es jeruk', 'JUICE', 30000, 6000, 'bar', [['Warm', 0]]],
  ['J03', 'Watermelon juice', 'Jus semangka', 'JUICE', 35000, 7000, 'bar', []],
  ['J04', 'Virgin mojito', 'Virgin mojito', 'JUICE', 55000, 12000, 'bar', []],
  ['W01', 'Mineral water 600 ml', 'Air mineral 600 ml', 'SOFT', 20000, 4000, 'none', []],
  ['W02', 'Coca-Cola', 'Coca-Cola', 'SOFT', 28000, 7000, 'none', []],
  ['B01', 'Bintang Pilsener', 'Bintang Pilsener', 'BEER', 65000, 24000, 'bar', []],
  ['B02', 'Bali Hai draught', 'Bali Hai draft', 'BEER', 60000, 21000, 'bar', []],
  ['K01', 'Lapis legit (whole)', 'Lapis legit (utuh)', 'MISC', 450000, 160000, 'none', []],
];

/** What room service sends up from housekeeping rather than the kitchen: the amenity station's board. */
const AMENITIES: (typeof MENU)[number][] = [
  ['H01', 'Baby cot', 'Ranjang bayi', 'AMEN', 150000, 0, 'amenity', []],
  ['H02', 'Amenity kit (toothbrush, razor, comb)', 'Paket amenitas (sikat gigi, pisau cukur, sisir)', 'AMEN', 35000, 12000, 'amenity', []],
  ['H03', 'Bathrobe to keep', 'Jubah mandi untuk dibawa', 'AMEN', 450000, 180000, 'amenity', []],
  ['H04', 'Flowers arranged in the room', 'Rangkaian bunga di kamar', 'AMEN', 250000, 90000, 'amenity', [['Birthday card', 0]]],
];

/** What the lounge and the pool bar sell of it; room service sells the whole kitchen. */
const SHORT_MENU = ['A01', 'A05', 'R01', 'R02', 'C01', 'C02', 'C03', 'C04', 'J01', 'J02', 'J04', 'W01', 'W02', 'B01', 'B02'];

const REASONS: [code: string, name: string, nameId: string, kind: string][] = [
  ['VD-SALAH', 'Wrong item ordered', 'Salah pesan', 'void'],
  ['VD-TAMU', 'Guest changed their mind', 'Tamu berubah pikiran', 'void'],
  ['VD-HABIS', 'Item ran out in the kitchen', 'Bahan habis di dapur', 'void'],
  ['DS-STAF', 'Staff meal', 'Makan staf', 'discount'],
  ['DS-MGR', "Manager's discount", 'Diskon manajer', 'discount'],
  ['DS-MEMBER', 'Member discount', 'Diskon member', 'discount'],
  ['CP-GM', "General manager's guest", 'Tamu GM', 'complimentary'],
  ['CP-KELUHAN', 'Service recovery after a complaint', 'Pemulihan layanan setelah keluhan', 'complimentary'],
  ['BT-TAMU', 'Guest left before ordering', 'Tamu pergi sebelum memesan', 'cancel'],
];

const SHIFTS: [code: string, name: string, nameId: string, starts: string, ends: string][] = [
  ['BF', 'Breakfast', 'Sarapan', '06:00', '10:30'],
  ['LUN', 'Lunch', 'Makan siang', '11:00', '15:00'],
  ['DIN', 'Dinner', 'Makan malam', '18:00', '22:30'],
  ['LATE', 'Late night', 'Larut malam', '22:30', '02:00'],
];

const TABLES: [outlet: string, prefix: string, count: number, area: string][] = [
  ['RESTO', 'T', 20, 'Indoor'],
  ['LOUNGE', 'L', 8, 'Lobby'],
  ['POOL', 'P', 6, 'Poolside'],
];

/** Tonight's table bookings at the restaurant: [table, time, party, covers, phone]. */
const BOOKINGS: [string, string, string, number, string][] = [
  ['T03', '19:00', 'Keluarga Santoso', 4, '0812-2233-4455'],
  ['T08', '19:30', 'Bapak Gunawan', 2, '0813-9876-1122'],
  ['T10', '20:00', 'PT Sinar Jaya – makan malam', 6, '022-4201-778'],
];

/** The point of sales' masters of every property: outlets charging tax and service, groups, menus, tables; tonight's bookings. */
export async function seedPointOfSales(db: Db, branchIds: number[], businessDate: string) {
  for (const branchId of branchIds) {
    const id = async (table: string, code: string) =>
      Number(
        (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${branchId} AND code = ${code}`.execute(db)).rows[0]
          ?.id,
      );
    const taxService = await id('tax_service', 'TS21');
    // a bill signed to a room reaches the folio as one charge; its revenue, service and tax are the bill's own
    const { rows: article } = await sql<{ id: number }>`
      INSERT INTO fo_article (branch_id, code, name, kind, department_id, gl_account, main_article_id, manual_post)
      SELECT ${branchId}, 'POS', 'Restaurant and bar bills', 'pos', d.id, '2107.01', m.id, false
        FROM department d, main_article m WHERE d.branch_id = ${branchId} AND d.code = 'FB' AND m.branch_id = ${branchId} AND m.code = 'FB'
      RETURNING id`.execute(db);
    // the restaurant serves the breakfast that rates with breakfast include
    await sql`UPDATE outlet SET breakfast_article_id = (SELECT id FROM fo_article WHERE branch_id = ${branchId} AND code = 'BF')
               WHERE branch_id = ${branchId} AND code = 'RESTO'`.execute(db);
    for (const [code, [kind, covers]] of Object.entries(OUTLETS))
      await sql`UPDATE outlet SET kind = ${kind}, covers = ${covers}, tax_service_id = ${taxService}, fo_article_id = ${article[0]?.id ?? null}
                 WHERE branch_id = ${branchId} AND code = ${code}`.execute(db);
    for (const [n, [code, name, nameId, revenue, cost]] of MAIN_GROUPS.entries())
      await sql`
        INSERT INTO pos_main_group (branch_id, code, name, name_id, revenue_account_id, cost_account_id, sort_no)
        VALUES (${branchId}, ${code}, ${name}, ${nameId}, ${await id('gl_account', revenue)}, ${cost ? await id('gl_account', cost) : null}, ${n + 1})`.execute(
        db,
      );
    for (const [n, [code, name, nameId, main]] of GROUPS.entries())
      await sql`
        INSERT INTO pos_group (branch_id, code, name, name_id, main_group_id, sort_no)
        VALUES (${branchId}, ${code}, ${name}, ${nameId}, ${await id('pos_main_group', main)}, ${n + 1})`.execute(db);
    const outlets = {
      RESTO: MENU,
      RSVC: [...MENU, ...AMENITIES],
      LOUNGE: MENU.filter((m) => SHORT_MENU.includes(m[0])),
      POOL: MENU.filter((m) => SHORT_MENU.includes(m[0])),
    };
    for (const [outlet, menu] of Object.entries(outlets)) {
      const outletId = await id('outlet', outlet);
      if (!outletId) continue;
      // room service adds its tray charge to the price
      for (const [code, name, nameId, group, price, cost, station, modifiers] of menu) {
        const uplift = outlet === 'RSVC' && station !== 'amenity' ? 15000 : 0;
        const { rows } = await sql<{ id: number }>`
          INSERT INTO pos_menu (branch_id, outlet_id, code, name, name_id, group_id, price, cost, station)
          VALUES (${branchId}, ${outletId}, ${code}, ${name}, ${nameId}, ${await id('pos_group', group)}, ${price + uplift}, ${cost}, ${station})
          RETURNING id`.execute(db);
        for (const [i, [modifier, extra]] of modifiers.entries())
          await sql`INSERT INTO pos_menu_modifier (branch_id, menu_id, line_no, name, price) VALUES (${branchId}, ${rows[0].id}, ${i + 1}, ${modifier}, ${extra})`.execute(
            db,
          );
      }
    }
    for (const [outlet, prefix, count, area] of TABLES) {
      const outletId = await id('outlet', outlet);
      for (let n = 1; n <= count; n++)
        await sql`
          INSERT INTO pos_table (branch_id, outlet_id, code, area, seats)
          VALUES (${branchId}, ${outletId}, ${`${prefix}${String(n).padStart(2, '0')}`}, ${n > count - 4 && outlet === 'RESTO' ? 'Terrace' : area},
                  ${n % 5 === 0 ? 6 : n % 3 === 0 ? 2 : 4})`.execute(db);
    }
    for (const [code, name, nameId, kind] of REASONS)
      await sql`INSERT INTO pos_reason (branch_id, code, name, name_id, kind) VALUES (${branchId}, ${code}, ${name}, ${nameId}, ${kind})`.execute(
        db,
      );
    for (const [code, name, nameId, starts, ends] of SHIFTS)
      await sql`INSERT INTO pos_shift (branch_id, code, name, name_id, starts, ends) VALUES (${branchId}, ${code}, ${name}, ${nameId}, ${starts}, ${ends})`.execute(
        db,
      );
    for (const [code, time, guest, covers, phone] of BOOKINGS)
      await sql`
        INSERT INTO pos_table_booking (branch_id, outlet_id, table_id, date, time, guest_name, phone, covers)
        SELECT ${branchId}, t.outlet_id, t.id, ${businessDate}, ${time}, ${guest}, ${phone}, ${covers}
          FROM pos_table t JOIN outlet o ON o.branch_id = t.branch_id AND o.id = t.outlet_id
         WHERE t.branch_id = ${branchId} AND o.code = 'RESTO' AND t.code = ${code}`.execute(db);
    await sql`
      INSERT INTO pos_cashier (branch_id, user_id, outlet_id, default_float)
      SELECT ${branchId}, u.id, ${await id('outlet', 'RESTO')}, 1000000 FROM app_user u
        JOIN user_branch ub ON ub.user_id = u.id AND ub.branch_id = ${branchId} WHERE u.username = 'cashier'`.execute(db);
  }
}
