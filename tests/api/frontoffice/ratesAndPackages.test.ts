import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { auditSince, expectApiError, lastAuditId } from '../expectations.js';
import { availabilityRows } from '../../support/availability.js';

/**
 * Rate codes, arrangements, dynamic rates and what they do to the price of a stay at Grand Nusantara
 * Bandung (business date 23/11/2026; rate codes valid from 01/01/2026 to 31/12/2027).
 */
let t: TestApp;
let sales: ApiClient;
let desk: ApiClient;

const q = (filter: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filter));
async function one(c: ApiClient, entity: string, filter: Record<string, unknown>) {
  const res = await c.get(`/api/data/${entity}?limit=5&filter=${q(filter)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows[0];
}

beforeAll(async () => {
  t = await startTestApp();
  sales = await t.login('sales');
  desk = await t.login('frontdesk');
});
afterAll(() => t?.close());

describe('rate codes through the generic data API', () => {
  it('lets sales create a Deluxe promotion with breakfast, change its price with the version read, and delete it', async () => {
    const deluxe = await one(sales, 'frontoffice/room-type', { code: { op: 'eq', value: 'DLX' } });
    const ts21 = (await sales.get('/api/data/system/tax-service/lookup?q=TS21')).json().rows[0];
    const rb = await one(sales, 'sales/arrangement', { code: { op: 'eq', value: 'RB' } });
    const created = await sales.post('/api/data/frontoffice/rate-code', {
      code: 'PROMO',
      name: 'Year-end promotion',
      room_type_id: deluxe.id,
      tax_service_id: ts21.id,
      valid_from: '2026-12-01',
      valid_to: '2027-01-31',
      weekday_price: '990000',
      weekend_price: '1090000',
      arrangement_id: rb.id,
      dynamic: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'PROMO', weekday_price: '990000.00', arrangement_id: rb.id, dynamic: false, version: 1 });
    expect(created.json()._refs).toMatchObject({ room_type_id: 'DLX - Deluxe', arrangement_id: 'RB - Room & breakfast' });

    const changed = await sales.patch(`/api/data/frontoffice/rate-code/${created.json().id}`, { version: 1, weekend_price: '1150000' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ weekend_price: '1150000.00', version: 2 });
    expectApiError(
      await sales.patch(`/api/data/frontoffice/rate-code/${created.json().id}`, { version: 1, weekend_price: '1200000' }),
      409,
      { code: 'CONFLICT' },
    );

    const listed = (
      await sales.get(
        `/api/data/frontoffice/rate-code?filter=${q({ arrangement_id: { op: 'eq', value: rb.id }, code: { op: 'eq', value: 'PROMO' } })}`,
      )
    ).json();
    expect(listed.rows.map((r: { code: string }) => r.code)).toEqual(['PROMO']);
    expect((await sales.delete(`/api/data/frontoffice/rate-code/${created.json().id}?version=2`)).json()).toEqual({
      deleted: true,
      deactivated: false,
    });
  });

  it('refuses a price that is not an amount, a missing room type and a second BAR for Deluxe, with readable messages', async () => {
    const deluxe = await one(sales, 'frontoffice/room-type', { code: { op: 'eq', value: 'DLX' } });
    const ts21 = (await sales.get('/api/data/system/tax-service/lookup?q=TS21')).json().rows[0];
    const base = {
      code: 'BAR',
      name: 'Best available rate',
      tax_service_id: ts21.id,
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
      weekday_price: '1000000',
      weekend_price: '1100000',
    };
    expectApiError(
      await sales.post('/api/data/frontoffice/rate-code', { ...base, room_type_id: deluxe.id, weekday_price: 'satu juta' }),
      400,
      { fields: { weekday_price: 'Weekday price (Sun–Thu nights) must be an amount with at most 2 decimals' } },
    );
    expectApiError(await sales.post('/api/data/frontoffice/rate-code', base), 400, { code: 'VALIDATION' });
    const dup = expectApiError(await sales.post('/api/data/frontoffice/rate-code', { ...base, room_type_id: deluxe.id }), 409);
    expect(dup.message).toMatch(/already exists/);
  });

  it('refuses an arrangement of the other property', async () => {
    const admin = await t.login('admin');
    admin.branchId = admin.session.branches.find((b: { code: string }) => b.code === 'NBR').id;
    const baliRb = await one(admin, 'sales/arrangement', { code: { op: 'eq', value: 'RB' } });
    const bar = await one(sales, 'frontoffice/rate-code', { code: { op: 'eq', value: 'BAR' } });
    expectApiError(
      await sales.patch(`/api/data/frontoffice/rate-code/${bar.id}`, { version: bar.version, arrangement_id: baliRb.id }),
      400,
      {
        message: 'Arrangement: the chosen record does not exist in this property',
      },
    );
  });
});

describe('arrangements and their revenue lines', () => {
  it('seeds room only, room & breakfast (breakfast to the F&B article) and half board', async () => {
    const rows = (await sales.get('/api/data/sales/arrangement?limit=10&sort=code')).json().rows;
    expect(rows.map((r: { code: string }) => r.code)).toEqual(['HB', 'RB', 'RO']);
    const rb = rows.find((r: { code: string }) => r.code === 'RB');
    expect(rb.lines).toEqual([
      {
        id: expect.any(Number),
        fo_article_id: expect.any(Number),
        amount: '125000.00',
        basis: 'per_person',
        _refs: { fo_article_id: 'BF - Breakfast' },
      },
    ]);
    expect(rb._refs.lines).toBe('BF - Breakfast');
    const breakfast = await sales.get(`/api/data/frontoffice/article/${rb.lines[0].fo_article_id}`);
    // sales may not open the article master, but the seeded line points at the F&B breakfast article
    expect([200, 403]).toContain(breakfast.statusCode);
    const article = (await desk.get(`/api/data/frontoffice/article/${rb.lines[0].fo_article_id}`)).json();
    expect(article).toMatchObject({ code: 'BF', kind: 'food' });
    expect(article._refs.department_id).toBe('FB - Food & Beverage');
  });

  it('saves an arrangement with its lines in one write, keeps a changed line by its id, drops the others, and audits lines before and after', async () => {
    const articles = (await sales.get('/api/data/frontoffice/article/lookup?limit=50')).json().rows as { id: number; label: string }[];
    const id = (code: string) => articles.find((a) => a.label.startsWith(`${code} - `))!.id;
    const since = await lastAuditId(t.database.db);
    const created = await sales.post('/api/data/sales/arrangement', {
      code: 'RBT',
      name: 'Breakfast and airport transfer',
      lines: [
        { fo_article_id: id('BF'), amount: '125000', basis: 'per_person' },
        { fo_article_id: id('TRF'), amount: '275000', basis: 'per_room' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [breakfast, transfer] = created.json().lines;
    expect(created.json().lines).toEqual([
      { id: breakfast.id, fo_article_id: id('BF'), amount: '125000.00', basis: 'per_person', _refs: { fo_article_id: 'BF - Breakfast' } },
      {
        id: transfer.id,
        fo_article_id: id('TRF'),
        amount: '275000.00',
        basis: 'per_room',
        _refs: { fo_article_id: 'TRF - Airport transfer' },
      },
    ]);
    expect(created.json()._refs.lines).toBe('BF - Breakfast, TRF - Airport transfer');
    const changed = await sales.patch(`/api/data/sales/arrangement/${created.json().id}`, {
      version: 1,
      lines: [{ id: breakfast.id, fo_article_id: id('BF'), amount: '135000', basis: 'per_person' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      version: 2,
      lines: [{ id: breakfast.id, fo_article_id: id('BF'), amount: '135000.00', basis: 'per_person' }],
    });
    const audits = (await auditSince(t.database.db, since)).filter((a) => a.entity === 'sales/arrangement');
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1].before!.lines).toHaveLength(2);
    expect(audits[1].after!.lines).toEqual([{ id: breakfast.id, fo_article_id: id('BF'), amount: '135000.00', basis: 'per_person' }]);
  });

  it('refuses a line with an unknown basis or an article that does not exist, and stores nothing', async () => {
    const articles = (await sales.get('/api/data/frontoffice/article/lookup?q=BF')).json().rows as { id: number }[];
    expectApiError(
      await sales.post('/api/data/sales/arrangement', {
        code: 'X1',
        name: 'Per day',
        lines: [{ fo_article_id: articles[0].id, amount: '10000', basis: 'per_day' }],
      }),
      400,
    );
    expectApiError(
      await sales.post('/api/data/sales/arrangement', {
        code: 'X2',
        name: 'Ghost',
        lines: [{ fo_article_id: 999999, amount: '10000', basis: 'per_room' }],
      }),
      400,
      {
        message: 'Line 1, Revenue article: the chosen record does not exist in this property',
        fields: { 'lines/0/fo_article_id': 'Line 1, Revenue article: the chosen record does not exist in this property' },
      },
    );
    expect((await sales.get(`/api/data/sales/arrangement?filter=${q({ code: { op: 'in', value: ['X1', 'X2'] } })}`)).json().rows).toEqual(
      [],
    );
  });

  it('groups arrangements into a set, and a set needs at least one', async () => {
    const rows = (await sales.get('/api/data/sales/arrangement?limit=10&sort=code')).json().rows as { id: number; code: string }[];
    const pick = (c: string) => rows.find((r) => r.code === c)!.id;
    const created = await sales.post('/api/data/sales/arrangement-set', {
      code: 'HNY',
      name: 'Honeymoon',
      arrangement_ids: [pick('HB'), pick('RB')],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().arrangement_ids.sort()).toEqual([pick('HB'), pick('RB')].sort());
    expect(created.json()._refs.arrangement_ids).toBe('HB, RB');
    expectApiError(await sales.post('/api/data/sales/arrangement-set', { code: 'EMPTY', name: 'Nothing', arrangement_ids: [] }), 400, {
      fields: { arrangement_ids: 'Arrangements in the set is required' },
    });
  });
});

describe('dynamic-rate rules', () => {
  it('explains a band that ends before it starts and a percentage out of range', async () => {
    const base = { code: 'BAD', name: 'Wrong rule', date_from: '2026-12-01', date_to: '2026-12-31', adjustment_type: 'percent' };
    expectApiError(
      await sales.post('/api/data/sales/dynamic-rate', { ...base, occupancy_from: '80', occupancy_to: '60', adjustment: '10' }),
      400,
      {
        fields: { occupancy_to: "'Occupancy below' must be higher than 'Occupancy from'" },
      },
    );
    expectApiError(
      await sales.post('/api/data/sales/dynamic-rate', { ...base, occupancy_from: '60', occupancy_to: '80', adjustment: '-150' }),
      400,
      {
        fields: { adjustment: 'A percentage adjustment must be between -100 and 500' },
      },
    );
  });
});

describe('the price of a stay', () => {
  const rate = async (code: string, type: string) => {
    const roomType = await one(sales, 'frontoffice/room-type', { code: { op: 'eq', value: type } });
    return one(sales, 'frontoffice/rate-code', { code: { op: 'eq', value: code }, room_type_id: { op: 'eq', value: roomType.id } });
  };

  it('prices BAR Deluxe (nett, with breakfast) in an empty week of September 2027: low-demand rule −10 %, breakfast for two taken from the base', async () => {
    const bar = await rate('BAR', 'DLX');
    const res = await desk.get(`/api/frontoffice/price?rateCode=${bar.id}&from=2027-09-09&to=2027-09-12`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rateCode: 'BAR', priceMode: 'nett', arrangement: 'RB' });
    expect(body.nights.map((n: any) => [n.date, n.weekend, n.ratePrice, n.dynamicRule, n.price])).toEqual([
      ['2027-09-09', false, '1210000', 'LOW40', '1089000'],
      ['2027-09-10', true, '1375000', 'LOW40', '1237500'],
      ['2027-09-11', true, '1375000', 'LOW40', '1237500'],
    ]);
    // 1.089.000 nett = 900.000 base + 90.000 service + 99.000 PBJT; 250.000 of the base is breakfast
    expect(body.nights[0]).toMatchObject({
      base: '900000',
      service: '90000',
      tax: '99000',
      total: '1089000',
      packages: [{ article: 'BF - Breakfast', amount: '250000' }],
      roomRevenue: '650000',
    });
    expect(body.nights[1]).toMatchObject({ base: '1022727', service: '102273', tax: '112500', total: '1237500', roomRevenue: '772727' });
    expect(body.totals).toEqual({ base: '2945454', service: '294546', tax: '324000', total: '3564000' });
  });

  it('counts breakfast for the adults of the booking', async () => {
    const bar = await rate('BAR', 'DLX');
    const res = (await desk.get(`/api/frontoffice/price?rateCode=${bar.id}&from=2027-09-09&to=2027-09-10&adults=1`)).json();
    expect(res.nights[0]).toMatchObject({ packages: [{ article: 'BF - Breakfast', amount: '125000' }], roomRevenue: '775000' });
  });

  it('leaves the corporate contract fixed: ++ price plus 10 % service and 10 % tax, whatever the occupancy', async () => {
    const corp = await rate('CORP', 'DLX');
    const res = (await desk.get(`/api/frontoffice/price?rateCode=${corp.id}&from=2027-09-09&to=2027-09-10`)).json();
    expect(res.nights[0]).toMatchObject({ price: '880000', base: '880000', service: '88000', tax: '96800', total: '1064800' });
    expect(res.nights[0].dynamicRule).toBeUndefined();
  });

  it("applies a rule only when the night's real house occupancy falls in its band", async () => {
    const night = '2026-11-24';
    const availability = availabilityRows((await desk.get(`/api/frontoffice/availability?from=${night}&to=2026-11-25`)).json());
    const occupancy = (100 * availability.reduce((s, r) => s + r.booked + r.held, 0)) / availability.reduce((s, r) => s + r.total, 0);
    expect(occupancy).toBeGreaterThan(40);
    expect(occupancy).toBeLessThan(85);
    const deluxe = await one(sales, 'frontoffice/room-type', { code: { op: 'eq', value: 'DLX' } });
    const band = { date_from: night, date_to: night, room_type_id: deluxe.id, adjustment_type: 'amount' };
    const around = await sales.post('/api/data/sales/dynamic-rate', {
      ...band,
      code: 'MID',
      name: "Around today's occupancy",
      occupancy_from: String(Math.floor(occupancy)),
      occupancy_to: String(Math.floor(occupancy) + 1),
      adjustment: '100000',
    });
    expect(around.statusCode, around.body).toBe(201);
    const above = await sales.post('/api/data/sales/dynamic-rate', {
      ...band,
      code: 'ABOVE',
      name: 'Just above it',
      occupancy_from: String(Math.floor(occupancy) + 1),
      occupancy_to: '85',
      adjustment: '200000',
    });
    expect(above.statusCode, above.body).toBe(201);
    const bar = await rate('BAR', 'DLX');
    const res = (await desk.get(`/api/frontoffice/price?rateCode=${bar.id}&from=${night}&to=2026-11-25`)).json();
    expect(res.nights[0]).toMatchObject({ dynamicRule: 'MID', ratePrice: '1210000', price: '1310000' });
  });

  it("refuses nights outside the rate's validity and a rate too low for its arrangement", async () => {
    const bar = await rate('BAR', 'DLX');
    expectApiError(await desk.get(`/api/frontoffice/price?rateCode=${bar.id}&from=2027-12-30&to=2028-01-02`), 400, {
      message: 'Rate BAR is valid only from 01/01/2026 to 31/12/2027',
    });
    const deluxe = await one(sales, 'frontoffice/room-type', { code: { op: 'eq', value: 'DLX' } });
    const ts21 = (await sales.get('/api/data/system/tax-service/lookup?q=TS21')).json().rows[0];
    const hb = await one(sales, 'sales/arrangement', { code: { op: 'eq', value: 'HB' } });
    const staff = await sales.post('/api/data/frontoffice/rate-code', {
      code: 'STAFF',
      name: 'Staff rate',
      room_type_id: deluxe.id,
      tax_service_id: ts21.id,
      valid_from: '2026-01-01',
      valid_to: '2027-12-31',
      weekday_price: '500000',
      weekend_price: '500000',
      arrangement_id: hb.id,
    });
    expect(staff.statusCode, staff.body).toBe(201);
    expectApiError(await desk.get(`/api/frontoffice/price?rateCode=${staff.json().id}&from=2027-09-09&to=2027-09-10`), 400, {
      message: 'On 09/09/2027 the rate STAFF leaves 500.000 before service and tax, less than what arrangement HB includes',
    });
  });

  it('validates its query and checks the right', async () => {
    expectApiError(await desk.get('/api/frontoffice/price?rateCode=1&from=2027-09-09&to=2027-09-10&adults=0'), 400);
    expectApiError(await desk.get('/api/frontoffice/price?rateCode=1&from=09/09/2027&to=2027-09-10'), 400);
    expectApiError(await desk.get('/api/frontoffice/price?rateCode=1&from=2027-09-09&to=2027-09-10&discount=50'), 400);
    const housekeeping = await t.login('housekeeping');
    expectApiError(await housekeeping.get('/api/frontoffice/price?rateCode=1&from=2027-09-09&to=2027-09-10'), 403);
  });
});

describe('registration-card texts', () => {
  it('keeps the wording of a text in force: a change must be a new version, retiring it is allowed', async () => {
    const reg = await one(desk, 'frontoffice/registration-text', { code: { op: 'eq', value: 'REG' }, language: { op: 'eq', value: 'id' } });
    expect(reg).toMatchObject({ text_version: 1, effective_from: '2026-01-01' });
    expectApiError(
      await desk.patch(`/api/data/frontoffice/registration-text/${reg.id}`, { version: reg.version, consent: 'Saya setuju.' }),
      409,
      {
        message: 'Version 1 is in force since 01/01/2026 and guests may have signed it: save the change as a new version',
      },
    );
    const next = await desk.post('/api/data/frontoffice/registration-text', {
      code: 'REG',
      name: 'Kartu registrasi tamu',
      language: 'id',
      text_version: 2,
      effective_from: '2027-01-01',
      terms: reg.terms,
      consent: `${reg.consent} Data CCTV disimpan 30 hari.`,
    });
    expect(next.statusCode, next.body).toBe(201);
    // not yet in force: still open to corrections
    expect(
      (
        await desk.patch(`/api/data/frontoffice/registration-text/${next.json().id}`, {
          version: 1,
          consent: `${reg.consent} Rekaman CCTV disimpan 30 hari.`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await desk.patch(`/api/data/frontoffice/registration-text/${reg.id}`, { version: reg.version, active: false })).statusCode,
    ).toBe(200);
    expectApiError(
      await desk.post('/api/data/frontoffice/registration-text', {
        code: 'REG',
        name: 'Duplicate',
        language: 'id',
        text_version: 2,
        effective_from: '2027-02-01',
        terms: 'x',
        consent: 'y',
      }),
      409,
    );
  });
});

describe('revenue articles', () => {
  it('creates a spa treatment article under its main article and refuses a duplicate code', async () => {
    const misc = await one(desk, 'frontoffice/main-article', { code: { op: 'eq', value: 'MISC' } });
    const spa = (await desk.get('/api/data/system/department/lookup?q=SPA')).json().rows[0];
    const created = await desk.post('/api/data/frontoffice/article', {
      code: 'SPA60',
      name: 'Balinese massage 60 min',
      main_article_id: misc.id,
      department_id: spa.id,
      kind: 'other',
      default_price: '450000',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()._refs).toMatchObject({ main_article_id: 'MISC - Other revenue', department_id: 'SPA - Spa & Wellness' });
    expectApiError(
      await desk.post('/api/data/frontoffice/article', {
        code: 'SPA60',
        name: 'Again',
        main_article_id: misc.id,
        department_id: spa.id,
        kind: 'other',
      }),
      409,
      {
        fields: { code: "Code 'SPA60' already exists" },
      },
    );
  });
});

describe('the floor plan', () => {
  it('stores where the rooms of a floor sit, and refuses a room of another floor', async () => {
    const m2 = await one(desk, 'frontoffice/floor', { code: { op: 'eq', value: 'M2' } });
    const m3 = await one(desk, 'frontoffice/floor', { code: { op: 'eq', value: 'M3' } });
    const rooms = (
      await desk.get(`/api/data/frontoffice/room?limit=3&sort=code&filter=${q({ floor_id: { op: 'eq', value: m2.id } })}`)
    ).json().rows;
    const saved = await desk.post('/api/ops/frontoffice.saveFloorPlan', {
      floorId: m2.id,
      rooms: rooms.map((r: { id: number }, i: number) => ({ id: r.id, x: 40 + i * 100, y: 300 })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ok: true, saved: 3 });
    const after = (await desk.get(`/api/data/frontoffice/room/${rooms[1].id}`)).json();
    expect(after).toMatchObject({ plan_x: 140, plan_y: 300, version: rooms[1].version + 1 });
    const elsewhere = (await desk.get(`/api/data/frontoffice/room?limit=1&filter=${q({ floor_id: { op: 'eq', value: m3.id } })}`)).json()
      .rows[0];
    expectApiError(
      await desk.post('/api/ops/frontoffice.saveFloorPlan', {
        floorId: m2.id,
        rooms: [
          { id: rooms[0].id, x: 0, y: 0 },
          { id: elsewhere.id, x: 90, y: 0 },
        ],
      }),
      400,
      {
        message: 'A room is no longer on this floor: reload the plan and try again',
      },
    );
    expect((await desk.get(`/api/data/frontoffice/room/${rooms[0].id}`)).json()).toMatchObject({ plan_x: 40, plan_y: 300 });
  });

  it('is changed only by those holding the right', async () => {
    const housekeeping = await t.login('housekeeping');
    expectApiError(await housekeeping.post('/api/ops/frontoffice.saveFloorPlan', { floorId: 1, rooms: [{ id: 1, x: 0, y: 0 }] }), 403);
  });
});

describe('each property keeps its own packages', () => {
  it("does not show Bandung's arrangements to Bali", async () => {
    const admin = await t.login('admin');
    const gnbRb = await one(admin, 'sales/arrangement', { code: { op: 'eq', value: 'RB' } });
    admin.branchId = admin.session.branches.find((b: { code: string }) => b.code === 'NBR').id;
    expectApiError(await admin.get(`/api/data/sales/arrangement/${gnbRb.id}`), 404);
    const bali = (await admin.get('/api/data/sales/arrangement?limit=10')).json();
    expect(bali.total).toBe(3);
    expect(bali.rows.every((r: { id: number }) => r.id !== gnbRb.id)).toBe(true);
  });
});
