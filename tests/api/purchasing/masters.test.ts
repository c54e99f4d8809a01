import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError, snapshotCounts } from '../expectations.js';

/**
 * The purchasing masters of the Grand Nusantara Bandung: Agus, the purchaser, keeps the units the kitchen and the
 * bar count in, the items with how they are bought, the suppliers with their tax numbers, contacts and bank
 * accounts, and the prices agreed in contracts. Siti at the front desk may not change any of it.
 */
let t: TestApp;
let agus: ApiClient;
let siti: ApiClient;

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const find = async (entity: string, code: string) =>
  (await ok(await agus.get(`/api/data/purchasing/${entity}?q=${encodeURIComponent(code)}&limit=50`))).rows.find(
    (r: { code: string }) => r.code === code,
  );

beforeAll(async () => {
  t = await startTestApp();
  agus = await t.login('purchasing');
  siti = await t.login('frontdesk');
});
afterAll(() => t.close());

describe('units and their conversions', () => {
  it('ship a kilo of 1,000 g and a case of 24 bottles, each a multiple of its base unit', async () => {
    const kg = await find('unit', 'KG');
    const cs24 = await find('unit', 'CS24');
    expect(kg).toMatchObject({ factor: '1000.000000', _refs: { base_unit_id: 'G - Gram' } });
    expect(cs24).toMatchObject({ factor: '24.000000', _refs: { base_unit_id: 'BTL - Bottle' } });
    expect(await find('unit', 'G')).toMatchObject({ base_unit_id: null, factor: '1.000000' });
  });

  it('keeps conversions one level deep and a base unit at 1', async () => {
    const kg = await find('unit', 'KG');
    expectApiError(await agus.post('/api/data/purchasing/unit', { code: 'KW', name: 'Kwintal', base_unit_id: kg.id, factor: '100' }), 400, {
      fields: { base_unit_id: 'KG is itself a multiple of another unit: choose its base unit' },
    });
    expectApiError(await agus.post('/api/data/purchasing/unit', { code: 'DOZ', name: 'Dozen', factor: '12' }), 400, {
      fields: { factor: 'A unit that is not a multiple of another counts 1' },
    });
  });

  it('refuses to change the conversion of a unit items are bought in', async () => {
    const cs24 = await find('unit', 'CS24');
    expectApiError(await agus.patch(`/api/data/purchasing/unit/${cs24.id}`, { version: cs24.version, factor: '20' }), 400, {
      fields: { factor: 'Items are kept or bought in this unit (B-001, B-002, B-004): its conversion can no longer change' },
    });
  });
});

