import type { I18nText, Lang } from '../../src/core/meta/types.js';
import { formatInteger } from '../../src/core/format/format.js';

export type Labels = Map<string, I18nText>;

/** A number of things in a message ("more than 50,000 rows"): written in the reader's separators. */
export class Count {
  constructor(public readonly n: number) {}
}

/** Looks a label up in the caller's language and fills {placeholders}; an unknown key shows itself. */
export function translate(labels: Labels, lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  const text = labels.get(key)?.[lang] ?? labels.get(key)?.en ?? key;
  const shown = (v: unknown) => (v instanceof Count ? formatInteger(v.n, lang) : String(v));
  return text.replace(/\{(\w+)\}/g, (_, p) => (p in params ? shown(params[p]) : `{${p}}`));
}

/** The request's language: the client sends its chosen language in Accept-Language. */
export function requestLang(acceptLanguage: string | undefined): Lang {
  return acceptLanguage?.trim().toLowerCase().startsWith('id') ? 'id' : 'en';
}
