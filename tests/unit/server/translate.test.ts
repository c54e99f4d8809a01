import { describe, expect, it } from 'vitest';
import { Count, translate } from '../../../server/i18n/translate.js';

const labels = new Map([
  ['report.tooManyRows', { en: 'The report has more than {cap} rows.', id: 'Laporan melebihi {cap} baris.' }],
  ['reservation.code', { en: 'Reservation {code} of {year}', id: 'Reservasi {code} tahun {year}' }],
]);

describe("server messages write a number of things in the reader's separators", () => {
  it('50,000 rows in English, 50.000 baris in Indonesian', () => {
    expect(translate(labels, 'en', 'report.tooManyRows', { cap: new Count(50_000) })).toBe('The report has more than 50,000 rows.');
    expect(translate(labels, 'id', 'report.tooManyRows', { cap: new Count(50_000) })).toBe('Laporan melebihi 50.000 baris.');
  });

  it('leaves other values as they are: a year is not a count', () => {
    expect(translate(labels, 'id', 'reservation.code', { code: 'R-0042', year: 2026 })).toBe('Reservasi R-0042 tahun 2026');
  });
});
