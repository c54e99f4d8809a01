import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';
import { auditChecks } from '../../../server/domain/frontoffice/nightAudit/checks.js';

/**
 * Dinner at the Kembang Restaurant of the Grand Nusantara Bandung (business date 23/11/2026). Dewi (cashier)
 * opens her shift with a Rp 1.000.000 float; table T05 orders satay with extra peanut sauce, two mie goreng
 * with an extra egg, two es jeruk, prawn crackers and a teh tarik; the order goes to the kitchen and the bar,
 * the teh tarik is voided, the bill is split three ways — one part to the guest's room, one in cash, one by
 * card — and Dewi closes her shift Rp 226 short. Every rupiah is posted through the posting function.
 */
let t: TestApp;
let db: Db;
let dewi: ApiClient;
let branch: number;
const menu: Record<string, number> = {};
const table: Record<string, number> = {};
const outlet: Record<string, number> = {};
const reason: Record<string, number> = {};
let visa: number;
let stay: { id: number; code: string };

const ok = async (res: Awaited<ReturnType<ApiClient['post']>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const op = (who: ApiClient, name: string, body: unknown, key: string = crypto.randomUUID()) =>
  who.post(`/api/ops/pointofsales.${name}`, body, { 'idempotency-key': key });
const check = async (id: number) => ok(await dewi.get(`/api/data/pointofsales/check/${id}`));
/** A bill for one at a restaurant table, with one dish. */
const openBill = async (who: ApiClient, tableId: number, menuId: number) =>
  ok(
    await who.post('/api/data/pointofsales/check', {
      outlet_id: outlet.RESTO,
      table_id: tableId,
      covers: 1,
      items: [{ menu_id: menuId, quantity: 1 }],
    }),
    201,
  );
/** A journal's lines as account → debit − credit. */
async function journal(id: number) {
  const { rows } = await sql<{ code: string; amount: string }>`
    SELECT a.code, (sum(l.debit) - sum(l.credit))::text AS amount FROM gl_journal_line l
      JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
     WHERE l.branch_id = ${branch} AND l.journal_id = ${id} GROUP BY a.code ORDER BY a.code`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.code, r.amount]));
}
const ids = async (q: ReturnType<typeof sql<{ id: number; code: string }>>, into: Record<string, number>) => {
  for (const r of (await q.execute(db)).rows) into[r.code] = Number(r.id);
};

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  dewi = await t.login('cashier');
  branch = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  dewi.branchId = branch;
  await ids(sql`SELECT id, code FROM outlet WHERE branch_id = ${branch}`, outlet);
  await ids(sql`SELECT id, code FROM pos_menu WHERE branch_id = ${branch} AND outlet_id = ${outlet.RESTO}`, menu);
  await ids(sql`SELECT id, code FROM pos_table WHERE branch_id = ${branch} AND outlet_id = ${outlet.RESTO}`, table);
  await ids(sql`SELECT id, code FROM pos_reason WHERE branch_id = ${branch}`, reason);
  visa = Number(
    (await sql<{ id: number }>`SELECT id FROM pay_article WHERE branch_id = ${branch} AND code = 'VISA'`.execute(db)).rows[0].id,
  );
  const s = (
    await sql<{ id: number; code: string }>`
      SELECT id, code FROM reservation WHERE branch_id = ${branch} AND status = 'in_house' ORDER BY id LIMIT 1`.execute(db)
  ).rows[0];
  stay = { id: Number(s.id), code: s.code };
});
afterAll(() => t.close());

let billId: number;
const items = () => [
  { menu_id: menu.A01, quantity: 1, modifiers: 'Extra peanut sauce' },
  { menu_id: menu.R02, quantity: 2, modifiers: 'Extra egg', note: 'one not spicy' },
  { menu_id: menu.J02, quantity: 2, seat: 1 },
  { menu_id: menu.A05, quantity: 1 },
  { menu_id: menu.C04, quantity: 1, seat: 2 },
];

