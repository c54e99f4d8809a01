import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Meta } from '../meta/load.js';
import { hashPassword } from '../auth/passwords.js';
import { allRights, rightsCatalog } from '../domain/system/rightsCatalog.js';
import { DEMO_GROUPS, DEMO_PASSWORD, DEMO_USERS } from './demoUsers.js';

export interface SeededBranches {
  [code: string]: number;
}

/** Company, two properties, their parameters and system masters, groups and users of the demo hotel. */
export async function seedSystem(db: Db, meta: Meta, businessDate = dayjs().format('YYYY-MM-DD')): Promise<SeededBranches> {
  const company = await one<{ id: number }>(
    db,
    sql`
    INSERT INTO company (code, name, legal_name, npwp, address, city, province, postal_code, phone, email, website)
    VALUES ('NHI', 'Nusantara Hospitality', 'PT Nusantara Hospitality Indonesia', '01.234.567.8-424.000',
            'Jl. Asia Afrika No. 112', 'Bandung', 'Jawa Barat', '40112', '+62 22 420 1234', 'info@nusantarahospitality.co.id',
            'https://www.nusantarahospitality.co.id') RETURNING id`,
  );
  const branches: SeededBranches = {};
  const properties = [
    {
      code: 'GNB',
      name: 'Grand Nusantara Bandung',
      address: 'Jl. Asia Afrika No. 112',
      city: 'Bandung',
      province: 'Jawa Barat',
      postal: '40112',
      phone: '+62 22 420 1234',
      email: 'reservation@grandnusantara.co.id',
      stars: 4,
      tz: 'Asia/Jakarta',
    },
    {
      code: 'NBR',
      name: 'Nusantara Beach Resort Bali',
      address: 'Jl. Pantai Kuta No. 8',
      city: 'Badung',
      province: 'Bali',
      postal: '80361',
      phone: '+62 361 751 888',
      email: 'stay@nusantarabeach.co.id',
      stars: 5,
      tz: 'Asia/Makassar',
    },
  ];
  for (const p of properties) {
    const b = await one<{ id: number }>(
      db,
      sql`
      INSERT INTO branch (company_id, code, name, address, city, province, postal_code, phone, email, npwp, star_rating, timezone)
      VALUES (${company.id}, ${p.code}, ${p.name}, ${p.address}, ${p.city}, ${p.province}, ${p.postal}, ${p.phone}, ${p.email},
              '01.234.567.8-424.000', ${p.stars}, ${p.tz}) RETURNING id`,
    );
    branches[p.code] = b.id;
    await sql`INSERT INTO hotel_setup (branch_id, business_date) VALUES (${b.id}, ${businessDate})`.execute(db);
    await seedMasters(db, b.id);
  }

  const catalog = allRights(rightsCatalog(meta.routes, meta.screens, meta.labels));
  const groupIds: Record<string, number> = {};
  for (const g of DEMO_GROUPS) {
    const row = await one<{ id: number }>(
      db,
      sql`
      INSERT INTO user_group (code, name, description, is_admin, main_module)
      VALUES (${g.code}, ${g.name}, ${g.description}, ${g.isAdmin ?? false}, ${g.mainModule ?? null}) RETURNING id`,
    );
    groupIds[g.code] = row.id;
    const rights = [...catalog].filter((r) => {
      const [resource, action] = r.split(':');
      if (g.grants.some((p) => matches(p, resource))) return true;
      return action === 'view' && (g.viewOnly ?? []).some((p) => matches(p, resource));
    });
    for (const r of rights) {
      const [resource, action] = r.split(':');
      await sql`INSERT INTO group_right (group_id, resource, action) VALUES (${row.id}, ${resource}, ${action})`.execute(db);
    }
  }

  const hash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    const row = await one<{ id: number }>(
      db,
      sql`
      INSERT INTO app_user (username, full_name, email, group_id, default_branch_id, language, password_hash, must_change_password, password_changed_at)
      VALUES (${u.username}, ${u.fullName}, ${u.email}, ${groupIds[u.group]}, ${branches[u.branches[0]]}, ${u.language}, ${hash}, false, now())
      RETURNING id`,
    );
    for (const code of u.branches)
      await sql`INSERT INTO user_branch (user_id, branch_id) VALUES (${row.id}, ${branches[code]})`.execute(db);
  }
  return branches;
}

