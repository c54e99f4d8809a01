import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_DATE, startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { runFlow } from '../../support/flows.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';
import { postJournal, type Posting } from '../../../server/domain/gl/post.js';
import type { Tie } from '../../../server/domain/incomeaudit/reconciliations.js';

/**
 * The income audit of the Grand Nusantara Bandung (issue 20), which keeps up to two dates open for the auditor.
 * A scripted day at the desk and in the restaurant (a minibar charge of 250.000 ++, a bill for two partly charged
 * to the room and partly paid cash), the night audit closes 23/11/2026: the day waits for the auditor, its
 * journal is held from the ledger, every reconciliation ties. The auditor reverses the minibar charge in that day
 * (both lines kept in the day's journal), days close in order, reviewed; then the ledger takes the journal and the
 * day refuses any correction. A POS room charge with no folio line, injected by SQL, turns its reconciliation red.
 */
let t: TestApp;
let db: Db;
let admin: ApiClient;
let desk: ApiClient;
let dewi: ApiClient;
let branch: number;
let minibarLine: number;
const DAY = BUSINESS_DATE; // 2026-11-23
const NEXT = '2026-11-24';

const one = async <T = number>(q: ReturnType<typeof sql>): Promise<T> => Object.values((await q.execute(db)).rows[0] as object)[0] as T;
const ok = async (res: Awaited<ReturnType<ApiClient['post']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const op = (who: ApiClient, name: string, body: unknown) => who.post(`/api/ops/${name}`, body, { 'idempotency-key': crypto.randomUUID() });
const ties = async (date: string): Promise<Tie[]> => (await ok(await admin.get(`/api/incomeaudit/reconciliations?date=${date}`))).ties;
const released = (date: string) =>
  one<number>(
    sql`SELECT count(*)::int FROM gl_journal WHERE branch_id = ${branch} AND audit_date = ${date}::date AND gl_journal_released(branch_id, audit_date)`,
  );
const held = (date: string) =>
  one<number>(
    sql`SELECT count(*)::int FROM gl_journal WHERE branch_id = ${branch} AND audit_date = ${date}::date AND NOT gl_journal_released(branch_id, audit_date)`,
  );
/** A 1.000 posting dated `date` straight through the posting function, as any module would make it. */
const postInto = (date: string, key: string, dating?: Posting['dating']) =>
  db.transaction().execute((trx) =>
    postJournal(trx, branch, null, {
      date,
      source: 'frontoffice',
      sourceType: 'test',
      key,
      description: 'A posting into a closed day',
      dating,
      lines: [
        { role: 'guest_ledger', amount: '1000' },
        { role: 'service_payable', amount: '-1000' },
      ],
    }),
  );
const nightAudit = (reason?: string) => runFlow(admin, 'night-audit-run', reason ? { override_reason: reason } : {});

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  admin = await t.login('admin');
  desk = await t.login('frontdesk');
  dewi = await t.login('cashier');
  branch = await one(sql`SELECT id FROM branch WHERE code = 'GNB'`);
  for (const c of [admin, desk, dewi]) c.branchId = branch;
  // the property audits income, two dates at most waiting (the setting on the hotel setup)
  const setup = await ok(
    await admin.get(`/api/data/system/setup/${await one(sql`SELECT id FROM hotel_setup WHERE branch_id = ${branch}`)}`),
  );
  await ok(await admin.patch(`/api/data/system/setup/${setup.id}`, { version: setup.version, income_audit_days: 2 }));
});
afterAll(() => t.close());

