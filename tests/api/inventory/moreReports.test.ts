import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * Months on hand, transfer validation, the annual issues, the requisition register and the cancelled
 * issues at the Grand Nusantara Bandung (business date 23/11/2026). The main store opened November with 144
 * bottles of Bintang at Rp 28.000; in November Agus issues 36 of them to the Lobby Lounge (12 on the 20th,
 * 24 on the 23rd), transfers 24 to the bar (confirmed by the bar) and 12 more (not yet), the kitchen asks
 * for beef and gets part of it, and an issue of 6 is cancelled. Every figure is exact.
 */
let t: TestApp;
let db: Db;
let agus: ApiClient;
let gnb: number;
const id: Record<string, number> = {};
type Row = Record<string, unknown>;

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const get = (entity: string, docId: number) => agus.get(`/api/data/inventory/${entity}/${docId}`).then((r) => ok(r));
const act = async (entity: string, docId: number, action: string) => {
  const row = await get(entity, docId);
  return ok(await agus.post(`/api/data/inventory/${entity}/${docId}/${action}`, { version: row.version }));
};
const created = async (entity: string, body: unknown) => ok(await agus.post(`/api/data/inventory/${entity}`, body), 201);
const posted = async (body: Record<string, unknown>) => {
  const doc = await created('outgoing', body);
  await act('outgoing', doc.id, 'post');
  return get('outgoing', doc.id);
};
const report = async (code: string, params: Record<string, string | number>) =>
  ok(await agus.get(`/api/reports/${code}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`));
