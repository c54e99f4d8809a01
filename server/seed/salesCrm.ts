import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { hashPassword } from '../auth/passwords.js';
import { DEMO_PASSWORD } from './demoUsers.js';

/**
 * The sales team of the Grand Nusantara Bandung: Rina Kusuma (the demo "sales" user) manages Andi Pratama and Maya
 * Siregar, who sign in as "andi" and "maya" (sales executives: their own pipeline only, no approving, no setup).
 * Accounts get owners, reservations their accounts, and the team pipeline stages, leads, 30 days of visits and
 * calls, today's diary, budgets for the year, and the comp set's figures for the last 90 nights.
 */
export async function seedSalesCrm(db: Db, branches: Record<string, number>, businessDate: string) {
  for (const branch of Object.values(branches)) await seedSetup(db, branch);
  const executives = await seedExecutives(db, branches);
  const gnb = branches.GNB;
  const person = await seedTeam(db, gnb, executives);
  await sql`UPDATE business_account SET sales_person_id = CASE WHEN kind = 'government' THEN ${person.RINA}::bigint
              WHEN kind = 'travel_agent' THEN ${person.MAYA}::bigint ELSE ${person.ANDI}::bigint END WHERE branch_id = ${gnb}`.execute(db);
  // bookings made before the accounts existed: the link trigger (0119) names their account
  await sql`UPDATE reservation SET company = company WHERE branch_id = ${gnb} AND account_id IS NULL`.execute(db);
  await seedBudgets(db, gnb, businessDate);
  await seedCompSet(db, gnb, businessDate);
  await seedPipeline(db, gnb, person, businessDate);
}

const row = async (db: Db, q: ReturnType<typeof sql>) => ((await q.execute(db)).rows[0] as { id: number }).id;

async function seedSetup(db: Db, branch: number) {
  await sql`INSERT INTO sls_plan_type (branch_id, code, name, name_id, kind) VALUES
    (${branch}, 'CALL', 'Phone call', 'Telepon', 'call'), (${branch}, 'VISIT', 'Sales visit', 'Kunjungan penjualan', 'visit'),
    (${branch}, 'SITE', 'Site inspection', 'Inspeksi lokasi', 'site_inspection'), (${branch}, 'ENT', 'Entertainment', 'Jamuan', 'entertainment'),
    (${branch}, 'MAIL', 'E-mail', 'Email', 'email')`.execute(db);
  await sql`INSERT INTO sls_product (branch_id, code, name, name_id, kind) VALUES
    (${branch}, 'ROOMS', 'Room nights', 'Malam kamar', 'rooms'), (${branch}, 'MICE', 'Meeting package', 'Paket rapat', 'mice'),
    (${branch}, 'FNB', 'Food & beverage', 'Makanan & minuman', 'fnb'), (${branch}, 'WED', 'Wedding package', 'Paket pernikahan', 'package')`.execute(
    db,
  );
  await sql`INSERT INTO sls_lead_source (branch_id, code, name, name_id) VALUES
    (${branch}, 'REF', 'Referral', 'Rekomendasi'), (${branch}, 'WEB', 'Website enquiry', 'Pertanyaan situs web'),
    (${branch}, 'EXPO', 'Trade show', 'Pameran'), (${branch}, 'COLD', 'Cold call', 'Panggilan langsung'), (${branch}, 'REPEAT', 'Repeat client', 'Klien berulang')`.execute(
    db,
  );
  await sql`INSERT INTO sls_stage (branch_id, code, name, name_id, sort_order, probability, outcome) VALUES
    (${branch}, 'PROSPECT', 'Prospect', 'Prospek', 10, 10, 'open'), (${branch}, 'QUALIFIED', 'Qualified', 'Terkualifikasi', 20, 25, 'open'),
    (${branch}, 'PROPOSAL', 'Proposal sent', 'Proposal dikirim', 30, 50, 'open'), (${branch}, 'NEGOTIATE', 'Negotiation', 'Negosiasi', 40, 75, 'open'),
    (${branch}, 'WON', 'Won', 'Menang', 90, 100, 'won'), (${branch}, 'LOST', 'Lost', 'Kalah', 99, 0, 'lost')`.execute(db);
  await sql`INSERT INTO sls_competitor (branch_id, code, name, rooms, stars, address) VALUES
    (${branch}, 'HILTON', 'Hilton Bandung', 187, 5, 'Jl. HOS Tjokroaminoto 41-43, Bandung'),
    (${branch}, 'PULLMAN', 'Pullman Bandung Grand Central', 303, 5, 'Jl. Diponegoro 27, Bandung'),
    (${branch}, 'PADMA', 'Padma Hotel Bandung', 126, 5, 'Jl. Rancabentang 56-58, Bandung'),
    (${branch}, 'TRANS', 'The Trans Luxury Hotel', 280, 5, 'Jl. Gatot Subroto 289, Bandung')`.execute(db);
}

