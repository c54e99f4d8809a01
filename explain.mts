import { sql } from 'kysely';
import { connect } from './server/db/connect.js';
import { migrate } from './server/db/migrate.js';
import { seedDemo } from './server/seed/demo.js';
import { loadMeta } from './server/meta/load.js';
import { serverFlowNames } from './server/flowCatalog.js';
import { analyzeStaleTables } from './server/db/statistics.js';
const database = await connect({ dataDir: 'memory://', loadDataDir: '/tmp/demo-pglite.tar' });
const bd = (await sql<any>`SELECT business_date::text AS d FROM hotel_setup WHERE branch_id=1`.execute(database.db)).rows[0].d;
const q = `SELECT g.name AS guest, g.nationality, g.company, count(DISTINCT v.id) AS stays, count(n.night) AS room_nights, coalesce(sum(n.room_revenue), 0) AS revenue, max(v.departure) AS last_departure FROM reservation v JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id JOIN reservation_night n ON n.branch_id = v.branch_id AND n.reservation_id = v.id WHERE v.branch_id = 1 AND v.status IN ('checked_out', 'in_house') AND v.arrival BETWEEN ('${bd}'::date - 365) AND '${bd}'::date AND (NULL::bigint IS NULL OR g.id = NULL::bigint) GROUP BY g.id, g.name, g.nationality, g.company`;
for (let i=0;i<2;i++){ const r = await sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${q}`).execute(database.db); if(i) console.log((r.rows as any[]).map(x=>x['QUERY PLAN']).join('\n'));}
const counts = await sql.raw(`SELECT (SELECT count(*) FROM reservation) r, (SELECT count(*) FROM reservation_night) n, (SELECT count(*) FROM guest) g`).execute(database.db); console.log(counts.rows);
await database.close();