function matches(pattern: string, resource: string) {
  return pattern.endsWith('.*') ? resource.startsWith(pattern.slice(0, -1)) : resource === pattern;
}

async function one<T>(db: Db, query: { execute(db: Db): Promise<{ rows: unknown[] }> }): Promise<T> {
  return (await query.execute(db)).rows[0] as T;
}

async function seedMasters(db: Db, branchId: number) {
  const departments: [string, string, string][] = [
    ['RM', 'Rooms', 'revenue'],
    ['FB', 'Food & Beverage', 'revenue'],
    ['SPA', 'Spa & Wellness', 'revenue'],
    ['LDR', 'Laundry', 'revenue'],
    ['MIS', 'Other Operated Departments', 'revenue'],
    ['HK', 'Housekeeping', 'expense'],
    ['ENG', 'Engineering', 'expense'],
    ['SM', 'Sales & Marketing', 'expense'],
    ['AG', 'Accounting & General', 'administrative'],
    ['HR', 'Human Resources', 'administrative'],
  ];
  const dept: Record<string, number> = {};
  for (const [code, name, kind] of departments) {
    dept[code] = (
      await one<{ id: number }>(
        db,
        sql`INSERT INTO department (branch_id, code, name, kind) VALUES (${branchId}, ${code}, ${name}, ${kind}) RETURNING id`,
      )
    ).id;
  }
  const banks = [
    ['BCA', 'Bank Central Asia', '437 0123 456', 'PT Nusantara Hospitality Indonesia', 'KCU Asia Afrika', 'CENAIDJA'],
    ['MDR', 'Bank Mandiri', '130 00 1234567 8', 'PT Nusantara Hospitality Indonesia', 'KC Bandung Braga', 'BMRIIDJA'],
    ['BNI', 'Bank Negara Indonesia', '012 345 6789', 'PT Nusantara Hospitality Indonesia', 'KC Bandung', 'BNINIDJA'],
    ['BRI', 'Bank Rakyat Indonesia', '0123 01 000456 30 7', 'PT Nusantara Hospitality Indonesia', 'KC Bandung Asia Afrika', 'BRINIDJA'],
  ];
  const bank: Record<string, number> = {};
  for (const [code, name, account, holder, office, swift] of banks) {
    bank[code] = (
      await one<{ id: number }>(
        db,
        sql`
      INSERT INTO bank (branch_id, code, name, account_no, account_name, bank_branch, swift_code) VALUES (${branchId}, ${code}, ${name}, ${account}, ${holder}, ${office}, ${swift}) RETURNING id`,
      )
    ).id;
  }
  const groups: [string, string][] = [
    ['CASH', 'Cash'],
    ['CARD', 'Credit & debit cards'],
    ['TRF', 'Bank transfer & QRIS'],
    ['CL', 'City ledger'],
    ['DEP', 'Deposits'],
    ['VCR', 'Vouchers'],
  ];
  const group: Record<string, number> = {};
  for (const [code, name] of groups) {
    group[code] = (
      await one<{ id: number }>(
        db,
        sql`INSERT INTO pay_article_group (branch_id, code, name) VALUES (${branchId}, ${code}, ${name}) RETURNING id`,
      )
    ).id;
  }
  const articles: [string, string, string, string, string | null, string, string][] = [
    ['CSH', 'Cash Rupiah', 'CASH', 'cash', null, '0', '1101.01'],
    ['USD', 'Cash US Dollar', 'CASH', 'cash', null, '0', '1101.02'],
    ['VISA', 'Visa', 'CARD', 'card', 'BCA', '2.50', '1103.01'],
    ['MC', 'Mastercard', 'CARD', 'card', 'BCA', '2.50', '1103.01'],
    ['JCB', 'JCB', 'CARD', 'card', 'BNI', '2.75', '1103.02'],
    ['AMEX', 'American Express', 'CARD', 'card', 'MDR', '3.00', '1103.03'],
    ['DEBIT', 'Debit BCA', 'CARD', 'card', 'BCA', '1.00', '1103.01'],
    ['TRBCA', 'Transfer BCA', 'TRF', 'transfer', 'BCA', '0', '1102.01'],
    ['TRMDR', 'Transfer Mandiri', 'TRF', 'transfer', 'MDR', '0', '1102.02'],
    ['QRIS', 'QRIS', 'TRF', 'transfer', 'BRI', '0.70', '1102.04'],
    ['CL', 'City Ledger', 'CL', 'city_ledger', null, '0', '1201.01'],
    ['DEP', 'Advance Deposit', 'DEP', 'deposit', null, '0', '2105.01'],
    ['VCR', 'Hotel Voucher', 'VCR', 'voucher', null, '0', '2106.01'],
  ];
  for (const [code, name, g, type, b, fee, gl] of articles) {
    await sql`INSERT INTO pay_article (branch_id, code, name, group_id, payment_type, bank_id, card_fee_pct, gl_account)
              VALUES (${branchId}, ${code}, ${name}, ${group[g]}, ${type}, ${b ? bank[b] : null}, ${fee}, ${gl})`.execute(db);
  }
  const taxes: [string, string, string, string, boolean, string][] = [
    ['TS21', 'Service 10% + PBJT 10%', '10', '10', true, 'plus'],
    ['TS21N', 'Service 10% + PBJT 10% (nett)', '10', '10', true, 'nett'],
    ['TX10', 'PBJT 10% only', '0', '10', false, 'plus'],
    ['NOTAX', 'No tax or service', '0', '0', false, 'plus'],
  ];
  for (const [code, name, service, tax, onService, mode] of taxes) {
    await sql`INSERT INTO tax_service (branch_id, code, name, service_pct, tax_pct, tax_on_service, price_mode)
              VALUES (${branchId}, ${code}, ${name}, ${service}, ${tax}, ${onService}, ${mode})`.execute(db);
  }
  const outlets: [string, string, string][] = [
    ['RESTO', 'Kembang Restaurant', 'FB'],
    ['LOUNGE', 'Lobby Lounge', 'FB'],
    ['RSVC', 'In-Room Dining', 'FB'],
    ['POOL', 'Pool Bar', 'FB'],
    ['SPA', 'Tirta Spa', 'SPA'],
  ];
  for (const [code, name, d] of outlets) {
    const o = await one<{ id: number }>(
      db,
      sql`INSERT INTO outlet (branch_id, code, name, department_id) VALUES (${branchId}, ${code}, ${name}, ${dept[d]}) RETURNING id`,
    );
    await sql`INSERT INTO pos_printer (branch_id, outlet_id, name, purpose, connection, address, paper_width, copies)
              VALUES (${branchId}, ${o.id}, ${`${code} bill`}, 'bill', 'network', ${`192.168.10.${20 + (o.id % 200)}:9100`}, 80, 1)`.execute(
      db,
    );
    if (d === 'FB') {
      await sql`INSERT INTO pos_printer (branch_id, outlet_id, name, purpose, connection, address, paper_width, copies)
                VALUES (${branchId}, ${o.id}, ${`${code} kitchen`}, 'kitchen', 'network', ${`192.168.10.${120 + (o.id % 100)}:9100`}, 80, 2)`.execute(
        db,
      );
    }
  }
  const morningPack = [
    { code: 'audit-activity' },
    { code: 'users-rights' },
    { code: 'tax-service-rates', params: { amount: 1500000 } },
    { code: 'pay-articles' },
  ];
  await sql`INSERT INTO report_group (branch_id, code, name, description, items)
            VALUES (${branchId}, 'MORNING', 'Morning management pack', 'What the general manager reads with the first coffee', ${JSON.stringify(morningPack)}::jsonb)`.execute(
    db,
  );
}
