import { PassThrough, type Readable } from 'node:stream';
import type { ReportResult } from '../../../src/core/reports/layout.js';
import { HttpError } from '../../http/errors.js';
import { Count } from '../../i18n/translate.js';
import type { Presentation } from './presentation.js';
import { PDF_ROW_CAP, writePdf } from './pdf.js';
import { writeXlsx } from './xlsx.js';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** A PDF of more rows than a reader can use is refused with the report's name, before any page is drawn. */
export function pdfRowLimit(rows: number, name: string) {
  if (rows > PDF_ROW_CAP) throw new HttpError(422, 'TOO_MANY_ROWS', 'report.pdfTooManyRows', { cap: new Count(PDF_ROW_CAP), name });
}

export function pdfRowCheck(reports: { result: ReportResult; p: Presentation }[]) {
  pdfRowLimit(
    reports.reduce((n, r) => n + r.result.rows.length, 0),
    reports[0].p.title,
  );
}

/** One workbook, a sheet per report, as a stream, and when its last row is written. */
export function xlsxStream(reports: { result: ReportResult; p: Presentation }[]): { stream: Readable; written: Promise<void> } {
  const pass = new PassThrough();
  const written = writeXlsx(reports, pass).then(
    () => void pass.end(),
    (err) => void pass.destroy(err),
  );
  return { stream: pass, written };
}

/** The workbook or the PDF of some reports as bytes, for a file kept in the database. */
export async function exportBuffer(format: 'xlsx' | 'pdf', reports: { result: ReportResult; p: Presentation }[]): Promise<Buffer> {
  if (format === 'pdf') pdfRowCheck(reports);
  const chunks: Buffer[] = [];
  for await (const c of format === 'pdf' ? writePdf(reports) : xlsxStream(reports).stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
