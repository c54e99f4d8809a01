import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ReportColumn } from '../../../src/core/meta/types.js';
import { layoutReport, type ReportResult } from '../../../src/core/reports/layout.js';
import type { Presentation } from './presentation.js';
import { betweenChunks, CHUNK_ROWS } from '../../work/workQueue.js';

const NUMBER_FORMATS: Record<string, string> = {
  money: '#,##0',
  number: '#,##0.00',
  integer: '#,##0',
  quantity: '#,##0.###',
  percent: '0.00" %"',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

/** A cell value Excel can compute with: numbers as numbers, dates as dates, the rest as text. */
function excelValue(c: ReportColumn | undefined, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return null;
  switch (c?.type) {
    case 'money':
    case 'number':
    case 'integer':
    case 'quantity':
    case 'percent':
      return Number(v);
    case 'date': {
      const [y, m, d] = String(v).slice(0, 10).split('-').map(Number);
      return new Date(Date.UTC(y, m - 1, d));
    }
    case 'datetime':
      return new Date(String(v));
    case 'boolean':
      return Boolean(v);
    default:
      return String(v);
  }
}

/** Excel has no optional decimal point: a whole quantity takes the integer format, or it would read "24.". */
function wholeQuantities(columns: ReportColumn[], row: ExcelJS.Row) {
  columns.forEach((c, i) => {
    const cell = row.getCell(i + 1);
    if (c.type === 'quantity' && Number.isInteger(cell.value)) cell.numFmt = NUMBER_FORMATS.integer;
  });
}

function sheetName(title: string, used: Set<string>) {
  const base = title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28) || 'Report';
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base.slice(0, 26)} ${i}`;
  used.add(name.toLowerCase());
  return name;
}

/**
 * One workbook, one sheet per report, streamed row by row (a 100,000-row report never sits in memory
 * twice): title, property and parameters, a frozen header, group headers, subtotals and the grand total,
 * real numbers and dates with number formats.
 */
export async function writeXlsx(reports: { result: ReportResult; p: Presentation }[], out: Writable) {
  // loaded when a workbook is first made or read: importing it took a third of a second of every server start
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Hotelier';
  const used = new Set<string>();
  for (const { result, p } of reports) {
    const ws = wb.addWorksheet(sheetName(p.title, used), { views: [{ state: 'frozen', ySplit: 4 }] });
    ws.columns = result.columns.map((c) => ({
      key: c.field,
      width: Math.max(8, Math.round((c.width ?? 120) / 7)),
      style: NUMBER_FORMATS[c.type ?? ''] ? { numFmt: NUMBER_FORMATS[c.type ?? ''] } : {},
    }));
    const title = ws.addRow([p.title]);
    title.font = { bold: true, size: 14 };
    title.commit();
    ws.addRow([`${p.branch} · ${p.parameters}`]).commit();
    ws.addRow([`${p.t('report.generatedAt')}: ${p.generatedAt}`]).commit();
    const header = ws.addRow(result.columns.map((c) => p.columnTitle(c)));
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F1F9' } };
      cell.border = { bottom: { style: 'thin' } };
    });
    header.commit();
    const byField = new Map(result.columns.map((c) => [c.field, c]));
    let written = 0;
    for (const item of layoutReport(result, (f, v) => p.display(byField.get(f), v))) {
      if (++written % CHUNK_ROWS === 0) await betweenChunks();
      if (item.kind === 'row') {
        const r = ws.addRow(result.columns.map((c) => (c.enumLabels ? p.display(c, item.row[c.field]) : excelValue(c, item.row[c.field]))));
        wholeQuantities(result.columns, r);
        r.commit();
      } else if (item.kind === 'group') {
        const r = ws.addRow([item.label]);
        r.font = { bold: true };
        r.commit();
      } else {
        const label = item.kind === 'total' ? p.t('report.grandTotal') : `${p.t('report.subtotal')} ${item.label}`;
        const values = result.columns.map((c, i) =>
          i === 0 ? `${label} (${item.count})` : item.totals[c.field] !== undefined ? Number(item.totals[c.field]) : null,
        );
        const r = ws.addRow(values);
        r.font = { bold: true, italic: item.kind === 'subtotal' };
        if (item.kind === 'total') r.eachCell((cell) => (cell.border = { top: { style: 'thin' }, bottom: { style: 'double' } }));
        r.commit();
      }
    }
    ws.commit();
  }
  await wb.commit();
}
