import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type TestApp } from '../../support/testApp.js';
import { availabilityQuery } from '../../../server/domain/frontoffice/availability.js';
import { analyzeStaleTables } from '../../../server/db/statistics.js';
import { buildEntityModel } from '../../../server/data/entityModel.js';
import { searchText } from '../../../server/data/crud.js';
import { availabilityRows } from '../../support/availability.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/**
 * Grand Nusantara Bandung with 300 rooms and two years of history (about 100,000 stays): the front
 * desk's 30-night availability must find the stays of that window through the live-stay index, never by
 * reading every reservation, and a PostgreSQL server must never JIT-compile it.
 */
describe('availability plan on a busy hotel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // two years of stays in one statement: longer than the app's 30-second statement limit on a busy CI machine
    await t.database.db.transaction().execute(async (db) => {
      await sql`SET LOCAL statement_timeout = 0`.execute(db);
      await sql`INSERT INTO room (branch_id, code, room_type_id, floor_id)
              SELECT 1, 'X' || g, (SELECT id FROM room_type WHERE branch_id = 1 AND code = 'DLX'), (SELECT id FROM floor WHERE branch_id = 1 AND code = 'M4')
                FROM generate_series(1, 180) g`.execute(db);
      await sql`UPDATE reservation SET status = 'cancelled'`.execute(db);
      await sql`INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, status)
              SELECT 1, 'H' || r.rn || '-' || k, (SELECT min(id) FROM guest) + (k % 50), date '2025-06-01' + k * 2, date '2025-06-01' + k * 2 + 1 + (k % 2),
                     r.room_type_id, r.id, CASE WHEN date '2025-06-01' + k * 2 < ${BUSINESS_DATE}::date THEN 'checked_out' ELSE 'confirmed' END
                FROM (SELECT id, room_type_id, row_number() OVER (ORDER BY code) AS rn FROM room WHERE branch_id = 1) r
               CROSS JOIN generate_series(0, 333) k`.execute(db);
    });
    // what the app itself runs after bulk changes (a PostgreSQL server's autovacuum would too, later)
    await analyzeStaleTables(t.database.db);
    // 100,000 stays through the booking triggers: 40 s on an idle machine, over two minutes on CI's busy two cores
  }, 300_000);
  afterAll(() => t?.close());

  it('reads the booked rooms of a 30-night window from the counts the bookings keep, not from the reservations', async () => {
    const q = availabilityQuery(1, BUSINESS_DATE, '2026-12-23').compile(t.database.db);
    const { rows } = await t.database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode; JIT?: unknown }] }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.sql}`, [...q.parameters]),
    );
    const [explained] = rows[0]['QUERY PLAN'];
    const all = nodes(explained.Plan);
    expect(all.filter((n) => n['Relation Name'] === 'reservation')).toEqual([]);
    expect(all.filter((n) => n['Relation Name'] === 'booked_night' && n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(all.some((n) => n['Index Name'] === 'booked_night_key')).toBe(true);
    expect(explained.JIT).toBeUndefined();
  });

  it('keeps those counts equal to the live stays through bulk inserts, cancellations, moves, deletes and bookings', async () => {
    const db = t.database.db;
    const recount = sql<{ key: string; booked: number }>`
      SELECT concat_ws('/', v.branch_id, v.arrival + k, v.room_type_id, coalesce(v.allotment_id, 0)) AS key, count(*)::int AS booked
        FROM reservation v CROSS JOIN LATERAL generate_series(0, v.departure - v.arrival - 1) k
       WHERE v.status IN ('tentative', 'confirmed', 'in_house')
       GROUP BY 1 ORDER BY 1`;
    const kept = sql<{ key: string; booked: number }>`
      SELECT concat_ws('/', branch_id, date, room_type_id, allotment_id) AS key, booked FROM booked_night WHERE booked <> 0 ORDER BY 1`;
    // the 100,000 stays went in as one statement and the demo's bookings were all cancelled by another
    expect((await kept.execute(db)).rows).toEqual((await recount.execute(db)).rows);
    const suite = sql`(SELECT id FROM room_type WHERE branch_id = 1 AND code = 'STE')`;
    await sql`UPDATE reservation SET room_id = NULL, arrival = arrival + 1, departure = departure + 2 WHERE code LIKE 'H1-%'`.execute(db);
    await sql`UPDATE reservation SET departure = arrival + 1 WHERE code LIKE 'H6-%'`.execute(db);
    await sql`UPDATE reservation SET room_type_id = ${suite} WHERE code LIKE 'H2-%' AND status = 'confirmed'`.execute(db);
    await sql`UPDATE reservation SET status = 'cancelled' WHERE code LIKE 'H3-%' AND arrival > ${BUSINESS_DATE}::date + 30`.execute(db);
    await sql`UPDATE reservation SET company = 'PT Telkom Indonesia' WHERE code LIKE 'H4-%'`.execute(db);
    await sql`DELETE FROM reservation WHERE code LIKE 'H5-%' AND status = 'confirmed'`.execute(db);
    const desk = await t.login('frontdesk');
    const guest = (await sql<{ id: number }>`SELECT min(id)::int AS id FROM guest`.execute(db)).rows[0].id;
    const type = (await sql<{ id: number }>`SELECT id::int AS id FROM room_type WHERE branch_id = 1 AND code = 'DLX'`.execute(db)).rows[0]
      .id;
    const booked = await desk.post('/api/data/frontoffice/reservation', {
      guest_id: guest,
      room_type_id: type,
      adults: 2,
      status: 'confirmed',
      arrival: '2027-02-10',
      departure: '2027-02-13',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await kept.execute(db)).rows).toEqual((await recount.execute(db)).rows);
    const after = await desk.get('/api/frontoffice/availability?from=2027-02-10&to=2027-02-13');
    const dlx = availabilityRows(after.json()).filter((r) => r.room_type_id === type);
    const { rows: counted } = await sql<{ booked: number }>`
      SELECT count(v.id)::int AS booked FROM generate_series(date '2027-02-10', date '2027-02-12', interval '1 day') n
        LEFT JOIN reservation v ON v.branch_id = 1 AND v.room_type_id = ${type} AND v.arrival <= n AND n < v.departure
             AND v.status IN ('tentative', 'confirmed', 'in_house')
       GROUP BY n ORDER BY n`.execute(db);
    expect(dlx.map((r) => r.booked)).toEqual(counted.map((r) => r.booked));
  });

  it('finds a stay by part of its number through the search index, not by reading all 100,000', async () => {
    const m = buildEntityModel(t.meta.entities.get('frontoffice/reservation')!);
    const explain = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
      EXPLAIN (FORMAT JSON) SELECT id FROM reservation WHERE branch_id = 1 AND (${searchText(m)}) ILIKE ${'%H17-33%'}
       ORDER BY arrival, id LIMIT 50`.execute(t.database.db);
    const all = nodes(explain.rows[0]['QUERY PLAN'][0].Plan);
    expect(all.filter((n) => n['Relation Name'] === 'reservation' && n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(all.some((n) => n['Index Name'] === 'reservation_list_search_trgm_idx')).toBe(true);
    const desk = await t.login('frontdesk');
    const found = await desk.get('/api/data/frontoffice/reservation?limit=50&q=H17-33&sort=arrival');
    expect(found.json().rows.map((r: { code: string }) => r.code)).toContain('H17-33');
  });

  it("finds a guest's stay by the guest's telephone through the same search index", async () => {
    const db = t.database.db;
    await sql`INSERT INTO guest (branch_id, name, phone) VALUES (1, 'Yohanes Sitompul', '+62 811 6060 4242')`.execute(db);
    await sql`INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, status)
              SELECT 1, 'YS-1', max(id), date '2027-01-08', date '2027-01-10', (SELECT id FROM room_type WHERE branch_id = 1 AND code = 'DLX'), 'confirmed'
                FROM guest WHERE phone = '+62 811 6060 4242'`.execute(db);
    const m = buildEntityModel(t.meta.entities.get('frontoffice/reservation')!);
    const explain = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
      EXPLAIN (FORMAT JSON) SELECT id FROM reservation WHERE branch_id = 1 AND (${searchText(m)}) ILIKE ${'%6060 4242%'}
       ORDER BY arrival, id LIMIT 50`.execute(db);
    const all = nodes(explain.rows[0]['QUERY PLAN'][0].Plan);
    expect(all.filter((n) => n['Relation Name'] === 'reservation' && n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(all.some((n) => n['Index Name'] === 'reservation_list_search_trgm_idx')).toBe(true);
  });

  it("finds a common surname's 3,000 guests among 50,000 through the guest search index, on either database", async () => {
    const db = t.database.db;
    // an address book like the bench hotel's: sixteen surnames, each on one guest in sixteen
    await sql`INSERT INTO guest (branch_id, name, phone, email)
              SELECT 1, (ARRAY['Ayu','Bambang','Dewi','Eko','Fitri','Gede','Hendra','Indah','Joko','Kadek','Lestari','Made','Nyoman','Putu','Rina','Sari','Teguh','Wayan','Yusuf','Ketut'])[1 + g % 20]
                        || ' ' || (ARRAY['Santoso','Wijaya','Saputra','Halim','Kusuma','Pratama','Setiawan','Hidayat','Nugroho','Siregar','Tanjung','Sitompul','Wiranatha','Suarsana','Sudirta','Ardana'])[1 + (g / 20) % 16]
                        || ' ' || g,
                     '+62 812 ' || lpad((g * 7919 % 100000000)::text, 8, '0'), 'tamu' || g || '@example.co.id'
                FROM generate_series(1, 50000) g`.execute(db);
    await analyzeStaleTables(db);
    const m = buildEntityModel(t.meta.entities.get('frontoffice/guest')!);
    const explain = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
      EXPLAIN (FORMAT JSON) SELECT id, name FROM guest WHERE branch_id = 1 AND active AND (${searchText(m)}) ILIKE ${'%Wiranatha%'}`.execute(
      db,
    );
    const all = nodes(explain.rows[0]['QUERY PLAN'][0].Plan);
    expect(all.filter((n) => n['Relation Name'] === 'guest' && n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(all.some((n) => n['Index Name'] === 'guest_search_trgm_idx')).toBe(true);
    const { rows } = await sql<{ random_page_cost: string; jit: string }>`
      SELECT current_setting('random_page_cost') AS random_page_cost, current_setting('jit') AS jit`.execute(db);
    expect(rows[0]).toEqual({ random_page_cost: '1.1', jit: 'off' });
  });

  it.runIf(process.env.TEST_DB === 'postgres')('connects to PostgreSQL without JIT, with a statement timeout and its name', async () => {
    const { rows } = await sql<{ jit: string; timeout: string; name: string; idle: string }>`
      SELECT current_setting('jit') AS jit, current_setting('statement_timeout') AS timeout,
             current_setting('application_name') AS name, current_setting('idle_in_transaction_session_timeout') AS idle`.execute(
      t.database.db,
    );
    expect(rows[0]).toEqual({ jit: 'off', timeout: '30s', name: 'hotelier', idle: '1min' });
  });

  it('answers the desk with the same rooms free as counting the bookings night by night', async () => {
    const desk = await t.login('frontdesk');
    const res = await desk.get(`/api/frontoffice/availability?from=${BUSINESS_DATE}&to=2026-11-30`);
    expect(res.statusCode).toBe(200);
    const { rows: expected } = await sql<{ date: string; room_type_id: number; booked: number }>`
      SELECT to_char(n, 'YYYY-MM-DD') AS date, v.room_type_id::int AS room_type_id, count(*)::int AS booked
        FROM generate_series(${BUSINESS_DATE}::date, '2026-11-29'::date, interval '1 day') n
        JOIN reservation v ON v.branch_id = 1 AND v.arrival <= n AND n < v.departure AND v.status IN ('tentative', 'confirmed', 'in_house')
       GROUP BY 1, 2`.execute(t.database.db);
    const got = availabilityRows(res.json());
    for (const e of expected) expect(got.find((r) => r.date === e.date && r.room_type_id === e.room_type_id)?.booked).toBe(e.booked);
    for (const r of got) expect(r.available).toBe(r.total - r.booked - r.out_of_order - r.held);
    // the answer carries every figure the query reads, each room type's code and total said once
    expect(got).toEqual((await availabilityQuery(1, BUSINESS_DATE, '2026-11-30').execute(t.database.db)).rows);
    expect(res.json().nights).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(Object.keys(res.json().room_types[0]).sort()).toEqual([
      'available',
      'booked',
      'held',
      'out_of_order',
      'room_type',
      'room_type_id',
      'total',
    ]);
  });
});
