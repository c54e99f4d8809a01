import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import type { EntityField } from '../../src/core/meta/types.js';
import { baseType } from '../data/entityModel.js';
import { parseAmount } from '../../src/core/format/amount.js';

/** A cell turned into the value its field stores, or the label key of why it cannot be. */
export type Converted = { value: unknown } | { error: string; params?: Record<string, unknown> };

const TRUE = new Set(['true', 'yes', 'y', 'ya', '1', 'aktif', 'active', 'benar', 'v', '✓']);
const FALSE = new Set(['false', 'no', 'n', 'tidak', '0', 'nonaktif', 'inactive', 'salah', '-']);
const DECIMALS: Record<string, number> = { money: 2, percent: 2, quantity: 4 };

/** Excel keeps dates as day counts from 1899-12-30 (its leap-year bug included). */
function excelSerialToDate(n: number) {
  return dayjs('1899-12-30').add(Math.floor(n), 'day').format('YYYY-MM-DD');
}

export function convertCell(
  field: EntityField,
  raw: unknown,
  refIds?: (text: string) => number | undefined,
  enumLabels?: Map<string, unknown>,
): Converted {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return { value: undefined };
  const type = baseType(field);
  const text = raw instanceof Date ? '' : String(raw).trim();
  if (field['x-ref'] && refIds) {
    const pick = (t: string) => (/^\d+$/.test(t) ? Number(t) : refIds(t));
    if (type === 'array') {
      const ids = text
        .split(/[,;]/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => ({ p, id: refIds(p) }));
      const unknown = ids.find((x) => x.id === undefined);
      return unknown ? { error: 'import.refUnknown', params: { value: unknown.p } } : { value: ids.map((x) => x.id) };
    }
    const id = pick(text);
    return id === undefined ? { error: 'import.refUnknown', params: { value: text } } : { value: id };
  }
  if (field.enum) {
    const hit = field.enum.find((v) => String(v).toLowerCase() === text.toLowerCase()) ?? enumLabels?.get(text.toLowerCase());
    return hit === undefined ? { error: 'import.enumUnknown', params: { value: text, values: field.enum.join(', ') } } : { value: hit };
  }
  if (type === 'boolean') {
    if (typeof raw === 'boolean') return { value: raw };
    const t = text.toLowerCase();
    return TRUE.has(t) ? { value: true } : FALSE.has(t) ? { value: false } : { error: 'import.notBoolean', params: { value: text } };
  }
  if (type === 'integer' || type === 'number') {
    const n = typeof raw === 'number' ? String(raw) : parseAmount(text);
    if (n === undefined) return { error: 'import.notNumber', params: { value: text } };
    return { value: Number(n) };
  }
  if (field.format === 'date') {
    if (raw instanceof Date) return { value: dayjs(raw).format('YYYY-MM-DD') };
    if (typeof raw === 'number') return { value: excelSerialToDate(raw) };
    const d = dayjs(text, ['DD/MM/YYYY', 'D/M/YYYY', 'YYYY-MM-DD', 'DD-MM-YYYY'], true);
    return d.isValid() ? { value: d.format('YYYY-MM-DD') } : { error: 'import.notDate', params: { value: text } };
  }
  const places = field.format ? DECIMALS[field.format] : undefined;
  if (places !== undefined) {
    const n = typeof raw === 'number' ? new Decimal(raw).toFixed() : parseAmount(text);
    if (n === undefined) return { error: 'import.notNumber', params: { value: text } };
    return { value: n };
  }
  if (raw instanceof Date) return { value: dayjs(raw).format('YYYY-MM-DD') };
  return { value: text };
}