const pick = (rows: Row[], fields: string[]) => rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f]])));
const transfers: { confirmed?: Row; waiting?: Row } = {};
const requisitions: Record<string, Row> = {};

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  agus = await t.login('purchasing');
  gnb = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  for (const table of ['inv_store', 'inv_item', 'outlet', 'department', 'inv_item_group'])
    for (const r of (await sql<{ id: number; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${gnb}`.execute(db))
      .rows)
      id[`${table}:${r.code}`] = Number(r.id);
  const B001 = id['inv_item:B-001'];
  const F002 = id['inv_item:F-002'];

  // issues to the lounge: 12 on the 20th, 24 today, and 6 cancelled today
  await posted({
    kind: 'issue',
    date: '2026-11-20',
    store_id: id['inv_store:MAIN'],
    outlet_id: id['outlet:LOUNGE'],
    lines: [{ item_id: B001, quantity: '12' }],
  });
  await posted({
    kind: 'issue',
    store_id: id['inv_store:MAIN'],
    outlet_id: id['outlet:LOUNGE'],
    lines: [{ item_id: B001, quantity: '24' }],
  });
  const wrong = await posted({
    kind: 'issue',
    store_id: id['inv_store:MAIN'],
    outlet_id: id['outlet:LOUNGE'],
    lines: [{ item_id: B001, quantity: '6' }],
  });
  await ok(
    await agus.post('/api/ops/inventory.cancelOutgoing', { id: wrong.id, version: wrong.version, reason: 'Issued to the wrong outlet' }),
  );

  // transfers to the bar: the first confirmed by the bar, the second still on its way
  const confirmed = await posted({
    kind: 'transfer',
    date: '2026-11-18',
    store_id: id['inv_store:MAIN'],
    to_store_id: id['inv_store:BAR'],
    lines: [{ item_id: B001, quantity: '24' }],
  });
  await act('outgoing', confirmed.id, 'validate');
  transfers.confirmed = await get('outgoing', confirmed.id);
  transfers.waiting = await posted({
    kind: 'transfer',
    date: '2026-11-21',
    store_id: id['inv_store:MAIN'],
    to_store_id: id['inv_store:BAR'],
    lines: [{ item_id: B001, quantity: '12' }],
  });

  // the kitchen's requisitions: beef 4 kg asked, 3,5 given, and 2 kg of rice given in full; one still requested
  const beef = await created('requisition', {
    date: '2026-11-19',
    from_store_id: id['inv_store:MAIN'],
    to_store_id: id['inv_store:KIT'],
    requested_by: 'Chef Made',
    lines: [
      { item_id: F002, quantity: '4' },
      { item_id: id['inv_item:F-001'], quantity: '2' },
    ],
  });
  await act('requisition', beef.id, 'request');
  await act('requisition', beef.id, 'approve');
  const approved = await get('requisition', beef.id);
  await ok(
    await agus.patch(`/api/data/inventory/requisition/${beef.id}`, {
      version: approved.version,
      lines: approved.lines.map(({ _refs, ...l }: Row, i: number) => (i === 0 ? { ...l, issued_quantity: '3.5' } : l)),
    }),
  );
  await act('requisition', beef.id, 'issue');
  requisitions.issued = await get('requisition', beef.id);
  const open = await created('requisition', {
    date: '2026-11-22',
    from_store_id: id['inv_store:MAIN'],
    to_store_id: id['inv_store:KIT'],
    requested_by: 'Chef Made',
    lines: [{ item_id: F002, quantity: '2' }],
  });
  await act('requisition', open.id, 'request');
  requisitions.requested = await get('requisition', open.id);
});
afterAll(() => t.close());

describe('months on hand', () => {
  it('sets what the main store holds against what it gave out over the last three months', async () => {
    const res = await report('report-moh', { as_of: '2026-11-23', months: 3, store_id: id['inv_store:MAIN'] });
    const bintang = res.rows.find((r: Row) => r.item_code === 'B-001');
    // 144 − 12 − 24 − 6 + 6 (cancelled) − 24 − 12 = 72 on hand; out: 12 + 24 + 24 + 12 = 72 (the cancelled 6 nets out)
    expect(bintang).toMatchObject({
      store: 'MAIN Main store',
      unit: 'BTL',
      on_hand: '72.000',
      value: '2016000.00',
      used: '72.000',
      monthly_use: '24.000',
      months_on_hand: '3.00',
      days_cover: 92,
    });
  });

  it('shows stock nobody used without a cover, ahead of the rest', async () => {
    const res = await report('report-moh', { as_of: '2026-11-23', months: 3, store_id: id['inv_store:MAIN'] });
    const idle = res.rows.filter((r: Row) => r.months_on_hand === null);
    expect(idle.length).toBeGreaterThan(0);
    expect(res.rows.slice(0, idle.length)).toEqual(idle);
    expect(idle.every((r: Row) => Number(r.used) === 0 && r.days_cover === null)).toBe(true);
  });

  it('takes at most twelve months of use', async () => {
    expectApiError(await agus.get('/api/reports/report-moh?as_of=2026-11-23&months=13'), 400);
  });
});

describe('stock on hand', () => {
  it('reads the business day from the balances and an earlier day from the ledger, and they agree', async () => {
    const onHand = async (asOf: string) =>
      (await report('report-soh', { as_of: asOf, store_id: id['inv_store:MAIN'] })).rows.find((r: Row) => r.item_code === 'B-001');
    // today: 144 − 12 − 24 − 24 − 12 (the 6 issued and cancelled today net out)
    expect(await onHand('2026-11-23')).toMatchObject({ quantity: '72.000', average_cost: '28000.00', value: '2016000.00' });
    // yesterday, before today's issue of 24: from the movements up to the 22nd
    expect(await onHand('2026-11-22')).toMatchObject({ quantity: '96.000', average_cost: '28000.00', value: '2688000.00' });
  });
});

describe('transfer validation', () => {
  it('lists the transfer still awaiting the bar first, with its days waiting, then the one the bar confirmed', async () => {
    const res = await report('report-transfervalidation', {
      date_from: '2026-11-01',
      date_to: '2026-11-23',
      to_store_id: id['inv_store:BAR'],
    });
    expect(
      pick(res.rows, ['date', 'number', 'status', 'from_store', 'to_store', 'lines', 'value', 'days_waiting', 'validated_by']),
    ).toEqual([
      {
        date: '2026-11-21',
        number: transfers.waiting!.number,
        status: 'posted',
        from_store: 'MAIN Main store',
        to_store: 'BAR Lobby Lounge bar',
        lines: 1,
        value: '336000.00',
        days_waiting: 2,
        validated_by: null,
      },
      {
        date: '2026-11-18',
        number: transfers.confirmed!.number,
        status: 'validated',
        from_store: 'MAIN Main store',
        to_store: 'BAR Lobby Lounge bar',
        lines: 1,
        value: '672000.00',
        days_waiting: null,
        validated_by: 'Agus Wijaya',
      },
    ]);
    expect(res.rows[1].validated_at).toBeTruthy();
    expect(res.grandTotals).toEqual({ lines: '2', value: '1008000' });
  });

  it('filters those awaiting confirmation', async () => {
    const res = await report('report-transfervalidation', {
      date_from: '2026-11-01',
      date_to: '2026-11-23',
      status: 'posted',
      to_store_id: id['inv_store:BAR'],
    });
    expect(res.rows.map((r: Row) => r.number)).toEqual([transfers.waiting!.number]);
  });

  it('refuses a range longer than a year', async () => {
    expectApiError(await agus.get('/api/reports/report-transfervalidation?date_from=2025-01-01&date_to=2026-11-23'), 400);
  });
});

describe('annual issues by department', () => {
  it('puts November’s beverage issues to the lounge in November, the cancelled one netted out', async () => {
    const res = await report('annual-outgoingreport', { year_of: '2026-11-23', group_id: id['inv_item_group:BEV'] });
    const lounge = res.rows.find((r: Row) => String(r.outlet).includes('Lobby Lounge'));
    // 12 + 24 bottles at 28.000 = 1.008.000 (6 issued and cancelled: 168.000 out and back)
    expect(lounge).toMatchObject({
      department: 'FB Food & Beverage',
      item_group: 'BEV Beverage',
      m10: null,
      m11: '1008000.00',
      m12: null,
      total: '1008000.00',
    });
    expect(res.grandTotals.m11).toBe('1008000');
    expect(res.grandTotals.total).toBe('1008000');
  });

  it('shows nothing for a year without issues', async () => {
    const res = await report('annual-outgoingreport', { year_of: '2025-06-30' });
    expect(res.rows).toEqual([]);
  });
});

describe('store requisition register', () => {
  it('shows each requisition once: lines given in full, short, the fill rate and the days to issue', async () => {
    const res = await report('sr-report', { date_from: '2026-11-01', date_to: '2026-11-23', to_store_id: id['inv_store:KIT'] });
    expect(
      pick(res.rows, [
        'date',
        'number',
        'requested_by',
        'status',
        'lines',
        'full_lines',
        'short_lines',
        'not_given',
        'fill_rate',
        'value',
        'issued_date',
        'days_to_issue',
      ]),
    ).toEqual([
      {
        date: '2026-11-19',
        number: requisitions.issued.number,
        requested_by: 'Chef Made',
        status: 'issued',
        lines: 2,
        full_lines: 1,
        short_lines: 1,
        not_given: 0,
        fill_rate: '50.00',
        value: requisitions.issued.total,
        issued_date: '2026-11-23',
        days_to_issue: 4,
      },
      {
        date: '2026-11-22',
        number: requisitions.requested.number,
        requested_by: 'Chef Made',
        status: 'requested',
        lines: 1,
        full_lines: null,
        short_lines: null,
        not_given: null,
        fill_rate: null,
        value: null,
        issued_date: null,
        days_to_issue: null,
      },
    ]);
    // 3,5 kg of beef at 165.000 = 577.500 and the rice
    expect((requisitions.issued.lines as Row[])[0].value).toBe('577500.00');
  });

  it('refuses a range longer than a year', async () => {
    expectApiError(await agus.get('/api/reports/sr-report?date_from=2025-01-01&date_to=2026-11-23'), 400);
  });
});

describe('cancelled issues and transfers', () => {
  it('lists the cancelled issue of six bottles with its reason', async () => {
    const res = await report('cancel-outgoing', { date_from: '2026-11-23', date_to: '2026-11-23', kind: 'issue' });
    expect(pick(res.rows, ['cancelled_date', 'kind', 'store', 'item_code', 'quantity', 'unit', 'value', 'cancel_reason'])).toEqual([
      {
        cancelled_date: '2026-11-23',
        kind: 'issue',
        store: 'MAIN Main store',
        item_code: 'B-001',
        quantity: '6.000',
        unit: 'BTL',
        value: '168000.00',
        cancel_reason: 'Issued to the wrong outlet',
      },
    ]);
  });
});