describe('a day of front-office and outlet work, closed by the night audit', () => {
  it('starts the audit at the open day: the days before it were never held', async () => {
    expect(await one<string>(sql`SELECT income_audit_closed_through::text FROM hotel_setup WHERE branch_id = ${branch}`)).toBe(
      '2026-11-22',
    );
  });

  it('posts a minibar charge and an outlet bill (room charge and cash), then the night audit leaves 23/11/2026 to audit', async () => {
    // an in-house guest staying on; the demo's stays have no folio yet, so the desk opens window 1
    const stay = await one(
      sql`SELECT id FROM reservation WHERE branch_id = ${branch} AND status = 'in_house' AND departure > ${NEXT}::date ORDER BY id LIMIT 1`,
    );
    const opened = await desk.post('/api/data/frontoffice/folio', { reservation_id: stay, name: 'Budi Santoso' });
    const folio =
      opened.statusCode === 201
        ? opened.json().id
        : await one(
            sql`SELECT id FROM folio WHERE branch_id = ${branch} AND reservation_id = ${stay} AND status = 'open' ORDER BY window_no LIMIT 1`,
          );
    const mini = await one(sql`SELECT id FROM fo_article WHERE branch_id = ${branch} AND code = 'MINI'`);
    const charged = await ok(await op(desk, 'frontoffice.folioCharge', { id: folio, fo_article_id: mini, unit_price: '250.000' }));
    expect(charged).toMatchObject({ amount: '302500' });
    minibarLine = await one(
      sql`SELECT max(id)::int FROM folio_line WHERE branch_id = ${branch} AND folio_id = ${folio} AND fo_article_id = ${mini}`,
    );

    const resto = await one(sql`SELECT id FROM outlet WHERE branch_id = ${branch} AND code = 'RESTO'`);
    const menu = async (code: string) =>
      one(sql`SELECT id FROM pos_menu WHERE branch_id = ${branch} AND outlet_id = ${resto} AND code = ${code}`);
    const table = await one(sql`SELECT id FROM pos_table WHERE branch_id = ${branch} AND outlet_id = ${resto} AND code = 'T05'`);
    await ok(await op(dewi, 'pointofsales.openShift', { outlet_id: resto, opening_float: '500.000' }));
    const bill = await ok(
      await dewi.post('/api/data/pointofsales/check', {
        outlet_id: resto,
        table_id: table,
        covers: 2,
        items: [
          { menu_id: await menu('R02'), quantity: 2 },
          { menu_id: await menu('J02'), quantity: 2 },
        ],
      }),
      201,
    );
    await ok(await op(dewi, 'pointofsales.sendOrder', { id: bill.id }));
    await ok(await op(dewi, 'pointofsales.pay', { id: bill.id, kind: 'room', reservation_id: stay, amount: '100.000' }));
    await ok(await op(dewi, 'pointofsales.pay', { id: bill.id, kind: 'cash', tendered: '500.000' }));

    const run = await nightAudit();
    expect(run.status, JSON.stringify(run)).toBe('done');
    const days = await ok(await admin.get('/api/incomeaudit/days'));
    expect(days).toMatchObject({ businessDate: NEXT, openDays: 2, closedThrough: '2026-11-22' });
    expect(days.days.map((d: { business_date: string; status: string }) => [d.business_date, d.status])).toEqual([[DAY, 'to_audit']]);
    expect(days.days[0].debit).toBe(days.days[0].credit);
  });

  it("holds the day's journal from the general ledger: the journal list of 23/11/2026 does not show it yet", async () => {
    expect(await held(DAY)).toBeGreaterThan(2);
    expect(await released(DAY)).toBe(0);
    const report = await ok(await admin.get(`/api/reports/jurnal-list?date_from=${DAY}&date_to=${DAY}`));
    expect(JSON.stringify(report.rows)).not.toContain('Minibar');
  });

  it('ties every reconciliation after the scripted day', async () => {
    const all = await ties(DAY);
    expect(all.map((x) => x.code)).toEqual(
      expect.arrayContaining(['guestLedger', 'posRoomCharges', 'cashByCashier', 'statistics', 'deposits']),
    );
    for (const x of all) expect(x, JSON.stringify(x)).toMatchObject({ ties: true, difference: '0.00' });
    expect(all.find((x) => x.code === 'posRoomCharges')).toMatchObject({ left: '100000.00', right: '100000.00' });
  });
});

