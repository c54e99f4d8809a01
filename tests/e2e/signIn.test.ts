import { afterAll, beforeAll, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('the administrator signs in and lands on the dashboard showing the property business date as DD/MM/YYYY', async () => {
  const { page, context } = await newPage(browser);
  await signIn(page, 'admin');
  await page.waitForURL('**/dashboard');
  const tile = page.locator('[data-testid=tile-business_date]');
  await tile.locator('text=/\\d{2}\\/\\d{2}\\/\\d{4}/').waitFor();
  // the property's business date, which stays on the seeded day when a run crosses midnight
  const day = (await (await context.request.get('/api/reports/fo-today')).json()).context.businessDate as string;
  expect(await tile.innerText()).toBe(dayjs(day).format('DD/MM/YYYY'));
  expect(await page.evaluate(() => document.body.classList.contains('dashboard-page'))).toBe(true);
  expect(await page.locator('main .welcome h2').innerText()).toMatch(/Administrator/);
  await screenshot(page, 'dashboard-desktop');
  await context.close();
});
