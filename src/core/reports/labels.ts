import type { Lang, ReportColumn, ReportDefinition } from '../meta/types';

type Translate = (key: string) => string;

/** A report column's heading: its inline title (property reports) or its label key (shipped ones). */
export function columnTitle(c: ReportColumn, lang: Lang, t: Translate): string {
  return c.title ? c.title[lang] : t(c.label ?? c.field);
}

/** A parameter's label: x-title, else x-label, else the shared `report.param.<name>`. */
export function parameterTitle(def: Pick<ReportDefinition, 'parameters'>, name: string, lang: Lang, t: Translate): string {
  const p = def.parameters?.properties[name] ?? {};
  if (p['x-title']) return (p['x-title'] as Record<Lang, string>)[lang];
  return t((p['x-label'] as string | undefined) ?? `report.param.${name}`);
}

/**
 * A value shown by its label `<prefix>.<value>` (an enum value, an audit action); a value without a label
 * shows as it is, never as a label key.
 */
export function valueText(prefix: string, value: unknown, t: Translate): string {
  const key = `${prefix}.${String(value)}`;
  const text = t(key);
  return text === key ? String(value) : text;
}

export const NUMERIC_TYPES = new Set(['money', 'number', 'integer', 'quantity', 'percent']);
