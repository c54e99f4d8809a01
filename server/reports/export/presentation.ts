import type { Lang, ReportColumn, ReportDefinition } from '../../../src/engine/meta/types.js';
import type { ReportResult } from '../../../src/engine/reports/layout.js';
import { formatDate, formatDateTime, formatValue } from '../../../src/engine/format/format.js';
import { translate, type Labels } from '../../i18n/translate.js';

/** Everything an export prints besides the rows, in the reader's language. */
export interface Presentation {
  lang: Lang;
  title: string;
  branch: string;
  /** 'From: 01/11/2026 · To: 23/11/2026' */
  parameters: string;
  generatedAt: string;
  columnTitle(c: ReportColumn): string;
  display(c: ReportColumn | undefined, value: unknown): string;
  t(key: string, params?: Record<string, unknown>): string;
}

export function columnTitle(c: ReportColumn, lang: Lang, labels: Labels): string {
  return c.title ? c.title[lang] : translate(labels, lang, c.label ?? c.field);
}

export function parameterTitle(def: ReportDefinition, name: string, lang: Lang, labels: Labels): string {
  const p = def.parameters?.properties[name] ?? {};
  if (p['x-title']) return (p['x-title'] as Record<Lang, string>)[lang];
  return translate(labels, lang, (p['x-label'] as string | undefined) ?? `report.param.${name}`);
}

/**
 * @param refNames display names of lookup parameters (an x-ref parameter holds an id; people read names)
 */
export function presentation(def: ReportDefinition, result: ReportResult, lang: Lang, labels: Labels, refNames: Record<string, string> = {}): Presentation {
  const t = (key: string, params?: Record<string, unknown>) => translate(labels, lang, key, params);
  const yesNo: [string, string] = [t('common.yes'), t('common.no')];
  const parameters = Object.entries(result.parameters)
    .map(([name, value]) => {
      const p = def.parameters?.properties[name] ?? {};
      let shown = refNames[name] ?? (p.format === 'date' ? formatDate(String(value)) : typeof value === 'boolean' ? (value ? yesNo[0] : yesNo[1]) : String(value));
      if (p['x-enumLabels']) shown = t(`${p['x-enumLabels']}.${String(value)}`);
      return `${parameterTitle(def, name, lang, labels)}: ${shown}`;
    })
    .join(' · ');
  return {
    lang,
    title: result.name[lang],
    branch: result.context.branch,
    parameters,
    generatedAt: formatDateTime(result.context.generatedAt),
    columnTitle: (c) => columnTitle(c, lang, labels),
    display: (c, value) => formatValue(value, c?.type ?? 'text', yesNo),
    t,
  };
}
