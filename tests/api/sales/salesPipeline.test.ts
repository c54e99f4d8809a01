import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The sales team of the Grand Nusantara Bandung: Rina Kusuma manages, Andi Pratama sells to corporate accounts and
 * Maya Siregar to the travel trade. Leads weigh by their stage's probability, accounts produce from the bookings
 * linked to them, budgets are met or not, the comp set's figures give market share and indexes, and a won lead
 * holds its rooms as a block in the front office.
 */
let t: TestApp;
let db: Db;
let rina: ApiClient;
let andi: ApiClient;
let maya: ApiClient;
let admin: ApiClient;
let gnb: number;
let nbr: number;

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const idOf = async (table: string, code: string, branch = gnb) =>
  Number(
    (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${branch} AND code = ${code}`.execute(db)).rows[0].id,
  );
const report = async (client: ApiClient, code: string, params: Record<string, string | number>, headers?: Record<string, string>) =>
  ok(await client.get(`/api/reports/${code}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, headers));

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  rina = await t.login('sales');
  andi = await t.login('andi');
  maya = await t.login('maya');
  admin = await t.login('admin');
  gnb = Number((await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id);
  nbr = Number((await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'NBR'`.execute(db)).rows[0].id);
});
afterAll(() => t.close());

describe('the pipeline weighs each lead by its stage', () => {
  it('gives a lead in negotiation (75 %) of Rp 186.000.000 a weighted value of Rp 139.500.000, and a prospect (10 %) a tenth', async () => {
    const negotiate = await idOf('sls_stage', 'NEGOTIATE');
    const prospect = await idOf('sls_stage', 'PROSPECT');
    const a = await ok(
      await andi.post('/api/data/sales/lead', {
        name: 'BRI regional meeting',
        company: 'PT Bank Rakyat Indonesia',
        stage_id: negotiate,
        value: '186000000',
        expected_close: '2026-12-10',
      }),
      201,
    );
    expect(a).toMatchObject({ probability: '75.00', weighted_value: '139500000.00', number: expect.stringMatching(/^L-\d+$/) });
    const b = await ok(
      await andi.post('/api/data/sales/lead', {
        name: 'BRI gala dinner',
        company: 'PT Bank Rakyat Indonesia',
        stage_id: prospect,
        value: '45000005',
        expected_close: '2026-12-20',
      }),
      201,
    );
    // 10 % of 45.000.005 is 4.500.000,50: to the rupiah, half up
    expect(b).toMatchObject({ probability: '10.00', weighted_value: '4500001.00' });
  });

  it("adds up the open pipeline per stage on the manager's dashboard, the won and lost stages left out", async () => {
    const stages = (await report(rina, 'sales-pipeline-stages', {})).rows;
    expect(stages.map((s: { stage: string }) => s.stage)).toEqual(['Prospect', 'Qualified', 'Proposal sent', 'Negotiation']);
    const negotiation = stages.find((s: { stage: string }) => s.stage === 'Negotiation');
    // Telkom 186.000.000, Panorama 228.000.000 and the BRI meeting 186.000.000, all at 75 %
    expect(negotiation).toMatchObject({ leads: 3, value: '600000000.00', weighted: '450000000' });
  });

  it('shows a sales executive only his own leads; the manager sees the whole team', async () => {
    const own = (await ok(await andi.get('/api/data/sales/lead?limit=100'))).rows;
    const andiPerson = await idOf('sls_person', 'ANDI');
    expect(own.length).toBe(7);
    expect(own.every((l: { owner_id: number }) => Number(l.owner_id) === andiPerson)).toBe(true);
    expect((await ok(await rina.get('/api/data/sales/lead?limit=100'))).rows.length).toBe(12);
    const mayas = (await ok(await maya.get('/api/data/sales/lead?limit=100'))).rows;
    expect(mayas.length).toBe(3);
    expect((await andi.get(`/api/data/sales/lead/${mayas[0].id}`)).statusCode).toBe(404);
  });

  it('refuses a lead an executive writes for a colleague, and a lost lead without a reason', async () => {
    expectApiError(
      await andi.post('/api/data/sales/lead', {
        name: 'Garuda crew rooms',
        owner_id: await idOf('sls_person', 'MAYA'),
        stage_id: await idOf('sls_stage', 'PROSPECT'),
        value: '50000000',
        expected_close: '2026-12-01',
      }),
      403,
      { message: 'Andi Pratama, you may only work on your own leads, activities and plans' },
    );
    expectApiError(
      await andi.post('/api/data/sales/lead', {
        name: 'Lost cause',
        stage_id: await idOf('sls_stage', 'LOST'),
        value: '1000000',
        expected_close: '2026-11-20',
      }),
      400,
      { fields: { lost_reason: 'Say why the lead was lost' } },
    );
  });
});

describe('a won lead holds its rooms in the front office', () => {
  it('turns the Astra dealer incentive into a definite block of 25 Deluxe rooms for its nights, linked both ways', async () => {
    const lead = (await ok(await andi.get('/api/data/sales/lead?q=Astra%20dealer'))).rows[0];
    const won = await ok(await andi.post('/api/ops/sales.winLead', { id: lead.id, version: lead.version }));
    expect(won).toMatchObject({ number: lead.number, rooms: 25, block: `BLK${lead.number.slice(2)}` });
    const block = (
      await sql<Record<string, unknown>>`SELECT * FROM allotment WHERE branch_id = ${gnb} AND id = ${won.allotment_id}`.execute(db)
    ).rows[0];
    expect(block).toMatchObject({
      company: 'PT Astra International',
      rooms: 25,
      from_date: lead.arrival,
      to_date: lead.departure,
      room_type_id: lead.room_type_id,
    });
    const after = await ok(await andi.get(`/api/data/sales/lead/${lead.id}`));
    expect(after).toMatchObject({ allotment_id: won.allotment_id, probability: '100.00', stage_id: await idOf('sls_stage', 'WON') });
    expectApiError(await andi.post('/api/ops/sales.winLead', { id: lead.id, version: after.version }), 409, {
      message: `Lead ${lead.number} is already closed`,
    });
  });

  it('will not win a lead without its stay, nor one of a colleague', async () => {
    const kcic = (await ok(await andi.get('/api/data/sales/lead?q=KCIC'))).rows[0];
    expectApiError(await andi.post('/api/ops/sales.winLead', { id: kcic.id, version: kcic.version }), 400, {
      fields: Object.fromEntries(
        ['arrival', 'departure', 'room_type_id', 'rooms'].map((f) => [f, 'Needed to hold the rooms of a won lead']),
      ),
    });
    expect((await maya.post('/api/ops/sales.winLead', { id: kcic.id, version: kcic.version })).statusCode).toBe(404);
    expectApiError(
      await andi.patch(`/api/data/sales/lead/${kcic.id}`, { version: kcic.version, stage_id: await idOf('sls_stage', 'WON') }),
      400,
      {
        fields: { stage_id: 'A lead is won with the Won button, which holds its rooms in the front office' },
      },
    );
  });
});

describe('production per account comes from the bookings linked to it', () => {
  let kimia: number;
  let dewi: number;
  beforeAll(async () => {
    dewi = (await ok(await rina.post('/api/data/sales/person', { code: 'DEWI', name: 'Dewi Anggraini', visits_per_week: 10 }), 201)).id;
    kimia = Number(
      (
        await sql<{ id: number }>`INSERT INTO business_account (branch_id, code, kind, name, sales_person_id)
                                  VALUES (${gnb}, 'KIMIA', 'company', 'PT Kimia Farma', ${dewi}) RETURNING id`.execute(db)
      ).rows[0].id,
    );
    const cor = await idOf('segment', 'COR');
    const dlx = await idOf('room_type', 'DLX');
    const guest = async (name: string, company: string | null) =>
      Number(
        (
          await sql<{ id: number }>`INSERT INTO guest (branch_id, name, company) VALUES (${gnb}, ${name}, ${company}) RETURNING id`.execute(
            db,
          )
        ).rows[0].id,
      );
    const employee = await guest('Hendra Gunawan', 'PT Kimia Farma');
    const visitor = await guest('Ratna Halim', null);
    // the first stay names the account by the guest's company, the second by the account's code typed on the booking
    for (const [code, g, company, arrival, departure, rate, status] of [
      ['RK0001', employee, null, '2026-09-07', '2026-09-10', '1000000', 'checked_out'],
      ['RK0002', visitor, 'kimia', '2026-09-21', '2026-09-23', '1250000', 'checked_out'],
      ['RK0003', visitor, 'PT Kimia Farma', '2026-09-24', '2026-09-25', '1250000', 'cancelled'],
    ] as const)
      await sql`INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, rate_override, rate_override_reason, status, segment_id, company)
                VALUES (${gnb}, ${code}, ${g}, ${arrival}, ${departure}, ${dlx}, ${rate}, 'Contract', ${status}, ${cor}, ${company})`.execute(
        db,
      );
  });

  it("keeps the account's owner and its contract rate code on the account and the rate", async () => {
    const telkom = (await ok(await admin.get('/api/data/sales/account?q=TELKOM'))).rows[0];
    expect(telkom._refs.sales_person_id).toBe('Andi Pratama');
    const moved = await ok(await admin.patch(`/api/data/sales/account/${telkom.id}`, { version: telkom.version, sales_person_id: dewi }));
    expect(moved._refs.sales_person_id).toBe('Dewi Anggraini');
    // and back: Telkom's history moves with its owner, and Dewi's figures below are PT Kimia Farma's alone
    await ok(
      await admin.patch(`/api/data/sales/account/${telkom.id}`, { version: moved.version, sales_person_id: telkom.sales_person_id }),
    );
    const corp = (await ok(await admin.get('/api/data/frontoffice/rate-code?q=CORP&limit=1'))).rows[0];
    const contract = await ok(
      await admin.patch(`/api/data/frontoffice/rate-code/${corp.id}`, { version: corp.version, account_id: telkom.id }),
    );
    expect(contract._refs.account_id).toBe('TELKOM - PT Telkom Indonesia');
  });

  it('links each booking to the account its company or its guest names', async () => {
    const { rows } = await sql<{ code: string; account_id: number }>`
      SELECT code, account_id::int AS account_id FROM reservation WHERE branch_id = ${gnb} AND code LIKE 'RK000%' ORDER BY code`.execute(
      db,
    );
    expect(rows).toEqual([
      { code: 'RK0001', account_id: kimia },
      { code: 'RK0002', account_id: kimia },
      { code: 'RK0003', account_id: kimia },
    ]);
  });

  it('counts 5 nights stayed and Rp 5.500.000 for PT Kimia Farma in September (the cancelled stay not), ADR Rp 1.100.000', async () => {
    const result = await report(rina, 'sales-company-production', { date_from: '2026-09-01', date_to: '2026-09-30', person_id: dewi });
    expect(result.rows).toEqual([
      {
        code: 'KIMIA',
        account: 'PT Kimia Farma',
        kind: 'company',
        owner: 'Dewi Anggraini',
        stays: 2,
        room_nights: 5,
        revenue: '5500000',
        adr: '1100000.00',
      },
    ]);
  });

  it("measures Dewi's September against her budget: 5 of 6 nights, Rp 5.500.000 of 5.000.000, 110,00 %", async () => {
    await ok(
      await rina.post('/api/data/sales/sales-budget', {
        person_id: dewi,
        segment_id: await idOf('segment', 'COR'),
        month: '2026-09-01',
        room_nights: 6,
        revenue: '5000000',
      }),
      201,
    );
    const rows = (await report(rina, 'sales-performance', { date_from: '2026-09-01', date_to: '2026-09-30' })).rows.filter(
      (r: { person: string }) => r.person === 'Dewi Anggraini',
    );
    expect(rows).toEqual([
      {
        person: 'Dewi Anggraini',
        segment: 'Corporate',
        budget_nights: 6,
        room_nights: 5,
        budget_revenue: '5000000.00',
        revenue: '5500000',
        achievement: '110.00',
      },
    ]);
    expectApiError(
      await rina.post('/api/data/sales/sales-budget', {
        person_id: dewi,
        segment_id: await idOf('segment', 'COR'),
        month: '2026-09-15',
        room_nights: 1,
        revenue: '1',
      }),
      400,
    );
  });
});

describe('the comp set gives market share and indexes', () => {
  const atNbr = { 'x-branch-id': '' };
  beforeAll(async () => {
    atNbr['x-branch-id'] = String(nbr);
    const type = Number(
      (await sql<{ id: number }>`SELECT id FROM room_type WHERE branch_id = ${nbr} ORDER BY id LIMIT 1`.execute(db)).rows[0].id,
    );
    const guest = Number(
      (await sql<{ id: number }>`INSERT INTO guest (branch_id, name) VALUES (${nbr}, 'Wayan Sudarma') RETURNING id`.execute(db)).rows[0].id,
    );
    // the resort's 16 rooms on 15/10/2026: 8 sold at Rp 2.000.000 and 4 at Rp 2.600.000 (net), 12 in all
    for (let i = 1; i <= 12; i++)
      await sql`INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, rate_override, rate_override_reason, status)
                VALUES (${nbr}, ${`CS${i}`}, ${guest}, '2026-10-15', '2026-10-16', ${type}, ${i <= 8 ? '2000000' : '2600000'}, 'Comp-set test', 'checked_out')`.execute(
        db,
      );
    for (const [code, available, sold, rate] of [
      ['HILTON', 187, 150, '1450000'],
      ['PADMA', 126, 100, '1800000'],
    ] as const)
      await ok(
        await admin.post(
          '/api/data/sales/comp-rev',
          {
            night: '2026-10-15',
            competitor_id: await idOf('sls_competitor', code, nbr),
            rooms_available: available,
            rooms_sold: sold,
            average_rate: rate,
          },
          atNbr,
        ),
        201,
      );
  });

  it('puts our 75,00 % at ADR 2.200.000 against the comp set: MPI 93,90, ARI 138,36, RGI 129,92, share 4,58 % of a fair 4,86 %', async () => {
    const night = (await report(admin, 'sales-compset-daily', { date_from: '2026-10-15', date_to: '2026-10-15' }, atNbr)).rows[0];
    expect(night).toMatchObject({
      available: 16,
      sold: 12,
      revenue: '26400000',
      occupancy: '75.00',
      adr: '2200000.00',
      revpar: '1650000.00',
      comp_available: 313,
      comp_sold: 250,
      comp_revenue: '397500000.00',
      comp_occupancy: '79.87',
      comp_adr: '1590000.00',
      comp_revpar: '1269968.05',
      mpi: '93.90',
      ari: '138.36',
      rgi: '129.92',
      market_share: '4.58',
      fair_share: '4.86',
    });
  });

  it('compares the hotels over the nights with figures: each share of rooms sold against its share of rooms', async () => {
    const hotels = (await report(admin, 'sales-compset-hotels', { date_from: '2026-10-01', date_to: '2026-10-31' }, atNbr)).rows;
    expect(hotels.map((h: Record<string, unknown>) => [h.hotel, h.sold, h.occupancy, h.market_share, h.fair_share])).toEqual([
      ['Hilton Bandung', 150, '80.21', '57.25', '56.84'],
      ['Padma Hotel Bandung', 100, '79.37', '38.17', '38.30'],
      ['Nusantara Beach Resort Bali', 12, '75.00', '4.58', '4.86'],
    ]);
  });

  it("refuses a night's figures with more rooms sold than available, and a second entry for the same night", async () => {
    const hilton = await idOf('sls_competitor', 'HILTON', nbr);
    expectApiError(
      await admin.post(
        '/api/data/sales/comp-rev',
        { night: '2026-10-16', competitor_id: hilton, rooms_available: 187, rooms_sold: 190, average_rate: '1450000' },
        atNbr,
      ),
      400,
    );
    expectApiError(
      await admin.post(
        '/api/data/sales/comp-rev',
        { night: '2026-10-15', competitor_id: hilton, rooms_available: 187, rooms_sold: 120, average_rate: '1450000' },
        atNbr,
      ),
      409,
    );
  });
});

describe("activities: the phone's visits, plans and the diary", () => {
  it('stores a visit sent twice from the offline queue once, and answers the repeat with the first answer', async () => {
    const visit = (await sql<{ id: number }>`SELECT id FROM sls_plan_type WHERE branch_id = ${gnb} AND code = 'VISIT'`.execute(db)).rows[0]
      .id;
    const body = {
      client_key: '6f1c1c52-0d7e-4a8c-9d7e-2b1f5f0a9c11',
      plan_type_id: Number(visit),
      activity_date: '2026-11-23',
      subject: 'Visit PT Len Industri, procurement',
      company: 'PT Len Industri',
      outcome: 'positive',
      result: 'Wants 15 rooms a month for auditors',
    };
    const first = await andi.post('/api/ops/sales.logActivity', body, { 'idempotency-key': body.client_key });
    const again = await andi.post('/api/ops/sales.logActivity', body, { 'idempotency-key': body.client_key });
    expect(first.json()).toEqual(again.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const { rows } = await sql<{ n: number; person: string }>`
      SELECT count(*)::int AS n, min(p.code) AS person FROM sls_activity a JOIN sls_person p ON p.branch_id = a.branch_id AND p.id = a.person_id
       WHERE a.branch_id = ${gnb} AND a.client_key = ${body.client_key}`.execute(db);
    expect(rows[0]).toEqual({ n: 1, person: 'ANDI' });
    const logged = (await report(rina, 'sales-activities-logged', { days: 1 })).rows.filter(
      (r: { subject: string }) => r.subject === body.subject,
    );
    expect(logged).toEqual([expect.objectContaining({ person: 'Andi Pratama', outcome: 'positive', company: 'PT Len Industri' })]);
  });

  it('completes a planned visit of today with its outcome, once', async () => {
    const planned = (
      await ok(
        await andi.get(
          '/api/data/sales/activity?filter=' +
            encodeURIComponent(
              JSON.stringify({ status: { op: 'eq', value: 'planned' }, activity_date: { op: 'eq', value: '2026-11-23' } }),
            ),
        ),
      )
    ).rows[0];
    await ok(
      await andi.post('/api/ops/sales.recordOutcome', {
        id: planned.id,
        version: planned.version,
        outcome: 'neutral',
        result: 'Budget in January',
      }),
    );
    const done = await ok(await andi.get(`/api/data/sales/activity/${planned.id}`));
    expect(done).toMatchObject({ status: 'done', outcome: 'neutral', result: 'Budget in January', done_at: expect.any(String) });
    expectApiError(
      await andi.post('/api/ops/sales.recordOutcome', { id: planned.id, version: done.version, outcome: 'positive', result: 'Again' }),
      409,
    );
  });

  it("puts Andi's approved week plan in his diary as four planned activities; Andi himself may not approve it", async () => {
    const plan = (await ok(await rina.get('/api/data/sales/plan?limit=10'))).rows.find(
      (p: { name: string }) => p.name === 'Corporate accounts, week plan',
    );
    expect((await andi.post(`/api/data/sales/plan/${plan.id}/approve`, { version: plan.version })).statusCode).toBe(403);
    await ok(await rina.post(`/api/data/sales/plan/${plan.id}/approve`, { version: plan.version }));
    const { rows } = await sql<{ subject: string; status: string }>`
      SELECT a.subject, a.status FROM sls_activity a JOIN sls_plan_line l ON l.branch_id = a.branch_id AND l.id = a.plan_line_id
       WHERE l.plan_id = ${plan.id} ORDER BY l.line_no`.execute(db);
    expect(rows).toEqual([
      { subject: 'Visit PT Telkom Indonesia, travel desk', status: 'planned' },
      { subject: 'Site inspection with Astra event team', status: 'planned' },
      { subject: 'Call Bank Mandiri HR about Q1 training', status: 'planned' },
      { subject: 'Lunch with Pertamina procurement', status: 'planned' },
    ]);
  });

  it("gives the phone Andi's day: today's diary, his pipeline and his month against budget", async () => {
    const day = await ok(await andi.get('/api/sales/app/overview'));
    expect(day.person.name).toBe('Andi Pratama');
    expect(day.businessDate).toBe('2026-11-23');
    expect(day.today.some((a: { subject: string }) => a.subject === 'Visit PT Len Industri, procurement')).toBe(true);
    expect(day.pipeline.count).toBe(day.leads.length);
    expect(Number(day.production.budget_revenue)).toBeGreaterThan(0);
    expect(await ok(await t.login('frontdesk').then((c) => c.get('/api/sales/app/overview')), 403)).toBeDefined();
  });
});
