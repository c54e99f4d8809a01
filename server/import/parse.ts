import type ExcelJS from 'exceljs';
import { badRequest, invalid } from '../http/errors.js';
import { Count } from '../i18n/translate.js';

/** A spreadsheet read into plain cells: one header row, then data rows, for each sheet. */
export interface ParsedSheet {
  name: string;
  headers: string[];
  rows: unknown[][];
}

export const MAX_IMPORT_BYTES = 15 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

/** The spec's upload shape: { name, file } with the file as a base64 data URL. */
export function decodeUpload(file: string): Buffer {
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(file);
  if (!m || !m[2]) throw badRequest('import.badUpload');
  const data = Buffer.from(m[3], 'base64');
  if (!data.length) throw badRequest('import.emptyFile');
  return data;
}

function cellValue(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return v.text;
    if ('error' in v) return null;
  }
  return v;
}

/** A sheet longer than an import takes is refused as soon as that is known, before the rest is read. */
function tooManyRows() {
  return invalid([{ field: 'file', key: 'import.tooManyRows', params: { max: new Count(MAX_IMPORT_ROWS) } }]);
}

export async function parseWorkbook(name: string, data: Buffer): Promise<ParsedSheet[]> {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return [parseCsv(name, data.toString('utf8').replace(/^\ufeff/, ''))];
  if (!lower.endsWith('.xlsx')) throw badRequest('import.unknownType');
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('import.unreadable');
  }
  const sheets: ParsedSheet[] = [];
  wb.eachSheet((ws) => {
    const rows: unknown[][] = [];
    let tooLong = false;
    ws.eachRow({ includeEmpty: false }, (row) => {
      if (rows.length > MAX_IMPORT_ROWS) tooLong = true;
      else rows.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellValue));
    });
    if (tooLong) throw tooManyRows();
    const [header = [], ...body] = rows;
    sheets.push({ name: ws.name, headers: header.map((h) => String(h ?? '').trim()), rows: body });
  });
  if (!sheets.length) throw badRequest('import.emptyFile');
  return sheets;
}

/** RFC 4180 CSV; the delimiter is a comma or, as Indonesian Excel writes it, a semicolon. */
export function parseCsv(name: string, text: string): ParsedSheet {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((c) => c !== '')) rows.push(row);
      if (rows.length > MAX_IMPORT_ROWS + 1) throw tooManyRows();
      row = [];
      cell = '';
    } else cell += ch;
  }
  row.push(cell);
  if (row.some((c) => c !== '')) rows.push(row);
  if (rows.length > MAX_IMPORT_ROWS + 1) throw tooManyRows();
  const [header = [], ...body] = rows;
  return {
    name: name.replace(/\.csv$/i, ''),
    headers: header.map((h) => h.trim()),
    rows: body.map((r) => r.map((c) => (c === '' ? null : c))),
  };
}
