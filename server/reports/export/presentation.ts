import type { Lang, ReportColumn, ReportDefinition } from '../../../src/core/meta/types.js';
import type { ReportResult } from '../../../src/core/reports/layout.js';
import { formatDate, formatDateTime, formatValue } from '../../../src/core/format/format.js';
import { translate, type Labels } from '../../i18n/translate.js';
import { columnTitle, parameterTitle, valueText } from '../../../src/core/reports/labels.js';

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

/**
 * @param refNames display names of lookup parameters (an x-ref parameter holds an id; people read names)
 */
export function presentation(
  def: ReportDefinition,
  result: ReportResult,
  lang: Lang,
  labels: Labels,
  refNames: Record<string, string> = {},
): Presentation {
  const t = (key: string, params?: Record<string, unknown>) => translate(labels, lang, key, params);
  const yesNo: [string, string] = [t('common.yes'), t('common.no')];
  const parameters = Object.entries(result.parameters)
    .map(([name, value]) => {
      const p = def.parameters?.properties[name] ?? {};
      let shown =
        refNames[name] ??
        (p.format === 'date'
          ? formatDate(String(value))
          : p.format === 'money'
            ? formatValue(value, 'money')
            : typeof value === 'boolean'
              ? value
                ? yesNo[0]
                : yesNo[1]
              : String(value));
      if (p['x-enumLabels']) shown = t(`${p['x-enumLabels']}.${String(value)}`);
      return `${parameterTitle(def, name, lang, t)}: ${shown}`;
    })
    .join(' · ');
  return {
    lang,
    title: result.name[lang],
    branch: result.context.branch,
    parameters,
    generatedAt: formatDateTime(result.context.generatedAt),
    columnTitle: (c) => columnTitle(c, lang, t),
    display: (c, value) =>
      c?.enumLabels && value != null ? valueText(c.enumLabels, value, t) : formatValue(value, c?.type ?? 'text', lang, yesNo),
    t,
  };
}