describe('a bill on table T05', () => {
  it('opens her shift at the restaurant with the float counted in', async () => {
    const opened = await ok(await op(dewi, 'openShift', { outlet_id: outlet.RESTO, opening_float: '1.000.000' }));
    expect(opened.shift).toMatchObject({ outlet_name: 'Kembang Restaurant', cash_account: '1101.01', expected: '1000000.00', takings: [] });
    expectApiError(await op(dewi, 'openShift', { outlet_id: outlet.RESTO, opening_float: '0' }), 409);
  });

  it('prices the items from the menu with their modifiers, whatever the client sends, and adds service and tax (++)', async () => {
    // a client that sends its own prices and states is not believed
    const sent = items().map((i) => ({ ...i, unit_price: '1', amount: '1', status: 'ready' }));
    const made = await ok(
      await dewi.post('/api/data/pointofsales/check', { outlet_id: outlet.RESTO, table_id: table.T05, covers: 4, items: sent }),
      201,
    );
    billId = made.id;
    expect(made.number).toMatch(/^B-261123-\d{4}$/);
    expect(made.items.map((i: any) => [i.unit_price, i.amount, i.status])).toEqual([
      ['70000.00', '70000.00', 'new'],
      ['80000.00', '160000.00', 'new'],
      ['30000.00', '60000.00', 'new'],
      ['18000.00', '18000.00', 'new'],
      ['32000.00', '32000.00', 'new'],
    ]);
    // 340.000 + service 10 % 34.000 + PBJT 10 % of 374.000 = 37.400
    expect(made).toMatchObject({
      subtotal: '340000.00',
      service: '34000.00',
      tax: '37400.00',
      total: '411400.00',
      business_date: '2026-11-23',
    });
  });

  it('refuses a second open bill on the same table', async () => {
    expectApiError(await dewi.post('/api/data/pointofsales/check', { outlet_id: outlet.RESTO, table_id: table.T05, covers: 2 }), 409);
  });

  it('sends the new items to the kitchen and the bar as tickets and onto the waiting-orders board', async () => {
    expect(await ok(await op(dewi, 'sendOrder', { id: billId }))).toEqual({ sent: 5, kitchen: 2, bar: 2, amenity: 0 });
    const { rows: tickets } = await sql<{ station: string; kind: string; payload: string }>`
      SELECT station, kind, payload FROM pos_ticket WHERE branch_id = ${branch} AND check_id = ${billId} ORDER BY id`.execute(db);
    expect(tickets.map((x) => [x.station, x.kind])).toEqual([
      ['kitchen', 'order'],
      ['bar', 'order'],
    ]);
    expect(tickets[0].payload).toContain('ORDER KITCHEN');
    expect(tickets[0].payload).toContain('Table T05');
    expect(tickets[0].payload).toContain('2 x Mie goreng Jawa\n    + Extra egg\n    ! one not spicy');
    const kitchen = (await ok(await dewi.get('/api/pointofsales/waiting/kitchen'))).rows.filter((r: any) => r.check_id === billId);
    expect(kitchen.map((r: any) => [r.quantity, r.name, r.table_code])).toEqual([
      [1, 'Chicken satay (10 skewers)', 'T05'],
      [2, 'Mie goreng Jawa', 'T05'],
    ]);
    // crackers come from the counter: served at once, on no board
    const bill = await check(billId);
    expect(bill.items.map((i: any) => i.status)).toEqual(['sent', 'sent', 'sent', 'ready', 'sent']);
    expect(await ok(await op(dewi, 'markReady', { item_ids: kitchen.map((r: any) => r.id) }))).toEqual({ ready: 2 });
    expect((await ok(await dewi.get('/api/pointofsales/waiting/kitchen'))).rows.filter((r: any) => r.check_id === billId)).toEqual([]);
    expectApiError(await op(dewi, 'sendOrder', { id: billId }), 409);
  });

  it('keeps a sent item on the bill: it is not removed or changed, only voided with a reason, on a void ticket', async () => {
    const bill = await check(billId);
    const without = bill.items.slice(0, 4).map(({ _refs, ...i }: any) => i);
    expectApiError(await dewi.patch(`/api/data/pointofsales/check/${billId}`, { version: bill.version, items: without }), 409);
    const more = bill.items.map(({ _refs, ...i }: any, n: number) => (n === 2 ? { ...i, quantity: 3 } : i));
    expectApiError(await dewi.patch(`/api/data/pointofsales/check/${billId}`, { version: bill.version, items: more }), 409);
    expectApiError(await op(dewi, 'voidItem', { id: billId, line: 5, reason_id: reason['DS-STAF'] }), 400);
    expect(await ok(await op(dewi, 'voidItem', { id: billId, line: 5, reason_id: reason['VD-TAMU'] }))).toEqual({
      line: 5,
      total: '372680',
    });
    const { rows } = await sql<{ payload: string }>`
      SELECT payload FROM pos_ticket WHERE branch_id = ${branch} AND check_id = ${billId} AND kind = 'void'`.execute(db);
    expect(rows[0].payload).toMatch(/\*\*\* VOID \*\*\* BAR[\s\S]*1 x Teh tarik[\s\S]*Reason: Guest changed their mind/);
    // 308.000 + 30.800 service + 33.880 PBJT
    expect(await check(billId)).toMatchObject({ subtotal: '308000.00', service: '30800.00', tax: '33880.00', total: '372680.00' });
  });

  it('prints the bill for the table, and a second print says COPY', async () => {
    const first = await ok(await op(dewi, 'printBill', { id: billId }));
    expect(first.copy).toBe(false);
    expect(first.text).toContain('2 x Mie goreng Jawa');
    expect(first.text).not.toContain('Teh tarik');
    expect(first.text).toMatch(/TOTAL\s+Rp 372\.680/);
    const again = await ok(await op(dewi, 'printBill', { id: billId }));
    expect(again.copy).toBe(true);
    expect(again.text).toContain('*** COPY ***');
    const pad = await ok(await dewi.get(`/api/pointofsales/pad/${outlet.RESTO}`));
    expect(pad.tables.find((x: { code: string }) => x.code === 'T05')).toMatchObject({ state: 'printed', total: '372680.00' });
  });

  it('splits the bill in three equal parts that add up exactly, the rupiah remainder on the last', async () => {
    const split = await ok(await op(dewi, 'splitEqual', { id: billId, parts: 3 }));
    expect(split.parts).toEqual(['124226', '124226', '124228']);
  });

  it('charges the first part to the guest’s room: it is on the folio at once, with the same amount', async () => {
    const paid = await ok(await op(dewi, 'pay', { id: billId, kind: 'room', reservation_id: stay.id }));
    expect(paid).toMatchObject({ amount: '124226', remaining: '248454', status: 'open' });
    const { rows } = await sql<{ amount: string; description: string }>`
      SELECT amount::text AS amount, description FROM folio_line WHERE branch_id = ${branch} AND folio_id = ${paid.folio_id} ORDER BY id DESC LIMIT 1`.execute(
      db,
    );
    expect(rows[0]).toEqual({ amount: '124226.00', description: expect.stringMatching(/^Kembang Restaurant bill B-261123-\d{4}$/) });
  });

  it('takes the second part in cash and gives the change; a replayed payment is paid once', async () => {
    const key = crypto.randomUUID();
    const first = await ok(await op(dewi, 'pay', { id: billId, kind: 'cash', tendered: '150.000' }, key));
    expect(first).toMatchObject({ amount: '124226', change: '25774', remaining: '124228', shown_change: '25.774' });
    expect(await ok(await op(dewi, 'pay', { id: billId, kind: 'cash', tendered: '150.000' }, key))).toEqual(first);
    expect((await check(billId)).paid).toBe('248452.00');
  });

  it('refuses more than is owed, and a card without its last four digits', async () => {
    expectApiError(await op(dewi, 'pay', { id: billId, kind: 'card', pay_article_id: visa, card_last4: '4242', amount: '124.229' }), 400);
    expectApiError(await op(dewi, 'pay', { id: billId, kind: 'card', pay_article_id: visa }), 400);
  });

  it('closes the bill with the last part by card, posting revenue by group, service and tax against what was paid', async () => {
    expect(await ok(await op(dewi, 'pay', { id: billId, kind: 'card', pay_article_id: visa, card_last4: '4242' }))).toMatchObject({
      amount: '124228',
      remaining: '0',
      status: 'paid',
    });
    const bill = await check(billId);
    expect(bill.status).toBe('paid');
    const { rows } = await sql<{
      journal_id: number;
    }>`SELECT journal_id FROM pos_check WHERE branch_id = ${branch} AND id = ${billId}`.execute(db);
    expect(await journal(rows[0].journal_id)).toEqual({
      '2107.01': '372680.00',
      '2201.01': '-30800.00',
      '2202.01': '-33880.00',
      '4203.01': '-248000.00',
      '4204.01': '-60000.00',
    });
    // the outlets' clearing account is empty again (this is the day's only paid bill): what was paid is what was sold
    const { rows: clearing } = await sql<{ balance: string }>`
      SELECT (sum(l.debit) - sum(l.credit))::text AS balance FROM gl_journal_line l JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.branch_id = ${branch} AND a.code = '2107.01'`.execute(db);
    expect(clearing[0].balance).toBe('0.00');
    expectApiError(await op(dewi, 'pay', { id: billId, kind: 'cash' }), 409);
  });
});

