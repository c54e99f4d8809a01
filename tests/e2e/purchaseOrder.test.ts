import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * Agus Wijaya, the purchaser of the Grand Nusantara Bandung, in Indonesian: the chef's approved request for a MICE
 * lunch (20 kg of chicken breast, 5 kg of red chilli) becomes a vendor selection; he types three quotations per
 * item by keyboard, chooses Priangan Prima's chicken though Sumber Segar's is cheaper (justified) and Sumber
 * Segar's chilli, approves the choice, makes the orders, then approves and sends Priangan Prima's. Every step
 * he takes is counted; at his desk and on his phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.locator('[data-testid=document-status]');
let steps = 0;
const step = async <T>(action: Promise<T>) => {
  steps += 1;
  return action;
};

async function act(page: Page, label: string) {
  await step(page.locator('.doc-actions').getByRole('button', { name: label, exact: true }).click());
  await page.keyboard.press('Enter');
}

/** Types the cells of a grid's lines by keyboard from its first cell: Tab to the next cell, a new line after the last. */
async function typeLines(page: Page, grid: number, rows: string[][]) {
  // a saved document shows no empty line: the grid's "add a line" button starts one
  await step(page.getByRole('button', { name: 'Tambah baris' }).nth(grid).click());
  await step(page.locator('[role=grid]').nth(grid).locator('[data-cell="0:0"]').click());
  for (const row of rows)
    for (const cell of row) {
      if (cell) await step(page.keyboard.type(cell));
      await step(page.keyboard.press('Tab'));
    }
  await page.keyboard.press('Escape');
}

describe('the purchaser orders with three quotes', () => {
  it('takes an approved request, compares quotes by keyboard, makes the order, approves and sends it', async () => {
    const desk = await newPage(browser, 1366, 900);
    const page = desk.page;
    await signIn(page, 'purchasing');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await step(page.goto('/purchasing/transaction-po/purchase-vendor-selection/pvs-list'));
    await step(page.getByRole('button', { name: 'Baru' }).click());
    await page.waitForURL('**/pvs-form');
    const request = page.locator('#root_request_id');
    await step(request.click());
    await step(request.fill('0004'));
    await step(page.locator('.lookup-option', { hasText: 'PR-202611-0004' }).first().click());
    await step(page.fill('#root_description', 'Makan siang MICE Kamis'));
    await step(page.keyboard.press('Tab'));
    await step(page.keyboard.press('Control+S'));
    await page.waitForURL(/pvs-form\/\d+/);
    const items = page.locator('[role=grid]').first();
    await expect.poll(() => items.locator('[data-cell="1:0"]').innerText()).toContain('F-010');

    // three quotations per item: supplier, price per kg, delivery in days
    await typeLines(page, 1, [
      ['F-005', 'SUP-002', '', '59000', '', '1', ''],
      ['F-005', 'SUP-001', '', '57500', '', '2', ''],
      ['F-005', 'SUP-004', '', '60000', '', '2', ''],
      ['F-010', 'SUP-001', '', '44000', '', '1', ''],
      ['F-010', 'SUP-002', '', '46000', '', '1', ''],
      ['F-010', 'SUP-004', '', '45500', '', '2', ''],
    ]);
    // the supplier chosen per item, and why the chicken is not the cheapest
    await step(items.locator('[data-cell="0:3"]').click());
    await step(page.keyboard.type('SUP-002'));
    await step(page.keyboard.press('Tab'));
    await step(page.keyboard.type('Dada ayam fillet halal, dikirim dingin jam 06.00'));
    await step(page.keyboard.press('Enter'));
    await step(items.locator('[data-cell="1:3"]').click());
    await step(page.keyboard.type('SUP-001'));
    await step(page.keyboard.press('Tab'));
    await page.keyboard.press('Escape');
    await step(page.keyboard.press('Control+S'));
    await expect.poll(() => items.locator('[data-cell="1:3"]').innerText()).toContain('SUP-001');
    await act(page, 'Setujui pilihan');
    await expect.poll(() => status(page).innerText()).toBe('Disetujui');
    await screenshot(page, 'purchasing-pvs-approved-desktop');
    const selection = new URL(page.url()).pathname;
    await act(page, 'Buat pesanan pembelian');
    await expect.poll(() => status(page).innerText()).toBe('Dipesan');

    await step(page.goto('/purchasing/transaction-po/purchase-order/po-list'));
    const row = page.locator('.ag-row', { hasText: 'Priangan Prima' }).filter({ hasText: 'Draf' }).first();
    await step(row.click());
    await page.waitForURL(/po-form\/\d+/);
    await expect.poll(() => page.locator('[role=grid] [data-cell="0:3"]').innerText()).toBe('59.000');
    await expect.poll(() => page.getByText('1.309.800').count()).toBeGreaterThan(0);
    await act(page, 'Setujui');
    await expect.poll(() => status(page).innerText()).toBe('Disetujui');
    await act(page, 'Kirim ke pemasok');
    await expect.poll(() => status(page).innerText()).toBe('Terkirim');
    await screenshot(page, 'purchasing-po-sent-desktop');
    const order = new URL(page.url()).pathname;
    await desk.context.close();

    // the steps Agus took, from the selection list to the order sent: clicks, keys and typed values
    expect(steps).toBeLessThanOrEqual(110);
    console.info(`Agus ordered with three quotes per item in ${steps} steps`);

    const phone = await newPage(browser, 375, 812);
    await signIn(phone.page, 'purchasing');
    await phone.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await phone.page.goto(order);
    await expect.poll(() => status(phone.page).innerText()).toBe('Terkirim');
    await screenshot(phone.page, 'purchasing-po-sent-phone');
    await phone.page.goto(selection);
    await expect.poll(() => status(phone.page).innerText()).toBe('Dipesan');
    await screenshot(phone.page, 'purchasing-pvs-phone');
    await phone.page.goto('/purchasing/dashboard-po');
    // the demo's amenities order is three days late
    await expect.poll(() => phone.page.getByText('SUP-006', { exact: false }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(phone.page, 'purchasing-dashboard-phone');
    await phone.context.close();
  });
});
