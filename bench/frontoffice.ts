import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig, projectRoot } from '../server/config.js';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { loadMeta } from '../server/meta/load.js';
import { buildApp } from '../server/app.js';
import { seedDemo } from '../server/seed/demo.js';
import { availability } from '../server/domain/frontoffice/availability.js';
import { ms, timeAlternating } from './stats.js';

const ROOMS = 300;
const RESERVATIONS = 200_000;
const FROM = '2026-11-23';

/**
 * The front desk's heavy reads on a 300-room hotel with 200,000 reservations: availability for a year,
 * the room plan for 30 nights, and the reservation list, each through the API against the same SQL
 * sent raw on the same database, alternately, in one run.
 */
export async function benchFrontoffice(): Promise<Record<string, string>> {
  const database = await connect({ dataDir: 'memory://' });
  const db = database.db;
  try {
    const meta = loadMeta(projectRoot);
    await migrate(db, path.join(projectRoot, 'server', 'migrations'));
    await seedDemo(db, meta, { businessDate: FROM });
    // 180 more rooms (300 in all), then 200,000 stays laid end to end per room, never overlapping
    await sql`INSERT INTO room (branch_id, code, room_type_id, floor_id)
              SELECT 1, 'X' || g, (SELECT id FROM room_type WHERE branch_id = 1 AND code = 'DLX'), (SELECT id FROM floor WHERE branch_id = 1 AND code = 'M4')
                FROM generate_series(1, ${ROOMS - 120}) g`.execute(db);
    await sql`UPDATE reservation SET status = 'cancelled'`.execute(db);
    await sql`INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, rate_code_id, status)
              SELECT 1, 'B' || r.rn || '-' || k, (SELECT min(id) FROM guest) + (k % 400), date '2025-06-01' + k * 2, date '2025-06-01' + k * 2 + 1 + (k % 2),
                     r.room_type_id, r.id, NULL, CASE WHEN date '2025-06-01' + k * 2 < ${FROM}::date THEN 'checked_out' ELSE 'confirmed' END
                FROM (SELECT id, room_type_id, row_number() OVER (ORDER BY code) AS rn FROM room WHERE branch_id = 1) r
                CROSS JOIN generate_series(0, ${Math.ceil(RESERVATIONS / ROOMS) - 1}) k`.execute(db);
    await sql`ANALYZE`.execute(db);
    const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reservation`.execute(db);

    const app = await buildApp({
      config: { ...loadConfig({}), root: projectRoot, dataDir: '/tmp' },
      database,
      meta,
      mailer: { send: async () => undefined },
    });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'hotelier' } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    const line = (a: { p50: number; p95: number }, r: { p50: number }, goal: string) =>
      `p50 ${ms(a.p50)} / p95 ${ms(a.p95)}; raw SQL p50 ${ms(r.p50)} → ${(a.p50 / r.p50).toFixed(2)}× (${goal})`;

    const [avApi, avRaw] = await timeAlternating(
      8,
      () => get(`/api/frontoffice/availability?from=${FROM}&to=2027-11-23`),
      () => availability(db, 1, FROM, '2027-11-23'),
    );
    const [planApi, planRaw] = await timeAlternating(
      10,
      () => get(`/api/frontoffice/roomplan?from=${FROM}&days=30`),
      () =>
        Promise.all([
          sql`SELECT r.id, r.code, r.room_type_id, t.code, f.code, r.hk_status, r.ooo_from, r.ooo_to FROM room r JOIN room_type t ON t.branch_id = r.branch_id AND t.id = r.room_type_id JOIN floor f ON f.branch_id = r.branch_id AND f.id = r.floor_id WHERE r.branch_id = 1 AND r.active ORDER BY t.sort_order, r.code`.execute(
            db,
          ),
          sql`SELECT v.id, v.code, v.version, g.name, v.arrival, v.departure, v.room_id, v.room_type_id, v.status, v.adults, v.children, v.group_name FROM reservation v JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id WHERE v.branch_id = 1 AND v.status IN ('tentative', 'confirmed', 'in_house') AND v.arrival < '2026-12-23' AND '2026-11-23' < v.departure ORDER BY v.arrival, v.code`.execute(
            db,
          ),
          availability(db, 1, FROM, '2026-12-23'),
        ]),
    );
    const [listApi, listRaw] = await timeAlternating(
      20,
      () => get('/api/data/frontoffice/reservation?limit=50&sort=arrival&dir=desc'),
      async () => {
        await sql`SELECT * FROM reservation WHERE branch_id = 1 ORDER BY arrival DESC, id DESC LIMIT 50`.execute(db);
        await sql`SELECT count(*)::int FROM (SELECT 1 FROM reservation WHERE branch_id = 1 LIMIT 10001) c`.execute(db);
      },
    );
    const [searchApi, searchRaw] = await timeAlternating(
      20,
      () => get('/api/data/frontoffice/reservation?limit=50&q=B17-3&sort=arrival'),
      async () => {
        await sql`SELECT * FROM reservation WHERE branch_id = 1 AND (code ILIKE ${'%B17-3%'} OR group_name ILIKE ${'%B17-3%'} OR company ILIKE ${'%B17-3%'}) ORDER BY arrival NULLS LAST, id LIMIT 50`.execute(
          db,
        );
        await sql`SELECT count(*)::int FROM (SELECT 1 FROM reservation WHERE branch_id = 1 AND (code ILIKE ${'%B17-3%'} OR group_name ILIKE ${'%B17-3%'} OR company ILIKE ${'%B17-3%'}) LIMIT 10001) c`.execute(
          db,
        );
      },
    );
    await app.close();
    return {
      [`PGlite, ${ROOMS} rooms, ${count[0].n.toLocaleString('en')} reservations: availability 300 rooms × 365 nights`]: line(
        avApi,
        avRaw,
        'API vs the same query',
      ),
      'room plan, 300 rooms × 30 nights': line(planApi, planRaw, 'API vs its three queries'),
      'reservation list, first page of 50 by arrival': line(listApi, listRaw, 'goal ≤ 2×'),
      'reservation list, searching a number': line(searchApi, searchRaw, 'goal ≤ 2×'),
    };
  } finally {
    await database.close();
  }
}