describe('the outlet reports of the day', () => {
  const day = 'date_from=2026-11-23&date_to=2026-11-23';
  it('list the paid bill with its figures and how it was paid', async () => {
    const { rows } = await ok(await dewi.get(`/api/reports/daily-sales-report?${day}&outlet_id=${outlet.RESTO}`));
    expect(rows).toEqual([
      expect.objectContaining({
        outlet: 'RESTO - Kembang Restaurant',
        table_code: 'T05',
        covers: 4,
        subtotal: '308000.00',
        service: '30800.00',
        tax: '33880.00',
        total: '372680.00',
        paid_by: 'room 124.226, cash 124.226, card 124.228',
      }),
    ]);
  });

  it('count covers and revenue by food and beverage, with the average check to two decimals', async () => {
    const { rows } = await ok(await dewi.get(`/api/reports/fb-statictic-report?${day}`));
    expect(rows).toEqual([
      expect.objectContaining({
        bills: 1,
        covers: 4,
        food: '248000.00',
        beverage: '60000.00',
        revenue: '308000.00',
        per_cover: '77000.00',
        per_bill: '308000.00',
      }),
    ]);
    const summary = await ok(await dewi.get(`/api/reports/daily-sales-summary?${day}`));
    expect(summary.rows.map((r: any) => [r.kind, r.amount])).toEqual([
      ['card', '124228.00'],
      ['cash', '124226.00'],
      ['room', '124226.00'],
    ]);
  });

  it('keep the void with its reason, the room charge with its guest, each payment with its cashier and the tickets sent', async () => {
    const get = async (code: string) => (await ok(await dewi.get(`/api/reports/${code}?${day}`))).rows;
    expect(await get('pos-cancelation-journal')).toEqual([
      expect.objectContaining({
        item: 'C04 - Teh tarik',
        quantity: 1,
        amount: '32000.00',
        reason: 'Guest changed their mind',
        voided_by: 'Dewi Lestari',
      }),
    ]);
    expect(await get('room-transfer-report')).toEqual([expect.objectContaining({ reservation: stay.code, amount: '124226.00' })]);
    expect((await get('user-transaction-journal')).map((r: any) => [r.cashier, r.kind, r.amount, r.tendered, r.change])).toEqual([
      ['Dewi Lestari', 'room', '124226.00', null, null],
      ['Dewi Lestari', 'cash', '124226.00', '150000.00', '25774.00'],
      ['Dewi Lestari', 'card', '124228.00', null, null],
    ]);
    expect((await get('captain-order-report')).map((r: any) => [r.station, r.kind, r.items])).toEqual([
      ['kitchen', 'order', 2],
      ['bar', 'order', 2],
      ['bar', 'void', 1],
    ]);
  });

  it('count the dishes sold at their standard cost, and the revenue the journals posted', async () => {
    const get = async (code: string) => (await ok(await dewi.get(`/api/reports/${code}?${day}&outlet_id=${outlet.RESTO}`))).rows;
    const sold = (await get('article-transaction-journal')).map((r: any) => [r.code, r.quantity, r.amount]);
    expect(sold).toEqual([
      ['A01', 1, '70000.00'],
      ['A05', 1, '18000.00'],
      ['J02', 2, '60000.00'],
      ['R02', 2, '160000.00'],
    ]);
    const satay = (await get('fb-sales-cost-report')).find((r: any) => r.code === 'A01');
    // Rp 21.000 of cost on Rp 70.000 sold (the peanut sauce has no cost of its own)
    expect(satay).toMatchObject({ sales: '70000.00', cost: '21000.00', cost_pct: '30.00' });
    expect(Object.fromEntries((await get('turnover-department-report')).map((r: any) => [r.account.slice(0, 7), r.amount]))).toEqual({
      '2201.01': '30800.00',
      '2202.01': '33880.00',
      '4203.01': '248000.00',
      '4204.01': '60000.00',
    });
    const consumed = Object.fromEntries((await get('daily-consume-report')).map((r: any) => [r.code, [r.prepared, r.voided]]));
    expect(consumed).toMatchObject({ A01: [1, 0], R02: [2, 0], C04: [null, 1] });
  });

  it('sum the day up for the F&B manager: sales, covers, what is still open, waiting in the bar and booked tonight', async () => {
    const [tiles] = (await ok(await dewi.get('/api/reports/pos-dashboard?date=2026-11-23'))).rows;
    // the es jeruk are still at the bar; the demo hotel has three tables booked tonight
    expect(tiles).toEqual({ sales: '372680.00', covers: 4, open_bills: 0, open_amount: '0', waiting: 1, bookings: 3 });
    const outlets = (await ok(await dewi.get('/api/reports/pos-dashboard-outlets?date=2026-11-23'))).rows;
    expect(outlets).toEqual([
      { outlet: 'RESTO - Kembang Restaurant', bills: 1, covers: 4, sales: '372680.00', per_cover: '93170.00', open_bills: 0 },
    ]);
  });

  it('refuse a range over their maximum', async () => {
    expectApiError(await dewi.get('/api/reports/daily-sales-report?date_from=2026-01-01&date_to=2026-11-23'), 400);
  });
});