/** A group like the manager's, less seeing the whole team, approving plans and changing the setup. */
async function seedExecutives(db: Db, branches: Record<string, number>) {
  const group = await row(
    db,
    sql`INSERT INTO user_group (code, name, description, is_admin, main_module)
        VALUES ('SALESEXEC', 'Sales executives', 'Their own leads, activities and plans; the phone app', false, 'sales') RETURNING id`,
  );
  await sql`
    INSERT INTO group_right (group_id, resource, action)
    SELECT ${group}, r.resource, r.action FROM group_right r JOIN user_group g ON g.id = r.group_id AND g.code = 'SALES'
     WHERE NOT (r.resource = 'sales.lead' AND r.action = 'all') AND NOT (r.resource = 'sales.plan' AND r.action = 'approve')
       AND (r.action = 'view' OR r.resource IN ('sales.lead', 'sales.activity', 'sales.plan', 'sales.app', 'sales.comp-rev'))`.execute(db);
  const hash = await hashPassword(DEMO_PASSWORD);
  const users: Record<string, number> = {};
  for (const [username, name, email] of [
    ['andi', 'Andi Pratama', 'andi.pratama@grandnusantara.co.id'],
    ['maya', 'Maya Siregar', 'maya.siregar@grandnusantara.co.id'],
  ]) {
    users[username] = await row(
      db,
      sql`INSERT INTO app_user (username, full_name, email, group_id, default_branch_id, language, password_hash, must_change_password, password_changed_at)
          VALUES (${username}, ${name}, ${email}, ${group}, ${branches.GNB}, ${username === 'maya' ? 'id' : 'en'}, ${hash}, false, now()) RETURNING id`,
    );
    await sql`INSERT INTO user_branch (user_id, branch_id) VALUES (${users[username]}, ${branches.GNB})`.execute(db);
  }
  return users;
}

async function seedTeam(db: Db, branch: number, users: Record<string, number>) {
  const manager = await row(db, sql`SELECT id FROM app_user WHERE username = 'sales'`);
  const person: Record<string, number> = {};
  for (const [code, name, user, title, phone] of [
    ['RINA', 'Rina Kusuma', manager, 'Director of sales', '+62 811 2200 101'],
    ['ANDI', 'Andi Pratama', users.andi, 'Sales executive, corporate', '+62 812 2200 102'],
    ['MAYA', 'Maya Siregar', users.maya, 'Sales executive, travel trade', '+62 813 2200 103'],
  ] as const)
    person[code] = await row(
      db,
      sql`INSERT INTO sls_person (branch_id, code, name, user_id, job_title, phone, email, visits_per_week)
          SELECT ${branch}, ${code}, ${name}, ${user}, ${title}, ${phone}, u.email, ${code === 'RINA' ? 6 : 12} FROM app_user u WHERE u.id = ${user}
          RETURNING id`,
    );
  return person;
}

/**
 * A budget per person, segment and month of the year: the month's room nights of their accounts' bookings
 * (everything on the books, or last year's pattern for months without), plus 10 %, the revenue at the same ADR.
 */
async function seedBudgets(db: Db, branch: number, businessDate: string) {
  const year = dayjs(businessDate).startOf('year');
  await sql`
    WITH months AS (SELECT (${year.format('YYYY-MM-DD')}::date + make_interval(months => m))::date AS month FROM generate_series(0, 11) m),
    booked AS (SELECT n.person_id, n.segment_id, date_trunc('month', n.night)::date AS month, count(*) AS nights, sum(n.room_revenue) AS revenue
                 FROM sls_account_night n WHERE n.branch_id = ${branch} AND n.person_id IS NOT NULL AND n.segment_id IS NOT NULL GROUP BY 1, 2, 3),
    usual AS (SELECT person_id, segment_id, avg(nights) AS nights, sum(revenue) / sum(nights) AS adr FROM booked GROUP BY 1, 2)
    INSERT INTO sls_budget (branch_id, person_id, segment_id, month, room_nights, revenue)
    SELECT ${branch}, u.person_id, u.segment_id, m.month, ceil(coalesce(b.nights, u.nights) * 1.1)::int,
           round(ceil(coalesce(b.nights, u.nights) * 1.1) * u.adr / 100000) * 100000
      FROM usual u CROSS JOIN months m LEFT JOIN booked b ON b.person_id = u.person_id AND b.segment_id = u.segment_id AND b.month = m.month`.execute(
    db,
  );
}

