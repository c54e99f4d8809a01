import { buildEntityModel, type EntityModel } from '../server/data/entityModel.js';
import type { AuthInfo } from '../server/context.js';
import { CompiledQuery } from 'kysely';
import { headerSearch, staysStatement } from '../server/domain/frontoffice/search.js';
import { listRows } from '../server/data/crud.js';
import { sizes } from './support/http.js';
import { alternate, Findings, type SuiteContext } from './support/suite.js';

/**
 * The header's search over 200,000 stays and 50,000 guests, over HTTP, against the same statements sent
 * directly: a surname shared by thousands of guests, a full name, and part of a booking number; and the
 * reservation list's search box by the guest's surname and full name.
 */
export async function benchFrontdesk(ctx: SuiteContext): Promise<Findings> {
  const f = new Findings(`${ctx.label}, header search, 200,000 stays, 50,000 guests`);
  const models = new Map<string, EntityModel>(
    ['frontoffice/reservation', 'frontoffice/guest'].map((id) => [id, buildEntityModel(ctx.meta.entities.get(id)!)]),
  );
  // the administrator the API is asked as: every right, the bench property
  const admin = { branchId: 1, user: { id: 1, isAdmin: true }, rights: new Set<string>() } as unknown as AuthInfo;
  for (const [what, q] of [
    ['a surname (3,000+ guests)', 'Wiranatha'],
    ['a full name', 'Kadek Sudirta 4711'],
    ['part of a booking number', 'B17-3'],
  ]) {
    const url = `/api/frontoffice/search?q=${encodeURIComponent(q)}`;
    const [api, raw] = await alternate(
      16,
      () => ctx.admin.ok(url),
      () => headerSearch(ctx.database.db, models, admin, q),
    );
    f.compare(`header search, ${what}`, api, raw, { p95Ms: 150, ratio: 2 }, sizes(await ctx.admin.ok(url, true)));
  }
  f.note('header search, the plan of its stays for a surname', await planOf(ctx, staysStatement(models, 1, 'Wiranatha')));
  // the reservation list's own box searches the guest's name through the same trigram index (0040)
  const reservations = models.get('frontoffice/reservation')!;
  for (const [what, q] of [
    ['a surname (3,000+ guests)', 'Wiranatha'],
    ['a full name', 'Kadek Sitompul 4709'],
  ]) {
    const url = `/api/data/frontoffice/reservation?limit=50&sort=arrival&q=${encodeURIComponent(q)}`;
    const [api, raw] = await alternate(
      16,
      () => ctx.admin.ok(url),
      () => listRows(ctx.database.db, reservations, 1, { limit: 50, offset: 0, sort: 'arrival', dir: 'asc', filter: {}, q }),
    );
    f.compare(`reservation list search, ${what}`, api, raw, { p95Ms: 150, ratio: 2 }, sizes(await ctx.admin.ok(url, true)));
  }
  return f;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** How a statement ran: which indexes it read and how many rows each scan gave, and whether any table was read whole. */
async function planOf(ctx: SuiteContext, statement: { compile(db: SuiteContext['database']['db']): CompiledQuery }) {
  const q = statement.compile(ctx.database.db);
  const { rows } = await ctx.database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.sql}`, [...q.parameters]),
  );
  const [explained] = rows[0]['QUERY PLAN'];
  const scans: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Index Name'] || n['Node Type'] === 'Seq Scan')
      scans.push(`${n['Node Type']} ${n['Index Name'] ?? n['Relation Name']} → ${(n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1)} rows`);
    n.Plans?.forEach(walk);
  };
  walk(explained.Plan);
  return `${scans.join('; ')} (${explained['Execution Time'].toFixed(1)} ms)`;
}
