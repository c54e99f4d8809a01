import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';

/**
 * The Indonesian tax number (NPWP). The old number has 15 digits, written 01.234.567.8-901.000 (taxpayer kind,
 * serial, check digit, tax office, branch); since 2024 an individual's NPWP is the 16-digit NIK and a company's
 * is its 15-digit number with a leading 0. Kept as digits, shown grouped.
 */
export function npwpDigits(text: string): string | null {
  const digits = text.replace(/[\s.-]/g, '');
  return /^[0-9]{15,16}$/.test(digits) ? digits : null;
}

export function formatNpwp(digits: string): string {
  if (digits.length === 15)
    return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}.${digits.slice(8, 9)}-${digits.slice(9, 12)}.${digits.slice(12)}`;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * A party the hotel invoices or is invoiced by (a supplier, a business account): its NPWP is checked and kept as its
 * digits and read back the way it is written on a tax invoice; its e-mail is kept lower-case.
 */
export const taxPartyHook: EntityHook = {
  async beforeWrite(_c, _mode, values) {
    if (typeof values.email === 'string') values.email = values.email.trim().toLowerCase() || null;
    if (values.npwp === undefined || values.npwp === null) return;
    const text = String(values.npwp).trim();
    if (text === '') {
      values.npwp = null;
      return;
    }
    const digits = npwpDigits(text);
    if (!digits) throw invalid([{ field: 'npwp', key: 'npwp.invalid', params: { npwp: text } }]);
    values.npwp = digits;
  },
  async decorate(_c, rows) {
    for (const row of rows) if (typeof row.npwp === 'string') row.npwp = formatNpwp(row.npwp);
  },
};
