import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * Dewi, the Kembang Restaurant's cashier, keeps the menu: she finds the fried rice, reads its modifiers, adds
 * one ("Extra krupuk", Rp 5.000) by keyboard and saves — at the back-office desk and on her phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the point of sales menu in the browser', () => {
  it('finds a dish, reads its modifiers and adds one by keyboard', async () => {
    const { page } = await newPage(browser, 1366, 900);
    await signIn(page, 'cashier');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/pointofsales/master/menus');
    await page.locator('.doc-picker input[type=search]').fill('Nasi goreng');
    await page.locator('.doc-picker').getByText('R01 · Nasi goreng kampung').first().click();
    await expect.poll(() => page.locator('.doc-split').innerText()).toContain('Add chicken satay');
    await page.locator('[data-cell="2:0"]').click();
    await page.keyboard.press('Insert');
    await page.keyboard.type('Extra krupuk');
    await page.keyboard.press('Tab');
    await page.keyboard.type('5.000');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');
    await page.getByText('Tersimpan').first().waitFor();
    const saved = await page.evaluate(async () => {
      const list = await (await fetch('/api/data/pointofsales/menu?q=R01&limit=10')).json();
      const resto = list.rows.find((r: { _refs: { outlet_id: string } }) => r._refs.outlet_id.startsWith('RESTO'));
      return (await (await fetch(`/api/data/pointofsales/menu/${resto.id}`)).json()).modifiers.map((m: { name: string }) => m.name);
    });
    expect(saved).toEqual(['Extra egg', 'No chilli', 'Add chicken satay', 'Extra krupuk']);
    await expect.poll(() => page.locator('.doc-split').innerText()).toContain('Extra krupuk');
    await screenshot(page, 'pos-menu-desktop');

    const phone = await newPage(browser, 375, 800);
    await signIn(phone.page, 'cashier');
    await phone.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await phone.page.goto('/pointofsales/master/table');
    await expect.poll(() => phone.page.locator('.ag-row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    await screenshot(phone.page, 'pos-tables-mobile');
  });
});