describe('other outlets and rules', () => {
  it('works a nett price out backwards: Rp 90.000 at the lounge is 74.380 + 7.438 service + 8.182 tax', async () => {
    const nett = Number(
      (await sql<{ id: number }>`SELECT id FROM tax_service WHERE branch_id = ${branch} AND code = 'TS21N'`.execute(db)).rows[0].id,
    );
    await sql`UPDATE outlet SET tax_service_id = ${nett} WHERE branch_id = ${branch} AND id = ${outlet.LOUNGE}`.execute(db);
    const kopi = Number(
      (
        await sql<{
          id: number;
        }>`SELECT id FROM pos_menu WHERE branch_id = ${branch} AND outlet_id = ${outlet.LOUNGE} AND code = 'C03'`.execute(db)
      ).rows[0].id,
    );
    const made = await ok(
      await dewi.post('/api/data/pointofsales/check', { outlet_id: outlet.LOUNGE, covers: 2, items: [{ menu_id: kopi, quantity: 2 }] }),
      201,
    );
    expect(made).toMatchObject({ subtotal: '90000.00', service: '7438.00', tax: '8182.00', total: '90000.00' });
    // her shift is at the restaurant: the lounge's bills are paid at the lounge
    await ok(await op(dewi, 'sendOrder', { id: made.id }));
    expectApiError(await op(dewi, 'pay', { id: made.id, kind: 'cash' }), 409);
    expectApiError(await dewi.post(`/api/data/pointofsales/check/${made.id}/cancel`, { version: (await check(made.id)).version }), 409);
  });

  it('will not sell a dish of another outlet, and refuses housekeeping the till', async () => {
    const lounge = Number(
      (
        await sql<{
          id: number;
        }>`SELECT id FROM pos_menu WHERE branch_id = ${branch} AND outlet_id = ${outlet.LOUNGE} AND code = 'C03'`.execute(db)
      ).rows[0].id,
    );
    expectApiError(
      await dewi.post('/api/data/pointofsales/check', { outlet_id: outlet.RESTO, covers: 1, items: [{ menu_id: lounge, quantity: 1 }] }),
      400,
    );
    const made = await openBill(dewi, table.T07, menu.D02);
    const hk = await t.login('housekeeping');
    expectApiError(await op(hk, 'pay', { id: made.id, kind: 'cash' }), 403);
  });

  it('adds the terminal’s taps to an open bill after its last line, priced by the server; a paid bill takes none', async () => {
    const { rows } = await sql<{
      id: number;
    }>`SELECT id FROM pos_check WHERE branch_id = ${branch} AND status = 'open' AND table_id = ${table.T07}`.execute(db);
    const id = Number(rows[0].id);
    const added = await ok(
      await op(dewi, 'addItems', {
        id,
        items: [
          { menu_id: menu.M01, quantity: 2, modifiers: 'Extra rice', seat: 1 },
          { menu_id: menu.W01, quantity: 1 },
        ],
      }),
    );
    // klepon 35.000 + 2 × (rendang 115.000 + extra rice 10.000) + water 20.000 = 305.000, ++ 21 %
    expect(added).toMatchObject({ added: 2, subtotal: '305000', total: '369050' });
    expect((await check(id)).items.map((i: any) => [i.menu_id, i.amount, i.status])).toEqual([
      [menu.D02, '35000.00', 'new'],
      [menu.M01, '250000.00', 'new'],
      [menu.W01, '20000.00', 'new'],
    ]);
    expectApiError(await op(dewi, 'addItems', { id: billId, items: [{ menu_id: menu.W01, quantity: 1 }] }), 409);
  });

  it('splits the rendang off to a bill of its own, taxed apart; the lines left are numbered 1… again', async () => {
    const { rows } = await sql<{
      id: number;
    }>`SELECT id FROM pos_check WHERE branch_id = ${branch} AND status = 'open' AND table_id = ${table.T07} AND split_of IS NULL`.execute(
      db,
    );
    const id = Number(rows[0].id);
    const split = await ok(await op(dewi, 'splitItems', { id, lines: [2] }));
    // 250.000 ++ = 302.500 on the new bill; klepon and water (55.000 ++ = 66.550) stay
    expect(split).toMatchObject({ number: expect.stringMatching(/^B-261123-\d{4}-A$/), total: '302500', left: '66550' });
    expect((await check(split.id)).items.map((i: any) => i.menu_id)).toEqual([menu.M01]);
    const { rows: left } = await sql<{ line_no: number }>`
      SELECT line_no FROM pos_check_item WHERE branch_id = ${branch} AND check_id = ${id} ORDER BY line_no`.execute(db);
    expect(left.map((l) => l.line_no)).toEqual([1, 2]);
    expectApiError(await op(dewi, 'splitItems', { id, lines: [1, 2] }), 400);
  });

  it('shows the night auditor the bills still open as blocking, and the shifts still open', async () => {
    const problems = await auditChecks(db, branch, '2026-11-23');
    const open = problems.find((p) => p.check === 'openChecks')!;
    expect(open).toMatchObject({ blocking: true });
    expect(open.items).toEqual(expect.arrayContaining([expect.stringMatching(/^B-261123-\d{4} \(T07\)$/)]));
    expect(problems.find((p) => p.check === 'openShifts')).toMatchObject({ blocking: false });
  });
});

describe('table bookings', () => {
  const book = (tableId: string, time: string, guest: string, date = '2026-11-24') =>
    dewi.post('/api/data/pointofsales/table-reservation', {
      outlet_id: outlet.RESTO,
      table_id: Number(tableId),
      date,
      time,
      minutes: 120,
      guest_name: guest,
      covers: 4,
    });

  it('books a table for two hours and refuses the same table within them, naming who has it', async () => {
    await ok(await book(String(table.T10), '19:00', 'Keluarga Wijaya'), 201);
    const taken = await book(String(table.T10), '20:30', 'Bapak Hartono');
    expectApiError(taken, 409);
    expect(taken.json().error.message).toContain('Keluarga Wijaya');
    // the first party's two hours end at 21:00: the table is free again from then
    await ok(await book(String(table.T10), '21:00', 'Bapak Hartono'), 201);
    expectApiError(await book(String(table.T10), '10:00', 'Ibu Sari', '2026-11-22'), 400);
  });

  it('lets one of two bookings of the same table made at once through, and frees the table when one is cancelled', async () => {
    const both = await Promise.all([book(String(table.T11), '19:30', 'Ibu Ratna'), book(String(table.T11), '20:00', 'Bapak Dodi')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const made = both.find((r) => r.statusCode === 201)!.json();
    await ok(await dewi.patch(`/api/data/pointofsales/table-reservation/${made.id}`, { version: made.version, status: 'cancelled' }));
    await ok(await book(String(table.T11), '19:45', 'Bapak Dodi'), 201);
  });
});

describe('closing the shift', () => {
  it('lists what the shift took and expects the float and the cash', async () => {
    const { shift } = await ok(await dewi.get('/api/pointofsales/shift'));
    expect(shift.expected).toBe('1124226.00');
    expect(shift.takings).toEqual([
      { kind: 'card', count: 1, amount: '124228.00' },
      { kind: 'cash', count: 1, amount: '124226.00' },
      { kind: 'room', count: 1, amount: '124226.00' },
    ]);
  });

  it('closes Rp 226 short with a reason, posted to cash over and short; then the till takes no payment', async () => {
    const count = [
      { denomination: 100000, quantity: 11 },
      { denomination: 20000, quantity: 1 },
      { denomination: 2000, quantity: 2 },
    ];
    expectApiError(await op(dewi, 'closeShift', { count }), 400);
    // Wayan takes the evening: the box is handed over as counted, his float
    const wayan = await ok(
      await dewi.post('/api/data/pointofsales/cashier', {
        user_id: Number((await sql<{ id: number }>`SELECT id FROM app_user WHERE username = 'admin'`.execute(db)).rows[0].id),
        outlet_id: outlet.RESTO,
      }),
      201,
    );
    expectApiError(await op(dewi, 'closeShift', { count, reason: 'Coins for change ran short', hand_over_to: 999999 }), 400);
    const closed = await ok(await op(dewi, 'closeShift', { count, reason: 'Coins for change ran short', hand_over_to: wayan.id }));
    expect(closed).toMatchObject({ expected: '1124226.00', counted: '1124000.00', difference: '-226.00', handed_to: 'Administrator' });
    const admin = await t.login('admin');
    admin.branchId = branch;
    expect((await ok(await admin.get('/api/pointofsales/shift'))).shift).toMatchObject({
      outlet_name: 'Kembang Restaurant',
      opening_float: '1124000.00',
    });
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM gl_journal WHERE branch_id = ${branch} AND source_type = 'shift_difference' AND source_id = ${closed.id}`.execute(db);
    expect(await journal(rows[0].id)).toEqual({ '1101.01': '-226.00', '6104.01': '226.00' });
    const { rows: open } = await sql<{ id: number }>`
      SELECT id FROM pos_check WHERE branch_id = ${branch} AND status = 'open' AND table_id = ${table.T07}`.execute(db);
    await ok(await op(dewi, 'sendOrder', { id: open[0].id }));
    expectApiError(await op(dewi, 'pay', { id: open[0].id, kind: 'cash' }), 409);
  });
});

// On PostgreSQL only: the embedded database gives an open transaction its one session alone, so there a second
// terminal's payment waits for the first whatever the till's lock.
describe.runIf(process.env.TEST_DB === 'postgres')('ten terminals paying into one till', () => {
  it("takes a payment while another terminal's payment into the till is being written; the close waits for it", async () => {
    const wayan = await t.login('admin');
    wayan.branchId = branch;
    const { shift } = await ok(await wayan.get('/api/pointofsales/shift'));
    const bill = await openBill(wayan, table.T09, menu.C04);
    await ok(await op(wayan, 'sendOrder', { id: bill.id }));
    // the other terminal's payment: the till held as a payment holds it, until it commits
    let commit!: () => void;
    let held!: () => void;
    const tillHeld = new Promise<void>((r) => (held = r));
    const other = db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM gc_shift WHERE branch_id = ${branch} AND id = ${shift.id} FOR SHARE`.execute(trx);
      held();
      await new Promise<void>((r) => (commit = r));
    });
    await tillHeld;
    const paid = await ok(await op(wayan, 'pay', { id: bill.id, kind: 'cash', tendered: '100.000' }));
    expect(paid.status).toBe('paid');
    const closing = op(wayan, 'closeShift', { count: [{ denomination: 100000, quantity: 11 }], reason: 'End of the evening' });
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`
              SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM gc_shift s%'`.execute(db)
          ).rows[0].n,
      )
      .toBe(1);
    commit();
    await other;
    const closed = await ok(await closing);
    expect(closed.expected).toBe(new Decimal('1124000').plus(paid.amount).toFixed(2));
  });
});

