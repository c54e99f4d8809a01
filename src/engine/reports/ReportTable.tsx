import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReportColumn } from '../../core/meta/types';
import { useI18n } from '../i18n/i18n';
import { formatInteger, formatValue } from '../../core/format/format';
import { layoutReport, type ReportResult } from '../../core/reports/layout';
import { columnTitle, NUMERIC_TYPES, valueText } from '../../core/reports/labels';

const PAGE = 500;

function linkOf(c: ReportColumn, row: Record<string, unknown>) {
  return c.link?.replace(/\{(\w+)\}/g, (_, f) => encodeURIComponent(String(row[f] ?? '')));
}

/**
 * A report's rows as a reader expects them on paper: group headers, subtotals, the grand total.
 * Long results show 500 lines at a time (the export holds them all).
 */
export function ReportTable({ result }: { result: ReportResult }) {
  const { t, lang } = useI18n();
  const [shown, setShown] = useState(PAGE);
  const byField = useMemo(() => new Map(result.columns.map((c) => [c.field, c])), [result.columns]);
  // a grouped column's value is its group's header above the rows: the table does not repeat it on each row
  const columns = useMemo(() => result.columns.filter((c) => !result.groupBy.includes(c.field)), [result.columns, result.groupBy]);
  const cellText = useCallback(
    (c: ReportColumn | undefined, v: unknown) =>
      c?.enumLabels && v != null
        ? valueText(c.enumLabels, v, t)
        : formatValue(v, c?.type ?? 'text', lang, [t('common.yes'), t('common.no')]),
    [t, lang],
  );
  const items = useMemo(() => layoutReport(result, (field, v) => cellText(byField.get(field), v) || '—'), [result, byField, cellText]);
  const visible = items.slice(0, shown);
  const num = (c: ReportColumn) => NUMERIC_TYPES.has(c.type ?? '');
  const totalsRow = (totals: Record<string, string>, label: string, cls: string, key: string) => (
    <tr key={key} className={cls}>
      {columns.map((c, i) => (
        <td key={c.field} className={num(c) ? 'num' : undefined}>
          {c.field in totals ? formatValue(totals[c.field], c.type, lang) : i === 0 ? label : ''}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="table-wrap report-table">
      <table className="table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.field} className={num(c) ? 'num' : undefined} style={c.width ? { minWidth: c.width } : undefined}>
                {columnTitle(c, lang, t)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="empty">
                {t('report.noRows')}
              </td>
            </tr>
          )}
          {visible.map((item, i) => {
            switch (item.kind) {
              case 'group':
                return (
                  <tr key={i} className={`report-group level-${item.level}`}>
                    <td colSpan={columns.length}>{item.label}</td>
                  </tr>
                );
              case 'subtotal':
                return totalsRow(
                  item.totals,
                  `${t('report.subtotal')} ${item.label} (${item.count})`,
                  `report-subtotal level-${item.level}`,
                  String(i),
                );
              case 'total':
                return result.rows.length
                  ? totalsRow(item.totals, `${t('report.grandTotal')} (${item.count})`, 'report-total', String(i))
                  : null;
              default:
                return (
                  <tr key={i}>
                    {columns.map((c) => {
                      const text = cellText(c, item.row[c.field]);
                      const href = c.link && item.row[c.field] != null ? linkOf(c, item.row) : undefined;
                      return (
                        <td key={c.field} className={num(c) ? 'num' : undefined}>
                          {href?.startsWith('/api/') ? (
                            // a file the server makes (a registration card): downloaded with the session's cookie
                            <a href={href} download>
                              {text}
                            </a>
                          ) : href ? (
                            <Link to={href}>{text}</Link>
                          ) : (
                            text
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
            }
          })}
        </tbody>
      </table>
      {items.length > shown && (
        <div className="card-footer row" style={{ justifyContent: 'center' }}>
          <span className="muted">
            {t('common.rows', { count: `${formatInteger(shown, lang)} / ${formatInteger(items.length, lang)}` })}
          </span>
          <button type="button" className="btn btn-sm" onClick={() => setShown((n) => n + PAGE * 4)}>
            {t('report.showMore')}
          </button>
        </div>
      )}
    </div>
  );
}
