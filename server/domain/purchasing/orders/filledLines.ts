import type { HookContext } from '../../../data/hooks.js';
import { readLines } from '../../../data/lines.js';
import { requestLang } from '../../../i18n/translate.js';

/** The saves whose lines a hook filled in (from a request) rather than the person sending them. */
const filled = new WeakSet<object>();

export const markFilled = (virtual: Record<string, unknown>) => filled.add(virtual);

/**
 * Lines a hook filled in come back named like lines the person typed (the save names only the lookups it was
 * sent), so the screen shows "F-005 - Chicken breast fillet", not an id.
 */
export async function nameFilledLines(c: HookContext, entity: string, row: Record<string, unknown>, virtual: Record<string, unknown>) {
  if (!filled.has(virtual)) return;
  const m = c.ctx.models.get(entity)!;
  const lang = requestLang((c.req as { headers?: Record<string, string | undefined> }).headers?.['accept-language']);
  const id = Number(row.id);
  for (const lf of m.lines) row[lf.name] = (await readLines(c.trx, m, lf, c.auth.branchId, [id], c.ctx.models, lang)).get(id) ?? [];
}