describe('breakfast coupons at the Kembang Restaurant', () => {
  it('lists the in-house stays whose rate includes breakfast, redeems each once a day and never more covers than guests', async () => {
    const day = await ok(await dewi.get(`/api/pointofsales/breakfast/${outlet.RESTO}`));
    expect(day.date).toBe('2026-11-23');
    expect(day.rows.length).toBeGreaterThan(0);
    const { rows: arrivals } = await sql<{ id: number; arrival: string; status: string }>`
      SELECT id, arrival::text AS arrival, status FROM reservation WHERE branch_id = ${branch}
         AND id IN (${sql.join(day.rows.map((r: { reservation_id: number }) => r.reservation_id))})`.execute(db);
    // a guest who arrived today has not slept a night here yet: no breakfast coupon until tomorrow
    expect(arrivals.every((r) => r.status === 'in_house' && r.arrival < '2026-11-23')).toBe(true);

    const [first, second] = day.rows as { reservation_id: number; code: string; pax: number; redeemed: number | null }[];
    expect(first.redeemed).toBeNull();
    expectApiError(
      await op(dewi, 'redeemBreakfast', { outlet_id: outlet.RESTO, reservation_id: first.reservation_id, covers: first.pax + 1 }),
      400,
    );
    expect(
      await ok(await op(dewi, 'redeemBreakfast', { outlet_id: outlet.RESTO, reservation_id: first.reservation_id, covers: first.pax })),
    ).toMatchObject({
      code: first.code,
      covers: first.pax,
    });
    expectApiError(await op(dewi, 'redeemBreakfast', { outlet_id: outlet.RESTO, reservation_id: first.reservation_id, covers: 1 }), 409);

    const { rows: roomOnly } = await sql<{ id: number }>`
      SELECT id FROM reservation WHERE branch_id = ${branch} AND status <> 'in_house' ORDER BY id LIMIT 1`.execute(db);
    expectApiError(await op(dewi, 'redeemBreakfast', { outlet_id: outlet.RESTO, reservation_id: Number(roomOnly[0].id), covers: 1 }), 400);

    const after = await ok(await dewi.get(`/api/pointofsales/breakfast/${outlet.RESTO}`));
    expect(after.redeemed).toBe(day.redeemed + first.pax);
    expect(after.rows.find((r: { reservation_id: number }) => r.reservation_id === first.reservation_id).redeemed).toBe(first.pax);
    if (second) expect(after.rows.find((r: { reservation_id: number }) => r.reservation_id === second.reservation_id).redeemed).toBeNull();
  });
});

describe('the table plan of the Kembang Restaurant', () => {
  const tableOf = (pad: { tables: { code: string }[] }, code: string) => pad.tables.find((x) => x.code === code);

  it('shows a table whose bill was just paid as being cleared, and one with food in the kitchen as ordered', async () => {
    const pad = await ok(await dewi.get(`/api/pointofsales/pad/${outlet.RESTO}`));
    expect(tableOf(pad, 'T05')).toMatchObject({ state: 'paid', check_id: null, minutes: 0 });
    expect(tableOf(pad, 'T07')).toMatchObject({ state: 'ordered' });
    expect(tableOf(pad, 'T12')).toMatchObject({ state: 'free', area: 'Indoor', plan_x: null, plan_y: null });
  });

  it('saves where the tables of an area stand, and refuses a table of another outlet', async () => {
    await ok(
      await op(dewi, 'saveTablePlan', {
        outlet_id: outlet.RESTO,
        tables: [
          { id: table.T01, x: 0, y: 0 },
          { id: table.T02, x: 180, y: 90 },
        ],
      }),
    );
    const pad = await ok(await dewi.get(`/api/pointofsales/pad/${outlet.RESTO}`));
    expect(tableOf(pad, 'T02')).toMatchObject({ plan_x: 180, plan_y: 90 });
    const { rows } = await sql<{ id: number }>`
      SELECT t.id FROM pos_table t JOIN outlet o ON o.branch_id = t.branch_id AND o.id = t.outlet_id
       WHERE t.branch_id = ${branch} AND o.code = 'LOUNGE' LIMIT 1`.execute(db);
    expectApiError(
      await op(dewi, 'saveTablePlan', {
        outlet_id: outlet.RESTO,
        tables: [
          { id: table.T01, x: 90, y: 0 },
          { id: Number(rows[0].id), x: 0, y: 0 },
        ],
      }),
      400,
    );
    expect(tableOf(await ok(await dewi.get(`/api/pointofsales/pad/${outlet.RESTO}`)), 'T01')).toMatchObject({ plan_x: 0, plan_y: 0 });
    expectApiError(await op(dewi, 'saveTablePlan', { outlet_id: outlet.RESTO, tables: [{ id: table.T01, x: 6000, y: 0 }] }), 400);
  });
});

