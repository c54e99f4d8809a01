import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

/**
 * The F&B cost controller of the Grand Nusantara Bandung (the administrator's sign-in, in English) writes the
 * In-Room Dining's nasi goreng by keyboard in the recipe's grid — rice in kilos, chicken with its trim, eggs,
 * oil in millilitres — and reads its cost per portion and cost %; then, at the Bali resort, which traded the
 * week before, opens the daily F&B flash (month to date) and the cost-control dashboard. At the desk
 * and on a phone. Steps for the recipe: open the list, New, two lookups, 4 lines typed (Tab between cells),
 * Ctrl+S — 8 steps (28 keys in the grid); the flash: switch property, open the report, Run — 3 steps.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function choose(page: Page, field: string, typed: string, option: string) {
  const input = page.locator(`#root_${field}`);
  await input.click();
  await input.fill(typed);
  await page.locator('.lookup-option', { hasText: option }).first().click();
}

const cell = (page: Page, row: number, col: number) => page.locator(`[role=grid] [data-cell="${row}:${col}"]`);

describe("the F&B cost controller's recipe and flash in the browser", () => {
  it('types the nasi goreng recipe and sees it costed; opens the flash and the dashboard of the resort', async () => {
    const { page, context } = await newPage(browser, 1366, 900);
    await signIn(page, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/inventory/transaction-icc/recipe/recipe-list');
    await page.getByRole('button', { name: 'New' }).click();
    await page.waitForURL('**/recipe-form');
    await choose(page, 'outlet_id', 'In-Room', 'In-Room Dining');
    await choose(page, 'menu_id', 'R01', 'Nasi goreng kampung');
    await cell(page, 0, 0).click();
    // item, unit (empty: the stock unit), quantity on the plate, waste %; Tab passes the three costed cells
    for (const line of [
      ['F-001', '', '0,2', ''],
      ['F-005', '', '0,15', '20'],
      ['F-006', '', '2', ''],
      ['F-007', 'ML', '30', ''],
    ])
      for (const value of [...line, '', '', '']) {
        if (value) await page.keyboard.type(value);
        await page.keyboard.press('Tab');
      }
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');
    await page.waitForURL(/recipe-form\/\d+/);
    await screenshot(page, 'fb-recipe-saved-desktop');
    // 0.15 kg of chicken with 20 % trim is 0.1875 kg from the store; 30 ml of oil is 0.03 L (English shows a decimal point)
    await expect.poll(() => cell(page, 1, 4).innerText()).toBe('0.1875');
    await expect.poll(() => cell(page, 3, 4).innerText()).toBe('0.03');
    await expect.poll(() => page.locator('#root_cost_pct').inputValue()).toMatch(/^\d{1,2}\.\d{2}$/);
    await expect.poll(() => page.locator('#root_price').inputValue()).toBe('90.000');
    await screenshot(page, 'fb-recipe-desktop');

    await page.getByRole('button', { name: 'Switch property' }).click();
    await page.getByRole('menuitem', { name: /Nusantara Beach Resort Bali/ }).click();
    await expect.poll(() => page.locator('.branch-chip').innerText()).toBe('Nusantara Beach Resort Bali');
    // the resort traded the week before its business date: the month to date has its cost %
    await page.goto('/inventory/report-inventory/daily-fbflash');
    await page.click('[data-testid=report-run]');
    await expect.poll(() => page.getByText('RESTO - Kembang Restaurant').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByText('Loading…').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'fb-flash-desktop');
    await page.goto('/inventory/dashboard-icc');
    await expect.poll(() => page.getByTestId('tile-food_cost_pct_mtd').innerText(), { timeout: 15_000 }).toMatch(/\d/);
    await expect.poll(() => page.getByText('Kitchen', { exact: false }).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByText('Loading…').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'fb-dashboard-desktop');
    await context.close();

    const phone = await newPage(browser, 375, 812);
    await signIn(phone.page, 'admin');
    await phone.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await phone.page.goto('/inventory/transaction-icc/recipe/recipe-list');
    await expect.poll(() => phone.page.getByText('Nasi goreng kampung').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(phone.page, 'fb-recipes-phone');
    await phone.page.getByRole('button', { name: 'Switch property' }).click();
    await phone.page.getByRole('menuitem', { name: /Nusantara Beach Resort Bali/ }).click();
    await phone.page.waitForLoadState('networkidle');
    await phone.page.goto('/inventory/report-inventory/daily-fbflash');
    await phone.page.click('[data-testid=report-run]');
    await expect.poll(() => phone.page.getByText('LOUNGE - Lobby Lounge').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => phone.page.getByText('Loading…').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(phone.page, 'fb-flash-phone');
    await phone.context.close();
  });
});