describe('corrections by reversal in the audit day', () => {
  it('reverses the wrong minibar charge with a line dated 23/11/2026: the day keeps both, its minibar revenue is nil', async () => {
    const before = await ok(await admin.get(`/api/incomeaudit/journal?date=${DAY}`));
    const reversed = await ok(
      await op(admin, 'incomeaudit.correct', { date: DAY, id: minibarLine, reason: 'Guest did not open the minibar' }),
    );
    expect(reversed).toMatchObject({ reverses_id: minibarLine, amount: '-302500.00' });
    expect(await one<string>(sql`SELECT business_date::text FROM folio_line WHERE id = ${reversed.id}`)).toBe(DAY);
    const pair = await one<number>(sql`
      SELECT count(*)::int FROM gl_journal j WHERE j.branch_id = ${branch} AND j.audit_date = ${DAY}::date AND j.source_type = 'folio_line'
         AND j.source_id IN (${minibarLine}, ${reversed.id})`);
    expect(pair).toBe(2);
    const after = await ok(await admin.get(`/api/incomeaudit/journal?date=${DAY}`));
    const minibar = (j: { accounts: { code: string; name: string; debit: string; credit: string }[] }) =>
      j.accounts.find((a) => /minibar/i.test(a.name))!;
    expect(Number(minibar(after).debit)).toBe(Number(minibar(before).debit) + 250000);
    expect(Number(minibar(after).credit)).toBe(Number(minibar(before).credit));
    // the same line is not reversed twice
    expectApiError(await op(admin, 'incomeaudit.correct', { date: DAY, id: minibarLine, reason: 'Again' }), 409);
  });

  it('refuses a correction without the right (the front desk) and a line of another day', async () => {
    expectApiError(await op(desk, 'incomeaudit.correct', { date: DAY, id: minibarLine, reason: 'Not mine to do' }), 403);
    const later = await one(sql`SELECT min(id)::int FROM folio_line WHERE branch_id = ${branch} AND business_date < ${DAY}::date`);
    if (later) expectApiError(await op(admin, 'incomeaudit.correct', { date: DAY, id: later, reason: 'Wrong day' }), 409);
  });

  it('refuses an audit-day posting into the open business day: that day has not been night-audited', async () => {
    expectApiError(await op(admin, 'incomeaudit.correct', { date: NEXT, id: minibarLine, reason: 'Open day' }), 409);
  });
});

describe('days close in order, reviewed, and then refuse every posting and correction', () => {
  it('closes 24/11/2026 with the night audit; a third date is refused while two wait', async () => {
    const run = await nightAudit('Departures handled by the duty manager');
    expect(run.status, JSON.stringify(run)).toBe('done');
    const third = await nightAudit('Departures handled by the duty manager');
    expect(third.status).toBe('failed');
    expect(third.error).toMatch(/2 audit days are already open \(the oldest 23\/11\/2026\)/);
  });

  it('refuses to close 24/11/2026 before 23/11/2026, and 23/11/2026 before it is reviewed', async () => {
    expectApiError(await op(admin, 'incomeaudit.close', { date: NEXT }), 409);
    const notReviewed = await op(admin, 'incomeaudit.close', { date: DAY });
    expectApiError(notReviewed, 409);
    expect(notReviewed.json().error.message).toMatch(/Review the journal of 23\/11\/2026/);
  });

  it('closes 23/11/2026 once reviewed: its journal is in the ledger, a correction or posting dated in it refused', async () => {
    await ok(await op(admin, 'incomeaudit.review', { date: DAY }));
    const closed = await ok(await op(admin, 'incomeaudit.close', { date: DAY }));
    expect(closed).toMatchObject({ date: DAY, status: 'closed' });
    expect(await held(DAY)).toBe(0);
    expect(await released(DAY)).toBeGreaterThan(2);
    const report = await ok(await admin.get(`/api/reports/jurnal-list?date_from=${DAY}&date_to=${DAY}`));
    expect(JSON.stringify(report.rows)).toContain('Minibar');

    const other =
      await one(sql`SELECT max(id)::int FROM folio_line WHERE branch_id = ${branch} AND business_date = ${DAY}::date AND reverses_id IS NULL AND kind = 'charge'
                                 AND NOT EXISTS (SELECT 1 FROM folio_line r WHERE r.reverses_id = folio_line.id)`);
    const refused = await op(admin, 'incomeaudit.correct', { date: DAY, id: other, reason: 'Too late' });
    expectApiError(refused, 409);
    expect(refused.json().error.message).toMatch(/The audit day 23\/11\/2026 is closed/);
    await expect(postInto(DAY, 'test:closed-audit-day', 'audit-day')).rejects.toMatchObject({ status: 409 });
    await expect(postInto(DAY, 'test:closed-business-day')).rejects.toMatchObject({ status: 409 });
    const days = await ok(await admin.get('/api/incomeaudit/days'));
    expect(days.days.map((d: { business_date: string; status: string }) => [d.business_date, d.status])).toEqual([
      [DAY, 'closed'],
      [NEXT, 'to_audit'],
    ]);
  });
});