describe('items and their purchase factor', () => {
  it('ship forty-odd items in three groups on the inventory and cost accounts of the chart', async () => {
    const groups = (await ok(await agus.get('/api/data/purchasing/item-group'))).rows;
    expect(
      groups.map((g: { code: string; _refs: Record<string, string> }) => [
        g.code,
        g._refs.inventory_account_id.slice(0, 7),
        g._refs.expense_account_id.slice(0, 7),
      ]),
    ).toEqual([
      ['BEV', '1302.01', '5202.01'],
      ['FOOD', '1301.01', '5201.01'],
      ['HK', '1303.01', '5102.01'],
    ]);
    expect((await ok(await agus.get('/api/data/purchasing/item?limit=1'))).total).toBe(44);
    expect(await find('item', 'B-001')).toMatchObject({
      name: 'Bintang Pilsener 330 ml',
      purchase_factor: '24.000000',
      last_price: '28000.00',
    });
    expect(await find('item', 'F-001')).toMatchObject({ name_id: 'Beras premium', purchase_factor: '25.000000' });
  });

  it('works the factor out from the units: coffee stocked by the gram and bought by the kilo is 1,000', async () => {
    const ids = Object.fromEntries(
      await Promise.all(['G', 'KG', 'BTL', 'CS24', 'PCS', 'PACK'].map(async (c) => [c, (await find('unit', c)).id])),
    );
    const group = (await find('item-group', 'BEV')).id;
    const coffee = await ok(
      await agus.post('/api/data/purchasing/item', {
        code: 'B-020',
        name: 'Toraja arabica beans',
        name_id: 'Biji kopi arabika Toraja',
        group_id: group,
        stock_unit_id: ids.G,
        purchase_unit_id: ids.KG,
        min_stock: '2000',
        max_stock: '10000',
      }),
      201,
    );
    expect(coffee.purchase_factor).toBe('1000.000000');
    const beer = {
      code: 'B-021',
      name: 'Bali Hai Draught 330 ml',
      name_id: 'Bir Bali Hai 330 ml',
      group_id: group,
      stock_unit_id: ids.BTL,
      purchase_unit_id: ids.CS24,
    };
    expectApiError(await agus.post('/api/data/purchasing/item', { ...beer, purchase_factor: '12' }), 400, {
      fields: { purchase_factor: 'One CS24 is 24 BTL: the purchase factor must be 24' },
    });
    expect((await ok(await agus.post('/api/data/purchasing/item', beer), 201)).purchase_factor).toBe('24.000000');
  });

  it('asks for the factor when the units do not convert: a pack of 50 shampoo sachets', async () => {
    const hk = (await find('item-group', 'HK')).id;
    const pcs = (await find('unit', 'PCS')).id;
    const pack = (await find('unit', 'PACK')).id;
    const sachet = {
      code: 'G-020',
      name: 'Conditioner sachet 10 ml',
      name_id: 'Kondisioner sachet 10 ml',
      group_id: hk,
      stock_unit_id: pcs,
      purchase_unit_id: pack,
    };
    expectApiError(await agus.post('/api/data/purchasing/item', sachet), 400, {
      fields: { purchase_factor: 'PACK does not convert to PCS: say how many PCS one PACK holds' },
    });
    expect((await ok(await agus.post('/api/data/purchasing/item', { ...sachet, purchase_factor: '50' }), 201)).purchase_factor).toBe(
      '50.000000',
    );
    expectApiError(
      await agus.post('/api/data/purchasing/item', { ...sachet, code: 'G-021', purchase_factor: '50', min_stock: '900', max_stock: '300' }),
      400,
      {
        fields: { max_stock: 'The maximum stock cannot be below the minimum' },
      },
    );
  });
});

describe('suppliers', () => {
  const supplier = (over: Record<string, unknown> = {}) => ({
    code: 'SUP-050',
    title: 'CV',
    name: 'Tani Mulya Pangalengan',
    telephone: '022 597 9012',
    email: 'Order@TaniMulya.co.id',
    address: 'Jl. Raya Pangalengan No. 17',
    country: 'Indonesia',
    province: 'Jawa Barat',
    city: 'Kabupaten Bandung',
    subdistrict: 'Pangalengan',
    postal_code: '40378',
    npwp: '02.345.678.9-444.000',
    validated_on: '2026-11-20',
    ...over,
  });

  it('saves a supplier with its contacts and bank accounts in one request, the NPWP kept as digits and shown grouped', async () => {
    const segment = (await find('supplier-segment', 'FRESH')).id;
    const term = (await find('payment-term', 'N14')).id;
    const saved = await ok(
      await agus.post('/api/data/purchasing/supplier', {
        ...supplier({ segment_id: segment, payment_term_id: term }),
        contacts: [
          { name: 'Ujang Suryana', position: 'Owner', telephone: '0812 2233 4455' },
          { name: 'Euis Kartini', position: 'Finance', email: 'euis@tanimulya.co.id' },
        ],
        banks: [{ bank: 'BCA', bank_branch: 'KCP Pangalengan', account_no: '7790 123 456', account_name: 'CV Tani Mulya Pangalengan' }],
      }),
      201,
    );
    expect(saved).toMatchObject({
      npwp: '02.345.678.9-444.000',
      email: 'order@tanimulya.co.id',
      _refs: { payment_term_id: 'N14 - 14 days after invoice' },
    });
    const read = await ok(await agus.get(`/api/data/purchasing/supplier/${saved.id}`));
    expect(read.contacts.map((c: { name: string }) => c.name)).toEqual(['Ujang Suryana', 'Euis Kartini']);
    expect(read.banks).toMatchObject([{ bank: 'BCA', account_no: '7790 123 456' }]);
  });

  it('takes the 16-digit NPWP of 2024 and refuses a number of the wrong length, saying what an NPWP looks like', async () => {
    expect(
      (await ok(await agus.post('/api/data/purchasing/supplier', supplier({ code: 'SUP-051', npwp: '3204 0512 8801 0002' })), 201)).npwp,
    ).toBe('3204 0512 8801 0002');
    const before = await snapshotCounts(t.database.db, ['pur_supplier', 'pur_supplier_contact']);
    expectApiError(
      await agus.post('/api/data/purchasing/supplier', {
        ...supplier({ code: 'SUP-052', npwp: '02.345.678.9-444' }),
        contacts: [{ name: 'Dede' }],
      }),
      400,
      { fields: { npwp: "'02.345.678.9-444' is not an NPWP: it has 15 digits (01.234.567.8-901.000) or 16 digits since 2024" } },
    );
    expect(await snapshotCounts(t.database.db, ['pur_supplier', 'pur_supplier_contact'])).toEqual(before);
  });

  it('ships suppliers near each property with well-formed NPWPs', async () => {
    const rows = (await ok(await agus.get('/api/data/purchasing/supplier?limit=50&sort=code'))).rows as { code: string; npwp: string }[];
    const shipped = rows.filter((r) => /^SUP-00/.test(r.code));
    expect(shipped).toHaveLength(6);
    for (const r of shipped) expect(r.npwp).toMatch(/^\d{2}\.\d{3}\.\d{3}\.\d-\d{3}\.\d{3}$|^\d{4} \d{4} \d{4} \d{4}$/);
  });
});

