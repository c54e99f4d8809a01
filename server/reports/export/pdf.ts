import PDFDocument from 'pdfkit';
import type { ReportColumn } from '../../../src/core/meta/types.js';
import { layoutReport, type LayoutItem, type ReportResult } from '../../../src/core/reports/layout.js';
import type { Presentation } from './presentation.js';

/** A PDF is for people: beyond this many rows, XLSX (or a narrower filter) is the right tool. */
export const PDF_ROW_CAP = 10_000;

const MARGIN = 36;
const ROW_H = 15;
const FONT = 8;
const NUMERIC = new Set(['money', 'number', 'integer', 'quantity', 'percent']);

function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let s = text;
  while (s.length > 1 && doc.widthOfString(`${s}…`) > width) s = s.slice(0, -1);
  return `${s}…`;
}

/**
 * Paginated: the hotel, the report, its parameters and the time on every page, the column header
 * repeated on every page, group headers, subtotals and the grand total, "page x of y" in the footer.
 */
export function writePdf(reports: { result: ReportResult; p: Presentation }[]): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: reports.map((r) => r.p.title).join(', '), Creator: 'Hotelier' },
  });
  for (const { result, p } of reports) {
    const wanted = result.columns.reduce((s, c) => s + (c.width ?? 120), 0);
    const layout = wanted > 700 ? 'landscape' : 'portrait';
    const newPage = () => doc.addPage({ size: 'A4', layout, margin: MARGIN });
    newPage();
    const pageW = doc.page.width - 2 * MARGIN;
    const scale = pageW / wanted;
    const widths = result.columns.map((c) => (c.width ?? 120) * scale);
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const bottom = () => doc.page.height - MARGIN - 24;
    let y = 0;

    const pageHeader = () => {
      doc.font('Helvetica-Bold').fontSize(13).fillColor('#1f2933').text(p.title, MARGIN, MARGIN, { width: pageW });
      doc.font('Helvetica').fontSize(8.5).fillColor('#52606d').text(`${p.branch}   ${p.parameters}`, { width: pageW });
      y = doc.y + 8;
      doc.rect(MARGIN, y, pageW, ROW_H + 2).fill('#e8f1f9');
      doc.font('Helvetica-Bold').fontSize(FONT).fillColor('#1f2933');
      result.columns.forEach((c, i) => cellText(p.columnTitle(c), c, i, y + 4, true));
      y += ROW_H + 4;
    };
    const cellText = (text: string, c: ReportColumn | undefined, i: number, top: number, header = false) => {
      const w = widths[i] - 6;
      const shown = fit(doc, text, w);
      doc.text(shown, xs[i] + 3, top, {
        width: w,
        align: !header && NUMERIC.has(c?.type ?? '') ? 'right' : header && NUMERIC.has(c?.type ?? '') ? 'right' : 'left',
        lineBreak: false,
      });
    };
    const ensureRoom = () => {
      if (y + ROW_H > bottom()) {
        newPage();
        pageHeader();
      }
    };
    const line = (item: LayoutItem) => {
      ensureRoom();
      doc.fillColor('#1f2933');
      if (item.kind === 'row') {
        doc.font('Helvetica').fontSize(FONT);
        result.columns.forEach((c, i) => cellText(p.display(c, item.row[c.field]), c, i, y + 3));
      } else if (item.kind === 'group') {
        doc
          .font('Helvetica-Bold')
          .fontSize(FONT + 0.5)
          .text(item.label, MARGIN + item.level * 8, y + 3, { width: pageW, lineBreak: false });
      } else {
        const label = item.kind === 'total' ? p.t('report.grandTotal') : `${p.t('report.subtotal')} ${item.label}`;
        doc
          .moveTo(MARGIN, y + 1)
          .lineTo(MARGIN + pageW, y + 1)
          .lineWidth(item.kind === 'total' ? 1 : 0.4)
          .strokeColor('#9aa5b1')
          .stroke();
        doc.font('Helvetica-Bold').fontSize(FONT);
        result.columns.forEach((c, i) => {
          const v = i === 0 ? `${label} (${item.count})` : item.totals[c.field] !== undefined ? p.display(c, item.totals[c.field]) : '';
          if (v) cellText(v, c, i, y + 4);
        });
      }
      y += ROW_H;
    };
    pageHeader();
    const byField = new Map(result.columns.map((c) => [c.field, c]));
    const items = layoutReport(result, (f, v) => p.display(byField.get(f), v));
    if (!result.rows.length) {
      doc
        .font('Helvetica-Oblique')
        .fontSize(9)
        .fillColor('#7b8794')
        .text(p.t('report.noRows'), MARGIN, y + 6);
    }
    for (const item of items) line(item);
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const p = reports[0].p;
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    const footerY = doc.page.height - MARGIN - 10;
    doc.font('Helvetica').fontSize(7.5).fillColor('#7b8794');
    doc.text(`Hotelier · ${p.t('report.generatedAt')} ${p.generatedAt}`, MARGIN, footerY, { lineBreak: false });
    doc.text(p.t('report.page', { page: i + 1, pages: range.count }), MARGIN, footerY, {
      width: doc.page.width - 2 * MARGIN,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return doc;
}
