import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/** Units of every property: [code, name, base, how many of the base]. A base unit has no base. */
const UNITS: [code: string, name: string, base: string | null, factor: number][] = [
  ['G', 'Gram', null, 1],
  ['KG', 'Kilogram', 'G', 1000],
  ['SAK', 'Sack of 25 kg', 'G', 25000],
  ['ML', 'Millilitre', null, 1],
  ['L', 'Litre', 'ML', 1000],
  ['JRG', 'Jerrycan of 18 L', 'ML', 18000],
  ['BTL', 'Bottle', null, 1],
  ['CS12', 'Case of 12 bottles', 'BTL', 12],
  ['CS24', 'Case of 24 bottles', 'BTL', 24],
  ['PCS', 'Piece', null, 1],
  ['TRAY', 'Tray of 30', 'PCS', 30],
  ['PACK', 'Pack', null, 1],
];

/** Item groups and the accounts their stock (inventory) and consumption (cost) post to. */
const GROUPS: [code: string, name: string, kind: string, inventory: string, expense: string][] = [
  ['FOOD', 'Food', 'food', '1301.01', '5201.01'],
  ['BEV', 'Beverage', 'beverage', '1302.01', '5202.01'],
  ['HK', 'Housekeeping supplies', 'general', '1303.01', '5102.01'],
];

/**
 * [code, name, Indonesian name, group, stock unit, purchase unit, purchase factor when the units do not convert,
 * minimum, maximum, last price per stock unit]. Units that convert get their factor from the units.
 */
type ItemRow = [string, string, string, string, string, string, number | null, number, number, number];
const ITEMS: ItemRow[] = [
  ['F-001', 'Premium rice', 'Beras premium', 'FOOD', 'KG', 'SAK', null, 100, 400, 14500],
  ['F-002', 'Beef tenderloin', 'Daging sapi has dalam', 'FOOD', 'KG', 'KG', null, 10, 40, 165000],
  ['F-003', 'Beef topside', 'Daging sapi topside', 'FOOD', 'KG', 'KG', null, 10, 40, 135000],
  ['F-004', 'Whole chicken', 'Ayam utuh', 'FOOD', 'KG', 'KG', null, 20, 80, 38000],
  ['F-005', 'Chicken breast fillet', 'Dada ayam fillet', 'FOOD', 'KG', 'KG', null, 10, 50, 58000],
  ['F-006', 'Chicken eggs', 'Telur ayam', 'FOOD', 'PCS', 'TRAY', null, 300, 1200, 2000],
  ['F-007', 'Cooking oil', 'Minyak goreng', 'FOOD', 'L', 'JRG', null, 36, 144, 18000],
  ['F-008', 'Shallots', 'Bawang merah', 'FOOD', 'KG', 'KG', null, 10, 40, 42000],
  ['F-009', 'Garlic', 'Bawang putih', 'FOOD', 'KG', 'KG', null, 10, 40, 38000],
  ['F-010', 'Red curly chilli', 'Cabai merah keriting', 'FOOD', 'KG', 'KG', null, 5, 20, 45000],
  ['F-011', "Bird's eye chilli", 'Cabai rawit merah', 'FOOD', 'G', 'KG', null, 2000, 8000, 65],
  ['F-012', 'Tomatoes', 'Tomat', 'FOOD', 'KG', 'KG', null, 10, 40, 14000],
  ['F-013', 'Potatoes', 'Kentang', 'FOOD', 'KG', 'KG', null, 20, 80, 17000],
  ['F-014', 'Carrots', 'Wortel', 'FOOD', 'KG', 'KG', null, 10, 40, 13000],
  ['F-015', 'Tiger prawns', 'Udang windu', 'FOOD', 'KG', 'KG', null, 5, 20, 120000],
  ['F-016', 'Red snapper fillet', 'Fillet kakap merah', 'FOOD', 'KG', 'KG', null, 5, 20, 110000],
  ['F-017', 'Tempeh', 'Tempe', 'FOOD', 'PCS', 'PCS', null, 20, 80, 6000],
  ['F-018', 'Tofu', 'Tahu putih', 'FOOD', 'PCS', 'PCS', null, 40, 160, 1500],
  ['F-019', 'Coconut milk', 'Santan kelapa', 'FOOD', 'L', 'L', null, 10, 40, 24000],
  ['F-020', 'Granulated sugar', 'Gula pasir', 'FOOD', 'KG', 'SAK', null, 50, 200, 17500],
  ['F-021', 'Wheat flour', 'Tepung terigu', 'FOOD', 'KG', 'SAK', null, 50, 200, 12500],
  ['F-022', 'Sweet soy sauce 620 ml', 'Kecap manis 620 ml', 'FOOD', 'BTL', 'CS12', null, 12, 48, 27000],
  ['F-023', 'Salt', 'Garam', 'FOOD', 'KG', 'KG', null, 5, 20, 9000],
  ['F-024', 'Butter', 'Mentega', 'FOOD', 'KG', 'KG', null, 5, 20, 145000],
  ['F-025', 'Fresh milk 1 L', 'Susu segar 1 L', 'FOOD', 'L', 'CS12', 12, 24, 96, 21000],
  ['B-001', 'Bintang Pilsener 330 ml', 'Bir Bintang 330 ml', 'BEV', 'BTL', 'CS24', null, 48, 240, 28000],
  ['B-002', 'Aqua mineral water 600 ml', 'Air mineral Aqua 600 ml', 'BEV', 'BTL', 'CS24', null, 96, 480, 3200],
  ['B-003', 'Aqua mineral water 1.5 L', 'Air mineral Aqua 1,5 L', 'BEV', 'BTL', 'CS12', null, 48, 240, 6500],
  ['B-004', 'Coca-Cola 250 ml', 'Coca-Cola 250 ml', 'BEV', 'BTL', 'CS24', null, 48, 240, 5500],
  ['B-005', 'Sprite 250 ml', 'Sprite 250 ml', 'BEV', 'BTL', 'CS24', null, 24, 120, 5500],
  ['B-006', 'Java Preanger arabica beans', 'Biji kopi arabika Java Preanger', 'BEV', 'G', 'KG', null, 5000, 20000, 280],
  ['B-007', 'Lampung robusta beans', 'Biji kopi robusta Lampung', 'BEV', 'G', 'KG', null, 3000, 12000, 160],
  ['B-008', 'Black tea bags', 'Teh celup hitam', 'BEV', 'PCS', 'PACK', 25, 200, 1000, 500],
  ['B-009', 'Orange juice', 'Jus jeruk', 'BEV', 'L', 'L', null, 10, 40, 32000],
  ['B-010', 'House red wine (Bali)', 'Anggur merah house (Bali)', 'BEV', 'BTL', 'CS12', null, 12, 60, 185000],
  ['B-011', 'Marjan cocopandan syrup', 'Sirup Marjan cocopandan', 'BEV', 'BTL', 'CS12', null, 6, 24, 24000],
  ['G-001', 'Shampoo sachet 10 ml', 'Sampo sachet 10 ml', 'HK', 'PCS', 'PACK', 50, 500, 3000, 1250],
  ['G-002', 'Body wash sachet 10 ml', 'Sabun cair sachet 10 ml', 'HK', 'PCS', 'PACK', 50, 500, 3000, 1250],
  ['G-003', 'Bath soap 25 g', 'Sabun batang 25 g', 'HK', 'PCS', 'PACK', 100, 500, 3000, 900],
  ['G-004', 'Dental kit', 'Perlengkapan gigi', 'HK', 'PCS', 'PACK', 100, 300, 2000, 2500],
  ['G-005', 'Toilet tissue roll', 'Tisu toilet gulung', 'HK', 'PCS', 'PACK', 48, 480, 1920, 3500],
  ['G-006', 'Hotel slippers', 'Sandal hotel', 'HK', 'PCS', 'PCS', null, 200, 1000, 7500],
  ['G-007', 'Floor cleaner', 'Pembersih lantai', 'HK', 'L', 'JRG', null, 36, 144, 15000],
  ['G-008', 'Garbage bags, large', 'Kantong sampah besar', 'HK', 'PCS', 'PACK', 50, 200, 1000, 800],
];

