import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * Cancelling a posted issue or transfer at the Grand Nusantara Bandung (business date 23/11/2026): Agus, the
 * storekeeper, issued ten Bintang to the Lobby Lounge by mistake, after its journal had gone to the ledger;
 * a transfer of two cases to the bar is confirmed by the bar and cancelled, another is refused once the bar
 * has sold most of it. Nothing posted changes: reversal movements and a reversing journal.
 */
let t: TestApp;
let db: Db;
let agus: ApiClient;
let gnb: number;
const id: Record<string, number> = {};

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const get = (entity: string, docId: number) => agus.get(`/api/data/inventory/${entity}/${docId}`).then((r) => ok(r));
const posted = async (body: Record<string, unknown>) => {
  const doc = await ok(await agus.post('/api/data/inventory/outgoing', body), 201);
  await ok(await agus.post(`/api/data/inventory/outgoing/${doc.id}/post`, { version: doc.version }));
  return get('outgoing', doc.id);
};
const cancel = (doc: { id: number; version: number }, reason: string) =>
  agus.post('/api/ops/inventory.cancelOutgoing', { id: doc.id, version: doc.version, reason });
async function balance(store: string, item: string) {
  const { rows } = await sql<{ quantity: string; value: string }>`
    SELECT b.quantity::text, b.value::text FROM inv_balance b
      JOIN inv_store s ON s.branch_id = b.branch_id AND s.id = b.store_id JOIN inv_item i ON i.branch_id = b.branch_id AND i.id = b.item_id
     WHERE b.branch_id = ${gnb} AND s.code = ${store} AND i.code = ${item}`.execute(db);
  return rows[0];
}
async function movements(kind: string, docId: number) {
  const { rows } = await sql<{ store: string; quantity: string; value: string; date: string }>`
    SELECT s.code AS store, m.quantity::text, m.value::text, m.date::text FROM inv_movement m JOIN inv_store s ON s.branch_id = m.branch_id AND s.id = m.store_id
     WHERE m.branch_id = ${gnb} AND m.kind = ${kind} AND m.document_id = ${docId} ORDER BY m.id`.execute(db);
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  agus = await t.login('purchasing');
  gnb = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(db)).rows[0].id;
  for (const [table, prefix] of [
    ['inv_store', 'store:'],
    ['inv_item', 'item:'],
    ['outlet', 'outlet:'],
  ])
    for (const r of (await sql<{ id: number; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${gnb}`.execute(db))
      .rows)
      id[`${prefix}${r.code}`] = Number(r.id);
});
afterAll(() => t.close());

describe('cancelling an issue whose journal is in the ledger', () => {
  it('puts the ten bottles back into the main store at the value they left with and reverses the journal', async () => {
    expect(await balance('MAIN', 'B-001')).toEqual({ quantity: '144.000', value: '4032000.00' });
    const issue = await posted({
      kind: 'issue',
      store_id: id['store:MAIN'],
      outlet_id: id['outlet:LOUNGE'],
      description: 'Bintang for the lounge',
      lines: [{ item_id: id['item:B-001'], quantity: '10' }],
    });
    expect(issue.total).toBe('280000.00');
    const { rows: proposals } = await sql<{ id: number }>`
      SELECT id FROM inv_gl_transfer WHERE branch_id = ${gnb} AND source_kind = 'issue' AND source_id = ${issue.id}`.execute(db);
    const original = await ok(await agus.post('/api/ops/inventory.postJournal', { id: proposals[0].id }));

    const res = await ok(await cancel(issue, 'Posted to the lounge by mistake'));
    expect(res).toEqual({ id: issue.id, number: issue.number, date: '2026-11-23' });
    expect(await balance('MAIN', 'B-001')).toEqual({ quantity: '144.000', value: '4032000.00' });
    // the issue's own movement stays; the reversal is a movement of its own, on the cancellation's day
    expect(await movements('issue', issue.id)).toEqual([{ store: 'MAIN', quantity: '-10.000', value: '-280000.00', date: '2026-11-23' }]);
    expect(await movements('issue_cancel', issue.id)).toEqual([
      { store: 'MAIN', quantity: '10.000', value: '280000.00', date: '2026-11-23' },
    ]);

    const doc = await get('outgoing', issue.id);
    expect(doc).toMatchObject({ status: 'cancelled', cancelled_date: '2026-11-23', cancel_reason: 'Posted to the lounge by mistake' });

    const { rows: journal } = await sql<{ reverses_id: number; date: string; code: string; debit: string; credit: string }>`
      SELECT j.reverses_id, j.date::text, a.code, l.debit::text, l.credit::text FROM gl_journal j
        JOIN gl_journal_line l ON l.branch_id = j.branch_id AND l.journal_id = j.id JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
       WHERE j.branch_id = ${gnb} AND j.key = ${`inventory:issue_cancel:${issue.id}`} ORDER BY l.line_no`.execute(db);
    expect(journal).toEqual([
      { reverses_id: original.journal, date: '2026-11-23', code: '5202.01', debit: '0.00', credit: '280000.00' },
      { reverses_id: original.journal, date: '2026-11-23', code: '1302.01', debit: '280000.00', credit: '0.00' },
    ]);
  });

  it('refuses to cancel it twice, naming its status', async () => {
    const { rows } = await sql<{ id: number; version: number; number: string }>`
      SELECT id, version, number FROM inv_outgoing WHERE branch_id = ${gnb} AND cancel_reason = 'Posted to the lounge by mistake'`.execute(
      db,
    );
    expectApiError(await cancel(rows[0], 'Again'), 409, {
      message: `${rows[0].number} is Cancelled: only a posted or received issue or transfer can be cancelled`,
    });
  });

  it('withdraws a journal still waiting for review instead of reversing it', async () => {
    const issue = await posted({
      kind: 'issue',
      store_id: id['store:MAIN'],
      outlet_id: id['outlet:LOUNGE'],
      lines: [{ item_id: id['item:B-001'], quantity: '4' }],
    });
    await ok(await cancel(issue, 'Counted twice'));
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM inv_gl_transfer WHERE branch_id = ${gnb} AND source_kind = 'issue' AND source_id = ${issue.id}`.execute(
      db,
    );
    expect(rows[0].n).toBe(0);
    const { rows: journals } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM gl_journal WHERE branch_id = ${gnb} AND key = ${`inventory:issue_cancel:${issue.id}`}`.execute(db);
    expect(journals[0].n).toBe(0);
    expect(await balance('MAIN', 'B-001')).toEqual({ quantity: '144.000', value: '4032000.00' });
  });

  it('refuses a draft, a stale version and a reason left empty', async () => {
    const draft = await ok(
      await agus.post('/api/data/inventory/outgoing', {
        kind: 'issue',
        store_id: id['store:MAIN'],
        outlet_id: id['outlet:LOUNGE'],
        lines: [{ item_id: id['item:B-001'], quantity: '1' }],
      }),
      201,
    );
    expectApiError(await cancel(draft, 'Not needed'), 409, {
      message: `${draft.number} is Draft: only a posted or received issue or transfer can be cancelled`,
    });
    expectApiError(await cancel({ id: draft.id, version: draft.version + 5 }, 'Not needed'), 409, {
      message: `${draft.number} was changed meanwhile: reload it and try again`,
    });
    expectApiError(await cancel(draft, '  '), 400);
  });
});

describe('a transfer the bar confirms, then cancelled', () => {
  it('the bar confirms receipt; the cancellation takes the two cases out of the bar and back into the main store', async () => {
    const bar = await balance('BAR', 'B-001');
    const transfer = await posted({
      kind: 'transfer',
      store_id: id['store:MAIN'],
      to_store_id: id['store:BAR'],
      lines: [{ item_id: id['item:B-001'], quantity: '48' }],
    });
    expect(transfer.total).toBe('1344000.00');
    const validated = await ok(await agus.post(`/api/data/inventory/outgoing/${transfer.id}/validate`, { version: transfer.version }));
    expect(validated.status).toBe('validated');
    const stamped = await get('outgoing', transfer.id);
    expect(stamped.validated_at).toBeTruthy();

    await ok(await cancel(stamped, 'Bar already stocked for the weekend'));
    expect(await balance('MAIN', 'B-001')).toEqual({ quantity: '144.000', value: '4032000.00' });
    expect(await balance('BAR', 'B-001')).toEqual(bar);
    expect(await movements('transfer_cancel', transfer.id)).toEqual([
      { store: 'BAR', quantity: '-48.000', value: '-1344000.00', date: '2026-11-23' },
      { store: 'MAIN', quantity: '48.000', value: '1344000.00', date: '2026-11-23' },
    ]);
  });

  it('cannot confirm an issue: only a transfer is received by a store', async () => {
    const issue = await posted({
      kind: 'issue',
      store_id: id['store:MAIN'],
      outlet_id: id['outlet:LOUNGE'],
      lines: [{ item_id: id['item:B-001'], quantity: '2' }],
    });
    expectApiError(await agus.post(`/api/data/inventory/outgoing/${issue.id}/validate`, { version: issue.version }), 409);
  });

  it('refuses once the bar no longer holds what the transfer brought, saying how much is left', async () => {
    const transfer = await posted({
      kind: 'transfer',
      store_id: id['store:MAIN'],
      to_store_id: id['store:BAR'],
      lines: [{ item_id: id['item:B-001'], quantity: '24' }],
    });
    const bar = await balance('BAR', 'B-001');
    // the lounge sells all but four bottles
    await posted({
      kind: 'issue',
      store_id: id['store:BAR'],
      outlet_id: id['outlet:LOUNGE'],
      lines: [{ item_id: id['item:B-001'], quantity: String(Number(bar.quantity) - 4) }],
    });
    expectApiError(await cancel(transfer, 'Wrong store'), 409, {
      message: `${transfer.number} cannot be cancelled: Lobby Lounge bar has only 4 BTL left of B-001 Bintang Pilsener 330 ml from it (24 BTL came in). Count the store or transfer the rest back instead.`,
    });
    expect((await get('outgoing', transfer.id)).status).toBe('posted');
    expect((await balance('BAR', 'B-001')).quantity).toBe('4.000');
  });
});

describe('cancelled issues and transfers report', () => {
  it('lists what went back into the main store, from where, who cancelled it and why', async () => {
    const res = await ok(await agus.get('/api/reports/cancel-outgoing?date_from=2026-11-23&date_to=2026-11-23'));
    expect(
      res.rows.map((r: Record<string, unknown>) => [
        r.kind,
        r.store,
        r.came_from,
        r.item_code,
        r.quantity,
        r.value,
        r.cancelled_by,
        r.cancel_reason,
      ]),
    ).toEqual([
      [
        'issue',
        'MAIN Main store',
        'FB Food & Beverage · Lobby Lounge',
        'B-001',
        '10.000',
        '280000.00',
        'Agus Wijaya',
        'Posted to the lounge by mistake',
      ],
      ['issue', 'MAIN Main store', 'FB Food & Beverage · Lobby Lounge', 'B-001', '4.000', '112000.00', 'Agus Wijaya', 'Counted twice'],
      [
        'transfer',
        'MAIN Main store',
        'BAR Lobby Lounge bar',
        'B-001',
        '48.000',
        '1344000.00',
        'Agus Wijaya',
        'Bar already stocked for the weekend',
      ],
    ]);
    expect(res.grandTotals.value).toBe('1736000');
  });

  it('refuses a range longer than a year', async () => {
    expectApiError(await agus.get('/api/reports/cancel-outgoing?date_from=2025-01-01&date_to=2026-11-23'), 400);
  });
});
