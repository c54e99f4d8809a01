import type { AppContext } from '../context.js';
import type { Lang, ReportDefinition } from '../../src/core/meta/types.js';
import { buildEntityModel, type EntityModel } from '../data/entityModel.js';
import { refLabels } from '../data/crud.js';

const models = new WeakMap<object, EntityModel>();

/** Display names of a report's lookup parameters (an x-ref parameter holds an id; an export prints the name). */
export async function refNamesOf(
  ctx: AppContext,
  def: ReportDefinition,
  params: Record<string, unknown>,
  branchId: number,
  lang: Lang,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries(def.parameters?.properties ?? {})) {
    const ref = p['x-ref'] as string | undefined;
    const schema = ref ? ctx.meta.entities.get(ref) : undefined;
    if (!schema || params[name] == null) continue;
    let m = models.get(schema);
    if (!m) models.set(schema, (m = buildEntityModel(schema)));
    const id = Number(params[name]);
    out[name] = (await refLabels(ctx.db, m, branchId, [id], lang)).get(id) ?? String(params[name]);
  }
  return out;
}
