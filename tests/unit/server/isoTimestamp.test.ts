import { describe, expect, it } from 'vitest';
import pg from 'pg';
import '../../../server/db/connect.js';
import { isoTimestamp } from '../../../server/db/timestamps.js';

describe('a moment read from the database is the ISO text JSON sends', () => {
  it.each([
    ['2026-11-29 04:13:54.438123+00', '2026-11-29T04:13:54.438Z'],
    ['2026-11-29 04:13:54.4+00', '2026-11-29T04:13:54.400Z'],
    ['2026-11-29 04:13:54+00', '2026-11-29T04:13:54.000Z'],
    ['2026-12-31 23:59:59.999999+00', '2026-12-31T23:59:59.999Z'],
    // a server whose sessions are in Jakarta's or Kathmandu's time
    ['2026-11-29 11:13:54.438+07', '2026-11-29T04:13:54.438Z'],
    ['2026-11-29 09:58:54.438+05:45', '2026-11-29T04:13:54.438Z'],
  ])('%s → %s, the text a Date of that moment is sent as', (text, iso) => {
    expect(isoTimestamp(text)).toBe(iso);
    expect(isoTimestamp(text)).toBe(JSON.parse(JSON.stringify(new Date(iso))));
  });

  it('keeps the moments a Date cannot write as PostgreSQL wrote them', () => {
    expect(isoTimestamp('infinity')).toBe('infinity');
    expect(isoTimestamp('-infinity')).toBe('-infinity');
  });

  it('is how every connection reads a timestamptz', () => {
    expect(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ)('2026-11-29 04:13:54.438+00')).toBe('2026-11-29T04:13:54.438Z');
  });
});
