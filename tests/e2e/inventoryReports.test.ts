import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * Agus Wijaya, the storekeeper (Indonesian), sends a case of Bintang to the Lobby Lounge bar, the bar confirms
 * it arrived, and he cancels it (the bar was already stocked), giving the reason; then he reads the transfer
 * validation, the cancellations, months on hand, the annual issues and the requisition register — at his
 * desk (1366 px) and on his phone (375 px).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.locator('[data-testid=document-status]');
const REPORTS = ['report-transfervalidation', 'cancel-outgoing', 'report-moh', 'annual-outgoingreport', 'sr-report'];

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

async function runReport(page: Page, code: string) {
  await page.goto(`/inventory/report-inventory/${code}`);
  await page.locator('[data-testid=report-run]').click();
  await page.locator('[data-testid=report-result]').waitFor();
}

describe('a transfer confirmed by the bar, cancelled, and the inventory reports', () => {
  it('is sent, confirmed and cancelled by the storekeeper, then read in the reports', async () => {
    const desk = await newPage(browser, 1366, 900);
    await signIn(desk.page, 'purchasing');
    await desk.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await desk.page.goto('/inventory/transaction-icc/outgoing/outgoing-form/transfer');
    await choose(desk.page, 'store_id', 'Main store');
    await choose(desk.page, 'to_store_id', 'Lobby Lounge bar');
    await desk.page.locator('[role=grid] [data-cell="0:0"]').click();
    for (const cell of ['B-001', '', '24']) {
      if (cell) await desk.page.keyboard.type(cell);
      await desk.page.keyboard.press('Tab');
    }
    await desk.page.keyboard.press('Escape');
    await desk.page.keyboard.press('Control+S');
    await desk.page.waitForURL(/outgoing-form\/transfer\/\d+/);
    await act(desk.page, 'Posting');
    await expect.poll(() => status(desk.page).innerText()).toBe('Diposting');
    await act(desk.page, 'Konfirmasi diterima');
    await expect.poll(() => status(desk.page).innerText()).toBe('Diterima');
    await desk.page.locator('.doc-actions').getByRole('button', { name: 'Batalkan', exact: true }).click();
    await desk.page.fill('#action-cancel-reason', 'Bar sudah penuh untuk akhir pekan');
    await desk.page.locator('[data-testid=action-run-cancel]').click();
    await desk.page.keyboard.press('Enter');
    await expect.poll(() => status(desk.page).innerText(), { timeout: 15_000 }).toBe('Dibatalkan');
    await desk.page.reload();
    await expect.poll(() => desk.page.locator('#root_cancel_reason').inputValue()).toBe('Bar sudah penuh untuk akhir pekan');
    await screenshot(desk.page, 'inventory-transfer-cancelled-desktop');

    for (const code of REPORTS) {
      await runReport(desk.page, code);
      await screenshot(desk.page, `inventory-${code}-desktop`);
    }
    const cancelled = desk.page.locator('[data-testid=report-result] tbody tr');
    await runReport(desk.page, 'cancel-outgoing');
    await expect.poll(() => cancelled.filter({ hasText: 'Bar sudah penuh untuk akhir pekan' }).count()).toBe(1);
    // 24 bottles, never 24,00
    await expect.poll(() => cancelled.filter({ hasText: 'Bar sudah penuh' }).first().innerText()).toMatch(/\b24\b(?!,)/);
    await desk.context.close();

    const phone = await newPage(browser, 375, 812);
    await signIn(phone.page, 'purchasing');
    await phone.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    for (const code of REPORTS) {
      await runReport(phone.page, code);
      await screenshot(phone.page, `inventory-${code}-phone`);
    }
    await phone.context.close();
  });
});
