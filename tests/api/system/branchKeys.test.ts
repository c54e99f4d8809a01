import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../support/testApp.js';

/**
 * The road to sharding by property (docs/scaling.md): Citus distributes a table by a column that must be in
 * every unique key, and joins shard-locally only on it. So every table that holds a property's rows keys
 * them by branch_id — in its primary key and in every foreign key to another such table. Global tables
 * (users, groups, the company, the properties themselves) become Citus reference tables.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

/** Tables about the session or the sign-in, not a property's business: they stay on the coordinator. */
const NOT_SHARDED = new Set(['user_session', 'audit_log']);

describe('every business table carries the property in its keys', () => {
  it('has branch_id in its primary key and in each foreign key to another property table', async () => {
    const { rows: tables } = await sql<{ table: string }>`
      SELECT c.table_name AS table FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = 'public' AND c.column_name = 'branch_id' ORDER BY 1`.execute(t.database.db);
    const property = new Set(tables.map((r) => r.table).filter((x) => !NOT_SHARDED.has(x)));
    const { rows: keys } = await sql<{
      table: string;
      kind: string;
      name: string;
      cols: string[];
      target: string | null;
      target_cols: string[] | null;
    }>`
      SELECT rel.relname::text AS table, con.contype::text AS kind, con.conname::text AS name,
             ARRAY(SELECT a.attname::text FROM unnest(con.conkey) k JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k) AS cols,
             frel.relname::text AS target,
             ARRAY(SELECT a.attname::text FROM unnest(con.confkey) k JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k) AS target_cols
        FROM pg_constraint con
        JOIN pg_class rel ON rel.oid = con.conrelid
        JOIN pg_namespace n ON n.oid = rel.relnamespace AND n.nspname = 'public'
        LEFT JOIN pg_class frel ON frel.oid = con.confrelid
       WHERE con.contype IN ('p', 'f', 'u')`.execute(t.database.db);
    const problems: string[] = [];
    for (const table of property) {
      const pk = keys.find((k) => k.table === table && k.kind === 'p');
      if (!pk) problems.push(`${table}: no primary key`);
      else if (!pk.cols.includes('branch_id')) problems.push(`${table}: primary key (${pk.cols.join(', ')}) without branch_id`);
      for (const u of keys.filter((k) => k.table === table && k.kind === 'u'))
        if (!u.cols.includes('branch_id')) problems.push(`${table}: unique ${u.name} (${u.cols.join(', ')}) without branch_id`);
      for (const fk of keys.filter((k) => k.table === table && k.kind === 'f' && k.target && property.has(k.target)))
        if (!fk.cols.includes('branch_id') || !fk.target_cols!.includes('branch_id'))
          problems.push(`${table}: foreign key ${fk.name} (${fk.cols.join(', ')}) → ${fk.target} without branch_id`);
    }
    expect(property.size).toBeGreaterThan(25);
    expect(problems).toEqual([]);
  });
});
