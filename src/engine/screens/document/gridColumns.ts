import type { DocumentGrid, EntityField, EntitySchema, GridColumnType } from '../../../core/meta/types';
import type { LinesField } from '../../../core/documents/evaluateDocument';
import { lineFieldLabelCandidates } from '../../../core/documents/labels';
import { lookupNarrowing } from '../../../core/documents/refFilter';
import { parseAmount } from '../../../core/format/amount';
import {
  formatDate,
  formatDecimal,
  formatInteger,
  formatMoney,
  formatQuantity,
  parseDisplayDate,
  type NumberLang,
} from '../../../core/format/format';
import { FORMATS } from '../../../core/checks/checks';
import type { LineGridColumn } from '../../../widgets/lineGrid/types';
import type { LookupSource } from '../../../widgets/inputs/lookupSource';
import type { DocLine } from '../../controllers/document/documentModel';
import type { PasteColumn } from '../../controllers/document/documentController';

export interface ColumnContext {
  entity: EntitySchema;
  grid: DocumentGrid;
  lf: LinesField;
  lines: DocLine[];
  computed: Record<string, string | null>[];
  header: Record<string, unknown>;
  lang: NumberLang;
  t(key: string, params?: Record<string, unknown>): string;
  has(key: string): boolean;
  lookups: LookupSource;
}

/** A line field's column type: as the screen says, else by its schema (money, a lookup, a choice …). */
export function columnType(f: EntityField | undefined, declared?: GridColumnType): GridColumnType {
  if (declared) return declared;
  if (!f) return 'number';
  if (f['x-ref']) return 'lookup';
  if (f.enum) return 'select';
  const type = Array.isArray(f.type) ? f.type.find((x) => x !== 'null') : f.type;
  if (f.format === 'money') return 'money';
  if (f.format === 'quantity') return 'quantity';
  // a percentage kept as a decimal string reads like any decimal: 5,00 to an Indonesian reader
  if (f.format === 'percent') return 'number';
  if (f.format === 'date') return 'date';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  return 'text';
}

const NUMERIC: GridColumnType[] = ['money', 'quantity', 'number', 'integer'];

/** A decimal as a person would type it again: 125000.00 → 125000, 12.5000 → 12.5. */
const plain = (v: unknown) =>
  v == null
    ? ''
    : String(v)
        .replace(/(\.\d*?)0+$/, '$1')
        .replace(/\.$/, '');

/**
 * The columns of one grid for the line grid widget and for pasting: labels in the person's language,
 * values shown as the rest of the app shows them, typing read by the same parsers as the forms, lookups
 * narrowed for each line as the server will judge them.
 */
export function gridColumns(ctx: ColumnContext): { columns: LineGridColumn[]; paste: PasteColumn[] } {
  const { entity, grid, lf, lines, computed, header, lang, t, has, lookups } = ctx;
  const entityName = entity.$id.split('/')[1];
  const columns: LineGridColumn[] = [];
  const paste: PasteColumn[] = [];
  for (const c of grid.columns) {
    const f = lf.item.properties[c.field];
    const isComputed = !f;
    const type = columnType(f, c.type);
    const candidates = c.label ? [c.label] : lineFieldLabelCandidates(entity.$id, grid.field, c.field, f?.['x-ui']?.label);
    const label = t(candidates.find(has) ?? candidates[0]);
    const valueAt = (row: number) => (isComputed ? computed[row]?.[c.field] : lines[row]?.values[c.field]);
    const enumPrefix = f?.['x-ui']?.enumLabels ?? `${entityName}.${grid.field}.${c.field}`;
    const enumOptions = (f?.enum ?? []).map((v) => ({ value: v, label: t(`${enumPrefix}.${String(v)}`) }));
    const show = (v: unknown, row: number): string => {
      if (v === null || v === undefined || v === '') return '';
      switch (type) {
        case 'money':
          return formatMoney(v as string);
        case 'quantity':
          return formatQuantity(v as string, lang);
        case 'number':
          return formatDecimal(v as string, lang);
        case 'integer':
          return formatInteger(v as string, lang);
        case 'date':
          return formatDate(v as string);
        case 'select':
          return enumOptions.find((o) => o.value === v)?.label ?? String(v);
        case 'lookup':
          return (lines[row]?.values._refs as Record<string, string> | undefined)?.[c.field] ?? `#${String(v)}`;
      }
      return String(v);
    };
    const search = (text: string, row: Record<string, unknown>, signal: AbortSignal) =>
      lookups.search(f!['x-ref']!, { q: text || undefined, ...lookupNarrowing(f!, row, header) }, signal);

    columns.push({
      key: c.field,
      label,
      width: c.width,
      align: NUMERIC.includes(type) ? 'right' : 'left',
      editable: !isComputed,
      editor: type === 'lookup' || type === 'select' ? 'combo' : 'text',
      inputMode: type === 'integer' ? 'numeric' : NUMERIC.includes(type) ? 'decimal' : 'text',
      placeholder: type === 'date' ? 'DD/MM/YYYY' : undefined,
      display: (row) => show(valueAt(row), row),
      editText: (row) => {
        const v = valueAt(row);
        if (type === 'date') return formatDate(v as string);
        if (type === 'lookup' || type === 'select') return show(v, row);
        return NUMERIC.includes(type) ? plain(v) : v == null ? '' : String(v);
      },
      read: (text) => readCell(type, text, label, f, t),
      options:
        type === 'lookup'
          ? async (query, row, signal) => {
              const found = await search(query, lines[row]?.values ?? {}, signal);
              // what the person typed exactly (a code) comes first
              const q = query.toLowerCase();
              const exact = (l: string) => (l.toLowerCase() === q || l.toLowerCase().startsWith(`${q} - `) ? 0 : 1);
              return [...found].sort((a, b) => exact(a.label) - exact(b.label)).map((o) => ({ value: o.id, label: o.label }));
            }
          : type === 'select'
            ? async (query) =>
                enumOptions.filter((o) => o.label.toLowerCase().includes(query.toLowerCase()) || String(o.value).startsWith(query))
            : undefined,
    });
    paste.push({
      field: c.field,
      type: isComputed ? 'computed' : type,
      options: enumOptions,
      lookup: type === 'lookup' ? search : undefined,
    });
  }
  return { columns, paste };
}

/** What was typed in a cell, read as the forms read it; the reason in the person's words otherwise. */
function readCell(type: GridColumnType, text: string, label: string, f: EntityField | undefined, t: ColumnContext['t']) {
  const clean = text.trim();
  if (clean === '') return { value: null };
  switch (type) {
    case 'money':
    case 'quantity':
    case 'number': {
      const amount = parseAmount(clean);
      if (amount === undefined) return { error: t('error.type.number', { field: label }) };
      if (type === 'money' && !FORMATS.money(amount)) return { error: t('error.format.money', { field: label }) };
      if (type === 'quantity' && !FORMATS.quantity(amount)) return { error: t('error.format.quantity', { field: label }) };
      return { value: amount };
    }
    case 'integer': {
      const amount = parseAmount(clean);
      return amount !== undefined && /^-?\d+$/.test(amount)
        ? { value: Number(amount) }
        : { error: t('error.type.integer', { field: label }) };
    }
    case 'date': {
      const date = parseDisplayDate(clean);
      return date ? { value: date } : { error: t('error.format.date', { field: label }) };
    }
  }
  if (f?.maxLength && clean.length > f.maxLength) return { error: t('error.maxLength', { field: label, limit: f.maxLength }) };
  return { value: clean };
}
