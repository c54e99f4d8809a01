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