describe('supplier contracts', () => {
  it('refuses a second contract pricing Bintang for the same supplier over days the first already covers', async () => {
    const shipped = (await ok(await agus.get('/api/data/purchasing/supplier-contract?q=KTR/NMD/001'))).rows[0];
    const first = await ok(await agus.get(`/api/data/purchasing/supplier-contract/${shipped.id}`));
    const bintang = (await find('item', 'B-001')).id;
    const cs24 = (await find('unit', 'CS24')).id;
    const refused = expectApiError(
      await agus.post('/api/data/purchasing/supplier-contract', {
        number: 'KTR/NMD/002',
        supplier_id: first.supplier_id,
        valid_from: first.valid_to,
        valid_to: '2027-12-31',
        lines: [{ item_id: bintang, unit_id: cs24, price: '648000' }],
      }),
      400,
    );
    expect(refused.fields?.valid_from).toMatch(
      /^The supplier's contract KTR\/NMD\/001 already prices B-001 - Bintang Pilsener 330 ml from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/,
    );
    const next = await ok(
      await agus.post('/api/data/purchasing/supplier-contract', {
        number: 'KTR/NMD/002',
        supplier_id: first.supplier_id,
        valid_from: nextDay(first.valid_to),
        valid_to: '2027-12-31',
        lines: [{ item_id: bintang, unit_id: cs24, price: '648000' }],
      }),
      201,
    );
    expect(next.lines).toMatchObject([{ price: '648000.00' }]);
  });

  it('prices an item only in a unit it converts to, and never for more than three years', async () => {
    const supplier = (await find('supplier', 'SUP-005')).id;
    const coffee = (await find('item', 'B-006')).id;
    const btl = (await find('unit', 'BTL')).id;
    const kg = (await find('unit', 'KG')).id;
    expectApiError(
      await agus.post('/api/data/purchasing/supplier-contract', {
        number: 'KTR/KPN/001',
        supplier_id: supplier,
        valid_from: '2026-12-01',
        valid_to: '2027-11-30',
        lines: [{ item_id: coffee, unit_id: btl, price: '285000' }],
      }),
      400,
      { fields: { 'lines/0/unit_id': 'Line 1: B-006 is kept in G, and BTL does not convert to it' } },
    );
    expectApiError(
      await agus.post('/api/data/purchasing/supplier-contract', {
        number: 'KTR/KPN/001',
        supplier_id: supplier,
        valid_from: '2026-12-01',
        valid_to: '2030-11-30',
        lines: [{ item_id: coffee, unit_id: kg, price: '285000' }],
      }),
      400,
    );
  });
});

describe('rights', () => {
  it('the front desk can neither read nor write the purchasing masters', async () => {
    expectApiError(await siti.get('/api/data/purchasing/supplier'), 403);
    expectApiError(await siti.post('/api/data/purchasing/unit', { code: 'DUS', name: 'Dus' }), 403);
    expectApiError(await siti.post('/api/data/purchasing/supplier', { code: 'SUP-099', name: 'Toko Siti' }), 403);
  });
});

function nextDay(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
