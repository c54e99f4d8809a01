import { buildEntityModel } from '../server/data/entityModel.js';
import { listRows, type ListQuery } from '../server/data/crud.js';
import { sizes } from './support/http.js';
import { alternate, Findings, WARM_UP_MS, type SuiteContext } from './support/suite.js';

const RUNS = 30;

/**
 * /api/data list pages of 50 on 100,000 bank accounts over HTTP, against the same statements (page and
 * capped count, same SQL, same bound parameters) sent directly: the price of the generic layer (session,
 * rights, validation, lookups, JSON, compression).
 */
export async function benchDataPaging(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, 100,000 banks`);
  const db = ctx.database.db;
  const m = buildEntityModel(ctx.meta.entities.get('system/bank')!);
  const q = (over: Partial<ListQuery>): ListQuery => ({ limit: 50, offset: 0, dir: 'asc', filter: {}, ...over });

  const first = await ctx.admin.ok('/api/data/system/bank?limit=50&sort=name', true);
  const [firstApi, firstRaw] = await alternate(
    RUNS,
    () => ctx.admin.ok('/api/data/system/bank?limit=50&sort=name'),
    () => listRows(db, m, 1, q({ sort: 'name' })),
    WARM_UP_MS,
  );
  f.compare('first page of 50, sorted by name', firstApi, firstRaw, { p95Ms: 100, ratio: 2 }, sizes(first));

  // walking forward page by page with the keyset cursor, as the grid does while scrolling
  const cursors: string[] = [];
  let page = (await ctx.admin.ok('/api/data/system/bank?limit=50&sort=code', true)).body;
  while (cursors.length < RUNS && page.nextCursor) {
    cursors.push(page.nextCursor);
    page = (await ctx.admin.ok(`/api/data/system/bank?limit=50&sort=code&after=${page.nextCursor}`, true)).body;
  }
  let a = 0;
  let r = 0;
  // a page is a third of a millisecond: 200 pairs, so the median is not one of a few dozen
  const [keyApi, keyRaw] = await alternate(
    200,
    () => ctx.admin.ok(`/api/data/system/bank?limit=50&sort=code&after=${cursors[a++ % cursors.length]}`),
    () => listRows(db, m, 1, q({ sort: 'code', after: cursors[r++ % cursors.length] })),
    WARM_UP_MS,
  );
  f.compare('next pages by keyset cursor', keyApi, keyRaw, { p95Ms: 60, ratio: 2 });

  const [deepApi, deepRaw] = await alternate(
    12,
    () => ctx.admin.ok('/api/data/system/bank?limit=50&sort=name&offset=50000'),
    () => listRows(db, m, 1, q({ sort: 'name', offset: 50_000 })),
  );
  f.compare('page at offset 50,000', deepApi, deepRaw, { p95Ms: 400, ratio: 2 });
  return f;
}
