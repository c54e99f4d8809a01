/**
 * The one parser of amounts as people type them: Indonesian "2.500.000" or "1.250.000,50", English
 * "1,250,000.50", or plain "2500000" / "1250000.5". Returns the exact decimal as a string ("1250000.50"
 * stays a string so it never passes through a float), or undefined when the text is not a number.
 * A dot followed by exactly three digits groups thousands; "2.5" and "2,5" are two and a half.
 */
export function parseAmount(text: string): string | undefined {
  let s = text.replace(/\s|Rp|IDR|%/gi, '');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(s) ? s : undefined;
}
