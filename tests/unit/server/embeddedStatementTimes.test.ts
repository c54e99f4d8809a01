import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { connect } from '../../../server/db/connect.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hotelier-times-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('writes how often and how long each statement ran in the embedded database, a prepared one under its own text', async () => {
  const file = path.join(dir, 'statements.json');
  const database = await connect({ dataDir: 'memory://', statementTimes: file });
  await sql`CREATE TABLE room_night (room text NOT NULL, night date NOT NULL, rate numeric(14, 2) NOT NULL)`.execute(database.db);
  await sql`INSERT INTO room_night SELECT 'R' || (100 + g % 120), date '2026-11-01' + (g % 30), 850000 FROM generate_series(1, 3600) g`.execute(
    database.db,
  );
  // the first run is sent as new, the second prepares it, the third only binds the prepared statement
  for (const night of ['2026-11-23', '2026-11-24', '2026-11-25'])
    await sql`SELECT count(*)::int AS rooms, sum(rate) AS revenue FROM room_night WHERE night = ${night}`.execute(database.db);
  await database.close();

  const written = JSON.parse(fs.readFileSync(file, 'utf8')) as { statements: { text: string; runs: number; ms: number }[] };
  const revenue = written.statements.filter((s) => s.text.includes('sum(rate) AS revenue FROM room_night'));
  expect(revenue).toHaveLength(1);
  expect(revenue[0].runs).toBe(3);
  expect(revenue[0].ms).toBeGreaterThan(0);
  expect(written.statements.some((s) => s.text.startsWith('CREATE TABLE room_night'))).toBe(true);
  expect(written.statements.map((s) => s.ms)).toEqual([...written.statements.map((s) => s.ms)].sort((a, b) => b - a));
});
