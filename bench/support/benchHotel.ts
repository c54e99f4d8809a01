import path from 'node:path';
import { sql } from 'kysely';
import { projectRoot } from '../../server/config.js';
import type { Db } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import type { Meta } from '../../server/meta/load.js';
import { seedDemo } from '../../server/seed/demo.js';
import type { ReportDefinition } from '../../src/core/meta/types.js';

export const FROM = '2026-11-23';
export const ROOMS = 300;
export const RESERVATIONS = 200_000;
export const BANKS = 100_000;
export const GUESTS = 50_000;

/** A controller's ledger-style report: 100,000 lines in 97 groups with subtotals and a grand total. */
export const LEDGER: ReportDefinition = {
  code: 'bench-ledger',
  name: { en: 'Bank ledger (bench)', id: 'Buku bank (bench)' },
  sql: 'SELECT bank_branch, code, name, account_no, (id % 1000) * 1250.50 AS balance FROM bank WHERE branch_id = :branch_id',
  columns: [
    { field: 'bank_branch', title: { en: 'Office', id: 'Kantor' } },
    { field: 'code', title: { en: 'Code', id: 'Kode' } },
    { field: 'name', title: { en: 'Name', id: 'Nama' } },
    { field: 'account_no', title: { en: 'Account', id: 'Rekening' } },
    { field: 'balance', title: { en: 'Balance', id: 'Saldo' }, type: 'money' },
  ],
  groupBy: ['bank_branch'],
  sort: [{ field: 'code' }],
  totals: ['balance'],
  rowCap: 200_000,
};

/**
 * The bench hotel: the demo, Grand Nusantara Bandung grown to 300 rooms with 200,000 stays laid end to end
 * (two years of history and a year ahead) for 50,000 guest profiles, 100,000 bank accounts and the ledger report. Loaded with plain
 * SQL and no ANALYZE: the statistics are whatever the app gathers itself when it starts.
 */
export async function loadBenchHotel(db: Db, meta: Meta) {
  await migrate(db, path.join(projectRoot, 'server', 'migrations'));
  await seedDemo(db, meta, { businessDate: FROM });
  // plain bulk loading, not the app's work: without the app's 30-second statement limit
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    await bulkHistory(trx);
  });
}

async function bulkHistory(db: Db) {
  await sql`INSERT INTO bank (branch_id, code, name, account_no, account_name, bank_branch)
            SELECT 1, 'B' || g, 'Bank ' || md5(g::text), lpad((g * 7919 % 1000000000)::text, 10, '0'), 'PT Nusantara Hospitality Indonesia', 'KC ' || (g % 97)
              FROM generate_series(1, ${BANKS}) g`.execute(db);
  await sql`INSERT INTO room (branch_id, code, room_type_id, floor_id)
            SELECT 1, 'X' || g, (SELECT id FROM room_type WHERE branch_id = 1 AND code = 'DLX'), (SELECT id FROM floor WHERE branch_id = 1 AND code = 'M4')
              FROM generate_series(1, ${ROOMS - 120}) g`.execute(db);
  // 50,000 guest profiles with Indonesian names, so the header search looks through a hotel's address book
  await sql`INSERT INTO guest (branch_id, name, phone, email)
            SELECT 1, (ARRAY['Ayu','Bambang','Dewi','Eko','Fitri','Gede','Hendra','Indah','Joko','Kadek','Lestari','Made','Nyoman','Putu','Rina','Sari','Teguh','Wayan','Yusuf','Ketut'])[1 + g % 20]
                      || ' ' || (ARRAY['Santoso','Wijaya','Saputra','Halim','Kusuma','Pratama','Setiawan','Hidayat','Nugroho','Siregar','Tanjung','Sitompul','Wiranatha','Suarsana','Sudirta','Ardana'])[1 + (g / 20) % 16]
                      || ' ' || g,
                   '+62 812 ' || lpad((g * 7919 % 100000000)::text, 8, '0'), 'tamu' || g || '@example.co.id'
              FROM generate_series(1, ${GUESTS}) g`.execute(db);
  await sql`UPDATE reservation SET status = 'cancelled'`.execute(db);
  await sql`INSERT INTO reservation (branch_id, code, guest_id, arrival, departure, room_type_id, room_id, rate_code_id, status)
            SELECT 1, 'B' || r.rn || '-' || k, g.ids[1 + ((k * ${ROOMS} + r.rn) % ${GUESTS})], date '2025-06-01' + k * 2, date '2025-06-01' + k * 2 + 1 + (k % 2),
                   r.room_type_id, r.id, NULL, CASE WHEN date '2025-06-01' + k * 2 < ${FROM}::date THEN 'checked_out' ELSE 'confirmed' END
              FROM (SELECT id, room_type_id, row_number() OVER (ORDER BY code) AS rn FROM room WHERE branch_id = 1) r
              CROSS JOIN generate_series(0, ${Math.ceil(RESERVATIONS / ROOMS) - 1}) k
              -- the property's own guests by id: another property's guests (the demo's) sit between them
              CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM guest WHERE branch_id = 1) g`.execute(db);
  await sql`INSERT INTO report_version (branch_id, code, version, action, definition, created_by)
            VALUES (1, ${LEDGER.code}, 1, 'save', ${JSON.stringify(LEDGER)}::jsonb, 1)`.execute(db);
}
