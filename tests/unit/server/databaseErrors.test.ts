import { describe, expect, it } from 'vitest';
import { renderError, toHttpError } from '../../../server/http/errors.js';
import { loadMeta } from '../../../server/meta/load.js';
import { projectRoot } from '../../../server/config.js';

/** The database's own words never reach the caller: each data error becomes a sentence in their language. */
const labels = loadMeta(projectRoot).labels;
const pgError = (code: string, message: string, extra: Record<string, unknown> = {}) => ({ code, message, severity: 'ERROR', ...extra });
const say = (err: unknown, lang: 'en' | 'id' = 'en') => {
  const http = toHttpError(err)!;
  return { status: http.status, body: renderError(http, lang, labels, (f) => f) };
};

describe('database errors a caller caused', () => {
  it('answers NUL in a text (invalid byte sequence) with 400 and a sentence, not the bytes', () => {
    const r = say(pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'));
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('A text contains a character that cannot be stored (such as NUL)');
    expect(JSON.stringify(r.body)).not.toMatch(/0x00|UTF8|encoding/);
    expect(say(pgError('22P05', 'unsupported Unicode escape sequence')).status).toBe(400);
  });

  it('never echoes a value or SQL from a type error', () => {
    const cases: [string, string, string][] = [
      ['22P02', 'invalid input syntax for type integer: "4111111111111111"', 'A value has the wrong form'],
      ['22001', 'value too long for type character varying(30)', 'A text is longer than its field allows'],
      ['22003', 'numeric field overflow', 'A number is larger than its field allows'],
      ['22008', 'date/time field value out of range: "2026-02-30"', 'A date or time is not a real one'],
      [
        '23514',
        'new row for relation "rate_code" violates check constraint "rate_code_check"',
        'A value is outside what is allowed for this record',
      ],
      ['P0001', 'audit_log is append-only: post a correction instead', 'Posted records cannot be changed; post a correction instead'],
    ];
    for (const [code, message, expected] of cases) {
      const r = say(pgError(code, message, { constraint: 'rate_code_check' }));
      expect(r.status, code).toBeLessThan(500);
      expect(r.body.error.message, code).toBe(expected);
      expect(r.body.error.message, code).not.toContain('"');
    }
  });

  it('speaks Indonesian to an Indonesian desk', () => {
    expect(say(pgError('22021', 'invalid byte sequence'), 'id').body.error.message).toBe(
      'Ada teks yang berisi karakter yang tidak dapat disimpan (misalnya NUL)',
    );
  });
});