describe('the ledger closes no month or year a waiting audit day would still change', () => {
  it("refuses to close December 2025 and the year 2025 while a journal of New Year's Eve waits for the auditor", async () => {
    // a journal of 31/12/2025 held by the audit day still open, written by SQL (the demo's audit days are in November)
    await db.transaction().execute(async (trx) => {
      const account = async (where: ReturnType<typeof sql>) =>
        Object.values(
          (await sql`SELECT id FROM gl_account WHERE branch_id = ${branch} AND ${where} ORDER BY code LIMIT 1`.execute(trx))
            .rows[0] as object,
        )[0];
      const revenue = await account(sql`type = 'revenue' AND posting`);
      const receivable = await account(sql`type = 'asset' AND posting`);
      const journal = (
        await sql<{ id: number }>`
          INSERT INTO gl_journal (branch_id, date, source, source_type, key, content_hash, description, total, audit_date)
          VALUES (${branch}, '2025-12-31', 'frontoffice', 'test', 'test:new-year-eve-held', 'test', 'Room revenue of New Year''s Eve', 1500000, ${NEXT}::date)
          RETURNING id`.execute(trx)
      ).rows[0].id;
      await sql`
        INSERT INTO gl_journal_line (branch_id, journal_id, line_no, account_id, debit, credit)
        VALUES (${branch}, ${journal}, 1, ${receivable}, 1500000, 0), (${branch}, ${journal}, 2, ${revenue}, 0, 1500000)`.execute(trx);
    });
    const month = await op(admin, 'gl.closeMonth', { period: '2025-12' });
    expectApiError(month, 409);
    expect(month.json().error.message).toMatch(/12\/2025 still has 1 journals waiting for the income audit/);
    const year = await op(admin, 'gl.closeYear', { year: 2025 });
    expectApiError(year, 409);
    expect(year.json().error.message).toMatch(/2025 still has 1 journals waiting for the income audit/);
  });
});

describe('a broken tie is shown red with the difference', () => {
  it('a POS room charge of 185.000 missing from the folio (injected by SQL) turns the outlet room charges red', async () => {
    const p = (
      await sql<{ check_id: number; shift_id: number; journal_id: number }>`
        SELECT p.check_id, p.shift_id, p.journal_id FROM pos_payment p JOIN pos_check c ON c.branch_id = p.branch_id AND c.id = p.check_id
         WHERE p.branch_id = ${branch} AND c.business_date = ${DAY}::date AND p.kind = 'room' LIMIT 1`.execute(db)
    ).rows[0];
    await sql`
      INSERT INTO pos_payment (branch_id, check_id, shift_id, kind, amount, folio_line_id, journal_id, posting_key)
      VALUES (${branch}, ${p.check_id}, ${p.shift_id}, 'room', 185000, 0, ${p.journal_id}, 'test:missing-room-charge')`.execute(db);
    const all = await ties(DAY);
    expect(all.find((x) => x.code === 'posRoomCharges')).toMatchObject({
      ties: false,
      left: '285000.00',
      right: '100000.00',
      difference: '185000.00',
    });
    expect(all.filter((x) => !x.ties).map((x) => x.code)).toEqual(['posRoomCharges']);
  });

  it('keeps each property to itself: the resort sees no audit day of Bandung', async () => {
    const resort = await one(sql`SELECT id FROM branch WHERE code = 'NBR'`);
    const other = await t.login('admin');
    other.branchId = resort;
    const days = await ok(await other.get('/api/incomeaudit/days'));
    expect(days.days).toEqual([]);
  });
});
