import { buildEntityModel, type EntityModel } from '../server/data/entityModel.js';
import type { AuthInfo } from '../server/context.js';
import { headerSearch } from '../server/domain/frontoffice/search.js';
import { sizes } from './support/http.js';
import { alternate, Findings, type SuiteContext } from './support/suite.js';

/**
 * The header's search over 200,000 stays and 50,000 guests, over HTTP, against the same statements sent
 * directly: a surname shared by thousands of guests, a full name, and part of a booking number.
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
  return f;
}
