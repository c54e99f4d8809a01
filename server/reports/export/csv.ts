import type { ReportResult } from '../../../src/core/reports/layout.js';
import type { Presentation } from './presentation.js';

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = v instanceof Date ? v.toISOString() : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * CSV is for other programs: headers in the reader's language, values as stored (decimal points,
 * ISO dates) so nothing is lost or misread; UTF-8 with a BOM so spreadsheet programs detect it.
 */
export function toCsv(result: ReportResult, p: Presentation): string {
  const lines = [result.columns.map((c) => cell(p.columnTitle(c))).join(',')];
  for (const row of result.rows) lines.push(result.columns.map((c) => cell(row[c.field])).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