describe('amenity requests sent from room service', () => {
  it('sends a baby cot to housekeeping’s board and the club sandwich to the kitchen; each board marks only its own', async () => {
    const rsvc: Record<string, number> = {};
    await ids(sql`SELECT id, code FROM pos_menu WHERE branch_id = ${branch} AND outlet_id = ${outlet.RSVC}`, rsvc);
    const bill = await ok(
      await dewi.post('/api/data/pointofsales/check', {
        outlet_id: outlet.RSVC,
        covers: 1,
        reservation_id: stay.id,
        items: [
          { menu_id: rsvc.H01, quantity: 1, note: 'for a one-year-old' },
          { menu_id: rsvc.R02, quantity: 1 },
        ],
      }),
      201,
    );
    // the baby cot is charged as sold, without room service's tray charge
    expect(bill.subtotal).toBe('237000.00');
    expect(await ok(await op(dewi, 'sendOrder', { id: bill.id }))).toMatchObject({ sent: 2, kitchen: 1, amenity: 1 });
    const { rows: tickets } = await sql<{ station: string; payload: string }>`
      SELECT station, payload FROM pos_ticket WHERE branch_id = ${branch} AND check_id = ${bill.id} ORDER BY id`.execute(db);
    expect(tickets.map((x) => x.station)).toEqual(['kitchen', 'amenity']);
    expect(tickets[1].payload).toMatch(/ORDER AMENITY[\s\S]*1 x Baby cot[\s\S]*! for a one-year-old/);

    const ayu = await t.login('housekeeping');
    ayu.branchId = branch;
    const board = (await ok(await ayu.get('/api/housekeeping/waiting/amenity'))).rows.filter(
      (r: { check_id: number }) => r.check_id === bill.id,
    );
    const { rows: rooms } = await sql<{ code: string }>`
      SELECT r.code FROM reservation v JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
       WHERE v.branch_id = ${branch} AND v.id = ${stay.id}`.execute(db);
    expect(board).toEqual([expect.objectContaining({ name: 'Baby cot', room: rooms[0].code, note: 'for a one-year-old' })]);
    expectApiError(await ayu.get('/api/pointofsales/waiting/kitchen'), 403);
    expectApiError(await ayu.get('/api/housekeeping/waiting/kitchen'), 400);
    const kitchen = (await ok(await dewi.get('/api/pointofsales/waiting/kitchen'))).rows.filter(
      (r: { check_id: number }) => r.check_id === bill.id,
    );
    expect(kitchen.map((r: { name: string }) => r.name)).toEqual(['Mie goreng Jawa']);

    // the kitchen cannot tick off housekeeping's cot, nor housekeeping the kitchen's noodles
    expect(await ok(await op(dewi, 'markReady', { item_ids: [board[0].id] }))).toEqual({ ready: 0 });
    expectApiError(await ayu.post('/api/ops/pointofsales.markReady', { item_ids: [kitchen[0].id] }), 403);
    expect(await ok(await ayu.post('/api/ops/housekeeping.markAmenityDone', { item_ids: [board[0].id, kitchen[0].id] }))).toEqual({
      ready: 1,
    });
    expect((await ok(await ayu.get('/api/housekeeping/waiting/amenity'))).rows.some((r: { id: number }) => r.id === board[0].id)).toBe(
      false,
    );
  });
});

