import type { I18nText } from '../../src/core/meta/types.js';
import type { Meta } from './load.js';

/** The label prefixes under which the audit log's subjects and actions have readable names. */
export const AUDIT_SUBJECT = 'audit.subject';
export const AUDIT_ACTION = 'audit.action';

/**
 * Readable names for what the audit log records, derived from what is declared once elsewhere: a
 * subject that is an entity ('system/bank') is named by its title, a module ('frontoffice') by its menu
 * entry, a command ('frontoffice.cancelReservation') by the right it needs (the route's name and the
 * action's). Hand-written labels (create, sign-in …) stay as they are.
 */
export function auditNameLabels(
  meta: Pick<Meta, 'entities' | 'labels' | 'routes'>,
  commands: { name: string; resource: string; action: string }[],
  names: { resource(resource: string, lang: 'en' | 'id'): string; action(resource: string, action: string, lang: 'en' | 'id'): string },
): Map<string, I18nText> {
  const out = new Map<string, I18nText>();
  const add = (key: string, text: I18nText | undefined) => {
    if (text && !meta.labels.has(key) && !out.has(key)) out.set(key, text);
  };
  for (const [id, e] of meta.entities) add(`${AUDIT_SUBJECT}.${id}`, e.title ? meta.labels.get(e.title) : undefined);
  for (const r of meta.routes) {
    const module = r.path.replace(/^\//, '');
    if (r.children?.length && r.name) add(`${AUDIT_SUBJECT}.${module}`, r.name);
  }
  for (const c of commands) {
    const both = (lang: 'en' | 'id') => `${names.resource(c.resource, lang)} · ${names.action(c.resource, c.action, lang)}`;
    add(`${AUDIT_ACTION}.${c.name}`, { en: both('en'), id: both('id') });
  }
  return out;
}