/** The four competitors' nights: occupancy 55–90 %, weekends fuller, rates around their usual level. */
async function seedCompSet(db: Db, branch: number, businessDate: string) {
  const usual: Record<string, [number, number]> = {
    HILTON: [0.74, 1450000],
    PULLMAN: [0.7, 1150000],
    PADMA: [0.78, 1850000],
    TRANS: [0.68, 1600000],
  };
  const rows: { night: string; code: string; sold: number; rate: number }[] = [];
  let s = 20261127;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648), s / 2147483648);
  for (let d = 90; d >= 1; d--) {
    const night = dayjs(businessDate).subtract(d, 'day');
    const weekend = [5, 6].includes(night.day());
    for (const [code, [occ, rate]] of Object.entries(usual))
      rows.push({
        night: night.format('YYYY-MM-DD'),
        code,
        sold: occ + (weekend ? 0.12 : 0) + (rnd() - 0.5) * 0.16,
        rate: rate * (weekend ? 1.08 : 1) * (0.94 + rnd() * 0.12),
      });
  }
  await sql`
    INSERT INTO sls_comp_rev (branch_id, night, competitor_id, rooms_available, rooms_sold, average_rate)
    SELECT ${branch}, r.night, c.id, c.rooms, least(c.rooms, round(c.rooms * r.sold)), round(r.rate / 1000) * 1000
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(night date, code text, sold numeric, rate numeric)
      JOIN sls_competitor c ON c.branch_id = ${branch} AND c.code = r.code`.execute(db);
}