/** The purchasing masters of every property: units with their conversions, item groups on the ledger, items. */
export async function seedPurchasingItems(db: Db, branchIds: number[]) {
  for (const branchId of branchIds) {
    for (const [code, name, base, factor] of UNITS)
      await sql`
        INSERT INTO inv_unit (branch_id, code, name, base_unit_id, factor)
        VALUES (${branchId}, ${code}, ${name}, (SELECT id FROM inv_unit WHERE branch_id = ${branchId} AND code = ${base}), ${factor})`.execute(
        db,
      );
    for (const [code, name, kind, inventory, expense] of GROUPS)
      await sql`
        INSERT INTO inv_item_group (branch_id, code, name, kind, inventory_account_id, expense_account_id)
        SELECT ${branchId}, ${code}, ${name}, ${kind}, i.id, e.id
          FROM gl_account i, gl_account e
         WHERE i.branch_id = ${branchId} AND i.code = ${inventory} AND e.branch_id = ${branchId} AND e.code = ${expense}`.execute(db);
    await sql`
      INSERT INTO inv_item (branch_id, code, name, name_id, group_id, stock_unit_id, purchase_unit_id, purchase_factor, min_stock, max_stock, last_price)
      SELECT ${branchId}, x.code, x.name, x.name_id, g.id, s.id, p.id,
             coalesce(x.factor, CASE WHEN coalesce(p.base_unit_id, p.id) = coalesce(s.base_unit_id, s.id) THEN p.factor / s.factor END),
             x.min_stock, x.max_stock, x.last_price
        FROM jsonb_to_recordset(${JSON.stringify(ITEMS.map(itemRecord))}::jsonb)
             AS x(code text, name text, name_id text, grp text, stock text, purchase text, factor numeric, min_stock numeric, max_stock numeric, last_price numeric)
        JOIN inv_item_group g ON g.branch_id = ${branchId} AND g.code = x.grp
        JOIN inv_unit s ON s.branch_id = ${branchId} AND s.code = x.stock
        JOIN inv_unit p ON p.branch_id = ${branchId} AND p.code = x.purchase`.execute(db);
  }
}

function itemRecord([code, name, nameId, grp, stock, purchase, factor, min, max, price]: ItemRow) {
  return { code, name, name_id: nameId, grp, stock, purchase, factor, min_stock: min, max_stock: max, last_price: price };
}
