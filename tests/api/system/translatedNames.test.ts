import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { pdfPages } from '../../support/pdfText.js';
import { startTestApp, type ApiClient, type TestApp } from '../../support/testApp.js';

/**
 * Master data kept in both languages (an item's name and name_id, x-db.translated) is named in the reader's:
 * Agus the storekeeper reads Indonesian, the chef English, in lookups, on a document's lines and on its
 * report's parameters alike.
 */
let t: TestApp;
let agus: ApiClient;
let chef: ApiClient;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  agus = await t.login('purchasing');
  agus.lang = 'id';
  chef = await t.login('admin');
  const gnb = (await sql<{ id: number }>`SELECT id FROM branch WHERE code = 'GNB'`.execute(t.database.db)).rows[0].id;
  for (const table of ['inv_item', 'inv_store']) {
    const { rows } = await sql<{ id: number; code: string }>`SELECT id, code FROM ${sql.table(table)} WHERE branch_id = ${gnb}`.execute(
      t.database.db,
    );
    for (const r of rows) id[`${table}:${r.code}`] = Number(r.id);
  }
});
afterAll(() => t.close());

const lookup = async (who: ApiClient, query: string) => {
  const res = await who.get(`/api/data/purchasing/item/lookup?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows.map((r: { label: string }) => r.label);
};

describe('names of master data in the reader’s language', () => {
  it('offers an Indonesian reader the Indonesian name, found by it, and an English reader the English one', async () => {
    expect(await lookup(agus, 'q=has%20dalam')).toEqual(['F-002 - Daging sapi has dalam']);
    expect(await lookup(chef, 'q=tenderloin')).toEqual(['F-002 - Beef tenderloin']);
    expect(await lookup(chef, 'q=has%20dalam')).toEqual([]);
  });

  it('names a requisition’s lines in the language of whoever opens it', async () => {
    const created = await chef.post('/api/data/inventory/requisition', {
      to_store_id: id['inv_store:KIT'],
      from_store_id: id['inv_store:MAIN'],
      requested_by: 'Chef Wayan Sudana',
      lines: [{ item_id: id['inv_item:F-002'], quantity: '4' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = async (who: ApiClient) =>
      (await who.get(`/api/data/inventory/requisition/${created.json().id}`)).json().lines[0]._refs.item_id;
    expect(await read(agus)).toBe('F-002 - Daging sapi has dalam');
    expect(await read(chef)).toBe('F-002 - Beef tenderloin');
  });

  it('prints the item a report was run for under its Indonesian name on the Indonesian PDF', async () => {
    const res = await agus.get(`/api/reports/item-stok?format=pdf&item_id=${id['inv_item:F-002']}`);
    expect(res.statusCode).toBe(200);
    const [page] = await pdfPages(res.rawPayload);
    expect(page).toContain('F-002 - Daging sapi has dalam');
  });

  it('falls back to the English name while the Indonesian one is empty', async () => {
    await sql`UPDATE inv_item SET name_id = '' WHERE id = ${id['inv_item:F-002']}`.execute(t.database.db);
    expect(await lookup(agus, `ids=${id['inv_item:F-002']}`)).toEqual(['F-002 - Beef tenderloin']);
  });
});
