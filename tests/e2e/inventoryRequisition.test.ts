import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * The kitchen of the Grand Nusantara Bandung runs short of beef tenderloin for tonight's dinner: the chef (the
 * administrator's sign-in, in English) asks the main store for 4 kg by keyboard and sends the requisition; Agus
 * Wijaya, the storekeeper, in Indonesian, approves it, gives 3,5 kg and issues it — the kitchen's stock and
 * the main store's move at the main store's cost. At his desk and on his phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.locator('[data-testid=document-status]');

async function choose(page: Page, field: string, text: string) {
  const input = page.locator(`#root_${field}`);
  await input.click();
  await input.fill(text);
  await page.locator('.lookup-option', { hasText: text }).first().click();
}

async function act(page: Page, label: string) {
  await page.locator('.doc-actions').getByRole('button', { name: label, exact: true }).click();
  await page.keyboard.press('Enter');
}

describe("the chef's requisition in the browser", () => {
  it('is typed by the chef, approved and issued by the storekeeper', async () => {
    const chef = await newPage(browser, 1366, 900);
    await signIn(chef.page, 'admin');
    await chef.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await chef.page.goto('/inventory/transaction-icc/stock/stock-list');
    await chef.page.getByRole('button', { name: 'New' }).click();
    await chef.page.waitForURL('**/stock-form');
    await choose(chef.page, 'to_store_id', 'Main kitchen');
    await choose(chef.page, 'from_store_id', 'Main store');
    await chef.page.fill('#root_requested_by', 'Chef Wayan Sudana');
    await chef.page.fill('#root_description', 'Beef for tonight’s dinner service');
    await chef.page.locator('[role=grid] [data-cell="0:0"]').click();
    for (const cell of ['F-002', '', '4']) {
      if (cell) await chef.page.keyboard.type(cell);
      await chef.page.keyboard.press('Tab');
    }
    await chef.page.keyboard.press('Escape');
    await chef.page.keyboard.press('Control+S');
    await chef.page.waitForURL(/stock-form\/\d+/);
    const url = new URL(chef.page.url()).pathname;
    await act(chef.page, 'Request');
    await expect.poll(() => status(chef.page).innerText()).toBe('Requested');
    await screenshot(chef.page, 'inventory-requisition-requested-desktop');
    await chef.context.close();

    const store = await newPage(browser, 1366, 900);
    await signIn(store.page, 'purchasing');
    await store.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await store.page.goto('/inventory/transaction-icc/stock/stock-list');
    await expect.poll(() => store.page.locator('.ag-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(store.page, 'inventory-requisitions-desktop');
    await store.page.goto(url);
    await expect.poll(() => status(store.page).innerText()).toBe('Diajukan');
    await act(store.page, 'Setujui');
    await expect.poll(() => status(store.page).innerText()).toBe('Disetujui');
    // the store has 3,5 kg to spare of the 4 asked
    await store.page.locator('[role=grid] [data-cell="0:3"]').click();
    await store.page.keyboard.type('3,5');
    await store.page.keyboard.press('Enter');
    await store.page.keyboard.press('Escape');
    await store.page.keyboard.press('Control+S');
    await expect.poll(() => store.page.locator('[role=grid] [data-cell="0:3"]').innerText()).toBe('3,5');
    await act(store.page, 'Keluarkan');
    await expect.poll(() => status(store.page).innerText()).toBe('Dikeluarkan');
    await store.page.reload();
    await expect.poll(() => store.page.locator('[role=grid] [data-cell="0:5"]').innerText()).toBe('577.500');
    await screenshot(store.page, 'inventory-requisition-issued-desktop');

    await store.page.goto('/inventory/report-inventory/report-soh');
    await screenshot(store.page, 'inventory-soh-desktop');
    await store.context.close();

    const phone = await newPage(browser, 375, 812);
    await signIn(phone.page, 'purchasing');
    await phone.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await phone.page.goto(url);
    await expect.poll(() => status(phone.page).innerText()).toBe('Dikeluarkan');
    await screenshot(phone.page, 'inventory-requisition-issued-phone');
    await phone.page.goto('/inventory/transaction-icc/stock/stock-list');
    await expect.poll(() => phone.page.locator('.ag-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(phone.page, 'inventory-requisitions-phone');
    await phone.context.close();
  });
});
