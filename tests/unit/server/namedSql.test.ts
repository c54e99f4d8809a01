import { describe, expect, it } from 'vitest';
import { compileNamedSql, parameterNames } from '../../../server/reports/namedSql.js';

describe('compileNamedSql: named report parameters become bound positional ones', () => {
  it('numbers each name once, in order of first use, and binds its value', () => {
    const r = compileNamedSql(
      'SELECT * FROM folio WHERE branch_id = :branch_id AND business_date BETWEEN :date_from AND :date_to AND branch_id = :branch_id',
      { branch_id: 1, date_from: '2026-11-01', date_to: '2026-11-30' },
    );
    expect(r.sql).toBe('SELECT * FROM folio WHERE branch_id = $1 AND business_date BETWEEN $2 AND $3 AND branch_id = $1');
    expect(r.values).toEqual([1, '2026-11-01', '2026-11-30']);
  });

  it('leaves ::casts alone', () => {
    const r = compileNamedSql("SELECT :amount::numeric(18,2), now()::date, '{}'::jsonb", { amount: '1250000.00' });
    expect(r.sql).toBe("SELECT $1::numeric(18,2), now()::date, '{}'::jsonb");
    expect(r.values).toEqual(['1250000.00']);
  });

  it('throws when a parameter has no value', () => {
    expect(() => compileNamedSql('SELECT * FROM bank WHERE branch_id = :branch_id AND code = :code', { branch_id: 1 })).toThrow(
      'parameter :code has no value',
    );
  });

  it('binds a value that looks like SQL as data, never as text of the query', () => {
    const r = compileNamedSql('SELECT * FROM app_user WHERE username = :name', { name: "'; DROP TABLE app_user; --" });
    expect(r.sql).toBe('SELECT * FROM app_user WHERE username = $1');
    expect(r.values).toEqual(["'; DROP TABLE app_user; --"]);
  });

  it('leaves a colon inside a quoted literal or identifier alone (a time format, a label)', () => {
    const r = compileNamedSql(
      `SELECT to_char(a.at, 'hh24:mi') AS "time:local", 'Kamar :nomor' AS note FROM audit_log a WHERE a.branch_id = :branch_id`,
      { branch_id: 2 },
    );
    expect(r.sql).toBe(`SELECT to_char(a.at, 'hh24:mi') AS "time:local", 'Kamar :nomor' AS note FROM audit_log a WHERE a.branch_id = $1`);
    expect(r.values).toEqual([2]);
  });

  it('leaves a colon inside a comment alone', () => {
    const r = compileNamedSql(`SELECT 1 -- per :branch\nFROM bank /* :code */ WHERE branch_id = :branch_id`, { branch_id: 1 });
    expect(r.sql).toBe(`SELECT 1 -- per :branch\nFROM bank /* :code */ WHERE branch_id = $1`);
  });

  it('reads quotes doubled inside a literal as part of it', () => {
    const r = compileNamedSql(`SELECT 'Jum''at :x' AS day, :limit AS n`, { limit: 10 });
    expect(r.sql).toBe(`SELECT 'Jum''at :x' AS day, $1 AS n`);
  });
});

describe('parameterNames: what the meta check compares with the declared parameters', () => {
  it('lists each named parameter once, outside literals and casts', () => {
    expect(parameterNames(`SELECT :a::date, :b, 'x:c', "y:d", :a`)).toEqual(['a', 'b']);
  });
});