async function seedPipeline(db: Db, branch: number, person: Record<string, number>, businessDate: string) {
  const day = dayjs(businessDate);
  const at = (n: number) => day.add(n, 'day').format('YYYY-MM-DD');
  const leads: [string, string, string, string, string, string, number, number | null, number | null][] = [
    // owner, stage, account code (or a prospect's company), name, source, value, close in days, arrival in days, rooms
    ['ANDI', 'NEGOTIATE', 'TELKOM', 'Telkom regional sales conference, 3 nights', 'REPEAT', '186000000', 10, 45, 40],
    ['ANDI', 'PROPOSAL', 'ASTRA', 'Astra dealer incentive, 2 nights', 'REF', '96000000', 21, 60, 25],
    ['ANDI', 'QUALIFIED', 'MANDIRI', 'Bank Mandiri training rooms, Q1', 'COLD', '240000000', 35, 75, 20],
    ['ANDI', 'PROSPECT', 'PT Kereta Cepat Indonesia China', 'KCIC project team long stay', 'WEB', '310000000', 50, null, null],
    ['ANDI', 'LOST', 'PERTAMINA', 'Pertamina safety workshop', 'REF', '75000000', -5, null, null],
    ['MAYA', 'NEGOTIATE', 'PANORAMA', 'Panorama Tours Korean series, spring', 'EXPO', '228000000', 14, 110, 30],
    ['MAYA', 'PROPOSAL', 'BANDUNGWISATA', 'Bandung Wisata school holiday allotment', 'REPEAT', '84000000', 20, 35, 12],
    ['MAYA', 'PROSPECT', 'Dwidaya Tour', 'Dwidaya MICE partnership', 'EXPO', '120000000', 40, null, null],
    ['RINA', 'QUALIFIED', 'KEMENKEU', 'Kemenkeu budget retreat', 'REPEAT', '410000000', 30, 90, 60],
    ['RINA', 'PROPOSAL', 'JABAR', 'Pemprov Jabar investment forum', 'REF', '165000000', 18, 50, 35],
  ];
  const ids = async (table: string) =>
    Object.fromEntries(
      (
        await sql<{ code: string; id: number }>`SELECT code, id::int AS id FROM ${sql.table(table)} WHERE branch_id = ${branch}`.execute(db)
      ).rows.map((r) => [r.code, r.id]),
    );
  const accountNames = Object.fromEntries(
    (
      await sql<{ id: number; name: string }>`SELECT id::int AS id, name FROM business_account WHERE branch_id = ${branch}`.execute(db)
    ).rows.map((r) => [r.id, r.name]),
  );
  const [stage, source, account, segment, roomType] = await Promise.all(
    ['sls_stage', 'sls_lead_source', 'business_account', 'segment', 'room_type'].map(ids),
  );
  const leadIds: Record<string, number> = {};
  for (const [owner, st, party, name, src, value, close, arrival, rooms] of leads) {
    const accountId = account[party] ?? null;
    leadIds[name] = await row(
      db,
      sql`INSERT INTO sls_lead (branch_id, name, account_id, company, owner_id, stage_id, source_id, segment_id, value, expected_close, arrival, departure,
                                room_type_id, rooms, lost_reason)
          VALUES (${branch}, ${name}, ${accountId}, ${accountId ? null : party}, ${person[owner]}, ${stage[st]}, ${source[src]},
                  ${owner === 'MAYA' ? null : owner === 'RINA' ? segment.GOV : segment.COR}, ${value}, ${at(close)},
                  ${arrival === null ? null : at(arrival)}, ${arrival === null ? null : at(arrival + 3)}, ${rooms ? roomType.DLX : null}, ${rooms},
                  ${st === 'LOST' ? 'Chose a venue with a larger ballroom' : null})
          RETURNING id`,
    );
  }
  const type = await ids('sls_plan_type');
  const accounts = Object.entries(account);
  const outcomes = ['positive', 'positive', 'neutral', 'negative'];
  const results: Record<string, string> = {
    positive: 'Interested; asked for a proposal with meeting package',
    neutral: 'Budget not yet approved, follow up next month',
    negative: 'Already contracted with another hotel this year',
  };
  const done: unknown[] = [];
  let n = 0;
  for (const [code, id] of Object.entries(person))
    for (let d = 30; d >= 0; d--) {
      // no calls on past weekends; the business day always has its plans (a demo opened on a Saturday shows a diary)
      if (d > 0 && [0, 6].includes(day.subtract(d, 'day').day())) continue;
      for (let k = 0; k < (code === 'RINA' ? 1 : 2); k++) {
        n++;
        const [, accId] = accounts[(n * 7 + d) % accounts.length];
        const acc = accountNames[accId];
        const today = d === 0;
        const kind = ['VISIT', 'CALL', 'VISIT', 'SITE', 'ENT'][n % 5];
        const outcome = outcomes[n % outcomes.length];
        done.push({
          person_id: id,
          plan_type_id: type[kind],
          activity_date: at(-d),
          subject: `${kind === 'CALL' ? 'Call' : kind === 'SITE' ? 'Site inspection' : kind === 'ENT' ? 'Lunch' : 'Visit'} — ${acc}`,
          account_id: accId,
          status: today ? 'planned' : 'done',
          outcome: today ? null : outcome,
          result: today ? null : results[outcome],
          next_step: today || outcome === 'negative' ? null : 'Send rate proposal',
        });
      }
    }
  await sql`
    INSERT INTO sls_activity (branch_id, person_id, plan_type_id, activity_date, subject, account_id, status, outcome, result, next_step, done_at)
    SELECT ${branch}, a.person_id, a.plan_type_id, a.activity_date, a.subject, a.account_id, a.status, a.outcome, a.result, a.next_step,
           CASE WHEN a.status = 'done' THEN a.activity_date + time '15:00' END
      FROM jsonb_to_recordset(${JSON.stringify(done)}::jsonb) AS a(person_id bigint, plan_type_id bigint, activity_date date, subject text,
           account_id bigint, status text, outcome text, result text, next_step text)`.execute(db);
  // next week's plan of Andi's, waiting for Rina's approval
  const monday = day.add(1, 'week').startOf('week').add(1, 'day');
  const plan = await row(
    db,
    sql`INSERT INTO sls_plan (branch_id, person_id, date_from, date_to, name)
        VALUES (${branch}, ${person.ANDI}, ${monday.format('YYYY-MM-DD')}, ${monday.add(4, 'day').format('YYYY-MM-DD')}, 'Corporate accounts, week plan') RETURNING id`,
  );
  const lines = [
    [0, 'VISIT', 'Visit PT Telkom Indonesia, travel desk', 'PT Telkom Indonesia'],
    [1, 'SITE', 'Site inspection with Astra event team', 'PT Astra International'],
    [2, 'CALL', 'Call Bank Mandiri HR about Q1 training', 'PT Bank Mandiri'],
    [3, 'ENT', 'Lunch with Pertamina procurement', 'PT Pertamina'],
  ] as const;
  for (const [i, [d, kind, subject, company]] of lines.entries())
    await sql`INSERT INTO sls_plan_line (branch_id, plan_id, line_no, planned_date, plan_type_id, subject, company)
              VALUES (${branch}, ${plan}, ${i + 1}, ${monday.add(d, 'day').format('YYYY-MM-DD')}, ${type[kind]}, ${subject}, ${company})`.execute(
      db,
    );
}