describe('eight terminals opening bills at the same moment', () => {
  it('gives each its own bill number instead of refusing the ones that came second', async () => {
    const codes = ['T12', 'T13', 'T14', 'T15', 'T16', 'T17', 'T18', 'T19'];
    const answers = await Promise.all(
      codes.map((code) =>
        dewi.post('/api/data/pointofsales/check', {
          outlet_id: outlet.RESTO,
          table_id: table[code],
          covers: 2,
          items: [{ menu_id: menu.R02, quantity: 1 }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(codes.map(() => 201));
    const numbers = answers.map((a) => a.json().number as string);
    expect(new Set(numbers).size).toBe(codes.length);
    for (const a of answers) await ok(await dewi.post(`/api/data/pointofsales/check/${a.json().id}/cancel`, { version: a.json().version }));
  });
});

describe('a bill charged to the wrong room', () => {
  it('moves to the right guest’s folio with a reason, the amount unchanged, and can move back', async () => {
    const { rows: pays } = await sql<{ id: number; amount: string; folio_line_id: number }>`
      SELECT p.id, p.amount::text AS amount, p.folio_line_id FROM pos_payment p
       WHERE p.branch_id = ${branch} AND p.kind = 'room' ORDER BY p.id LIMIT 1`.execute(db);
    const payment = { id: Number(pays[0].id), amount: pays[0].amount };
    const { rows: others } = await sql<{ id: number; code: string }>`
      SELECT id, code FROM reservation WHERE branch_id = ${branch} AND status = 'in_house' AND id <> ${stay.id} ORDER BY id LIMIT 1`.execute(
      db,
    );
    const right = { id: Number(others[0].id), code: others[0].code };
    const charges = async () => (await ok(await dewi.get('/api/pointofsales/room-charges'))).rows;
    const folioSum = async (reservation: number) =>
      (
        await sql<{ s: string }>`
          SELECT coalesce(sum(l.amount), 0)::text AS s FROM folio_line l
           WHERE l.branch_id = ${branch} AND l.reservation_id = ${reservation} AND l.description LIKE '%Kembang Restaurant bill%'`.execute(
          db,
        )
      ).rows[0].s;
    const before = (await charges()).find((r: { payment_id: number }) => r.payment_id === payment.id);
    expect(before).toMatchObject({ stay: stay.code, amount: payment.amount, moves: 0 });
    const wrongSum = await folioSum(stay.id);

    const move = (reservation_id: number, reason = 'Waiter wrote 214 for 241') =>
      op(dewi, 'transferRoomCharge', { payment_id: payment.id, reservation_id, reason });
    expectApiError(await op(dewi, 'transferRoomCharge', { payment_id: payment.id, reservation_id: right.id }), 400);
    expectApiError(await move(stay.id), 409);
    const { rows: gone } = await sql<{ id: number }>`
      SELECT id FROM reservation WHERE branch_id = ${branch} AND status <> 'in_house' ORDER BY id LIMIT 1`.execute(db);
    expectApiError(await move(Number(gone[0].id)), 400);

    expect(await ok(await move(right.id))).toMatchObject({ code: right.code });
    // out of the first folio and into the other, the same rupiah
    expect(Number(wrongSum) - Number(await folioSum(stay.id))).toBe(Number(payment.amount));
    expect(await folioSum(right.id)).toBe(payment.amount);
    expect((await charges()).find((r: { payment_id: number }) => r.payment_id === payment.id)).toMatchObject({
      stay: right.code,
      moves: 1,
      reason: 'Waiter wrote 214 for 241',
    });

    expect(await ok(await move(stay.id, 'It was 214 after all'))).toMatchObject({ code: stay.code });
    expect(await folioSum(right.id)).toBe('0.00');
    expect((await charges()).find((r: { payment_id: number }) => r.payment_id === payment.id)).toMatchObject({ stay: stay.code, moves: 2 });

    const ayu = await t.login('housekeeping');
    ayu.branchId = branch;
    expectApiError(await ayu.get('/api/pointofsales/room-charges'), 403);
  });
});

describe("the night auditor's outlet bills of the day", () => {
  it('lists the open bills first, and how every paid one was paid, a room charge with its room', async () => {
    const auditor = await t.login('frontdesk');
    auditor.branchId = branch;
    const { rows } = await ok(await auditor.get('/api/reports/na-bill-restaurant?date=2026-11-23'));
    const open = rows.filter((r: { state: string }) => r.state === 'OPEN');
    expect(open.length).toBeGreaterThan(0);
    expect(rows.slice(0, open.length).every((r: { state: string }) => r.state === 'OPEN')).toBe(true);
    expect(open.find((r: { place: string }) => r.place === 'T07')).toBeDefined();
    const { rows: room } = await sql<{ code: string }>`
      SELECT r.code FROM reservation v JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id
       WHERE v.branch_id = ${branch} AND v.id = ${stay.id}`.execute(db);
    expect(rows.map((r: { paid_by: string | null }) => r.paid_by ?? '')).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^room ${room[0].code} `))]),
    );
    expectApiError(await auditor.get('/api/reports/na-bill-restaurant?date=2026-13-01'), 400);

    // the dashboard's figures agree with the list and with the payments
    const [summary] = (await ok(await auditor.get('/api/reports/na-pos-summary?date=2026-11-23'))).rows;
    const { rows: charged } = await sql<{ s: string }>`
      SELECT coalesce(sum(amount), 0)::text AS s FROM pos_payment WHERE branch_id = ${branch} AND kind = 'room'`.execute(db);
    expect(summary).toMatchObject({ open_bills: open.length, room_charges: charged[0].s });
  });
});

describe('a paid bill reopened by right', () => {
  it('reverses each payment where it stands — cash out of the till, the room charge off the folio — and the revenue, then settles again', async () => {
    const opened = await ok(await op(dewi, 'openShift', { outlet_id: outlet.RESTO, opening_float: '500.000' }));
    expect(opened.shift.expected).toBe('500000.00');
    // two es jeruk at table T02: 60.000 + service 6.000 + PBJT 6.600 = 72.600
    const bill = await ok(
      await dewi.post('/api/data/pointofsales/check', {
        outlet_id: outlet.RESTO,
        table_id: table.T02,
        covers: 2,
        items: [{ menu_id: menu.J02, quantity: 2 }],
      }),
      201,
    );
    expect(bill.total).toBe('72600.00');
    await ok(await op(dewi, 'sendOrder', { id: bill.id }));
    const toRoom = await ok(await op(dewi, 'pay', { id: bill.id, kind: 'room', reservation_id: stay.id, amount: '30.000' }));
    await ok(await op(dewi, 'pay', { id: bill.id, kind: 'cash', tendered: '50.000' }));
    const { rows: closed } = await sql<{
      journal_id: number;
    }>`SELECT journal_id FROM pos_check WHERE branch_id = ${branch} AND id = ${bill.id}`.execute(db);
    const folioOfBill = async () =>
      (
        await sql<{ s: string }>`
          SELECT coalesce(sum(amount), 0)::text AS s FROM folio_line
           WHERE branch_id = ${branch} AND folio_id = ${toRoom.folio_id} AND description LIKE ${`%bill ${bill.number}%`}`.execute(db)
      ).rows[0].s;
    expect(await folioOfBill()).toBe('30000.00');

    const ayu = await t.login('housekeeping');
    ayu.branchId = branch;
    expectApiError(await op(ayu, 'reopen', { id: bill.id, reason: 'Guest paid with the wrong card' }), 403);
    expectApiError(await op(dewi, 'reopen', { id: bill.id, reason: 'no' }), 400);
    const reopened = await ok(await op(dewi, 'reopen', { id: bill.id, reason: 'Guest wanted it all on the room' }));
    expect(reopened).toEqual({ number: bill.number, status: 'open', payments_reversed: 2 });
    expect(await check(bill.id)).toMatchObject({ status: 'open', paid: '0.00' });

    // nothing posted was changed: each payment has its negative twin, the folio and the till are back where they were
    const { rows: payments } = await sql<{ kind: string; amount: string; reverses: boolean }>`
      SELECT kind, amount::text AS amount, reverses_id IS NOT NULL AS reverses FROM pos_payment
       WHERE branch_id = ${branch} AND check_id = ${bill.id} ORDER BY id`.execute(db);
    expect(payments).toEqual([
      { kind: 'room', amount: '30000.00', reverses: false },
      { kind: 'cash', amount: '42600.00', reverses: false },
      { kind: 'room', amount: '-30000.00', reverses: true },
      { kind: 'cash', amount: '-42600.00', reverses: true },
    ]);
    expect(await folioOfBill()).toBe('0.00');
    const till = await ok(await dewi.get('/api/pointofsales/shift'));
    expect(till.shift.expected).toBe('500000.00');
    const { rows: reversal } = await sql<{
      id: number;
    }>`SELECT id FROM gl_journal WHERE branch_id = ${branch} AND reverses_id = ${closed[0].journal_id}`.execute(db);
    expect(reversal).toHaveLength(1);
    expect((await ok(await dewi.get('/api/pointofsales/room-charges'))).rows.map((r: { number: string }) => r.number)).not.toContain(
      bill.number,
    );
    const { rows: audited } = await sql<{ after: { reason: string } }>`
      SELECT after FROM audit_log WHERE branch_id = ${branch} AND action = 'pointofsales.reopen' AND entity_id = ${String(bill.id)}`.execute(
      db,
    );
    expect(audited.map((a) => a.after.reason)).toEqual(['Guest wanted it all on the room']);
    expectApiError(await op(dewi, 'reopen', { id: bill.id, reason: 'Guest wanted it all on the room' }), 409);

    // settled again, all to the room: the outlets' clearing account holds nothing for the bill
    expect(await ok(await op(dewi, 'pay', { id: bill.id, kind: 'room', reservation_id: stay.id }))).toMatchObject({
      status: 'paid',
      amount: '72600',
    });
    expect(await folioOfBill()).toBe('72600.00');
    const { rows: clearing } = await sql<{ balance: string }>`
      SELECT coalesce(sum(l.debit) - sum(l.credit), 0)::text AS balance FROM gl_journal_line l
        JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE l.branch_id = ${branch} AND a.code = '2107.01' AND l.subledger = 'pos_check' AND l.subledger_id = ${bill.id}`.execute(db);
    expect(clearing[0].balance).toBe('0.00');

    // the night auditor follows the bill to its payments: each reversal beside the payment it cancels, netting to the room charge
    const auditor = await t.login('frontdesk');
    auditor.branchId = branch;
    const { rows: list } = await ok(await auditor.get('/api/reports/na-bill-restaurant?date=2026-11-23'));
    expect(list.find((r: { number: string }) => r.number === bill.number)).toMatchObject({ check_id: bill.id });
    const paid = await ok(await auditor.get(`/api/reports/na-pos-payment-trans?check_id=${bill.id}`));
    expect(paid.rows.map((r: any) => [r.kind, r.amount, r.reverses === null ? null : 'reversal', r.cashier])).toEqual([
      ['room', '30000.00', null, 'Dewi Lestari'],
      ['cash', '42600.00', null, 'Dewi Lestari'],
      ['room', '-30000.00', 'reversal', 'Dewi Lestari'],
      ['cash', '-42600.00', 'reversal', 'Dewi Lestari'],
      ['room', '72600.00', null, 'Dewi Lestari'],
    ]);
    expect(paid.rows[2].reverses).toBe(`#${paid.rows[0].id}`);
    expect(paid.rows[0].detail).toMatch(/^\S+ · /);
    expect(paid.grandTotals.amount).toBe('72600');
    expectApiError(await auditor.get('/api/reports/na-pos-payment-trans'), 400);
  });
});

describe('charging a bill to a room', () => {
  it('finds the in-house stay by its room number or its guest’s name, named by number, room and guest — and follows a renamed guest', async () => {
    const { rows } = await sql<{ code: string; room: string; guest: string; guest_id: number }>`
      SELECT v.code, r.code AS room, g.name AS guest, g.id AS guest_id FROM reservation v
        JOIN room r ON r.branch_id = v.branch_id AND r.id = v.room_id JOIN guest g ON g.branch_id = v.branch_id AND g.id = v.guest_id
       WHERE v.branch_id = ${branch} AND v.id = ${stay.id}`.execute(db);
    const s = rows[0];
    const inHouse = encodeURIComponent(JSON.stringify({ status: { op: 'eq', value: 'in_house' } }));
    const find = async (q: string) =>
      (await ok(await dewi.get(`/api/data/frontoffice/reservation/lookup?q=${encodeURIComponent(q)}&filter=${inHouse}`))).rows;
    const label = `${s.code} · ${s.room} · ${s.guest}`;
    expect(await find(s.room)).toContainEqual({ id: stay.id, label });
    expect(await find(s.guest.split(' ')[0])).toContainEqual({ id: stay.id, label });
    await sql`UPDATE guest SET name = ${`${s.guest} Jr.`} WHERE branch_id = ${branch} AND id = ${s.guest_id}`.execute(db);
    expect(await find(s.room)).toContainEqual({ id: stay.id, label: `${label} Jr.` });
    await sql`UPDATE guest SET name = ${s.guest} WHERE branch_id = ${branch} AND id = ${s.guest_id}`.execute(db);
  });
});

describe('a discount on one item', () => {
  it('takes half off the satay for a dish sent back, then 10 % off the bill, each by reason; revenue follows what each group sold', async () => {
    // satay 65.000 + two es jeruk 60.000 at table T03
    const bill = await ok(
      await dewi.post('/api/data/pointofsales/check', {
        outlet_id: outlet.RESTO,
        table_id: table.T03,
        covers: 2,
        items: [
          { menu_id: menu.A01, quantity: 1 },
          { menu_id: menu.J02, quantity: 2 },
        ],
      }),
      201,
    );
    await ok(await op(dewi, 'sendOrder', { id: bill.id }));
    const ayu = await t.login('housekeeping');
    ayu.branchId = branch;
    expectApiError(await op(ayu, 'discountItem', { id: bill.id, line: 1, percent: 50, reason_id: reason['DS-MGR'] }), 403);
    expectApiError(await op(dewi, 'discountItem', { id: bill.id, line: 9, percent: 50, reason_id: reason['DS-MGR'] }), 400);
    expectApiError(await op(dewi, 'discountItem', { id: bill.id, line: 1, percent: 50, reason_id: reason['VD-SALAH'] }), 400);

    // 125.000 − 32.500 = 92.500 + service 9.250 + PBJT 10.175
    expect(await ok(await op(dewi, 'discountItem', { id: bill.id, line: 1, percent: 50, reason_id: reason['DS-MGR'] }))).toMatchObject({
      line: 1,
      discount: '32500',
      total: '111925',
      shown_total: '111.925',
    });
    const lines = (await check(bill.id)).items.map((i: any) => [i.amount, i.discount, i.discount_reason_id]);
    expect(lines).toEqual([
      ['65000.00', '32500.00', reason['DS-MGR']],
      ['60000.00', '0.00', null],
    ]);
    // then 10 % of the 92.500 left: 9.250 more; 83.250 + 8.325 + 9.158 (PBJT of 91.575, rounded up from half)
    expect(await ok(await op(dewi, 'discount', { id: bill.id, percent: 10, reason_id: reason['DS-MEMBER'] }))).toMatchObject({
      discount: '41750',
      total: '100733',
    });
    // a save of the bill keeps the item's discount
    const saved = await check(bill.id);
    const items = saved.items.map((i: any) => ({
      id: i.id,
      menu_id: i.menu_id,
      quantity: i.quantity,
      modifiers: i.modifiers,
      seat: i.seat,
      note: i.note,
    }));
    await ok(await dewi.patch(`/api/data/pointofsales/check/${bill.id}`, { version: saved.version, note: 'Meja dekat jendela', items }));
    expect((await check(bill.id)).items[0].discount).toBe('32500.00');

    await ok(await op(dewi, 'pay', { id: bill.id, kind: 'cash', tendered: '105.000' }));
    const { rows } = await sql<{
      journal_id: number;
    }>`SELECT journal_id FROM pos_check WHERE branch_id = ${branch} AND id = ${bill.id}`.execute(db);
    // food sold 32.500 and beverage 60.000 after the item's discount: the 83.250 base shared 29.250 / 54.000
    expect(await journal(rows[0].journal_id)).toEqual({
      '2107.01': '100733.00',
      '2201.01': '-8325.00',
      '2202.01': '-9158.00',
      '4203.01': '-29250.00',
      '4204.01': '-54000.00',
    });
  });
});
