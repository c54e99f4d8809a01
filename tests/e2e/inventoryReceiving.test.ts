import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';
import { HttpClient } from '../support/httpClient.js';

/**
 * The vegetables ordered from Sumber Segar Lembang for the kitchen arrive at the Grand Nusantara Bandung's
 * loading bay: 12 of the 20 kg of shallots, all 15 kg of tomatoes, no potatoes. Agus Wijaya, the storekeeper,
 * in Indonesian, picks the supplier and its order, saves, and types what came by keyboard in the grid — the
 * order's outstanding lines are already there — then saves and posts with the keyboard. At his desk and on
 * his phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.locator('[data-testid=document-status]');
const cell = (page: Page, row: number, col: number) => page.locator(`[role=grid] [data-cell="${row}:${col}"]`);
// receiving-form's grid: item 0, unit 1, outstanding 2, received 3, price 4, amount 5, reference 6, % 7, reason 8, stock qty 9, cost 10
const RECEIVED = 3;

/** One step Agus takes: counted so the report can say how many a partial receipt costs him. */
let steps = 0;
async function step<T>(action: Promise<T>): Promise<T> {
  steps++;
  return action;
}

async function choose(page: Page, field: string, typed: string, option: string) {
  const input = page.locator(`#root_${field}`);
  await step(input.click());
  await step(input.fill(typed));
  await step(page.locator('.lookup-option', { hasText: option }).first().click());
}

describe("the storekeeper's partial receipt in the browser", () => {
  it('brings in the order, takes 12 of 20 kg of shallots and no potatoes, and posts', async () => {
    const office = await new HttpClient(baseUrl()).login('admin');
    const vegetables: string = (await office.get('/api/data/purchasing/purchase-order?q=Sayur%20untuk%20dapur%20utama')).json.rows[0]
      .number;
    const desk = await newPage(browser, 1366, 900);
    await signIn(desk.page, 'purchasing');
    await desk.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await desk.page.goto('/inventory/transaction-icc/receiving/receiving-list');
    // the demo's month: the beverages of the 5th, the vegetables of the 12th, the Sprite cancelled
    await expect.poll(() => desk.page.locator('.ag-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await screenshot(desk.page, 'inventory-receiving-list-desktop');
    // the group and its list share the name "Penerimaan barang": the breadcrumb says it once
    expect(await desk.page.locator('.page-header .breadcrumb').innerText()).toBe('Persediaan > Transaksi persediaan > Penerimaan barang');

    await step(desk.page.getByRole('button', { name: 'Baru' }).click());
    await desk.page.waitForURL('**/receiving-form');
    await choose(desk.page, 'supplier_id', 'Sumber', 'Sumber Segar Lembang');
    // the kitchen's vegetable order, by the number on the delivery note (the supplier has other orders open)
    await choose(desk.page, 'po_id', vegetables, vegetables);
    await choose(desk.page, 'store_id', 'kitchen', 'Main kitchen');
    await step(desk.page.fill('#root_delivery_note', 'SSL-SJ-4417'));
    await step(desk.page.fill('#root_invoice_number', 'SSL-1126-121'));
    await step(desk.page.keyboard.press('Control+S'));
    await desk.page.waitForURL(/receiving-form\/\d+/);
    const url = new URL(desk.page.url()).pathname;
    // the order's three outstanding lines came in with what is still to come
    await expect.poll(() => cell(desk.page, 2, RECEIVED).innerText()).toBe('10');
    expect(await cell(desk.page, 0, RECEIVED).innerText()).toBe('20');

    // 12 kg of shallots came; the tomatoes as ordered; no potatoes: their line goes
    await step(cell(desk.page, 0, RECEIVED).click());
    // the cell may already be the grid's cursor, which a click opens for editing: leave it to type over it
    await step(desk.page.keyboard.press('Escape'));
    await step(desk.page.keyboard.type('12'));
    await step(desk.page.keyboard.press('Enter'));
    await step(desk.page.keyboard.press('Escape'));
    await step(desk.page.keyboard.press('ArrowDown'));
    await step(desk.page.keyboard.press('ArrowDown'));
    await step(desk.page.keyboard.press('Delete'));
    await step(desk.page.keyboard.press('Control+S'));
    await expect.poll(() => desk.page.locator('[role=grid] [data-cell]').filter({ hasText: 'F-013' }).count()).toBe(0);
    expect(await cell(desk.page, 0, RECEIVED).innerText()).toBe('12');

    await step(desk.page.locator('.doc-actions').getByRole('button', { name: 'Posting', exact: true }).click());
    await step(desk.page.keyboard.press('Enter'));
    await expect.poll(() => status(desk.page).innerText()).toBe('Diposting');
    // 12 kg at 40.000 into the kitchen
    await expect.poll(() => cell(desk.page, 0, 10).innerText()).toBe('40.000');
    await screenshot(desk.page, 'inventory-receiving-posted-desktop');
    console.log(`Agus's partial receipt against the order: ${steps} steps (clicks, typed fields and keys)`);
    expect(steps).toBeLessThanOrEqual(24);

    await desk.page.goto('/inventory/report-inventory/receiving-report-by-supplier');
    await screenshot(desk.page, 'inventory-receiving-by-supplier-desktop');
    await desk.context.close();

    const phone = await newPage(browser, 375, 812);
    await signIn(phone.page, 'purchasing');
    await phone.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await phone.page.goto(url);
    await expect.poll(() => status(phone.page).innerText()).toBe('Diposting');
    await screenshot(phone.page, 'inventory-receiving-posted-phone');
    await phone.page.goto('/inventory/transaction-icc/receiving/receiving-list');
    await expect.poll(() => phone.page.locator('.ag-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await screenshot(phone.page, 'inventory-receiving-list-phone');
    await phone.context.close();
  });
});
