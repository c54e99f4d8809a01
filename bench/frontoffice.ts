import dayjs from 'dayjs';
import { buildEntityModel } from '../server/data/entityModel.js';
import { listRows, type ListQuery } from '../server/data/crud.js';
import { availability } from '../server/domain/frontoffice/availability.js';
import { businessDateOf, planBookings, planRooms, unassignedStays } from '../server/domain/frontoffice/roomPlan.js';
import { FROM } from './support/benchHotel.js';
import { sizes } from './support/http.js';
import { alternate, Findings, WARM_UP_MS, type SuiteContext } from './support/suite.js';

/**
 * The front desk's heavy reads on a 300-room hotel with 200,000 stays, over HTTP, each against the same
 * statements sent directly: availability for 30 and 365 nights, the room plan's first block for 30 nights,
 * and the reservation list.
 */
export async function benchFrontoffice(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, 300 rooms, 200,000 stays`);
  const db = ctx.database.db;
  const c = ctx.admin;
  const to30 = dayjs(FROM).add(30, 'day').format('YYYY-MM-DD');
  const to365 = dayjs(FROM).add(365, 'day').format('YYYY-MM-DD');

  const [av30Api, av30Raw] = await alternate(
    16,
    () => c.ok(`/api/frontoffice/availability?from=${FROM}&to=${to30}`),
    () => availability(db, 1, FROM, to30),
    WARM_UP_MS,
  );
  // read from the counts the bookings keep (migration 0124), the statement is 2.5 ms on PostgreSQL: a
  // request's own price (HTTP, session, rights, JSON, brotli) is about as much, so its ratio is a quick read's
  f.compare(
    'availability, 30 nights',
    av30Api,
    av30Raw,
    { p95Ms: 150, ratio: 2 },
    sizes(await c.ok(`/api/frontoffice/availability?from=${FROM}&to=${to30}`, true)),
  );
  // a few milliseconds each: 20 pairs, so one slow answer is not the median
  const [av365Api, av365Raw] = await alternate(
    20,
    () => c.ok(`/api/frontoffice/availability?from=${FROM}&to=${to365}`),
    () => availability(db, 1, FROM, to365),
    WARM_UP_MS,
  );
  f.compare('availability, 365 nights', av365Api, av365Raw, { p95Ms: 1000, ratio: 1.5 });

  const plan = `/api/frontoffice/roomplan?from=${FROM}&days=30&offset=0&limit=50`;
  const [planApi, planRaw] = await alternate(
    12,
    () => c.ok(plan),
    async () => {
      await businessDateOf(db, 1);
      const rooms = await planRooms(db, 1, 0, 50);
      await Promise.all([
        planBookings(
          db,
          1,
          rooms.map((r) => r.id),
          FROM,
          to30,
        ),
        availability(db, 1, FROM, to30),
        unassignedStays(db, 1, FROM, to30),
      ]);
    },
    WARM_UP_MS,
  );
  f.compare('room plan, first 50 rooms × 30 nights', planApi, planRaw, { p95Ms: 200, ratio: 2 }, sizes(await c.ok(plan, true)));

  const m = buildEntityModel(ctx.meta.entities.get('frontoffice/reservation')!);
  const q = (over: Partial<ListQuery>): ListQuery => ({ limit: 50, offset: 0, dir: 'asc', filter: {}, ...over });
  const list = '/api/data/frontoffice/reservation?limit=50&sort=arrival&dir=desc';
  const [listApi, listRaw] = await alternate(
    20,
    () => c.ok(list),
    () => listRows(db, m, 1, q({ sort: 'arrival', dir: 'desc' })),
    WARM_UP_MS,
  );
  f.compare('reservation list, first page of 50 by arrival', listApi, listRaw, { p95Ms: 100, ratio: 2 }, sizes(await c.ok(list, true)));
  const [searchApi, searchRaw] = await alternate(
    20,
    () => c.ok('/api/data/frontoffice/reservation?limit=50&q=B17-3&sort=arrival'),
    () => listRows(db, m, 1, q({ sort: 'arrival', q: 'B17-3' })),
    WARM_UP_MS,
  );
  f.compare('reservation list, searching a number', searchApi, searchRaw, { p95Ms: 100, ratio: 2 });
  return f;
}
