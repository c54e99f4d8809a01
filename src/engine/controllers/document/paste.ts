import { parseAmount } from '../../../core/format/amount';
import { parseDisplayDate } from '../../../core/format/format';
import { FORMATS } from '../../../core/checks/checks';

/**
 * Lines pasted from a spreadsheet, as pure functions: the clipboard's rows and cells (tab-separated, one
 * row a line, cells quoted as Excel and LibreOffice write them), and each cell read by its column's type
 * with the same parsers the inputs use — amounts typed "2.500.000" or "2500000", dates DD/MM/YYYY,
 * choices by value or label, lookups by code or name.
 */

/** The rows and cells of copied spreadsheet text; a trailing line break adds no empty row. */
export function parseClipboard(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const s = text.replace(/\r\n?/g, '\n');
  while (i < s.length) {
    const c = s[i];
    if (c === '"' && cell === '') {
      // a quoted cell holds tabs, line breaks and doubled quotes
      i++;
      while (i < s.length && !(s[i] === '"' && s[i + 1] !== '"')) {
        cell += s[i];
        i += s[i] === '"' ? 2 : 1;
      }
      i++;
      continue;
    }
    if (c === '\t') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
    i++;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export type PasteType = 'text' | 'money' | 'quantity' | 'number' | 'integer' | 'date' | 'select' | 'lookup';

export type PastedCell = { value: unknown } | { unreadable: true } | { lookup: string };

/** One pasted cell read for its column: a value, text it cannot read, or a lookup still to be matched. */
export function convertCell(type: PasteType, raw: string, options: { value: unknown; label: string }[] = []): PastedCell {
  const text = raw.trim();
  if (text === '') return { value: null };
  switch (type) {
    case 'money':
    case 'quantity':
    case 'number': {
      const amount = parseAmount(text);
      const fits =
        amount !== undefined && (type === 'money' ? FORMATS.money(amount) : type === 'quantity' ? FORMATS.quantity(amount) : true);
      return fits ? { value: amount } : { unreadable: true };
    }
    case 'integer': {
      const amount = parseAmount(text);
      return amount !== undefined && /^-?\d+$/.test(amount) ? { value: Number(amount) } : { unreadable: true };
    }
    case 'date': {
      const date = parseDisplayDate(text);
      return date ? { value: date } : { unreadable: true };
    }
    case 'select': {
      const lower = text.toLowerCase();
      const found = options.find((o) => String(o.value).toLowerCase() === lower || o.label.toLowerCase() === lower);
      return found ? { value: found.value } : { unreadable: true };
    }
    case 'lookup':
      return { lookup: text };
    default:
      return { value: text };
  }
}

/**
 * The row a pasted lookup text names among a lookup's answers ("CODE - Name" labels): the whole label, else
 * the code, else the name, ignoring case; undefined when nothing matches exactly.
 */
export function matchOption(text: string, options: { id: number; label: string }[]): number | undefined {
  const t = text.trim().toLowerCase();
  const parts = (label: string) => {
    const at = label.indexOf(' - ');
    return at < 0 ? [label, label] : [label.slice(0, at), label.slice(at + 3)];
  };
  return (
    options.find((o) => o.label.toLowerCase() === t) ??
    options.find((o) => parts(o.label)[0].toLowerCase() === t) ??
    options.find((o) => parts(o.label)[1].toLowerCase() === t)
  )?.id;
}
