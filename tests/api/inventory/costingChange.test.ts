import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type ApiClient, type Response, type TestApp } from '../../support/testApp.js';
import { expectApiError } from '../expectations.js';
import type { Db } from '../../../server/db/connect.js';

/**
 * The costing method (moving average or FIFO) of a property changes only while it holds no stock: the resort
 * in Bali wants FIFO; the administrator is refused while its four stores hold stock, counts every store to
 * zero, and then the change goes through.
 */
let t: TestApp;
let db: Db;
let admin: ApiClient;
let bali: number;

const ok = async (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const setup = async () => (await ok(await admin.get('/api/data/system/setup'))).rows[0];
const changeCosting = async (costing: string) => {
  const row = await setup();
  return admin.patch(`/api/data/system/setup/${row.id}`, { version: row.version, inventory_costing: costing });
};

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  admin = await t.login('admin');
  bali = (await sql<{ id: number }>`SELECT id FROM branch WHERE code <> 'GNB' ORDER BY id LIMIT 1`.execute(db)).rows[0].id;
  admin.branchId = bali;
});
afterAll(() => t.close());

describe('changing the costing method', () => {
  it('is refused while stock is on hand, saying how many items in how many stores hold it', async () => {
    expect((await setup()).inventory_costing).toBe('average');
    expectApiError(await changeCosting('fifo'), 409, {
      message:
        'The costing method stays Moving average while stock is on hand: 44 items in 4 stores still hold stock. Bring the stock to zero (issue, transfer or count it) before changing it.',
    });
    expect((await setup()).inventory_costing).toBe('average');
  });

  it('answers in Indonesian too', async () => {
    admin.lang = 'id';
    const error = expectApiError(await changeCosting('fifo'), 409);
    admin.lang = 'en';
    expect(error.message).toMatch(/^Metode biaya tetap .+ selama masih ada stok: 44 item di 4 gudang masih memiliki stok\./);
  });

  it('lets other settings change while stock is on hand', async () => {
    const row = await setup();
    await ok(
      await admin.patch(`/api/data/system/setup/${row.id}`, { version: row.version, inventory_costing: 'average', check_in_time: '14:00' }),
    );
  });

  it('goes through once every store is counted to zero', async () => {
    const { rows } = await sql<{ store_id: number; items: number[] }>`
      SELECT store_id, array_agg(item_id ORDER BY item_id) AS items FROM inv_balance
       WHERE branch_id = ${bali} AND quantity <> 0 GROUP BY store_id ORDER BY store_id`.execute(db);
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      const count = await ok(
        await admin.post('/api/data/inventory/stock-count', {
          store_id: Number(r.store_id),
          description: 'Zero count before FIFO',
          lines: r.items.map((item) => ({ item_id: Number(item), counted_quantity: '0' })),
        }),
        201,
      );
      await ok(await admin.post(`/api/data/inventory/stock-count/${count.id}/post`, { version: count.version }));
    }
    await ok(await changeCosting('fifo'));
    expect((await setup()).inventory_costing).toBe('fifo');
  });
});
